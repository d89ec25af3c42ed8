#!/usr/bin/env python3
"""A learned-intent peer: scikit-learn trained on the vocabulary's example phrases.

Trains on exactly what VocabKit's router sees, the `IntentExamples` templates of every app of
a vocabulary directory (all localizations; a template repeated in several localizations once),
each filled --fills times (default 5, seeded by --seed):

  ${applicationName}   one of the app's names (CFBundleName, CFBundleDisplayName,
                       CFBundleSpokenName, INAlternativeAppNames)
  a bound ${param}     a phrase of its vocabulary: the VocabularyItemPhrases of every
                       `ParameterVocabularies` entry naming Intent.param, and the spokenPhrase /
                       alternativeSpeakableMatches (or plain strings) of the UserVocabulary.plist
                       types the parameter binds to (ParameterBindings.swift: Apple's table for
                       standard intents, words of the parameter's name for custom ones)
  a free-text ${param} one of the values its intent's `ParameterExamples` give it, or without
                       any, one of a few fixed generic short phrases, in the template's script

With --standard-phrasings the peer trains on what the router trains on since VocabKit's bank
of everyday phrasings (Sources/VocabKitVocabulary/StandardPhrasings.swift): each app intent the
bank covers also gets the bank's templates of every language the app wrote examples of that
intent in (a root or Base localization is `en`, another the first part of its name, as
Router.language(of:)), minus those equal to one of the intent's examples (both lowercased),
exactly as CompiledVocabulary.standardTemplates does. They are filled like the app's templates, after them, so the app's own templates get the same fills as
without the option. The bank is read from the Swift file by a small regex-based reader of its
`table` literal (string literals, brackets, colons, commas and comments; anything else stops it
with an error), not by a Swift parser; --standard-phrasings-file reads another copy. Off by
default.

Label = (CFBundleIdentifier, IntentName). Model: a FeatureUnion of TF-IDF word 1-2-grams and
char_wb 2-4-grams, then LogisticRegression (--C, default 1.0; max_iter 2000). The answer is the
most probable label, or no intent when its probability is below a threshold.

The threshold is fitted on a development set that must not be a test file: --dev-positives and
--dev-negatives (JSON Lines, each line either VocabKit's corpus format or the shared-corpus
format {"text", "intent", "slots", "source"}). A shared-format line is expected to give its
intent when the vocabulary has an intent of that name (in the one app that has it; app not
scored when several have it) and no intent otherwise; in the --dev-negatives file a line whose
intent the vocabulary has is dropped (not a clean negative). Dev lines whose `source` or text
(case-folded, spaces collapsed) is in a --corpus file are dropped. The threshold is the one that
maximises the dev set's intent accuracy (scored as below; of equal ones the highest), placed
halfway between the highest rejected and the lowest accepted dev score. Without a dev set the threshold is 0 (always an
intent), and the output says so.

Scoring is `vocab eval`'s (Sources/VocabKitEvaluation/Evaluation.swift):
  intent accuracy   over lines whose `expect` has an `intent` key (negatives included): right
                    when the predicted intent equals the expected one (null = no intent); the
                    app is not part of it
  app accuracy      over lines with `expect.app`: right when the predicted app equals it
  false accepts     lines with `intent: null` for which an intent was predicted
plus `pos. intent+app`: over lines expecting an intent, right when the intent and (where
`expect.app` is given) the app are both right.

Usage:
  python3 Benchmarks/peers_intent.py --vocab DIR --corpus FILE [--corpus FILE ...]
      [--dev-positives FILE] [--dev-negatives FILE] [--seed 1] [--fills 5] [--C 1.0] [--json]
      [--standard-phrasings [--standard-phrasings-file FILE]]
Prints a markdown table (or, with --json, one JSON object a corpus). Runs on one thread.
Requirements: pip install scikit-learn
"""
import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one thread: the machine is shared

import argparse
import json
import plistlib
import random
import re
import sys
import time

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import FeatureUnion, make_pipeline

