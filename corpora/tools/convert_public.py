#!/usr/bin/env python3
"""Convert the public corpora in shared/corpora-src/ into VocabKit evaluation data.

Outputs (under corpora/public/ by default):

  snips/    Snips NLU benchmark 2017 (CC0 1.0): AddToPlaylist + PlayMusic
  slurp/    SLURP (CC BY 4.0): relevant intents, gold text and real ASR hypotheses
  xsid-zh/  xSID 0.7 Chinese (CC BY-SA 4.0): music and creative-work intents

Each output folder holds one or more JSON Lines corpora, a vocabulary directory
vocab/<Name>.app (Info.plist + Base.lproj/AppIntentVocabulary.plist; for xSID also an identical
zh-Hans.lproj/AppIntentVocabulary.plist), a LICENSE copied
from the source and a README.md written by this script (with the counts of this run).

Python 3 standard library only. Deterministic: the same inputs give byte-identical
outputs (no clocks, no randomness; every sample is chosen by SHA-256 rank). Idempotent:
each file is written through a temporary file in the same folder and os.replace(), and
a file whose bytes would not change is not rewritten. After writing, the outputs are read
back and checked (see verify()); the script exits non-zero if any check fails.

Usage:
  python3 corpora/tools/convert_public.py [--src DIR] [--out DIR] [--check-only]
"""

import argparse
import collections
import hashlib
import json
import os
import plistlib
import re
import sys
import tempfile
import unicodedata

TOOL = "corpora/tools/convert_public.py"
MAX_TEMPLATES = 60
# A free-text value is written as a ParameterExample only when the template split has it at
# least this often: repeated values are the intent's own words ("tweet", "album"); a value seen
# once is most often a name or title, which says nothing about the intent.
MIN_EXAMPLE_COUNT = 2

# --------------------------------------------------------------------------- files


def atomic_write(path, data):
    """Write bytes to path via a temp file in the same folder + os.replace().

    Returns True if the file was (re)written, False if it already had these bytes."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except FileNotFoundError:
        pass
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return True


def load_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            row = json.loads(line)
            for s in row["slots"]:
                if row["text"][s["start"]:s["end"]] != s["value"]:
                    raise SystemExit(f"{path}:{n}: slot span does not match its value: {s}")
            rows.append(row)
    return rows


def jsonl_bytes(records):
    return "".join(json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + "\n" for r in records)


def rank(s):
    """Deterministic pseudo-random rank of a string (for sampling)."""
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


# ------------------------------------------------------------------- normalisation


def norm_key(value, strip_possessive=False):
    """Case-, accent- (Latin only) and punctuation-insensitive form of a value.

    NFKC (full-width -> ASCII), Latin diacritics removed, casefolded, apostrophes inside
    words dropped ("don't" -> "dont"), every other non-alphanumeric character -> space,
    whitespace collapsed. With strip_possessive a final "'s" is removed first."""
    s = unicodedata.normalize("NFKC", value)
    out = []
    for ch in unicodedata.normalize("NFD", s):
        if unicodedata.combining(ch) and out and ord(out[-1]) < 0x0250:
            continue  # a diacritic on a Latin letter
        out.append(ch)
    s = unicodedata.normalize("NFC", "".join(out)).casefold()
    s = s.replace("\u2019", "'").replace("\u02bc", "'")
    if strip_possessive:
        s = re.sub(r"(?<=\w)'s\s*$", "", s)
    s = re.sub(r"(?<=\w)'(?=\w)", "", s)
    s = "".join(ch if ch.isalnum() else " " for ch in s)
    return " ".join(s.split())


def merge_key(value, strip_possessive=False):
    """Values with the same merge key share one identifier (spaces are ignored too, so
    "last fm"/"lastfm" and "harry potter"/"harrypotter" are one item)."""
    return norm_key(value, strip_possessive).replace(" ", "")


def surface(value, strip_possessive=False):
    """The phrase written to the vocabulary for one gold value."""
    s = " ".join(unicodedata.normalize("NFC", value).split())
    if strip_possessive:
        s = re.sub(r"(?<=\w)['\u2019]s$", "", s)
    return s


def utf16_len(s):
    return len(s.encode("utf-16-le"))


# ------------------------------------------------------------------------- specs


class Spec:
    """How one corpus is converted."""

    def __init__(self, **kw):
        self.__dict__.update(kw)
        # name, app_name, bundle_id, locale, intents (modelled), bound {slot: prefix},
        # possessive {slot}, template_rows, vocab_rows


class Vocabulary:
    """Bound-slot vocabularies of one app: one ParameterVocabularies entry per slot type,
    shared by every intent that has that slot."""

    def __init__(self, spec):
        self.spec = spec
        self.params = collections.defaultdict(set)  # slot -> {"Intent.slot"}
        groups = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
        norms = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
        for row in spec.vocab_rows:
            if row["intent"] not in spec.intents:
                continue
            for s in row["slots"]:
                slot = s["name"]
                if slot not in spec.bound:
                    continue
                poss = slot in spec.possessive
                key = merge_key(s["value"], poss)
                if not key:
                    continue
                self.params[slot].add(f'{row["intent"]}.{slot}')
                groups[slot][key][surface(s["value"], poss)] += 1
                norms[slot][key][norm_key(s["value"], poss)] += 1
        self.ids = {}  # (slot, merge key) -> identifier
        self.items = {}  # slot -> [(identifier, [phrases])]
        for slot in sorted(groups):
            items = []
            for key in sorted(groups[slot]):
                # identifier: type prefix + slug of the most frequent normalised spelling
                best_norm = sorted(norms[slot][key].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
                ident = unicodedata.normalize("NFC", f"{spec.bound[slot]}.{best_norm.replace(' ', '-')}")
                # phrases: distinct surface forms (case-insensitive), most frequent casing
                by_fold = collections.defaultdict(collections.Counter)
                for form, n in groups[slot][key].items():
                    by_fold[form.casefold()][form] += n
                phrases = []
                for fold in sorted(by_fold, key=lambda f: (-sum(by_fold[f].values()), f)):
                    phrases.append(sorted(by_fold[fold].items(), key=lambda kv: (-kv[1], kv[0]))[0][0])
                self.ids[(slot, key)] = ident
                items.append((ident, phrases))
            items.sort()
            self.items[slot] = items

    def lookup(self, slot, value):
        return self.ids.get((slot, merge_key(value, slot in self.spec.possessive)))

    def bound_params(self, intent):
        return {p.split(".", 1)[1] for ps in self.params.values() for p in ps if p.split(".", 1)[0] == intent}


PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")


def template_of(row):
    """Template of one training utterance, or None if it is not usable."""
    slots = sorted(row["slots"], key=lambda s: s["start"])
    names = [s["name"] for s in slots]
    if len(names) != len(set(names)):
        return None  # a repeated slot cannot be one placeholder
    text, parts, pos = row["text"], [], 0
    for s in slots:
        if s["start"] < pos:
            return None  # overlapping spans
        parts.append(text[pos:s["start"]].lower())
        parts.append("${" + s["name"] + "}")
        pos = s["end"]
    parts.append(text[pos:].lower())
    t = " ".join("".join(parts).split())
    t = unicodedata.normalize("NFC", re.sub(r"[\s.!?。？！]+$", "", t).strip())
    literal = PLACEHOLDER.sub("", t)
    if not any(ch.isalnum() for ch in literal):
        return None  # nothing but placeholders: matches anything
    if "}${" in t:
        return None  # two placeholders with nothing between them
    return t


def build_templates(spec):
    """Up to MAX_TEMPLATES most frequent distinct templates per intent (ties: first seen)."""
    counts = collections.defaultdict(collections.Counter)
    first = {}
    used_sources = set()
    for i, row in enumerate(spec.template_rows):
        if row["intent"] not in spec.intents:
            continue
        t = template_of(row)
        if t is None:
            continue
        counts[row["intent"]][t] += 1
        first.setdefault((row["intent"], t), i)
        used_sources.add(row["source"])
    templates = {}
    for intent in sorted(spec.intents):
        ranked = sorted(counts[intent].items(), key=lambda kv: (-kv[1], first[(intent, kv[0])]))
        templates[intent] = [t for t, _ in ranked[:MAX_TEMPLATES]]
    return templates, used_sources


def free_params(templates, vocab, intent):
    placeholders = {m for t in templates.get(intent, []) for m in PLACEHOLDER.findall(t)}
    return placeholders - vocab.bound_params(intent)


def parameter_examples(spec, vocab, templates):
    """Per intent, the values its free-text parameters take in the template split (the rows
    templates come from, never test): {intent: {param: [value, ...]}}, most frequent first,
    lower-cased with spaces collapsed. Written as the plist's ParameterExamples."""
    counts = collections.defaultdict(collections.Counter)
    first = {}
    for i, row in enumerate(spec.template_rows):
        intent = row["intent"]
        if intent not in spec.intents:
            continue
        free = free_params(templates, vocab, intent)
        for slot in row["slots"]:
            if slot["name"] not in free:
                continue
            value = unicodedata.normalize("NFC", " ".join(slot["value"].lower().split()))
            if not value:
                continue
            counts[(intent, slot["name"])][value] += 1
            first.setdefault((intent, slot["name"], value), i)
    result = collections.defaultdict(dict)
    for (intent, name), counter in sorted(counts.items()):
        kept = [v for v in counter if counter[v] >= MIN_EXAMPLE_COUNT]
        if kept:
            result[intent][name] = sorted(kept, key=lambda v: (-counter[v], first[(intent, name, v)]))
    return result


