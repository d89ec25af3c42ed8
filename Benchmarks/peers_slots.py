#!/usr/bin/env python3
"""A learned slot-filling peer: a scikit-learn token tagger trained on the vocabulary's example phrases.

Something like Snips NLU's CRF slot filler, built from scikit-learn because no CRF library is
installed (sklearn-crfsuite / python-crfsuite are not available here). Each token is classified
on its own, so nothing learns which tag may follow which: there are no transition weights and
no Viterbi decoding.

Training data is peers_intent.py's, imported rather than copied: the `IntentExamples` templates
of every app of a vocabulary directory, each filled --fills times (default 5, seeded by --seed)
by peers_intent's rules (a bound ${param} gets one of its vocabulary phrases, by
peers_intent.bound_types; a free-text ${param} one of peers_intent.FREE_TEXT's generic short
phrases; ${applicationName} one of the app's names). The filling is redone here so as to keep
where each value went, with the same random draws in the same order; the texts are checked to
be exactly peers_intent.training_data's. Each filled text is cut into tokens (runs of letters,
marks and digits, split at white space and punctuation; each Han, kana and Thai character is a
token of its own, as Chinese and Thai are written without spaces) and each token is tagged BIO
with the name of the ${param} its first character came from (O for the template's own words;
${applicationName} is tagged too).

Model: per token, a dict of features (the token as written and lowercased, its lowercase prefixes
and suffixes of 1-3 characters, whether it is all digits, the lowercased tokens 1 and 2 before
and after, and `intent=<app, intent>`), DictVectorizer, then one LogisticRegression (--slot-C,
default 1.0; lbfgs, max_iter 1000) over all B-/I-/O tags of all intents. In training the intent
feature is the template's own intent; at test time it is the one peers_intent's model (same
features and options: TF-IDF word 1-2 + char_wb 2-4, LogisticRegression --C) predicts for the
line. The intent threshold is 0: the peer never declines, so every line gets an intent and
every line expecting no intent counts wrong for intent accuracy.

Decoding, greedy: each token takes its most probable tag among O and the B-/I- tags of the
predicted intent's parameters (the placeholders of its templates), so only the predicted
intent's slots can come out, as only the routed intent's slots come out of VocabKit. A span
starts at a B- tag, or at an I- tag not continuing a span of the same name, and runs over the
following I- tags of that name. When a slot name gets several spans, the one with the highest
mean tag probability is kept.

Values: the span's text is the original utterance from its first token's first character to
its last token's last character. A slot is bound when the predicted app and intent give it
vocabulary (the same phrases the training fills drew from: ParameterVocabularies of
Intent.param and the UserVocabulary types peers_intent.bound_types gives); its value is then
the identifier of the phrase with the best rapidfuzz fuzz.WRatio to the span text (both through
rapidfuzz.utils.default_process; no cutoff, so a bound span always resolves to something; ties:
the first phrase in vocabulary order). Otherwise the slot is free text and its value is the
span text.

Scoring is `vocab eval`'s slot scoring (Sources/VocabKitEvaluation/Evaluation.swift, scoreSlot
and sameText), with its corpus reading (Corpus.swift: malformed lines and lines over 4096
characters skipped; a slot that is neither a string nor {"disambiguation": [ids]} not scored):
every expected slot of every line counts, whatever the intent; it is right when the peer has a
slot of that name and its value equals the expected identifier (bound) or the expected text
after lowercasing and keeping only alphabetic characters and the digits 0-9 (free text). An
expected {"disambiguation": [ids]} is right for VocabKit only when it asks exactly those ids;
the peer cannot ask, so such a slot always counts wrong for the peer (the output says how many).
`unscored_slots` are ignored, as `vocab eval` ignores them. Intent accuracy is peers_intent.score's
(threshold 0).

What it cannot do: ask a disambiguation or decline a slot; turn a misheard phrase into a
vocabulary item by sound (WRatio is spelling only); resolve dates, numbers or relationships
(the value is the span text); learn what free-text slots look like (they are trained on
peers_intent's generic fillers such as "good morning", not on dates or titles); use n-best
alternatives (only `text` is tagged).

Usage:
  python3 Benchmarks/peers_slots.py --vocab DIR --corpus FILE [--corpus FILE ...]
      [--seed 1] [--fills 5] [--C 1.0] [--slot-C 1.0] [--json]
Prints markdown tables (or, with --json, one JSON object a corpus). Runs on one thread.
Requirements: pip install scikit-learn rapidfuzz regex
"""
import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one thread: the machine is shared