# ParameterBindings.swift, ported: Apple's standard intents and the user vocabulary types that
# serve their parameters.
MEDIA = ["mediaPlaylistTitle", "mediaMusicArtistName", "mediaShowTitle", "mediaAudiobookTitle",
         "mediaAudiobookAuthorName"]
STANDARD = {}
for _names, _types in (
    (["INSendMessageIntent.recipients", "INSearchForMessagesIntent.senders",
      "INSearchForMessagesIntent.recipients", "INStartCallIntent.contacts",
      "INStartAudioCallIntent.contacts", "INStartVideoCallIntent.contacts",
      "INSendPaymentIntent.payee", "INRequestPaymentIntent.payer",
      "INSearchForPhotosIntent.peopleInPhoto"], ["contactName"]),
    (["INSendMessageIntent.speakableGroupName", "INSearchForMessagesIntent.speakableGroupNames"],
     ["contactGroupName"]),
    (["INPlayMediaIntent.mediaSearch", "INAddMediaIntent.mediaSearch",
      "INSearchForMediaIntent.mediaSearch"], MEDIA),
    (["INAddMediaIntent.mediaDestination"], ["mediaPlaylistTitle"]),
    (["INAddTasksIntent.targetTaskList", "INSearchForNotebookItemsIntent.title",
      "INAppendToNoteIntent.targetNote", "INSetTaskAttributeIntent.targetTask"],
     ["notebookItemTitle"]),
    (["INCreateNoteIntent.groupName", "INSearchForNotebookItemsIntent.groupName",
      "INCreateTaskListIntent.groupName"], ["notebookItemGroupName"]),
    (["INSearchForPhotosIntent.albumName"], ["photoAlbumName"]),
    (["INSearchForPhotosIntent.searchTerms"], ["photoTag"]),
    (["INStartWorkoutIntent.workoutName"], ["workoutActivityName"]),
    (["INSendPaymentIntent.organizationName"], ["paymentsOrganizationName"]),
    (["INActivateCarSignalIntent.carName", "INGetCarPowerLevelStatusIntent.carName"], ["carName"]),
    (["INSetProfileInCarIntent.profileName"], ["carProfileName"]),
):
    for _name in _names:
        STANDARD[_name] = _types
STANDARD_INTENTS = {
    "INSendMessageIntent", "INStartCallIntent", "INSearchForMessagesIntent", "INPlayMediaIntent",
    "INAddMediaIntent", "INSearchForMediaIntent", "INAddTasksIntent", "INCreateTaskListIntent",
    "INCreateNoteIntent", "INAppendToNoteIntent", "INSearchForNotebookItemsIntent",
    "INSendPaymentIntent", "INRequestPaymentIntent", "INSearchForPhotosIntent",
    "INStartWorkoutIntent",
}
NAME_RULES = [("playlist", ["mediaPlaylistTitle"]), ("artist", ["mediaMusicArtistName"]),
              ("audiobook", ["mediaAudiobookTitle"]), ("author", ["mediaAudiobookAuthorName"]),
              ("show", ["mediaShowTitle"]), ("album", ["photoAlbumName"]),
              ("workout", ["workoutActivityName"]), ("group", ["contactGroupName"]),
              ("contact", ["contactName"]), ("recipient", ["contactName"]),
              ("person", ["contactName"]), ("sender", ["contactName"]),
              ("list", ["notebookItemTitle"]), ("note", ["notebookItemTitle"])]


def bound_types(intent, parameter):
    """ParameterBindings.types(for:): the user vocabulary types serving Intent.parameter."""
    if f"{intent}.{parameter}" in STANDARD:
        return STANDARD[f"{intent}.{parameter}"]
    if intent.startswith("IN") and intent in STANDARD_INTENTS:
        return []
    lowered = parameter.lower()
    return next((types for word, types in NAME_RULES if word in lowered), [])