def find_word(hay, needle):
    m = re.search(r"(?<!\w)" + re.escape(needle.lower()) + r"(?!\w)", hay.lower())
    return hay[m.start():m.end()] if m else None


def expectation(spec, vocab, templates, row, hypothesis=None):
    """(expect, unscored) for one gold row; hypothesis set for ASR lines."""
    if row["intent"] not in spec.intents:
        return {"intent": None}, {}
    free = free_params(templates, vocab, row["intent"])
    by_name = collections.defaultdict(list)
    for s in sorted(row["slots"], key=lambda s: s["start"]):
        by_name[s["name"]].append(s["value"])
    slots, unscored = {}, {}
    for name, values in by_name.items():
        distinct = []
        for v in values:
            if all(merge_key(v) != merge_key(d) for d in distinct):
                distinct.append(v)
        if len(distinct) > 1:
            unscored[name] = values  # several values for one slot: not scorable as one
            continue
        value = distinct[0]
        if name in spec.bound:
            ident = vocab.lookup(name, value)
            if ident is None:
                unscored[name] = value
            else:
                slots[name] = ident
        elif name in free:
            if hypothesis is None:
                slots[name] = value
            else:
                found = find_word(hypothesis, value)
                if found is None:
                    unscored[name] = value  # free text not in the hypothesis
                else:
                    slots[name] = found
        else:
            unscored[name] = value  # not a parameter of this intent's templates
    return {"app": spec.bundle_id, "intent": row["intent"], "slots": slots}, unscored


def record(rid, text, locale, expect, source, unscored=None, reference=None):
    r = {"id": rid, "text": text, "locale": locale, "expect": expect}
    if reference is not None:
        r["reference"] = reference
    r["source"] = source
    if unscored:
        r["unscored_slots"] = unscored
    return r


# ------------------------------------------------------------------ vocab writing


def vocab_lprojs(spec):
    """Base.lproj always (the contract); plus the language's own folder for non-English data,
    because VocabKit's sample vocabulary treats Base.lproj as English (vocab/README.md)."""
    return ["Base.lproj"] + list(getattr(spec, "extra_lprojs", []))


def write_vocab(spec, vocab, templates, out_dir):
    app = os.path.join(out_dir, "vocab", f"{spec.app_name}.app")
    info = {
        "CFBundleDisplayName": spec.app_name,
        "CFBundleIdentifier": spec.bundle_id,
        "CFBundleName": spec.app_name,
    }
    pv = []
    for slot in sorted(vocab.items):
        pv.append({
            "ParameterNames": sorted(vocab.params[slot]),
            "ParameterVocabulary": [
                {
                    "VocabularyItemIdentifier": ident,
                    "VocabularyItemSynonyms": [{"VocabularyItemPhrase": p} for p in phrases],
                }
                for ident, phrases in vocab.items[slot]
            ],
        })
    values = parameter_examples(spec, vocab, templates)
    ip = []
    for i in sorted(templates):
        if templates[i]:
            entry = {"IntentName": i, "IntentExamples": templates[i]}
            if values.get(i):
                entry["ParameterExamples"] = values[i]
            ip.append(entry)
    root = {"ParameterVocabularies": pv, "IntentPhrases": ip}
    written = []
    for rel, obj in [("Info.plist", info)] + [(os.path.join(lp, "AppIntentVocabulary.plist"), root)
                                               for lp in vocab_lprojs(spec)]:
        path = os.path.join(app, rel)
        atomic_write(path, plistlib.dumps(obj, fmt=plistlib.FMT_XML, sort_keys=True))
        written.append(path)
    return written


# ------------------------------------------------------------------------ corpora

INTENT_ABBR = {"AddToPlaylist": "atp", "PlayMusic": "pm", "SearchCreativeWork": "scw", "SearchScreeningEvent": "sse"}