import argparse
import json
import random
import sys
import time
from collections import Counter

import numpy as np
import regex
from rapidfuzz import fuzz, process, utils
from sklearn.feature_extraction import DictVectorizer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import FeatureUnion, make_pipeline

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers_intent  # noqa: E402

MAXIMUM_UTTERANCE_LENGTH = 4096  # Router.maximumUtteranceLength
PER_CHARACTER = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}"
TOKEN = regex.compile(rf"(?=\P{{M}})[{PER_CHARACTER}]\p{{M}}*"
                      rf"|(?:(?![{PER_CHARACTER}])[\p{{L}}\p{{M}}\p{{N}}])+")
KEPT_BY_SAME_TEXT = regex.compile(r"[\p{Alphabetic}0-9]")


def tokenize(text):
    """[(token, start, end)]: the tokens of `text` with their character offsets."""
    return [(match.group(), match.start(), match.end()) for match in TOKEN.finditer(text)]


def same_text(a, b):
    """Evaluator.sameText: equal after lowercasing and keeping alphabetic scalars and 0-9."""
    def key(text):
        return "".join(KEPT_BY_SAME_TEXT.findall(text.lower()))
    return key(a) == key(b)


def choices_for(app, intent, parameter):
    """What peers_intent.training_data draws a placeholder's value from (before the free-text
    fallback)."""
    if parameter == "applicationName":
        return app["names"]
    choices = list(app["parameters"].get(f"{intent}.{parameter}", []))
    for kind in peers_intent.bound_types(intent, parameter):
        choices.extend(app["user"].get(kind, []))
    return choices


def labelled_training_data(apps, fills, seed):
    """[(text, label, [(start, end, parameter)])]: peers_intent.training_data's fills, with
    where each value went (the same random draws, in the same order)."""
    rng = random.Random(seed)
    examples = []
    for app in apps:
        for intent, template in app["templates"]:
            for _ in range(fills):
                pieces, spans, cursor, length = [], [], 0, 0
                for match in peers_intent.PLACEHOLDER.finditer(template):
                    literal = template[cursor:match.start()]
                    pieces.append(literal)
                    length += len(literal)
                    parameter = match.group(1)
                    value = rng.choice(choices_for(app, intent, parameter)
                                       or peers_intent.FREE_TEXT[peers_intent.script_of(template)])
                    spans.append((length, length + len(value), parameter))
                    pieces.append(value)
                    length += len(value)
                    cursor = match.end()
                pieces.append(template[cursor:])
                examples.append(("".join(pieces), f"{app['id']}\t{intent}", spans))
    return examples


def bio_tags(tokens, spans):
    """The BIO tag of each token: the span its first character falls in."""
    tags, previous = [], None
    for _, start, _ in tokens:
        span = next((span for span in spans if span[0] <= start < span[1]), None)
        if span is None:
            tags.append("O")
        else:
            tags.append(("I-" if span is previous else "B-") + span[2])
        previous = span
    return tags


def token_features(tokens, label):
    """One feature dict a token."""
    lowered = [token.lower() for token, _, _ in tokens]
    rows = []
    for index, (token, _, _) in enumerate(tokens):
        word = lowered[index]
        row = {"bias": 1.0, f"w={token}": 1.0, f"lw={word}": 1.0,
               "digit": float(word.isdigit()), f"intent={label}": 1.0}
        for size in (1, 2, 3):
            row[f"p{size}={word[:size]}"] = 1.0
            row[f"s{size}={word[-size:]}"] = 1.0
        for offset in (-2, -1, 1, 2):
            position = index + offset
            neighbour = (lowered[position] if 0 <= position < len(tokens)
                         else "<s>" if position < 0 else "</s>")
            row[f"w{offset:+d}={neighbour}"] = 1.0
        rows.append(row)
    return rows


