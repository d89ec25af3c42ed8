#!/usr/bin/env python3
"""Independent (Python) check of a VocabKit vocabulary directory.

Usage: check_vocab.py DIR [DIR ...]
  DIR is a vocabulary directory (e.g. vocab/) or a single <Name>.app folder.
  Every folder that holds an Info.plist is an app.

Prints one line per problem: "<file>:<line>: <code>: <message>" and exits 1 if
any problem was found. It is a cross-check for the Swift linter and for the
sample data in vocab/ and Tests/Fixtures/Broken/, not part of the product.
Only the Python 3 standard library is used.
"""
import os, plistlib, re, sys, unicodedata
import xml.parsers.expat as expat

KNOWN_TYPES = {
    "contactName", "contactGroupName", "paymentsOrganizationName", "paymentsAccountNickname",
    "workoutActivityName", "notebookItemTitle", "notebookItemGroupName", "mediaPlaylistTitle",
    "mediaMusicArtistName", "mediaAudiobookTitle", "mediaAudiobookAuthorName", "mediaShowTitle",
}
# Parameters of the Apple intents the sample apps use (property names of the INIntent subclasses).
KNOWN_PARAMS = {
    "INAddTasksIntent": {"targetTaskList", "taskTitles", "spatialEventTrigger", "temporalEventTrigger",
                         "targetTaskListMembers", "priority"},
    "INCreateTaskListIntent": {"title", "taskTitles", "groupName"},
    "INCreateNoteIntent": {"title", "content", "groupName"},
    "INSendMessageIntent": {"recipients", "content", "speakableGroupName", "outgoingMessageType",
                            "serviceName", "sender", "conversationIdentifier", "attachments"},
    "INStartCallIntent": {"contacts", "callCapability", "destinationType", "callRecordFilter",
                          "recordTypeForRedialing", "audioRoute", "callRecordToCallBack"},
    "INPlayMediaIntent": {"mediaSearch", "mediaItems", "mediaContainer", "playShuffled",
                          "playbackRepeatMode", "resumePlayback", "playbackQueueLocation",
                          "playbackSpeed"},
    "INAddMediaIntent": {"mediaDestination", "mediaSearch", "mediaItems"},
}
ALIAS_KEYS = {"INAlternativeAppName", "INAlternativeAppNamePronunciationHint"}
PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")

problems = []

def report(path, line, code, msg):
    problems.append(f"{path}:{line}: {code}: {msg}")

def xml_checks(path, data):
    """Duplicate keys (with line numbers) in an XML plist; plistlib silently keeps the last one."""
    stack, keys_stack = [], []
    p = expat.ParserCreate()
    state = {"text": "", "in_key": False}
    def start(name, attrs):
        stack.append(name)
        if name == "dict":
            keys_stack.append({})
        if name == "key":
            state["in_key"], state["text"] = True, ""
            state["line"] = p.CurrentLineNumber
    def end(name):
        stack.pop()
        if name == "dict":
            keys_stack.pop()
        if name == "key":
            state["in_key"] = False
            k = state["text"]
            seen = keys_stack[-1] if keys_stack else {}
            if k in seen:
                report(path, state["line"], "duplicate-key",
                       f"key {k!r} appears twice in one dict (first on line {seen[k]})")
            else:
                seen[k] = state["line"]
    def chars(t):
        if state["in_key"]:
            state["text"] += t
    p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = start, end, chars
    try:
        p.Parse(data, True)
    except expat.ExpatError as e:
        report(path, e.lineno, "xml", str(e))

