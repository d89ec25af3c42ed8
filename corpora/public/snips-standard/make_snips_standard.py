#!/usr/bin/env python3
"""Build snips-standard/ from ../snips/: the same utterances and catalogue, re-labelled with
Apple's standard SiriKit intents, and a vocabulary with ONE example phrase per intent (zero-shot).

Inputs (read only): ../snips/vocab/Snips.app, ../snips/snips_validate.jsonl, and, for the gold text
of slots that are not scored, shared/corpora-src/snips-nlu-benchmark-2017/snips2017_validate.jsonl
(joined on `source`). Deterministic; Python 3 standard library only.

Usage: python3 corpora/public/snips-standard/make_snips_standard.py [--src-root DIR]
"""
import argparse, collections, json, os, plistlib, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SNIPS = os.path.join(HERE, "..", "snips")
BUNDLE = "com.example.music"
APP_NAME = "Music"

INTENTS = {"PlayMusic": "INPlayMediaIntent", "AddToPlaylist": "INAddMediaIntent"}
EXAMPLES = {"INAddMediaIntent": ["add ${mediaSearch} to ${mediaDestination}"],
            "INPlayMediaIntent": ["play ${mediaSearch}"]}
# Snips parameter -> Apple parameter (None: no standard parameter; its vocabulary is dropped).
PARAMS = {
    "PlayMusic.track": "INPlayMediaIntent.mediaSearch",
    "PlayMusic.album": "INPlayMediaIntent.mediaSearch",
    "PlayMusic.playlist": "INPlayMediaIntent.mediaSearch",
    "PlayMusic.artist": "INPlayMediaIntent.mediaSearch",
    "PlayMusic.service": None,
    "AddToPlaylist.artist": "INAddMediaIntent.mediaSearch",
    "AddToPlaylist.playlist": "INAddMediaIntent.mediaDestination",
}
# PlayMusic: several catalogue slots in one utterance ("X by Y") -> the media named is scored,
# in this order of preference; the others are listed in unscored_slots.
PLAY_ORDER = ["track", "album", "playlist", "artist"]


def dump_plist(obj):
    return plistlib.dumps(obj, fmt=plistlib.FMT_XML, sort_keys=True)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)


def build_vocab(out):
    src = os.path.join(SNIPS, "vocab", "Snips.app")
    info = plistlib.load(open(os.path.join(src, "Info.plist"), "rb"))
    info.update(CFBundleIdentifier=BUNDLE, CFBundleName=APP_NAME, CFBundleDisplayName=APP_NAME)
    aiv = plistlib.load(open(os.path.join(src, "Base.lproj", "AppIntentVocabulary.plist"), "rb"))
    vocabularies, dropped = [], []
    for entry in aiv["ParameterVocabularies"]:
        names = []
        for n in entry["ParameterNames"]:
            if PARAMS[n] is None:
                dropped.append(n)
            elif PARAMS[n] not in names:
                names.append(PARAMS[n])
        if names:
            vocabularies.append({"ParameterNames": sorted(names),
                                 "ParameterVocabulary": entry["ParameterVocabulary"]})
    phrases = [{"IntentName": i, "IntentExamples": EXAMPLES[i]} for i in sorted(EXAMPLES)]
    app = os.path.join(out, "vocab", "Music.app")
    write(os.path.join(app, "Info.plist"), dump_plist(info))
    write(os.path.join(app, "Base.lproj", "AppIntentVocabulary.plist"),
          dump_plist({"IntentPhrases": phrases, "ParameterVocabularies": vocabularies}))
    return vocabularies, dropped


def gold_texts(src_root):
    path = os.path.join(src_root, "snips-nlu-benchmark-2017", "snips2017_validate.jsonl")
    out = {}
    for line in open(path, encoding="utf-8"):
        if line.strip():
            row = json.loads(line)
            by = collections.defaultdict(list)
            for s in row["slots"]:
                by[s["name"]].append(s["value"])
            out[row["source"]] = {k: v[0] if len(v) == 1 else v for k, v in by.items()}
    return out


def convert_line(row, gold, stats):
    exp = row["expect"]
    rec = {"id": "std-" + row["id"], "text": row["text"], "locale": row["locale"]}
    if exp.get("intent") is None:
        rec["expect"] = {"intent": None}
        stats["negative"] += 1
    else:
        intent = INTENTS[exp["intent"]]
        slots, unscored = {}, {}
        src = dict(exp["slots"])
        texts = gold[row["source"]]
        if intent == "INPlayMediaIntent":
            media = [k for k in PLAY_ORDER if k in src]
            if media:
                slots["mediaSearch"] = src.pop(media[0])
                stats[f"play: mediaSearch <- {media[0]}"] += 1
                if len(media) > 1:
                    stats["play: lines with 2+ catalogue slots (extra one unscored)"] += 1
            else:
                stats["play: no catalogue slot (intent only)"] += 1
        else:
            if "playlist" in src:
                slots["mediaDestination"] = src.pop("playlist")
            if "artist" in src:
                slots["mediaSearch"] = src.pop("artist")
                stats["add: mediaSearch <- artist"] += 1
            elif "entity_name" in src:
                stats["add: entity_name not in catalogue (mediaSearch unscored)"] += 1
            else:
                stats["add: only music_item/this-song (mediaSearch unscored)"] += 1
        for name in src:
            unscored[name] = texts[name]
            stats[f"unscored {name}"] += 1
        for name, value in row.get("unscored_slots", {}).items():
            unscored[name] = value
        rec["expect"] = {"app": BUNDLE, "intent": intent, "slots": slots}
        stats[intent] += 1
        rec["source"] = row["source"]
        if unscored:
            rec["unscored_slots"] = unscored
        return rec
    rec["source"] = row["source"]
    return rec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src-root", default=os.path.join(HERE, "..", "..", "..", "..", "shared", "corpora-src"))
    args = ap.parse_args()
    vocabularies, dropped = build_vocab(HERE)
    gold = gold_texts(args.src_root)
    stats = collections.Counter()
    rows = [json.loads(l) for l in open(os.path.join(SNIPS, "snips_validate.jsonl"), encoding="utf-8") if l.strip()]
    recs = [convert_line(r, gold, stats) for r in rows]
    write(os.path.join(HERE, "snips_standard_validate.jsonl"),
          "".join(json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + "\n" for r in recs))
    print(f"{len(recs)} lines; vocabularies:")
    for v in vocabularies:
        print(f"  {v['ParameterNames']} {len(v['ParameterVocabulary'])} items")
    print(f"  dropped (no standard parameter): {dropped}")
    for k, n in sorted(stats.items()):
        print(f"  {k}: {n}")


if __name__ == "__main__":
    sys.exit(main())