def load_identifiers(directory):
    """bundle id -> {"parameters": {"Intent.param": [(phrase, identifier)]},
    "user": {type: [(phrase, identifier)]}}, read as peers_intent.load_apps reads the phrases
    (same files, same order) but keeping each phrase's item identifier (AppLoader.swift:
    VocabularyItemIdentifier; vocabularyIdentifier, else the spokenPhrase; a plain string is its
    own identifier)."""
    result = {}
    for root, dirs, files in sorted(os.walk(directory)):
        dirs.sort()
        if "Info.plist" not in files:
            continue
        info = peers_intent.load_plist(os.path.join(root, "Info.plist"))
        vocabulary_files = []
        if "AppIntentVocabulary.plist" in files:
            vocabulary_files.append(os.path.join(root, "AppIntentVocabulary.plist"))
        for entry in sorted(os.listdir(root)):
            path = os.path.join(root, entry, "AppIntentVocabulary.plist")
            if entry.endswith(".lproj") and os.path.isfile(path):
                vocabulary_files.append(path)
        parameters = {}
        for path in vocabulary_files:
            for entry in peers_intent.load_plist(path).get("ParameterVocabularies", []) or []:
                pairs = [(synonym["VocabularyItemPhrase"], item.get("VocabularyItemIdentifier"))
                         for item in entry.get("ParameterVocabulary", []) or []
                         for synonym in item.get("VocabularyItemSynonyms", []) or []
                         if synonym.get("VocabularyItemPhrase")]
                for name in entry.get("ParameterNames", []) or []:
                    parameters.setdefault(name, []).extend(pairs)
        user = {}
        if "UserVocabulary.plist" in files:
            for kind, items in peers_intent.load_plist(os.path.join(root, "UserVocabulary.plist")).items():
                for item in items:
                    if isinstance(item, str):
                        user.setdefault(kind, []).append((item, item))
                    elif isinstance(item, dict):
                        identifier = item.get("vocabularyIdentifier") or item.get("spokenPhrase")
                        if item.get("spokenPhrase"):
                            user.setdefault(kind, []).append((item["spokenPhrase"], identifier))
                        for match in item.get("alternativeSpeakableMatches", []) or []:
                            match = match.get("spokenPhrase") if isinstance(match, dict) else match
                            if match:
                                user.setdefault(kind, []).append((match, identifier))
        result[info["CFBundleIdentifier"]] = {"parameters": parameters, "user": user}
    return result


def read_corpus(path):
    """Corpus.read: (lines, skipped); a line is a dict with id, text, scores_intent, intent, app
    and slots {name: ("value", text) or ("disambiguation", ids)}."""
    lines, skipped = [], 0
    with open(path, "rb") as handle:
        raw_lines = handle.read().split(b"\n")
    for raw in raw_lines:
        if all(byte in b" \t\r" for byte in raw):
            continue
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            skipped += 1
            continue
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            skipped += 1
            continue
        expect = record.get("expect")
        expect = {} if expect is None else expect
        if (not isinstance(expect, dict)
                or any(record.get(key) is not None and not isinstance(record[key], str)
                       for key in ("id", "locale"))
                or any(expect.get(key) is not None and not isinstance(expect[key], str)
                       for key in ("app", "intent"))
                or (expect.get("slots") is not None and not isinstance(expect["slots"], dict))
                or len(record["text"]) > MAXIMUM_UTTERANCE_LENGTH):
            skipped += 1
            continue
        slots = {}
        for name, value in (expect.get("slots") or {}).items():
            if isinstance(value, str):
                slots[name] = ("value", value)
            elif (isinstance(value, dict) and isinstance(value.get("disambiguation"), list)
                  and all(isinstance(i, str) for i in value["disambiguation"])):
                slots[name] = ("disambiguation", value["disambiguation"])
        lines.append({"id": record.get("id"), "text": record["text"],
                      "scores_intent": "intent" in expect, "intent": expect.get("intent"),
                      "app": expect.get("app"), "slots": slots})
    return lines, skipped


