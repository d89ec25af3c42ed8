#!/usr/bin/env python3
"""Build slurp-standard/ from ../slurp/: SLURP test utterances re-labelled with Apple's standard
SiriKit intents where they map, and a vocabulary with ONE example phrase per intent (zero-shot).

Inputs (read only): ../slurp/vocab/Slurp.app, ../slurp/slurp_test.jsonl, ../slurp/slurp_negatives.jsonl,
and, for gold slot text, shared/corpora-src/slurp/slurp_test_relevant.jsonl and
slurp_test_other_scenarios.jsonl (joined on `source`). Deterministic; Python 3 standard library only.

Usage: python3 corpora/public/slurp-standard/make_slurp_standard.py [--src-root DIR] [--verbose]
"""
import argparse, collections, json, os, plistlib, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SLURP = os.path.join(HERE, "..", "slurp")
BUNDLE = "com.example.slurp-standard"
APP_NAME = "Slurp"

EXAMPLES = {
    "INPlayMediaIntent": ["play ${mediaSearch}"],
    "INSendMessageIntent": ["send a message to ${recipients}"],
    "INAddTasksIntent": ["add ${taskTitles} to ${targetTaskList}"],
    "INCreateTaskListIntent": ["create a ${title} list"],
}
# SLURP parameter -> Apple parameter; every other ParameterName is dropped.
PARAMS = {
    "play_music.song_name": "INPlayMediaIntent.mediaSearch",
    "play_music.music_album": "INPlayMediaIntent.mediaSearch",
    "play_music.playlist_name": "INPlayMediaIntent.mediaSearch",
    "play_music.artist_name": "INPlayMediaIntent.mediaSearch",
    "email_sendemail.person": "INSendMessageIntent.recipients",
    "lists_createoradd.list_name": "INAddTasksIntent.targetTaskList",
}
PLAY_ORDER = ["song_name", "music_album", "playlist_name", "artist_name"]
# SLURP intents left out altogether: in Apple's terms they can be the standard intents this app
# declares (podcasts, audiobooks and radio are INPlayMediaIntent media types; "remind me to ..." is
# INAddTasksIntent; "save this song to my running list" is INAddMediaIntent), so they are neither
# clean positives nor clean negatives.
EXCLUDED = {"play_audiobook", "play_podcasts", "play_radio", "calendar_set", "music_likeness"}
MAPPED = {"play_music", "email_sendemail", "lists_createoradd"}

MSG_VERB = re.compile(r"\b(send|sent|e-?mail|mail|reply|respond|compose|write|answer|text|dictate|message|say|tell)\b")
CONTACT_EDIT = re.compile(r"\b(add|added|enter)\b")
ADD = re.compile(r"\b(add|put|update)\b")
CREATE = re.compile(r"\b(create|make|start|begin)\b|\bnew list\b")
NOT_TASK_LIST = re.compile(r"\b(contacts?|playlist)\b")


def dump_plist(obj):
    return plistlib.dumps(obj, fmt=plistlib.FMT_XML, sort_keys=True)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


def build_vocab():
    src = os.path.join(SLURP, "vocab", "Slurp.app")
    info = plistlib.load(open(os.path.join(src, "Info.plist"), "rb"))
    info.update(CFBundleIdentifier=BUNDLE, CFBundleName=APP_NAME, CFBundleDisplayName=APP_NAME)
    aiv = plistlib.load(open(os.path.join(src, "Base.lproj", "AppIntentVocabulary.plist"), "rb"))
    vocabularies = []
    for entry in aiv["ParameterVocabularies"]:
        names = sorted({PARAMS[n] for n in entry["ParameterNames"] if n in PARAMS})
        if names:
            vocabularies.append({"ParameterNames": names, "ParameterVocabulary": entry["ParameterVocabulary"]})
    phrases = [{"IntentName": i, "IntentExamples": EXAMPLES[i]} for i in sorted(EXAMPLES)]
    app = os.path.join(HERE, "vocab", "Slurp.app")
    write(os.path.join(app, "Info.plist"), dump_plist(info))
    write(os.path.join(app, "Base.lproj", "AppIntentVocabulary.plist"),
          dump_plist({"IntentPhrases": phrases, "ParameterVocabularies": vocabularies}))
    return vocabularies


def load(path):
    return [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]


def gold_slots(row):
    by = collections.defaultdict(list)
    for s in row["slots"]:
        by[s["name"]].append(s)
    return by


def one_text(spans):
    values = [s["value"] for s in spans]
    return values[0] if len(set(values)) == 1 else values