def line_of(path, needle, nth=1):
    """Line number of the nth line containing needle (0 when not found)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for i, l in enumerate(f, 1):
                if needle in l:
                    nth -= 1
                    if nth == 0:
                        return i
    except OSError:
        pass
    return 0

def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"<?xml") or data.lstrip().startswith(b"<"):
        if b'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"' not in data[:300]:
            report(path, 1, "header", "missing Apple plist DOCTYPE")
        xml_checks(path, data)
    try:
        return plistlib.loads(data)
    except Exception as e:  # plistlib raises several types
        report(path, 0, "unreadable", f"{type(e).__name__}: {e}")
        return None

def walk_strings(path, obj, keypath="$"):
    if isinstance(obj, str):
        n = len(obj.encode("utf-16-le"))
        if n >= 1024:
            report(path, line_of(path, obj[:40]), "long-string", f"{keypath} is {n} UTF-16 bytes (limit < 1024)")
        if unicodedata.normalize("NFC", obj) != obj:
            report(path, line_of(path, obj[:20]), "not-nfc", f"{keypath} is not NFC")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            walk_strings(path, k, keypath + "{key}")
            walk_strings(path, v, f"{keypath}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            walk_strings(path, v, f"{keypath}[{i}]")

def expect(path, obj, typ, keypath):
    if not isinstance(obj, typ):
        report(path, line_of(path, keypath.rsplit(".", 1)[-1].split("[")[0]), "wrong-type",
               f"{keypath} is {type(obj).__name__}, expected {typ.__name__}")
        return False
    return True

def check_info(path, d):
    if not expect(path, d, dict, "$"):
        return
    for k in ("CFBundleIdentifier", "CFBundleName"):
        if not isinstance(d.get(k), str) or not d.get(k):
            report(path, 0, "missing-key", f"{k} missing or not a string")
    aliases = d.get("INAlternativeAppNames")
    if aliases is None:
        return
    if not expect(path, aliases, list, "$.INAlternativeAppNames"):
        return
    if len(aliases) > 3:
        report(path, line_of(path, "INAlternativeAppNames"), "too-many-aliases",
               f"{len(aliases)} INAlternativeAppNames (at most 3)")
    for i, a in enumerate(aliases):
        kp = f"$.INAlternativeAppNames[{i}]"
        if not expect(path, a, dict, kp):
            continue
        if not isinstance(a.get("INAlternativeAppName"), str):
            report(path, 0, "missing-key", f"{kp}.INAlternativeAppName missing")
        for k in a:
            if k not in ALIAS_KEYS:
                report(path, line_of(path, f"<key>{k}</key>"), "unknown-key", f"{kp}.{k} is not a known key")

def check_aiv(path, d, app_params, ids_seen):
    if not expect(path, d, dict, "$"):
        return
    for k in d:
        if k not in ("ParameterVocabularies", "IntentPhrases"):
            report(path, line_of(path, f"<key>{k}</key>"), "unknown-key", f"$.{k}")
    for i, pv in enumerate(d.get("ParameterVocabularies", []) if isinstance(d.get("ParameterVocabularies", []), list) else []):
        kp = f"$.ParameterVocabularies[{i}]"
        if not expect(path, pv, dict, kp):
            continue
        names = pv.get("ParameterNames")
        if expect(path, names, list, kp + ".ParameterNames"):
            for n in names:
                if not isinstance(n, str) or not re.fullmatch(r"IN[A-Za-z]+Intent\.[A-Za-z]+", n):
                    report(path, line_of(path, f"<string>{n}</string>"), "bad-parameter-name",
                           f"{kp}.ParameterNames {n!r} is not Intent.parameter")
                else:
                    intent, param = n.split(".")
                    app_params.setdefault(intent, set()).add(param)
        items = pv.get("ParameterVocabulary")
        local_ids = {}
        if expect(path, items, list, kp + ".ParameterVocabulary"):
            for j, it in enumerate(items):
                ikp = f"{kp}.ParameterVocabulary[{j}]"
                if not expect(path, it, dict, ikp):
                    continue
                ident = it.get("VocabularyItemIdentifier")
                if not isinstance(ident, str):
                    report(path, 0, "missing-key", f"{ikp}.VocabularyItemIdentifier")
                elif ident in local_ids:
                    report(path, line_of(path, f"<string>{ident}</string>", 2), "duplicate-identifier",
                           f"{ikp} repeats VocabularyItemIdentifier {ident!r} (also item {local_ids[ident]})")
                else:
                    local_ids[ident] = j
                    ids_seen.add(ident)
                syns = it.get("VocabularyItemSynonyms")
                if expect(path, syns, list, ikp + ".VocabularyItemSynonyms"):
                    for s, syn in enumerate(syns):
                        skp = f"{ikp}.VocabularyItemSynonyms[{s}]"
                        if expect(path, syn, dict, skp) and not isinstance(syn.get("VocabularyItemPhrase"), str):
                            report(path, line_of(path, "VocabularyItemPronunciation") or line_of(path, "VocabularyItemSynonyms"),
                                   "missing-phrase", f"{skp} has no VocabularyItemPhrase")
    phrases = d.get("IntentPhrases", [])
    if not expect(path, phrases, list, "$.IntentPhrases"):
        return
    for i, ip in enumerate(phrases):
        kp = f"$.IntentPhrases[{i}]"
        if not expect(path, ip, dict, kp):
            continue
        name = ip.get("IntentName")
        ex = ip.get("IntentExamples")
        if not isinstance(name, str):
            report(path, 0, "missing-key", f"{kp}.IntentName")
            continue
        if not expect(path, ex, list, f"{kp}.IntentExamples"):
            continue
        for e in ex:
            if isinstance(e, str):
                for ph in PLACEHOLDER.findall(e):
                    app_params.setdefault(name, set())
                    app_params.setdefault(("uses", name, ph), []).append((path, e))

def check_placeholders(app_params):
    for key, uses in list(app_params.items()):
        if not (isinstance(key, tuple) and key[0] == "uses"):
            continue
        _, intent, ph = key
        if ph == "applicationName":
            continue
        known = KNOWN_PARAMS.get(intent)
        declared = {k[2] for k in app_params if isinstance(k, tuple) and k[1] == intent} | app_params.get(intent, set())
        bad = (known is not None and ph not in known) or \
              (known is None and len(uses) == 1 and any(q != ph and q.lower() == ph.lower() for q in declared))
        if bad:
            path, e = uses[0]
            report(path, line_of(path, "${" + ph + "}"), "unknown-placeholder",
                   f"${{{ph}}} in {e!r} is not a parameter of {intent}")

def check_user_vocab(path, d):
    if not expect(path, d, dict, "$"):
        return
    for typ, arr in d.items():
        if typ not in KNOWN_TYPES:
            report(path, line_of(path, f"<key>{typ}</key>"), "unknown-vocabulary-type",
                   f"{typ!r} is not an INVocabularyStringType case name")
        if not expect(path, arr, list, f"$.{typ}"):
            continue
        ids = {}
        for i, v in enumerate(arr):
            if isinstance(v, dict):
                ident = v.get("vocabularyIdentifier")
                if not isinstance(v.get("spokenPhrase"), str):
                    report(path, 0, "missing-key", f"$.{typ}[{i}].spokenPhrase")
                if ident in ids:
                    report(path, line_of(path, f"<string>{ident}</string>", 2), "duplicate-identifier",
                           f"$.{typ}[{i}] repeats {ident!r}")
                ids[ident] = i
            elif not isinstance(v, str):
                report(path, 0, "wrong-type", f"$.{typ}[{i}] is {type(v).__name__}")

def check_app(app):
    info_path = os.path.join(app, "Info.plist")
    info = load(info_path)
    if info is not None:
        walk_strings(info_path, info)
        check_info(info_path, info)
    app_params, ids_seen = {}, set()
    for root, dirs, files in os.walk(app):
        dirs.sort()
        rel = os.path.relpath(root, app)
        if "AppIntentVocabulary.plist" in files and (rel == "." or root.endswith(".lproj")):
            p = os.path.join(root, "AppIntentVocabulary.plist")
            d = load(p)
            if d is not None:
                walk_strings(p, d)
                check_aiv(p, d, app_params, ids_seen)
    check_placeholders(app_params)
    uv = os.path.join(app, "UserVocabulary.plist")
    if os.path.exists(uv):
        d = load(uv)
        if d is not None:
            walk_strings(uv, d)
            check_user_vocab(uv, d)
    return info

def find_apps(top):
    if os.path.exists(os.path.join(top, "Info.plist")):
        return [top]
    out = []
    for root, dirs, files in os.walk(top):
        dirs.sort()
        if "Info.plist" in files:
            out.append(root)
            dirs[:] = []
    return out

def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    for top in argv[1:]:
        names = {}
        for app in find_apps(top):
            info = check_app(app)
            if isinstance(info, dict):
                names[app] = info
        # an alias equal to another app's name: allowed, reported as a warning only
        for app, info in names.items():
            for a in info.get("INAlternativeAppNames", []) if isinstance(info.get("INAlternativeAppNames"), list) else []:
                alias = a.get("INAlternativeAppName") if isinstance(a, dict) else None
                for other, oi in names.items():
                    if other != app and alias and alias in (oi.get("CFBundleName"), oi.get("CFBundleDisplayName")):
                        print(f"{app}/Info.plist: warning: alias {alias!r} is the name of {oi.get('CFBundleIdentifier')}")
    for p in problems:
        print(p)
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