def convert_snips(src, out):
    d = os.path.join(src, "snips-nlu-benchmark-2017")
    train = load_jsonl(os.path.join(d, "snips2017_train.jsonl"))
    val = load_jsonl(os.path.join(d, "snips2017_validate.jsonl"))
    spec = Spec(
        name="snips", app_name="Snips", bundle_id="com.example.snips", locale="en-US",
        intents={"AddToPlaylist", "PlayMusic"},
        bound={"playlist": "playlist", "artist": "artist", "album": "album", "track": "track", "service": "service"},
        possessive={"artist"},
        template_rows=train, vocab_rows=train + val,
    )
    vocab = Vocabulary(spec)
    templates, used = build_templates(spec)
    recs, counters = [], collections.Counter()
    for row in val:
        if row["intent"] in spec.intents:
            counters[row["intent"]] += 1
            exp, uns = expectation(spec, vocab, templates, row)
            recs.append(record(f'snips-{INTENT_ABBR[row["intent"]]}-{counters[row["intent"]]:04d}',
                               row["text"], spec.locale, exp, row["source"], uns))
    # negatives: 20 per other intent, lowest SHA-256 rank of the source tag
    per = collections.defaultdict(list)
    for row in val:
        if row["intent"] not in spec.intents:
            per[row["intent"]].append(row)
    chosen = set()
    for intent in sorted(per):
        for row in sorted(per[intent], key=lambda r: rank(r["source"]))[:20]:
            chosen.add(row["source"])
    n = 0
    for row in val:
        if row["source"] in chosen:
            n += 1
            recs.append(record(f"snips-neg-{n:04d}", row["text"], spec.locale, {"intent": None},
                               row["source"], None))
    files = {"snips_validate.jsonl": recs}
    return spec, vocab, templates, used, files, os.path.join(d, "LICENSE")


SLURP_BOUND = {
    "person": "person", "artist_name": "artist", "song_name": "song", "playlist_name": "playlist",
    "list_name": "list", "radio_name": "radio", "podcast_name": "podcast", "audiobook_name": "audiobook",
    "audiobook_author": "author", "game_name": "game", "app_name": "app", "music_album": "album",
}
SLURP_SCENARIOS = ("play_", "music_", "lists_", "email_", "social_", "calendar_")


def convert_slurp(src, out):
    d = os.path.join(src, "slurp")
    dev = load_jsonl(os.path.join(d, "slurp_devel_relevant.jsonl"))
    test = load_jsonl(os.path.join(d, "slurp_test_relevant.jsonl"))
    other = load_jsonl(os.path.join(d, "slurp_test_other_scenarios.jsonl"))
    asr = load_jsonl(os.path.join(d, "slurp_test_asr_pairs.jsonl"))
    dev_counts = collections.Counter(r["intent"] for r in dev)
    intents = {i for i, n in dev_counts.items() if i.startswith(SLURP_SCENARIOS) and n >= 2}
    spec = Spec(
        name="slurp", app_name="Slurp", bundle_id="com.example.slurp", locale="en-US",
        intents=intents, bound=SLURP_BOUND, possessive={"person", "artist_name", "audiobook_author"},
        template_rows=dev, vocab_rows=dev + test,
    )
    vocab = Vocabulary(spec)
    templates, used = build_templates(spec)

    test_recs = []
    for i, row in enumerate(test, 1):
        exp, uns = expectation(spec, vocab, templates, row)
        test_recs.append(record(f"slurp-test-{i:04d}", row["text"], spec.locale, exp, row["source"], uns))

    # ASR: recordings of modelled-intent utterances with >= 1 bound slot expected.
    # Round-robin over utterances (each utterance's recordings in SHA-256 order) so that
    # as many distinct utterances as possible are covered, then the first 1000.
    cands = collections.defaultdict(list)
    order = {}
    for row in asr:
        exp, uns = expectation(spec, vocab, templates, row, hypothesis=row["asr_hypothesis"])
        if exp.get("intent") is None or not any(k in spec.bound for k in exp["slots"]):
            continue
        utt = row["source"].split("/")[1]  # slurp_id=<id>
        cands[utt].append((rank(row["source"]), row, exp, uns))
        order.setdefault(row["source"], len(order))
    for utt in cands:
        cands[utt].sort(key=lambda c: c[0])
    picked, depth = [], 0
    utts = sorted(cands, key=rank)
    while len(picked) < 1000 and any(len(cands[u]) > depth for u in utts):
        for u in utts:
            if len(cands[u]) > depth and len(picked) < 1000:
                picked.append(cands[u][depth])
        depth += 1
    picked.sort(key=lambda c: order[c[1]["source"]])
    asr_recs = []
    for i, (_, row, exp, uns) in enumerate(picked, 1):
        asr_recs.append(record(f"slurp-asr-{i:04d}", row["asr_hypothesis"], spec.locale, exp, row["source"],
                               uns, reference=row["text"]))

    # negatives: other scenarios, intents not modelled, distinct texts, lowest SHA-256 rank
    seen, elig = set(), []
    for row in other:
        if row["intent"] in spec.intents or row["text"] in seen:
            continue
        seen.add(row["text"])
        elig.append(row)
    chosen = {r["source"] for r in sorted(elig, key=lambda r: rank(r["source"]))[:300]}
    neg_recs, n = [], 0
    for row in elig:
        if row["source"] in chosen:
            n += 1
            neg_recs.append(record(f"slurp-neg-{n:04d}", row["text"], spec.locale, {"intent": None},
                                   row["source"], None))
    files = {"slurp_test.jsonl": test_recs, "slurp_asr.jsonl": asr_recs, "slurp_negatives.jsonl": neg_recs}
    spec.extra = {"asr_candidates": sum(len(v) for v in cands.values()), "asr_utterances": len(cands),
                  "asr_picked_utterances": len({c[1]["source"].split("/")[1] for c in picked}),
                  "neg_eligible": len(elig), "dev_test_same_text": len({r["text"] for r in dev} & {r["text"] for r in test})}
    return spec, vocab, templates, used, files, os.path.join(d, "LICENSE")


def convert_xsid(src, out):
    d = os.path.join(src, "xsid-zh")
    rows = load_jsonl(os.path.join(d, "xsid_zh.jsonl"))
    valid = [r for r in rows if r["source"].startswith("xsid-0.7:zh.valid/")]
    test = [r for r in rows if r["source"].startswith("xsid-0.7:zh.test/")]
    spec = Spec(
        name="xsid-zh", app_name="Xsid", bundle_id="com.example.xsid", locale="zh-CN",
        intents={"AddToPlaylist", "PlayMusic", "SearchCreativeWork", "SearchScreeningEvent"},
        bound={"playlist": "playlist", "artist": "artist", "album": "album", "track": "track",
               "service": "service", "object_name": "title", "movie_name": "movie"},
        possessive=set(), template_rows=valid, vocab_rows=valid + test, extra_lprojs=["zh-Hans.lproj"],
    )
    vocab = Vocabulary(spec)
    templates, used = build_templates(spec)
    recs, counters = [], collections.Counter()
    for row in test:
        exp, uns = expectation(spec, vocab, templates, row)
        key = INTENT_ABBR.get(row["intent"], "neg") if row["intent"] in spec.intents else "neg"
        counters[key] += 1
        recs.append(record(f"xsid-zh-{key}-{counters[key]:04d}", row["text"], spec.locale, exp, row["source"], uns))
    files = {"xsid_zh_test.jsonl": recs}
    return spec, vocab, templates, used, files, os.path.join(d, "LICENSE")


# -------------------------------------------------------------------------- checks