# Generic short phrases for free-text parameters, by the template's script.
FREE_TEXT = {
    "en": ["milk", "the report", "tomorrow", "at five pm", "hello there", "something new",
           "my friend", "this week", "pay the rent", "good morning"],
    "zh": ["牛奶", "明天", "你好", "这首歌", "下午五点", "我的", "新东西", "这个周末"],
    "ru": ["молоко", "завтра", "привет", "в пять часов", "что-нибудь новое", "мой друг"],
    "hi": ["दूध", "कल", "नमस्ते", "पाँच बजे", "कुछ नया", "मेरा दोस्त"],
    "th": ["นม", "พรุ่งนี้", "สวัสดี", "ห้าโมงเย็น", "อะไรใหม่ๆ", "เพื่อนของฉัน"],
}
SCRIPTS = [("zh", re.compile(r"[\u3400-\u9fff]")), ("ru", re.compile(r"[\u0400-\u04ff]")),
           ("hi", re.compile(r"[\u0900-\u097f]")), ("th", re.compile(r"[\u0e00-\u0e7f]"))]
PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")


def script_of(text):
    return next((name for name, pattern in SCRIPTS if pattern.search(text)), "en")


STANDARD_PHRASINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources",
                                  "VocabKitVocabulary", "StandardPhrasings.swift")