def map_line(row, gold, stats):
    """(intent, slots, unscored) or None when the line cannot be mapped confidently."""
    intent0, src = row["expect"]["intent"], dict(row["expect"]["slots"])
    text = row["text"]
    spans = gold_slots(gold)
    slots, unscored = {}, dict(row.get("unscored_slots", {}))
    if intent0 == "play_music":
        intent = "INPlayMediaIntent"
        media = [k for k in PLAY_ORDER if k in src]
        if media:
            slots["mediaSearch"] = src.pop(media[0])
            stats[f"play_music: mediaSearch <- {media[0]}"] += 1
            if len(media) > 1:
                stats["play_music: 2+ catalogue slots (others unscored)"] += 1
        else:
            stats["play_music: no catalogue slot (intent only)"] += 1
    elif intent0 == "email_sendemail":
        if not MSG_VERB.search(text) or CONTACT_EDIT.search(text):
            stats["email_sendemail: skipped (no message verb, or editing contacts)"] += 1
            return None
        intent = "INSendMessageIntent"
        if "person" in src:
            span = spans["person"][0]
            tail = text[span["end"]:]
            possessive = bool(re.search(r"['\u2019]s$", span["value"]) or re.match(r"['\u2019]s\b", tail))
            following = re.sub(r"^['\u2019]s\b", "", tail).split()[:1]
            if possessive and following not in (["email"], ["mail"], ["e-mail"]):
                stats["email_sendemail: person is not the recipient (X's <not email>)"] += 1
            else:
                slots["recipients"] = src.pop("person")
                stats["email_sendemail: recipients <- person"] += 1
        else:
            stats["email_sendemail: no person slot (intent only)"] += 1
    elif intent0 == "lists_createoradd":
        add, create = bool(ADD.search(text)), bool(CREATE.search(text))
        if (NOT_TASK_LIST.search(text) or not re.search(r"\blist\b", text) or add == create
                or re.search(r"\badd list\b", text)):
            stats["lists_createoradd: skipped (not a task list, or add/create unclear)"] += 1
            return None
        if add:
            intent = "INAddTasksIntent"
            if "list_name" in src:
                slots["targetTaskList"] = src.pop("list_name")
            stats["lists_createoradd -> INAddTasksIntent" + ("" if slots else " (no list named)")] += 1
        else:
            intent = "INCreateTaskListIntent"
            if "list_name" in src:
                src.pop("list_name")
                slots["title"] = one_text(spans["list_name"])
            stats["lists_createoradd -> INCreateTaskListIntent" + ("" if slots else " (no title)")] += 1
    else:
        raise ValueError(intent0)
    for name in src:
        unscored[name] = one_text(spans[name]) if name in spans else src[name]
        stats[f"unscored {intent0}.{name}"] += 1
    return intent, slots, unscored


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src-root", default=os.path.join(HERE, "..", "..", "..", "..", "shared", "corpora-src"))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    vocabularies = build_vocab()
    gold = {r["source"]: r for r in load(os.path.join(args.src_root, "slurp", "slurp_test_relevant.jsonl"))}
    other = {r["source"]: r for r in load(os.path.join(args.src_root, "slurp", "slurp_test_other_scenarios.jsonl"))}
    stats, neg_by = collections.Counter(), collections.Counter()
    pos, neg = [], []
    for row in load(os.path.join(SLURP, "slurp_test.jsonl")):
        intent0 = row["expect"].get("intent")
        src_intent = gold[row["source"]]["intent"]
        base = {"id": "std-" + row["id"], "text": row["text"], "locale": row["locale"]}
        if intent0 in MAPPED:
            mapped = map_line(row, gold[row["source"]], stats)
            if args.verbose:
                print(f"{intent0:18} -> {mapped[0] if mapped else 'SKIP':24} {row['text']!r} {mapped[1] if mapped else ''}")
            if mapped is None:
                continue
            intent, slots, unscored = mapped
            rec = dict(base, expect={"app": BUNDLE, "intent": intent, "slots": slots}, source=row["source"])
            if unscored:
                rec["unscored_slots"] = unscored
            pos.append(rec)
            stats[intent] += 1
        elif src_intent in EXCLUDED:
            stats[f"excluded {src_intent}"] += 1
        else:
            neg.append(dict(base, expect={"intent": None}, source=row["source"]))
            neg_by[src_intent] += 1
    for row in load(os.path.join(SLURP, "slurp_negatives.jsonl")):
        neg.append({"id": "std-" + row["id"], "text": row["text"], "locale": row["locale"],
                    "expect": {"intent": None}, "source": row["source"]})
        neg_by["slurp_negatives.jsonl (" + other[row["source"]]["intent"].split("_")[0] + ")"] += 1
    recs = pos + neg
    write(os.path.join(HERE, "slurp_standard_test.jsonl"),
          "".join(json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + "\n" for r in recs))
    print(f"{len(recs)} lines: {len(pos)} positives, {len(neg)} negatives")
    for v in vocabularies:
        print(f"  {v['ParameterNames']} {len(v['ParameterVocabulary'])} items")
    for k, n in sorted(stats.items()):
        print(f"  {k}: {n}")
    print("  negatives by source intent:", ", ".join(f"{k} {n}" for k, n in sorted(neg_by.items())))


if __name__ == "__main__":
    sys.exit(main())