def verify(out_dir, spec, files, template_sources, src_rows_by_intent_slots):
    """Read the written outputs back and check the contracts. Returns a list of errors."""
    errs = []
    app = os.path.join(out_dir, "vocab", f"{spec.app_name}.app")
    try:
        with open(os.path.join(app, "Info.plist"), "rb") as f:
            info = plistlib.load(f)
        with open(os.path.join(app, "Base.lproj", "AppIntentVocabulary.plist"), "rb") as f:
            voc = plistlib.load(f)
        for lp in vocab_lprojs(spec)[1:]:
            with open(os.path.join(app, lp, "AppIntentVocabulary.plist"), "rb") as f:
                if plistlib.load(f) != voc:
                    errs.append(f"{spec.name}: {lp} differs from Base.lproj")
    except Exception as e:  # noqa: BLE001
        return [f"{spec.name}: plist does not load: {e}"]
    for k in ("CFBundleIdentifier", "CFBundleName", "CFBundleDisplayName"):
        if not isinstance(info.get(k), str) or not info[k]:
            errs.append(f"{spec.name}: Info.plist lacks {k}")
    if info.get("CFBundleIdentifier") != spec.bundle_id:
        errs.append(f"{spec.name}: wrong CFBundleIdentifier")

    def walk(o):
        if isinstance(o, str):
            yield o
        elif isinstance(o, dict):
            for k, v in o.items():
                yield k
                yield from walk(v)
        elif isinstance(o, list):
            for v in o:
                yield from walk(v)

    for s in walk(voc):
        if unicodedata.normalize("NFC", s) != s:
            errs.append(f"{spec.name}: string not NFC: {s[:40]}")
        if utf16_len(s) >= 1024:
            errs.append(f"{spec.name}: string of {utf16_len(s)} UTF-16 bytes: {s[:40]}")
    param_ids = collections.defaultdict(set)  # "Intent.slot" -> ids
    all_ids = collections.Counter()
    bound_params = collections.defaultdict(set)  # intent -> slots
    for entry in voc.get("ParameterVocabularies", []):
        ids = [it["VocabularyItemIdentifier"] for it in entry["ParameterVocabulary"]]
        if len(ids) != len(set(ids)):
            errs.append(f"{spec.name}: duplicate identifiers in {entry['ParameterNames']}")
        for it in entry["ParameterVocabulary"]:
            all_ids[it["VocabularyItemIdentifier"]] += 1
            if not it["VocabularyItemSynonyms"] or not all(
                    isinstance(p.get("VocabularyItemPhrase"), str) and p["VocabularyItemPhrase"].strip()
                    for p in it["VocabularyItemSynonyms"]):
                errs.append(f"{spec.name}: item without phrases: {it['VocabularyItemIdentifier']}")
        for pn in entry["ParameterNames"]:
            if not re.fullmatch(r"[^.\s]+\.[^.\s]+", pn):
                errs.append(f"{spec.name}: bad parameter name {pn}")
            intent, slot = pn.split(".", 1)
            param_ids[pn].update(ids)
            bound_params[intent].add(slot)
    for ident, n in all_ids.items():
        if n > 1:
            errs.append(f"{spec.name}: identifier in {n} items: {ident}")
    templates = {}
    for ph in voc.get("IntentPhrases", []):
        intent = ph["IntentName"]
        templates[intent] = ph["IntentExamples"]
        if intent not in spec.intents:
            errs.append(f"{spec.name}: templates for unmodelled intent {intent}")
        if len(ph["IntentExamples"]) != len(set(ph["IntentExamples"])) or len(ph["IntentExamples"]) > MAX_TEMPLATES:
            errs.append(f"{spec.name}: {intent}: duplicate or too many templates")
        for t in ph["IntentExamples"]:
            for p in PLACEHOLDER.findall(t):
                # a placeholder must be a slot this intent has in the source data, and must
                # not be a bound parameter of another intent only
                if p not in src_rows_by_intent_slots.get(intent, set()):
                    errs.append(f"{spec.name}: {intent}: placeholder ${{{p}}} is not a slot of the intent: {t}")
                if p in spec.bound and p not in bound_params.get(intent, set()):
                    errs.append(f"{spec.name}: {intent}: bound ${{{p}}} has no vocabulary for {intent}.{p}: {t}")
                bound_elsewhere = any(p in s for i, s in bound_params.items() if i != intent)
                if bound_elsewhere and p not in bound_params.get(intent, set()):
                    errs.append(f"{spec.name}: {intent}: ${{{p}}} bound elsewhere but not here: {t}")
            if t != t.lower():
                errs.append(f"{spec.name}: {intent}: template not lower-case: {t}")
        # parameter examples: free-text placeholders of this intent, values of the template split only
        split_values = collections.defaultdict(set)
        for row in spec.template_rows:
            if row["intent"] == intent:
                for slot in row["slots"]:
                    split_values[slot["name"]].add(" ".join(slot["value"].lower().split()))
        named = {p for t in ph["IntentExamples"] for p in PLACEHOLDER.findall(t)}
        for p, vals in ph.get("ParameterExamples", {}).items():
            if p not in named or p in bound_params.get(intent, set()):
                errs.append(f"{spec.name}: {intent}: ParameterExamples for ${{{p}}}, not a free placeholder")
            for v in vals:
                if unicodedata.normalize("NFC", v) not in {unicodedata.normalize("NFC", x) for x in split_values[p]}:
                    errs.append(f"{spec.name}: {intent}: ParameterExamples {p}={v!r} not from the template split")
    for fname in files:
        path = os.path.join(out_dir, fname)
        seen_ids = set()
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                where = f"{spec.name}/{fname}:{n}"
                try:
                    r = json.loads(line)
                except ValueError as e:
                    errs.append(f"{where}: does not parse: {e}")
                    continue
                for k in ("id", "text", "locale", "expect", "source"):
                    if k not in r:
                        errs.append(f"{where}: missing {k}")
                if r.get("id") in seen_ids:
                    errs.append(f"{where}: duplicate id {r.get('id')}")
                seen_ids.add(r.get("id"))
                if r.get("source") in template_sources:
                    errs.append(f"{where}: evaluated line was used for templates")
                exp = r.get("expect", {})
                if "intent" not in exp:
                    errs.append(f"{where}: expect without intent")
                    continue
                if exp["intent"] is None:
                    if exp.get("slots"):
                        errs.append(f"{where}: negative with slots")
                    continue
                if exp.get("app") != spec.bundle_id:
                    errs.append(f"{where}: wrong app")
                intent = exp["intent"]
                if intent not in templates:
                    errs.append(f"{where}: intent {intent} has no templates")
                free = {p for t in templates.get(intent, []) for p in PLACEHOLDER.findall(t)} - bound_params.get(intent, set())
                for slot, val in exp.get("slots", {}).items():
                    pn = f"{intent}.{slot}"
                    if isinstance(val, dict):
                        ids = val.get("disambiguation", [])
                        if not ids or any(i not in param_ids.get(pn, ()) for i in ids):
                            errs.append(f"{where}: disambiguation ids not in vocabulary of {pn}")
                    elif slot in bound_params.get(intent, set()):
                        if val not in param_ids[pn]:
                            errs.append(f"{where}: {val!r} is not an identifier of {pn}")
                    elif slot in free:
                        if not isinstance(val, str) or not val or val not in r["text"]:
                            errs.append(f"{where}: free-text {slot}={val!r} not found in text")
                    else:
                        errs.append(f"{where}: {slot} is neither bound nor a template placeholder of {intent}")
    return errs