# A token of the `table` literal: white space or a comment (skipped), a string literal, or one of
# the punctuation marks of array and dictionary literals.
SWIFT_TOKEN = re.compile(r'\s+|//[^\n]*|/\*.*?\*/|"((?:[^"\\\n]|\\.)*)"|([\[\]:,])', re.S)
SWIFT_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]{1,8}\}|.)")
SWIFT_ESCAPES = {"0": "\0", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", '"': '"', "'": "'"}


def swift_string(body, path):
    """The value of a Swift string literal's body (no interpolation)."""
    def escape(match):
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        if code not in SWIFT_ESCAPES:
            sys.exit(f"{path}: unsupported escape \\{code} in the table literal")
        return SWIFT_ESCAPES[code]
    return SWIFT_ESCAPE.sub(escape, body)


def read_standard_phrasings(path):
    """StandardPhrasings.swift's `table`: intent -> language -> templates.

    Reads the literal after `static let table ... =` token by token (SWIFT_TOKEN) until its outer
    bracket closes, and nests the tokens: `[a, b]` is a list, `[k: v, ...]` (or `[:]`) a dict.
    """
    text = open(path, encoding="utf-8").read()
    start = re.search(r"\bstatic\s+let\s+table\b[^=]*=", text)
    if not start:
        sys.exit(f"{path}: no `static let table ... =` found")
    tokens, depth, position = [], 0, start.end()
    while True:
        match = SWIFT_TOKEN.match(text, position)
        if not match:
            line = text.count("\n", 0, position) + 1
            sys.exit(f"{path}:{line}: unexpected text in the table literal: {text[position:position + 30]!r}")
        position = match.end()
        if match.group(2):
            tokens.append(("mark", match.group(2)))
            depth += {"[": 1, "]": -1}.get(match.group(2), 0)
            if depth == 0:
                break
        elif match.group(1) is not None:
            tokens.append(("string", swift_string(match.group(1), path)))

    def literal(index):
        """The value starting at tokens[index], and the index after it."""
        kind, value = tokens[index]
        if kind == "string":
            return value, index + 1
        if value != "[":
            sys.exit(f"{path}: unexpected {value!r} in the table literal")
        index += 1
        items, is_dictionary = [], False
        while tokens[index] != ("mark", "]"):
            if tokens[index] == ("mark", ":"):  # [:], the empty dictionary
                is_dictionary = True
                index += 1
                continue
            item, index = literal(index)
            if tokens[index] == ("mark", ":"):
                is_dictionary = True
                value, index = literal(index + 1)
                item = (item, value)
            items.append(item)
            if tokens[index] == ("mark", ","):
                index += 1
            elif tokens[index] != ("mark", "]"):
                sys.exit(f"{path}: expected ',' or ']' in the table literal")
        return (dict(items) if is_dictionary else items), index + 1

    table, _ = literal(0)
    if not isinstance(table, dict) or not all(
            isinstance(languages, dict) and all(isinstance(texts, list) for texts in languages.values())
            for languages in table.values()):
        sys.exit(f"{path}: the table literal is not [intent: [language: [template]]]")
    return table


def language_of(localization):
    """Router.language(of:): `en` for the root or Base localization, else the first part, lowercased."""
    if localization in ("", "Base"):
        return "en"
    return re.split(r"[-_]", localization)[0].lower()


def add_standard_phrasings(apps, table):
    """Appends to each app's templates the bank's templates of its intents, by the compiler's rule
    (CompiledVocabulary.standardTemplates): for an intent the bank covers, in each language the
    app wrote examples in (the intent's own first, then all the app's, in the order first seen),
    each bank template that is neither one of the intent's examples (both lowercased)
    nor already added. Returns how many were added."""
    added = 0
    for app in apps:
        for intent in dict.fromkeys(intent for intent, _, _ in app["examples"]):
            if intent not in table:
                continue
            own = {text.lower() for name, _, text in app["examples"] if name == intent}
            languages = dict.fromkeys(
                [language_of(localization) for name, localization, _ in app["examples"] if name == intent]
                + [language_of(localization) for _, localization, _ in app["examples"]])
            for language in languages:
                for text in table[intent].get(language, []):
                    if text.lower() not in own:
                        own.add(text.lower())
                        app["templates"].append((intent, text))
                        added += 1
    return added


def load_plist(path):
    with open(path, "rb") as handle:
        return plistlib.load(handle)


def strings_file(path):
    """The "key" = "value"; pairs of an InfoPlist.strings file (enough for app names)."""
    raw = open(path, "rb").read()
    text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode("utf-8")
    return dict(re.findall(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text))


def load_apps(directory):
    """Every folder holding an Info.plist: bundle id, names, templates, parameter vocabularies."""
    apps = []
    for root, dirs, files in sorted(os.walk(directory)):
        dirs.sort()
        if "Info.plist" not in files:
            continue
        info = load_plist(os.path.join(root, "Info.plist"))
        vocabulary_files, strings = [], {}
        if "AppIntentVocabulary.plist" in files:
            vocabulary_files.append(os.path.join(root, "AppIntentVocabulary.plist"))
        for entry in sorted(os.listdir(root)):
            if entry.endswith(".lproj"):
                folder = os.path.join(root, entry)
                if os.path.isfile(os.path.join(folder, "AppIntentVocabulary.plist")):
                    vocabulary_files.append(os.path.join(folder, "AppIntentVocabulary.plist"))
                if os.path.isfile(os.path.join(folder, "InfoPlist.strings")):
                    for key, value in strings_file(os.path.join(folder, "InfoPlist.strings")).items():
                        strings.setdefault(key, []).append(value)
        names = [info.get(key) for key in ("CFBundleName", "CFBundleDisplayName", "CFBundleSpokenName")]
        for alternative in info.get("INAlternativeAppNames", []) or []:
            name = alternative.get("INAlternativeAppName") if isinstance(alternative, dict) else None
            names.extend(strings.get(name, [name]))
        templates = {}  # (intent, template) -> None, in first-seen order
        examples = []  # (intent, localization, template), every one: for --standard-phrasings
        parameter_phrases = {}  # "Intent.param" -> phrases
        free_values = {}  # "Intent.param" -> ParameterExamples values
        for path in vocabulary_files:
            vocabulary = load_plist(path)
            folder = os.path.basename(os.path.dirname(path))
            localization = folder[:-len(".lproj")] if folder.endswith(".lproj") else ""
            for phrase in vocabulary.get("IntentPhrases", []) or []:
                for example in phrase.get("IntentExamples", []) or []:
                    templates.setdefault((phrase["IntentName"], example), None)
                    examples.append((phrase["IntentName"], localization, example))
                for name, values in (phrase.get("ParameterExamples") or {}).items():
                    key = f'{phrase["IntentName"]}.{name}'
                    free_values[key] = list(dict.fromkeys(free_values.get(key, []) + list(values)))
            for entry in vocabulary.get("ParameterVocabularies", []) or []:
                phrases = [synonym["VocabularyItemPhrase"]
                           for item in entry.get("ParameterVocabulary", []) or []
                           for synonym in item.get("VocabularyItemSynonyms", []) or []
                           if synonym.get("VocabularyItemPhrase")]
                for name in entry.get("ParameterNames", []) or []:
                    parameter_phrases.setdefault(name, []).extend(phrases)
        user = {}
        if "UserVocabulary.plist" in files:
            for kind, items in load_plist(os.path.join(root, "UserVocabulary.plist")).items():
                for item in items:
                    if isinstance(item, str):
                        user.setdefault(kind, []).append(item)
                    elif isinstance(item, dict):
                        if item.get("spokenPhrase"):
                            user.setdefault(kind, []).append(item["spokenPhrase"])
                        for match in item.get("alternativeSpeakableMatches", []) or []:
                            match = match.get("spokenPhrase") if isinstance(match, dict) else match
                            if match:
                                user.setdefault(kind, []).append(match)
        apps.append({"id": info["CFBundleIdentifier"], "names": list(dict.fromkeys(n for n in names if n)),
                     "templates": list(templates), "examples": examples,
                     "parameters": parameter_phrases, "user": user, "free": free_values})
    return apps


def training_data(apps, fills, seed):
    """(texts, labels): every template of every app filled `fills` times."""
    rng = random.Random(seed)
    texts, labels = [], []
    for app in apps:
        for intent, template in app["templates"]:
            for _ in range(fills):
                def value(match):
                    parameter = match.group(1)
                    if parameter == "applicationName":
                        choices = app["names"]
                    else:
                        choices = list(app["parameters"].get(f"{intent}.{parameter}", []))
                        for kind in bound_types(intent, parameter):
                            choices.extend(app["user"].get(kind, []))
                    choices = choices or app["free"].get(f"{intent}.{parameter}", [])
                    return rng.choice(choices or FREE_TEXT[script_of(template)])
                texts.append(PLACEHOLDER.sub(value, template))
                labels.append(f"{app['id']}\t{intent}")
    return texts, labels


def read_corpus(path):
    """VocabKit corpus lines: dicts with id, text, scores_intent, intent, app, source."""
    lines, skipped = [], 0
    for number, raw in enumerate(open(path, encoding="utf-8"), 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            text = record["text"]
            assert isinstance(text, str)
        except (ValueError, KeyError, AssertionError, TypeError):
            skipped += 1
            continue
        expect = record.get("expect") or {}
        lines.append({"id": record.get("id", f"{path}:{number}"), "text": text,
                      "scores_intent": "intent" in expect, "intent": expect.get("intent"),
                      "app": expect.get("app"), "source": record.get("source")})
    return lines, skipped


def read_dev(path, negatives_file, apps_of_intent):
    """Dev lines from a VocabKit or shared-format file, and how many were dropped."""
    lines, dropped = [], 0
    for raw in open(path, encoding="utf-8"):
        if not raw.strip():
            continue
        record = json.loads(raw)
        if "expect" in record:
            expect = record["expect"] or {}
            if "intent" not in expect:
                dropped += 1
                continue
            intent, app = expect.get("intent"), expect.get("app")
        else:
            intent = record.get("intent")
            if intent not in apps_of_intent:
                intent = None
            elif negatives_file:
                dropped += 1  # an intent the vocabulary has: not a clean negative
                continue
            owners = apps_of_intent.get(intent, [])
            app = owners[0] if intent and len(owners) == 1 else None
        lines.append({"text": record["text"], "scores_intent": True, "intent": intent, "app": app,
                      "source": record.get("source")})
    return lines, dropped


def text_key(text):
    return " ".join(text.casefold().split())


def predict(model, texts):
    """(intent, app, top probability) for each text."""
    probabilities = model.predict_proba(texts)
    best = probabilities.argmax(axis=1)
    results = []
    for index, column in enumerate(best):
        app, intent = model.classes_[column].split("\t", 1)
        results.append((intent, app, float(probabilities[index, column])))
    return results


def fit_threshold(lines, predictions):
    """The threshold maximising dev intent accuracy, and that accuracy."""
    scores = np.array([p for _, _, p in predictions])
    accept_right = np.array([line["intent"] == intent for line, (intent, _, _) in zip(lines, predictions)])
    reject_right = np.array([line["intent"] is None for line in lines])
    order = np.argsort(-scores, kind="stable")
    scores, accept_right, reject_right = scores[order], accept_right[order], reject_right[order]
    # Accepting the k best: right = accepted right + rejected right; k only at score changes.
    accepted = np.concatenate([[0], np.cumsum(accept_right)])
    rejected = np.concatenate([np.cumsum(reject_right[::-1])[::-1], [0]])
    right = accepted + rejected
    valid = [k for k in range(len(scores) + 1)
             if k in (0, len(scores)) or scores[k - 1] != scores[k]]
    best = max(right[k] for k in valid)
    k = min(k for k in valid if right[k] == best)  # ties: the highest such threshold
    lowest_accepted = scores[k - 1] if k > 0 else 1.0
    highest_rejected = scores[k] if k < len(scores) else 0.0
    threshold = (lowest_accepted + highest_rejected) / 2 if k > 0 else 1.0 + 1e-9  # k = 0: none
    return threshold, best / max(len(scores), 1)


def score(lines, predictions, threshold):
    intent_total = intent_right = app_total = app_right = 0
    positives = positive_right = negatives = false_accepts = 0
    for line, (intent, app, probability) in zip(lines, predictions):
        if probability < threshold:
            intent = app = None
        if line["scores_intent"]:
            intent_total += 1
            intent_right += intent == line["intent"]
            if line["intent"] is None:
                negatives += 1
                false_accepts += intent is not None
            else:
                positives += 1
                positive_right += intent == line["intent"] and (line["app"] is None or app == line["app"])
        if line["app"] is not None:
            app_total += 1
            app_right += app == line["app"]

    def ratio(a, b):
        return 1.0 if b == 0 else a / b
    return {"lines": len(lines), "intent_lines": intent_total,
            "intent_accuracy": round(ratio(intent_right, intent_total), 4),
            "app_lines": app_total, "app_accuracy": round(ratio(app_right, app_total), 4),
            "positives": positives, "positive_intent_app_accuracy": round(ratio(positive_right, positives), 4),
            "negatives": negatives, "false_accepts": false_accepts,
            "false_accept_rate": round(false_accepts / negatives, 4) if negatives else 0.0}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", required=True, help="vocabulary directory")
    parser.add_argument("--corpus", action="append", required=True, help="test corpus (repeatable)")
    parser.add_argument("--dev-positives", help="dev lines for the threshold (not a test file)")
    parser.add_argument("--dev-negatives", help="dev negatives for the threshold (not a test file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fills", type=int, default=5, help="fills per template (default 5)")
    parser.add_argument("--C", type=float, default=1.0, help="LogisticRegression C (default 1.0)")
    parser.add_argument("--json", action="store_true", help="one JSON object a corpus")
    parser.add_argument("--standard-phrasings", action="store_true",
                        help="also train on VocabKit's bank of standard-intent phrasings, as the router does")
    parser.add_argument("--standard-phrasings-file", default=STANDARD_PHRASINGS,
                        help="the StandardPhrasings.swift to read (default: the package's)")
    args = parser.parse_args()

    start = time.perf_counter()
    apps = load_apps(args.vocab)
    if not apps:
        sys.exit(f"no app (folder with an Info.plist) in {args.vocab}")
    bank = None
    if args.standard_phrasings:
        bank = add_standard_phrasings(apps, read_standard_phrasings(args.standard_phrasings_file))
    texts, labels = training_data(apps, args.fills, args.seed)
    model = make_pipeline(
        FeatureUnion([("word", TfidfVectorizer(analyzer="word", ngram_range=(1, 2))),
                      ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)))]),
        LogisticRegression(C=args.C, max_iter=2000))
    model.fit(texts, labels)
    train_seconds = time.perf_counter() - start
    templates = sum(len(app["templates"]) for app in apps)

    corpora = []
    for path in args.corpus:
        lines, skipped = read_corpus(path)
        corpora.append((path, lines, skipped))

    threshold, note, dev = 0.0, "no dev set: threshold 0, always an intent", None
    if args.dev_positives or args.dev_negatives:
        apps_of_intent = {}
        for app in apps:
            for intent in dict.fromkeys(intent for intent, _ in app["templates"]):
                apps_of_intent.setdefault(intent, []).append(app["id"])
        test_sources = {line["source"] for _, lines, _ in corpora for line in lines if line["source"]}
        test_texts = {text_key(line["text"]) for _, lines, _ in corpora for line in lines}
        dev_lines, dropped, overlap = [], 0, 0
        for path, negatives_file in ((args.dev_positives, False), (args.dev_negatives, True)):
            if path:
                lines, left_out = read_dev(path, negatives_file, apps_of_intent)
                dropped += left_out
                for line in lines:
                    if line["source"] in test_sources or text_key(line["text"]) in test_texts:
                        overlap += 1
                    else:
                        dev_lines.append(line)
        if not dev_lines:
            sys.exit("the dev set is empty")
        threshold, dev_accuracy = fit_threshold(dev_lines, predict(model, [l["text"] for l in dev_lines]))
        dev_negatives = sum(line["intent"] is None for line in dev_lines)
        dev = {"lines": len(dev_lines), "positives": len(dev_lines) - dev_negatives,
               "negatives": dev_negatives, "dropped_modelled_negatives": dropped,
               "dropped_test_overlap": overlap, "accuracy": round(dev_accuracy, 4)}
        note = (f"threshold {threshold:.3f} fitted on {len(dev_lines)} dev lines "
                f"({dev['positives']} positive, {dev_negatives} negative; dropped {overlap} that "
                f"overlap the test corpora and {dropped} modelled-intent lines of the negatives "
                f"file); dev intent accuracy {dev_accuracy:.3f}")

    rows = []
    for path, lines, skipped in corpora:
        result = {"corpus": path, "vocab": args.vocab}
        result.update(score(lines, predict(model, [line["text"] for line in lines]), threshold))
        result.update({"skipped_lines": skipped, "threshold": round(threshold, 4),
                       "threshold_source": "dev" if dev else "none (always an intent)",
                       "dev": dev, "templates": templates, "train_examples": len(texts),
                       "labels": len(set(labels)), "train_seconds": round(train_seconds, 2),
                       "C": args.C, "seed": args.seed, "fills": args.fills})
        if bank is not None:
            result["standard_phrasings"] = bank  # templates of the bank among `templates`
        rows.append(result)
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return
    print(f"TF-IDF word 1-2 + char_wb 2-4, LogisticRegression(C={args.C:g}) on {templates} templates "
          f"x {args.fills} fills = {len(texts)} examples, {len(set(labels))} labels; "
          f"trained in {train_seconds:.2f} s"
          + (f" (templates include {bank} of VocabKit's standard phrasings)" if bank is not None else "")
          + f". {note}.\n")
    print("| corpus | lines | intent acc | app acc | pos. intent+app | false accepts | train s |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        fa = (f"{row['false_accepts']}/{row['negatives']} ({row['false_accept_rate']:.3f})"
              if row["negatives"] else "–")
        app = f"{row['app_accuracy']:.3f}" if row["app_lines"] else "–"
        positive = f"{row['positive_intent_app_accuracy']:.3f}" if row["positives"] else "–"
        print(f"| {os.path.basename(row['corpus'])} | {row['lines']} | {row['intent_accuracy']:.3f} | "
              f"{app} | {positive} | {fa} | {row['train_seconds']:.2f} |")


if __name__ == "__main__":
    main()