class SlotPeer:
    def __init__(self, apps, identifiers, fills, seed, intent_C, slot_C):
        self.apps = {app["id"]: app for app in apps}
        self.identifiers = identifiers
        examples = labelled_training_data(apps, fills, seed)
        texts, labels = peers_intent.training_data(apps, fills, seed)
        if [text for text, _, _ in examples] != texts or [label for _, label, _ in examples] != labels:
            sys.exit("the filled templates differ from peers_intent.training_data's")
        self.examples = len(texts)
        self.intent_model = make_pipeline(
            FeatureUnion([("word", TfidfVectorizer(analyzer="word", ngram_range=(1, 2))),
                          ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)))]),
            LogisticRegression(C=intent_C, max_iter=2000))
        self.intent_model.fit(texts, labels)
        rows, tags = [], []
        self.parameters = {}  # label -> placeholder names of its templates
        for text, label, spans in examples:
            tokens = tokenize(text)
            rows.extend(token_features(tokens, label))
            tags.extend(bio_tags(tokens, spans))
            self.parameters.setdefault(label, set()).update(name for _, _, name in spans)
        self.tokens = len(tags)
        self.vectorizer = DictVectorizer()
        self.tagger = LogisticRegression(C=slot_C, max_iter=1000)
        self.tagger.fit(self.vectorizer.fit_transform(rows), tags)
        self.classes = list(self.tagger.classes_)
        self.phrases = {}  # (app, intent, parameter) -> ([phrase], [identifier])

    def vocabulary(self, app, intent, parameter):
        """The phrases and identifiers serving a parameter (empty: free text)."""
        key = (app, intent, parameter)
        if key not in self.phrases:
            known = self.identifiers.get(app, {"parameters": {}, "user": {}})
            pairs = list(known["parameters"].get(f"{intent}.{parameter}", []))
            for kind in peers_intent.bound_types(intent, parameter):
                pairs.extend(known["user"].get(kind, []))
            if parameter != "applicationName":  # the same phrases the fills drew from
                assert [p for p, _ in pairs] == choices_for(self.apps[app], intent, parameter)
            self.phrases[key] = ([p for p, _ in pairs], [i for _, i in pairs])
        return self.phrases[key]

    def predict(self, texts):
        """[(intent, app, {slot: (value, is_free_text)})] for each text."""
        intents = peers_intent.predict(self.intent_model, texts)
        results = []
        for text, (intent, app, _) in zip(texts, intents):
            label = f"{app}\t{intent}"
            tokens = tokenize(text)
            slots = {}
            if tokens:
                probabilities = self.tagger.predict_proba(
                    self.vectorizer.transform(token_features(tokens, label)))
                allowed = self.parameters.get(label, set())
                mask = np.array([tag == "O" or tag[2:] in allowed for tag in self.classes])
                probabilities = np.where(mask, probabilities, -1.0)
                best = probabilities.argmax(axis=1)
                spans = []  # [name, first token, last token, [probabilities]]
                for index, column in enumerate(best):
                    tag = self.classes[column]
                    if tag == "O":
                        continue
                    name = tag[2:]
                    if tag.startswith("I-") and spans and spans[-1][0] == name and spans[-1][2] == index - 1:
                        spans[-1][2] = index
                        spans[-1][3].append(probabilities[index, column])
                    else:
                        spans.append([name, index, index, [probabilities[index, column]]])
                chosen = {}
                for name, first, last, scores in spans:
                    mean = sum(scores) / len(scores)
                    if name not in chosen or mean > chosen[name][0]:
                        chosen[name] = (mean, text[tokens[first][1]:tokens[last][2]])
                for name, (_, span) in chosen.items():
                    phrases, identifiers = self.vocabulary(app, intent, name)
                    if phrases:
                        _, _, position = process.extractOne(
                            span, phrases, scorer=fuzz.WRatio, processor=utils.default_process)
                        slots[name] = (identifiers[position], False)
                    else:
                        slots[name] = (span, True)
            results.append((intent, app, slots))
        return results