# ------------------------------------------------------------------------- READMEs

LICENSE_NOTES = {
    "snips": ("CC0 1.0 Universal (public-domain dedication)",
              "Snips NLU benchmark 2017 (\"custom intent engines\"), by Snips (now Sonos Voice Experience), "
              "https://github.com/sonos/nlu-benchmark, folder `2017-06-custom-intent-engines/`. Reference: "
              "Coucke et al. 2018, \"Snips Voice Platform: an embedded Spoken Language Understanding system "
              "for private-by-design voice interfaces\", arXiv:1805.10190. CC0 asks for no attribution; it is "
              "given anyway."),
    "slurp": ("Creative Commons Attribution 4.0 International (CC BY 4.0) for the text used here "
              "(the SLURP audio, not used, is CC BY-NC 4.0)",
              "SLURP: A Spoken Language Understanding Resource Package, © Emanuele Bastianelli, Andrea Vanzo, "
              "Pawel Swietojanski, Verena Rieser (EMNLP 2020), https://github.com/pswietojanski/slurp, "
              "licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). The ASR hypotheses are the "
              "authors' own recogniser output from `experiments/predictions/multi_slurp_hermit_predictions.jsonl`. "
              "Changes: subset selected, lower-cased, re-formatted into VocabKit's corpus and vocabulary formats "
              "as described below."),
    "xsid-zh": ("Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0). Everything in this "
                "folder is adapted material and is itself licensed CC BY-SA 4.0: anything that adapts it further "
                "and is shared must be too",
                "xSID 0.7 (Chinese), by Rob van der Goot et al., https://github.com/mainlp/xsid (`data/xSID-0.7/zh.valid.conll`, `zh.test.conll`). Reference: "
                "van der Goot et al., \"From Masked Language Modeling to Translation: Non-English Auxiliary Tasks "
                "Improve Zero-shot Spoken Language Understanding\", NAACL 2021. Licensed CC BY-SA 4.0 "
                "(https://creativecommons.org/licenses/by-sa/4.0/). Changes: subset selected, re-formatted into "
                "VocabKit's corpus and vocabulary formats as described below."),
}


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def stats(spec, vocab, templates, files):
    s = {"files": {}, "intents": collections.Counter(), "negatives": 0, "scored_slots": collections.Counter(),
         "unscored": collections.Counter(), "negative_sources": collections.Counter()}
    for fname, recs in files.items():
        s["files"][fname] = len(recs)
        for r in recs:
            e = r["expect"]
            if e["intent"] is None:
                s["negatives"] += 1
                src = r["source"]
                s["negative_sources"][(fname, src)] += 1
            else:
                s["intents"][(fname, e["intent"])] += 1
                for k in e["slots"]:
                    s["scored_slots"][(fname, k, "bound" if k in spec.bound else "free text")] += 1
            for k in r.get("unscored_slots", {}):
                s["unscored"][(fname, k)] += 1
    return s


def param_table(spec, vocab, templates):
    rows = []
    for intent in sorted(spec.intents):
        b = sorted(vocab.bound_params(intent))
        f = sorted(free_params(templates, vocab, intent))
        rows.append((f"`{intent}`", len(templates.get(intent, [])), ", ".join(f"`{x}`" for x in b) or "—",
                     ", ".join(f"`{x}`" for x in f) or "—"))
    return table(rows, ["intent", "templates", "bound parameters (vocabulary)", "free-text parameters"])


def vocab_table(spec, vocab):
    rows = []
    for slot in sorted(vocab.items):
        rows.append((f"`{slot}`", f"`{spec.bound[slot]}.`", len(vocab.items[slot]),
                     sum(len(p) for _, p in vocab.items[slot]), ", ".join(f"`{p}`" for p in sorted(vocab.params[slot]))))
    return table(rows, ["slot", "id prefix", "items", "phrases", "ParameterNames"])


def intent_counts(s, fname):
    rows = sorted((i, n) for (f, i), n in s["intents"].items() if f == fname)
    neg = sum(1 for r in s["negative_sources"] if r[0] == fname)
    parts = [f"{i} {n}" for i, n in rows]
    if neg:
        parts.append(f"negatives {neg}")
    return " · ".join(parts)


def neg_breakdown(files, fname, intent_of_source):
    c = collections.Counter(intent_of_source[r["source"]] for r in files[fname] if r["expect"]["intent"] is None)
    return ", ".join(f"{i} {n}" for i, n in sorted(c.items()))


COMMON_FORMAT = """## Formats
Corpus lines (JSON Lines, one utterance a line):
`{"id", "text", "locale", "expect": {"app", "intent", "slots"}, ["reference",] "source", ["unscored_slots"]}`.
- `expect.intent` is the source's intent label for a modelled intent, or `null` for a negative (an
  utterance for which no intent of this app should fire). Negatives carry only `{"intent": null}`:
  `app` and `slots` are left out (not scored).
- `expect.slots` maps a slot name to the vocabulary identifier of the gold value for a bound parameter,
  or to the gold text (as it appears in `text`) for a free-text parameter. Only slots listed are scored.
- `unscored_slots` (extra, ignored by the scorer) lists gold slots that were left out of `expect`, with
  their gold text: a slot with several different values in one utterance, or a free-text slot that is
  not a placeholder in that intent's templates (so a template-based router cannot fill it), or (ASR
  lines) a free-text value that does not occur in the hypothesis.
- `source` is the source record's own `source` tag, so every line can be traced back.

Vocabulary: `vocab/<Name>.app/Info.plist` and `vocab/<Name>.app/Base.lproj/AppIntentVocabulary.plist`
(XML plists, Apple's schema). One `ParameterVocabularies` entry per bound slot type, shared by every
`Intent.slot` that has the type (listed in `ParameterNames`). A free-text parameter is a placeholder in
`IntentExamples` that has no vocabulary.
- Identifier: `<type prefix>.<slug>`; the slug is the value normalised (NFKC, Latin diacritics removed,
  case-folded, apostrophes inside words dropped, other punctuation to spaces, whitespace collapsed) with
  spaces replaced by `-`. Values equal after this normalisation *and ignoring spaces* share one identifier
  (e.g. `last fm`/`Lastfm`); the slug is taken from the most frequent spelling. Non-Latin letters (Chinese,
  Greek, Japanese, ...) are kept in identifiers as they are.
- Phrases (`VocabularyItemSynonyms`): the distinct gold spellings of the item (case-insensitive, most
  frequent casing kept), whitespace collapsed.
- Templates (`IntentExamples`): each training utterance with each slot span replaced by `${slot}` (the
  source's slot name), lower-cased, whitespace collapsed, final `.`/`!`/`?` (and full-width `。？！`)
  removed; an utterance is skipped if a slot name repeats, if two placeholders touch, or if nothing but
  placeholders is left. Per intent the most frequent distinct templates are kept, at most
  """ + str(MAX_TEMPLATES) + """ (ties in first-seen order).
- Parameter examples (`ParameterExamples`, beside each intent's `IntentExamples`): for each free-text
  placeholder of the intent, the values its slot takes in the same training utterances, lower-cased,
  whitespace collapsed, those seen at least """ + str(MIN_EXAMPLE_COUNT) + """ times, most frequent first (a value
  seen once is most often a name or a title, which says nothing about the intent). The router's intent
  model learns them as words of the intent ("tweet" for `${media_type}`); they are never matched as
  vocabulary.
"""


