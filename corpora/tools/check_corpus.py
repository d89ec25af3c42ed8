#!/usr/bin/env python3
"""Check a VocabKit utterance corpus (JSON Lines) against a vocabulary directory.

Usage: check_corpus.py CORPUS.jsonl [VOCAB_DIR]   (VOCAB_DIR defaults to vocab/ next to corpora/)

Checks the line format (id, text, locale, expect{app?, intent?, slots?}), unique ids, that every
expected app, intent, slot name and vocabulary identifier exists in the vocabulary, that free-text
slot values occur in the text, and that the app has phrases for the intent in the utterance's
language. Prints problems and a summary by language; exits 1 on any problem.
Only the Python 3 standard library is used.
"""
import collections, json, os, plistlib, re, sys

LOCALES = {"en-US": "en", "zh-CN": "zh-Hans", "ru-RU": "ru", "hi-IN": "hi", "th-TH": "th"}
# Apple standard-intent parameters bound to INVocabularyStringType case names (the VocabKit contract).
BINDINGS = {
    "INSendMessageIntent.recipients": ["contactName"],
    "INStartCallIntent.contacts": ["contactName"],
    "INPlayMediaIntent.mediaSearch": ["mediaPlaylistTitle", "mediaMusicArtistName", "mediaShowTitle", "mediaAudiobookTitle"],
    "INAddMediaIntent.mediaDestination": ["mediaPlaylistTitle"],
    "INAddTasksIntent.targetTaskList": ["notebookItemTitle"],
    "INCreateNoteIntent.groupName": ["notebookItemGroupName"],
}
PH = re.compile(r"\$\{([^}]*)\}")

def load_apps(vocab):
    apps = {}
    for name in sorted(os.listdir(vocab)):
        d = os.path.join(vocab, name)
        if not os.path.isfile(os.path.join(d, "Info.plist")):
            continue
        info = plistlib.load(open(os.path.join(d, "Info.plist"), "rb"))
        app = {"intents": collections.defaultdict(lambda: collections.defaultdict(set)),  # intent -> lang -> params
               "param_ids": collections.defaultdict(set),  # "Intent.param" -> ids from ParameterVocabularies
               "user": {}}
        for root, _, files in os.walk(d):
            if "AppIntentVocabulary.plist" not in files:
                continue
            lang = os.path.basename(root)[:-len(".lproj")] if root.endswith(".lproj") else "Base"
            lang = "en" if lang == "Base" else lang
            aiv = plistlib.load(open(os.path.join(root, "AppIntentVocabulary.plist"), "rb"))
            for ip in aiv.get("IntentPhrases", []):
                params = app["intents"][ip["IntentName"]][lang]
                for ex in ip["IntentExamples"]:
                    params.update(p for p in PH.findall(ex) if p != "applicationName")
            for pv in aiv.get("ParameterVocabularies", []):
                for n in pv["ParameterNames"]:
                    app["param_ids"][n].update(it["VocabularyItemIdentifier"] for it in pv["ParameterVocabulary"])
        uvp = os.path.join(d, "UserVocabulary.plist")
        if os.path.exists(uvp):
            for typ, arr in plistlib.load(open(uvp, "rb")).items():
                app["user"][typ] = {v["vocabularyIdentifier"] for v in arr if isinstance(v, dict)}
        apps[info["CFBundleIdentifier"]] = app
    return apps

def ids_for(app, intent, param):
    key = f"{intent}.{param}"
    out = set(app["param_ids"].get(key, set()))
    for typ in BINDINGS.get(key, []):
        out |= app["user"].get(typ, set())
    return out

def main(argv):
    if len(argv) < 2:
        print(__doc__); return 2
    corpus = argv[1]
    vocab = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "vocab")
    apps = load_apps(vocab)
    problems, seen = [], set()
    by_lang, negatives, total = collections.Counter(), collections.Counter(), 0
    for n, line in enumerate(open(corpus, encoding="utf-8"), 1):
        def bad(msg): problems.append(f"{corpus}:{n}: {msg}")
        if not line.strip():
            continue
        try:
            u = json.loads(line)
        except json.JSONDecodeError as e:
            bad(f"not JSON: {e}"); continue
        total += 1
        if set(u) - {"id", "text", "locale", "expect"} or not all(k in u for k in ("id", "text", "locale", "expect")):
            bad(f"fields {sorted(u)}")
        uid, text, loc, exp = u.get("id"), u.get("text", ""), u.get("locale"), u.get("expect", {})
        if uid in seen: bad(f"duplicate id {uid}")
        seen.add(uid)
        if loc not in LOCALES: bad(f"locale {loc}"); continue
        by_lang[loc] += 1
        if set(exp) - {"app", "intent", "slots"}: bad(f"expect fields {sorted(exp)}")
        app_id, intent, slots = exp.get("app"), exp.get("intent", "<absent>"), exp.get("slots", {})
        if intent is None:
            negatives[loc] += 1
            if slots: bad("slots on a negative")
            continue
        if app_id is not None and app_id not in apps:
            bad(f"unknown app {app_id}"); continue
        candidates = [apps[app_id]] if app_id else [a for a in apps.values() if intent in a["intents"]]
        if intent == "<absent>":
            continue
        if not candidates or not all(intent in a["intents"] for a in candidates):
            bad(f"intent {intent} not declared by {app_id or 'any app'}"); continue
        lang = LOCALES[loc]
        if not any(lang in a["intents"][intent] for a in candidates):
            bad(f"warning: no {lang} phrases for {intent} in {app_id or 'any app'}")
        for param, value in slots.items():
            params = set().union(*(set().union(*a["intents"][intent].values()) for a in candidates))
            params |= {k.split(".")[1] for a in candidates for k in a["param_ids"] if k.startswith(intent + ".")}
            if param not in params:
                bad(f"{intent} has no parameter {param}"); continue
            bound = f"{intent}.{param}" in BINDINGS
            known = set().union(*(ids_for(a, intent, param) for a in candidates))
            if isinstance(value, dict):
                ids = value.get("disambiguation")
                if not isinstance(ids, list) or len(ids) < 2 or set(value) != {"disambiguation"}:
                    bad(f"bad disambiguation {value}")
                elif not bound or not set(ids) <= known:
                    bad(f"disambiguation ids {sorted(set(ids) - known)} not in vocabulary for {param}")
            elif bound:
                if value not in known:
                    bad(f"{param}={value!r} is not a vocabulary identifier of {app_id or 'the apps serving ' + intent}")
            elif value.lower() not in text.lower():
                bad(f"free-text {param}={value!r} does not occur in the text")
    for p in problems:
        print(p)
    print(f"{total} utterances")
    for loc in LOCALES:
        print(f"  {loc}: {by_lang[loc]:4d} ({100*by_lang[loc]/max(total,1):4.1f}%), negatives {negatives[loc]}")
    neg = sum(negatives.values())
    print(f"  negatives: {neg} ({100*neg/max(total,1):.1f}%)")
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