def score_slots(lines, predictions):
    """Evaluator's slot tally: right and total by slot name, and the expected disambiguations."""
    right, total, disambiguations = Counter(), Counter(), 0
    for line, (_, _, slots) in zip(lines, predictions):
        for name, (kind, expected) in sorted(line["slots"].items()):
            total[name] += 1
            if kind == "disambiguation":
                disambiguations += 1  # the peer cannot ask: wrong
                continue
            got = slots.get(name)
            if got is not None:
                value, is_free_text = got
                right[name] += same_text(value, expected) if is_free_text else value == expected
    return right, total, disambiguations


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", required=True, help="vocabulary directory")
    parser.add_argument("--corpus", action="append", required=True, help="test corpus (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fills", type=int, default=5, help="fills per template (default 5)")
    parser.add_argument("--C", type=float, default=1.0, help="intent LogisticRegression C (default 1.0)")
    parser.add_argument("--slot-C", type=float, default=1.0, help="tagger LogisticRegression C (default 1.0)")
    parser.add_argument("--json", action="store_true", help="one JSON object a corpus")
    args = parser.parse_args()

    start = time.perf_counter()
    apps = peers_intent.load_apps(args.vocab)
    if not apps:
        sys.exit(f"no app (folder with an Info.plist) in {args.vocab}")
    peer = SlotPeer(apps, load_identifiers(args.vocab), args.fills, args.seed, args.C, args.slot_C)
    train_seconds = time.perf_counter() - start

    rows = []
    for path in args.corpus:
        lines, skipped = read_corpus(path)
        started = time.perf_counter()
        predictions = peer.predict([line["text"] for line in lines])
        predict_seconds = time.perf_counter() - started
        intents = peers_intent.score(lines, [(intent, app, 1.0) for intent, app, _ in predictions], 0.0)
        right, total, disambiguations = score_slots(lines, predictions)
        expected = sum(total.values())
        row = {"corpus": path, "vocab": args.vocab, "lines": len(lines), "skipped_lines": skipped,
               "intent_accuracy": intents["intent_accuracy"], "app_accuracy": intents["app_accuracy"],
               "threshold": 0.0, "slots": expected,
               "slot_accuracy": round(sum(right.values()) / expected, 4) if expected else 1.0,
               "slot_accuracy_by_name": {name: round(right[name] / count, 4)
                                         for name, count in sorted(total.items())},
               "slot_count_by_name": dict(sorted(total.items())),
               "expected_disambiguations": disambiguations,
               "train_examples": peer.examples, "train_tokens": peer.tokens,
               "tags": len(peer.classes), "train_seconds": round(train_seconds, 2),
               "predict_seconds": round(predict_seconds, 2), "seed": args.seed, "fills": args.fills,
               "C": args.C, "slot_C": args.slot_C}
        rows.append(row)
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return
    print(f"Tagger: LogisticRegression(C={args.slot_C:g}) on {peer.tokens} tokens of {peer.examples} "
          f"filled templates ({args.fills} fills, seed {args.seed}), {len(peer.classes)} BIO tags; "
          f"intent: peers_intent's model (C={args.C:g}), threshold 0 (never declines); "
          f"trained in {train_seconds:.2f} s.\n")
    print("| corpus | lines | peer intent acc | peer slot acc | slots | expected disambiguations (wrong) | train s |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {os.path.basename(row['corpus'])} | {row['lines']} | {row['intent_accuracy']:.3f} | "
              f"{row['slot_accuracy']:.3f} | {row['slots']} | {row['expected_disambiguations']} | "
              f"{row['train_seconds']:.2f} |")
    for row in rows:
        frequent = [(name, count) for name, count in row["slot_count_by_name"].items() if count >= 10]
        if not frequent:
            continue
        print(f"\n{os.path.basename(row['corpus'])}: slots with at least 10 expected values\n")
        print("| slot | expected | peer slot acc |")
        print("|---|---|---|")
        for name, count in sorted(frequent, key=lambda item: (-item[1], item[0])):
            print(f"| {name} | {count} | {row['slot_accuracy_by_name'][name]:.3f} |")


if __name__ == "__main__":
    main()