def readme_snips(spec, vocab, templates, files, s, intent_of_source):
    lic, attr = LICENSE_NOTES["snips"]
    return f"""# Snips NLU benchmark 2017 — VocabKit evaluation data

Generated by `{TOOL}` from `shared/corpora-src/snips-nlu-benchmark-2017/` (itself converted from
https://github.com/sonos/nlu-benchmark at commit `b86ac7f1577868c42158d0dec77db50956046696`; see that
folder's README). Do not edit by hand: rerun the script.

## Source, licence, attribution
{attr}

Licence: {lic}. `LICENSE` here is the source's licence text, copied unchanged.

## Files
| file | lines | content |
| --- | --- | --- |
| `snips_validate.jsonl` | {s['files']['snips_validate.jsonl']} | {intent_counts(s, 'snips_validate.jsonl')} |
| `vocab/Snips.app` | — | bundle id `{spec.bundle_id}`; {sum(len(v) for v in vocab.items.values())} vocabulary items; {sum(len(t) for t in templates.values())} templates |

Negatives by source intent: {neg_breakdown(files, 'snips_validate.jsonl', intent_of_source)}.

## How it was converted
1. Modelled intents: `AddToPlaylist`, `PlayMusic`. Locale `en-US`. `text` is the source text unchanged
   (typed, with its casing and punctuation).
2. Bound slots: `playlist`, `artist`, `album`, `track` (as asked) and `service` (a closed set of 14
   streaming services, e.g. `Spotify`, `groove shark`, `last fm`/`lastfm`: a catalogue, so it is matched
   against a vocabulary too). Their vocabulary is every gold value of these slots in the modelled
   intents of **train + validate** (the entities are the app's catalogue). For `artist`, a final `'s`
   is dropped before normalising (possessive), so `X's` maps to the item of `X`.
3. Free-text slots: `music_item`, `playlist_owner`, `entity_name` (the song or album being added, in
   AddToPlaylist), `year`, `sort`, `genre`: they are placeholders in the templates and are scored as text.
4. Templates only from **train** (`snips2017_train.jsonl`), never from validate.
5. Corpus: every validate utterance of the two modelled intents, plus negatives: 20 validate
   utterances from each other intent (BookRestaurant, GetWeather, RateBook, SearchCreativeWork,
   SearchScreeningEvent), the 20 with the lowest SHA-256 of their `source` tag, kept in source order.
   Ids: `snips-atp-NNNN`, `snips-pm-NNNN` (in source order, from 0001), `snips-neg-NNNN`.

## Parameters per intent
{param_table(spec, vocab, templates)}

## Vocabularies
{vocab_table(spec, vocab)}

## Scored slots (lines)
{table(sorted((f'`{k[1]}`', k[2], n) for k, n in s['scored_slots'].items()), ['slot', 'kind', 'lines'])}

Unscored gold slots: {sum(s['unscored'].values())} ({', '.join(f'{k[1]} {n}' for k, n in sorted(s['unscored'].items())) or 'none'}).

## Notes
- Source annotations are kept as they are, errors included (e.g. validate#2 "add digging now to my
  Young at Heart playlist" labels `digging now` as the playlist).
- The xSID Chinese data (`../xsid-zh`) translates 162 of the Snips validate utterances: parallel data.

{COMMON_FORMAT}"""


def readme_slurp(spec, vocab, templates, files, s, intent_of_source):
    lic, attr = LICENSE_NOTES["slurp"]
    x = spec.extra
    unmodelled_test = collections.Counter(intent_of_source[r["source"]] for r in files["slurp_test.jsonl"]
                                          if r["expect"]["intent"] is None)
    heads = sum(1 for r in files["slurp_asr.jsonl"] if r["source"].endswith("-headset.flac"))
    same = sum(1 for r in files["slurp_asr.jsonl"] if r["text"] == r["reference"])
    unk = sum(1 for r in files["slurp_asr.jsonl"] if "< unk >" in r["text"] or "@@UNKNOWN@@" in r["text"])
    return f"""# SLURP — VocabKit evaluation data (gold text, real ASR hypotheses, negatives)

Generated by `{TOOL}` from `shared/corpora-src/slurp/` (itself converted from
https://github.com/pswietojanski/slurp at commit `8eb16545762be97ace75334109d73824217311f1`; see that
folder's README). Do not edit by hand: rerun the script.

## Source, licence, attribution
{attr}

Licence: {lic}. `LICENSE` here is the source's `LICENSE.txt`, copied unchanged.

## Files
| file | lines | content |
| --- | --- | --- |
| `slurp_test.jsonl` | {s['files']['slurp_test.jsonl']} | every line of `slurp_test_relevant.jsonl`, gold text: {intent_counts(s, 'slurp_test.jsonl')} |
| `slurp_asr.jsonl` | {s['files']['slurp_asr.jsonl']} | `text` = the authors' ASR hypothesis, `reference` = gold text; {x['asr_picked_utterances']} distinct utterances; {heads} close-talk (`-headset`) and {s['files']['slurp_asr.jsonl'] - heads} far-field recordings; hypothesis = reference in {same} |
| `slurp_negatives.jsonl` | {s['files']['slurp_negatives.jsonl']} | from `slurp_test_other_scenarios.jsonl`, all `intent: null` |
| `vocab/Slurp.app` | — | bundle id `{spec.bundle_id}`; {sum(len(v) for v in vocab.items.values())} vocabulary items; {sum(len(t) for t in templates.values())} templates |

Negatives by source intent: {neg_breakdown(files, 'slurp_negatives.jsonl', intent_of_source)}.

## How it was converted
1. Modelled intents: the SLURP intent labels of scenarios play, music, lists, email, social and calendar
   that have at least 2 devel utterances ({len(spec.intents)} intents, table below). Locale `en-US` (nominal:
   the texts were typed by crowd workers, the audio recorded in the UK).
2. Bound slots (vocabulary = every gold value of the slot in modelled-intent utterances of **devel +
   test**): {', '.join(f'`{k}`' for k in sorted(spec.bound))}. For `person`, `artist_name` and
   `audiobook_author` a final `'s` is dropped (possessive: `john's` -> `person.john`).
3. All other slots (date, time, event_name, relation, media_type, music_genre, player_setting,
   podcast_descriptor, business_name, email_address, personal_info, ...) are free text: scored as text
   when they are a placeholder in that intent's templates, otherwise listed in `unscored_slots`.
4. Templates only from `slurp_devel_relevant.jsonl` (devel split), never from test. ({x['dev_test_same_text']} texts occur
   in both devel and test in the source itself; they were not removed.)
5. `slurp_test.jsonl`: every line of `slurp_test_relevant.jsonl` in source order, id `slurp-test-NNNN`.
   Lines whose intent is not modelled ({', '.join(f'{i} {n}' for i, n in sorted(unmodelled_test.items()))})
   are kept as negatives (`intent: null`): they are in the file only because they carry a media/app slot.
6. `slurp_asr.jsonl`: candidates are the recordings in `slurp_test_asr_pairs.jsonl` of modelled-intent
   utterances that have at least one bound slot in `expect` ({x['asr_candidates']} recordings of
   {x['asr_utterances']} utterances). Utterances are ordered by SHA-256 of their `slurp_id`, each
   utterance's recordings by SHA-256 of their `source`; recordings are taken round-robin (first
   recording of every utterance, then second, ...) until 1000, then written in source order, id
   `slurp-asr-NNNN`. `expect` comes from the gold annotation: bound slots are the gold values'
   identifiers even where the hypothesis garbles them; a free-text slot is scored only if its gold text
   occurs as whole words in the hypothesis (else it goes to `unscored_slots`). Hypotheses are kept
   exactly as the recogniser wrote them, including its unknown-word markers `< unk >` and
   `@@UNKNOWN@@` ({unk} lines).
7. `slurp_negatives.jsonl`: lines of `slurp_test_other_scenarios.jsonl` whose intent is not modelled
   (its calendar_* utterances, those without a person/relation slot, are dropped: calendar intents
   are modelled, so they are not clean negatives), first
   occurrence of each text only ({x['neg_eligible']} eligible); the 300 with the lowest SHA-256 of `source`,
   in source order, id `slurp-neg-NNNN`.

## Parameters per intent
{param_table(spec, vocab, templates)}

## Vocabularies
{vocab_table(spec, vocab)}

## Scored slots (lines)
{table(sorted((f'`{k[0]}`', f'`{k[1]}`', k[2], n) for k, n in s['scored_slots'].items()), ['file', 'slot', 'kind', 'lines'])}

Unscored gold slots: {sum(s['unscored'].values())} ({', '.join(f'{k[0]}: {k[1]} {n}' for k, n in sorted(s['unscored'].items())) or 'none'}).

## Notes
- SLURP text shares its origin with HWU64 (`shared/corpora-src/hwu64`, not used here); do not use HWU64
  as development data for this test set without removing the overlapping texts.
- The SLURP training split is not in the snapshot, so templates come from the small devel split
  (some intents have only a handful of templates).

{COMMON_FORMAT}"""


def readme_xsid(spec, vocab, templates, files, s, intent_of_source):
    lic, attr = LICENSE_NOTES["xsid-zh"]
    return f"""# xSID Chinese (zh) — VocabKit evaluation data

Generated by `{TOOL}` from `shared/corpora-src/xsid-zh/` (itself converted from
https://github.com/mainlp/xsid at commit `761d926c3f2e9f6bea13192d2f39cec1d04d9777`; see that folder's
README). Do not edit by hand: rerun the script.

## Source, licence, attribution
{attr}

Licence: {lic}. `LICENSE` here is the source's licence text, copied unchanged.

## Files
| file | lines | content |
| --- | --- | --- |
| `xsid_zh_test.jsonl` | {s['files']['xsid_zh_test.jsonl']} | every line of the zh test split: {intent_counts(s, 'xsid_zh_test.jsonl')} |
| `vocab/Xsid.app` | — | bundle id `{spec.bundle_id}`; {sum(len(v) for v in vocab.items.values())} vocabulary items; {sum(len(t) for t in templates.values())} templates; `Base.lproj` and `zh-Hans.lproj` hold the same `AppIntentVocabulary.plist` |

Negatives by source intent: {neg_breakdown(files, 'xsid_zh_test.jsonl', intent_of_source)}.

## How it was converted
1. Modelled intents (those with name-like slots): `AddToPlaylist`, `PlayMusic` (playlist, artist,
   album, track names, mostly left untranslated in Latin script inside Chinese carrier phrases),
   `SearchCreativeWork` (`object_name`: titles of books, songs, films, games) and
   `SearchScreeningEvent` (`movie_name`). Locale `zh-CN`. `text` is the source text unchanged.
2. Bound slots: `playlist`, `artist`, `album`, `track`, `service` (streaming services, as for Snips),
   `object_name` (ids `title.*`), `movie_name` (ids `movie.*`); vocabulary = every gold value of these
   slots in modelled-intent utterances of **valid + test**.
3. Free-text slots: `music_item`, `reference` (e.g. 我的), `entity_name`, `datetime`, `sort`, `genre`,
   `object_type`, `movie_type`, `location`, `object_location_type`, ...: scored as text when they are a
   placeholder in the intent's templates, otherwise listed in `unscored_slots`.
4. The vocabulary file is written to `Base.lproj` (the corpus contract) and, identical, to
   `zh-Hans.lproj`, because the project's sample vocabulary (`vocab/README.md`) treats `Base.lproj` as
   English and looks for Chinese phrases in `zh-Hans.lproj`.
5. Templates only from the **valid** split (300 utterances; only 19–24 per modelled intent, so the
   template sets are small); lower-casing affects only Latin letters.
6. Corpus: every test-split line in source order. Lines of intents not modelled (weather/find,
   alarm/*, reminder/*, BookRestaurant, RateBook) are negatives (`intent: null`). Ids
   `xsid-zh-<atp|pm|scw|sse>-NNNN`, `xsid-zh-neg-NNNN`.

## Parameters per intent
{param_table(spec, vocab, templates)}

## Vocabularies
{vocab_table(spec, vocab)}

## Scored slots (lines)
{table(sorted((f'`{k[1]}`', k[2], n) for k, n in s['scored_slots'].items()), ['slot', 'kind', 'lines'])}

Unscored gold slots: {sum(s['unscored'].values())} ({', '.join(f'{k[1]} {n}' for k, n in sorted(s['unscored'].items())) or 'none'}).

## Notes
- xSID's music and creative-work sentences translate Snips 2017 utterances: 162 test sentences translate
  Snips `validate` utterances (`../snips`), so the two corpora are parallel, not independent.
- Source annotations are kept as they are, errors included (some spans are cut, e.g. a playlist
  `This Is Gucci Mane 播放`).

{COMMON_FORMAT}"""


def readme_index(results):
    rows = []
    for name, (spec, vocab, templates, files, s) in results.items():
        lic = {"snips": "CC0 1.0", "slurp": "CC BY 4.0", "xsid-zh": "CC BY-SA 4.0"}[name]
        for fname, recs in files.items():
            pos = sum(1 for r in recs if r["expect"]["intent"] is not None)
            rows.append((f"`{name}/{fname}`", len(recs), pos, len(recs) - pos, spec.locale, lic))
        rows.append((f"`{name}/vocab/{spec.app_name}.app` (`{spec.bundle_id}`)",
                     f"{sum(len(v) for v in vocab.items.values())} items", f"{len(spec.intents)} intents",
                     f"{sum(len(t) for t in templates.values())} templates", "", lic))
    return f"""# Public corpora for VocabKit evaluation

Generated by `{TOOL}` (Python 3, standard library only; deterministic; rerun it to regenerate) from the
public corpora in `shared/corpora-src/`. Each folder has the source's `LICENSE`, and a `README.md` with
the source, licence, attribution, the exact conversion and the counts. Entity names and phrasing were
chosen by the corpus authors and crowd workers, not by this project.

{table(rows, ['file', 'lines', 'positive', 'negative', 'locale', 'licence'])}

- `snips/` — Snips NLU benchmark 2017 (Sonos/Snips), CC0 1.0. Intents `AddToPlaylist`, `PlayMusic`;
  bound slots playlist, artist, album, track, service. Templates from train, vocabulary from train +
  validate, corpus from validate (+ negatives from its other intents).
- `slurp/` — SLURP (Bastianelli, Vanzo, Swietojanski, Rieser, EMNLP 2020), CC BY 4.0 (text). Play,
  music, lists, email, social and calendar intents; bound slots person, artist_name, song_name,
  playlist_name, list_name, radio_name, podcast_name, audiobook_name, audiobook_author, game_name,
  app_name, music_album. Templates from devel, vocabulary from devel + test; gold-text test corpus,
  a 1000-line corpus of the authors' real ASR hypotheses (`text` = hypothesis, `reference` = gold),
  and negatives from the other scenarios.
- `xsid-zh/` — xSID 0.7 Chinese (van der Goot et al., NAACL 2021), **CC BY-SA 4.0: everything in this
  folder is ShareAlike**. Intents `AddToPlaylist`, `PlayMusic`, `SearchCreativeWork`,
  `SearchScreeningEvent`; templates from valid, corpus from test (other intents are negatives).

Overlaps: xSID zh translates Snips utterances (162 xSID test sentences come from Snips validate);
SLURP and HWU64 (not converted here) share texts.

## Checks
`python3 {TOOL}` converts and then reads every output back and checks it: every JSONL line parses and
has id/text/locale/expect/source; ids are unique; every expected identifier is an item of a
`ParameterVocabularies` entry whose `ParameterNames` include that `Intent.slot`; every free-text value
occurs in `text`; negatives carry no slots; every plist loads with `plistlib`; strings are NFC and under
1024 UTF-16 bytes; no identifier is repeated; every template placeholder is a slot of that intent in the
source data, and a bound one has a vocabulary for that intent; no evaluated line was used for templates.
`--check-only` re-checks without writing.

Differences from `corpora/tools/check_vocab.py` / `check_corpus.py` (written for the Apple-intent sample
vocabulary in `vocab/`), by design of these public corpora:
- Intent names are the source corpora's own labels (`AddToPlaylist`, `play_music`) and slot names keep
  their underscores (`artist_name`), so `ParameterNames` such as `PlayMusic.artist` or
  `play_music.artist_name` do not match `check_vocab.py`'s `IN…Intent.parameter` pattern.
- Lines carry extra fields (`source`; `reference` on ASR lines; `unscored_slots` where some gold slot is
  not scored), which the corpus contract allows (extra fields are ignored) but `check_corpus.py` rejects.
- `check_corpus.py` treats a parameter as bound only through its built-in Apple-intent bindings, so it
  reads the identifiers expected here for `ParameterVocabularies`-bound parameters as free text.
"""


# ---------------------------------------------------------------------------- main


def default_src(repo):
    for cand in (os.path.join(repo, "..", "shared", "corpora-src"), "/work/shared/corpora-src"):
        if os.path.isdir(cand):
            return os.path.normpath(cand)
    return os.path.normpath(os.path.join(repo, "..", "shared", "corpora-src"))


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.normpath(os.path.join(here, "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default=default_src(repo), help="shared/corpora-src folder")
    ap.add_argument("--out", default=os.path.join(repo, "corpora", "public"), help="output folder")
    ap.add_argument("--check-only", action="store_true", help="convert in memory and verify the existing outputs")
    args = ap.parse_args(argv)

    results, errors, changed = {}, [], []
    for name, fn in (("snips", convert_snips), ("slurp", convert_slurp), ("xsid-zh", convert_xsid)):
        spec, vocab, templates, used, files, license_path = fn(args.src, args.out)
        out_dir = os.path.join(args.out, name)
        intent_of_source = {}
        slots_of_intent = collections.defaultdict(set)
        for row in spec.template_rows:
            slots_of_intent[row["intent"]].update(s["name"] for s in row["slots"])
        for row in spec.vocab_rows:
            intent_of_source[row["source"]] = row["intent"]
        if name == "slurp":
            for row in load_jsonl(os.path.join(args.src, "slurp", "slurp_test_other_scenarios.jsonl")):
                intent_of_source[row["source"]] = row["intent"]
        elif name == "snips":
            for row in load_jsonl(os.path.join(args.src, "snips-nlu-benchmark-2017", "snips2017_validate.jsonl")):
                intent_of_source[row["source"]] = row["intent"]
        s = stats(spec, vocab, templates, files)
        readme = {"snips": readme_snips, "slurp": readme_slurp, "xsid-zh": readme_xsid}[name](
            spec, vocab, templates, files, s, intent_of_source)
        if not args.check_only:
            for fname, recs in files.items():
                if atomic_write(os.path.join(out_dir, fname), jsonl_bytes(recs)):
                    changed.append(os.path.join(out_dir, fname))
            with open(license_path, "rb") as f:
                if atomic_write(os.path.join(out_dir, "LICENSE"), f.read()):
                    changed.append(os.path.join(out_dir, "LICENSE"))
            app = os.path.join(out_dir, "vocab", f"{spec.app_name}.app")
            olds = {}
            for rel in ["Info.plist"] + [os.path.join(lp, "AppIntentVocabulary.plist") for lp in vocab_lprojs(spec)]:
                try:
                    with open(os.path.join(app, rel), "rb") as f:
                        olds[rel] = f.read()
                except FileNotFoundError:
                    olds[rel] = None
            for path in write_vocab(spec, vocab, templates, out_dir):
                rel = os.path.relpath(path, app)
                with open(path, "rb") as f:
                    if f.read() != olds[rel]:
                        changed.append(path)
            if atomic_write(os.path.join(out_dir, "README.md"), readme):
                changed.append(os.path.join(out_dir, "README.md"))
        errors += verify(out_dir, spec, files, used, slots_of_intent)
        # the written corpora must be exactly what this run produced
        for fname, recs in files.items():
            try:
                with open(os.path.join(out_dir, fname), encoding="utf-8") as f:
                    if f.read() != jsonl_bytes(recs):
                        errors.append(f"{name}/{fname}: differs from this conversion (rerun without --check-only)")
            except FileNotFoundError:
                errors.append(f"{name}/{fname}: missing")
        results[name] = (spec, vocab, templates, files, s)
    if not args.check_only:
        if atomic_write(os.path.join(args.out, "README.md"), readme_index(results)):
            changed.append(os.path.join(args.out, "README.md"))
    for name, (spec, vocab, templates, files, s) in results.items():
        print(f"{name}: " + ", ".join(f"{f} {n}" for f, n in s["files"].items())
              + f"; vocabulary items {sum(len(v) for v in vocab.items.values())}"
              + f"; templates {sum(len(t) for t in templates.values())}")
    print(f"files rewritten: {len(changed)}")
    for e in errors[:200]:
        print("ERROR:", e, file=sys.stderr)
    if errors:
        print(f"{len(errors)} check(s) failed", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
