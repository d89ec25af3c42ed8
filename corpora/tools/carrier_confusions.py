#!/usr/bin/env python3
"""Carrier words a recognizer hears as other words, counted in reference/hypothesis pairs.

Reads corpus lines that have both a `reference` (what was said) and a `text` (what the
recognizer heard), aligns the two word by word (difflib), and counts each one-word-for-one-word
substitution of a word that the vocabulary's templates use (a carrier word: "add", "put",
"write"), not of names. Prints the substitutions heard at least --min-count times and in at
least --min-share of the word's occurrences (a digit heard for a number word is how the
recognizer writes it, not a confusion, and is left out), as the Swift literal of
`RecognizerConfusions.table` (Sources/VocabKitRouting/IntentModel/RecognizerConfusions.swift).

Usage: python3 corpora/tools/carrier_confusions.py --vocab corpora/whisper/vocab \
         corpora/whisper/generated_train.jsonl [--min-count 3] [--min-share 0.1]
Only train halves: the test halves stay test sets.
"""
import argparse
import collections
import difflib
import glob
import json
import os
import plistlib
import re
import sys


def template_words(vocab):
    """The lowercased words of every IntentExamples phrase of every app, placeholders left out."""
    words = set()
    for path in glob.glob(os.path.join(vocab, "**", "AppIntentVocabulary.plist"), recursive=True):
        with open(path, "rb") as f:
            plist = plistlib.load(f)
        for intent in plist.get("IntentPhrases", []):
            for example in intent.get("IntentExamples", []):
                text = re.sub(r"\$\{[^}]*\}", " ", example.lower())
                words.update(re.findall(r"[a-z']+", text))
    return words


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vocab", required=True)
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--min-share", type=float, default=0.1)
    parser.add_argument("pairs", nargs="+")
    args = parser.parse_args()
    carriers = template_words(args.vocab)
    heard = collections.Counter()
    said = collections.Counter()
    lines = 0
    for path in args.pairs:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as error:
                    print(f"{path}:{number}: skipped, not a JSON object ({error})", file=sys.stderr)
                    continue
                if not isinstance(row, dict) or "reference" not in row or "text" not in row:
                    continue
                lines += 1
                reference = re.findall(r"[a-z0-9']+", row["reference"].lower())
                hypothesis = re.findall(r"[a-z0-9']+", row["text"].lower())
                said.update(word for word in reference if word in carriers)
                matcher = difflib.SequenceMatcher(a=reference, b=hypothesis, autojunk=False)
                for op, i1, i2, j1, j2 in matcher.get_opcodes():
                    if op == "replace" and i2 - i1 == 1 and j2 - j1 == 1 and reference[i1] in carriers:
                        heard[(reference[i1], hypothesis[j1])] += 1
    kept = [
        (word, other, count)
        for (word, other), count in heard.most_common()
        if count >= args.min_count and count >= args.min_share * said[word] and not other.isdigit()
    ]
    print(f"// {lines} pairs; {len(kept)} confusions heard at least {args.min_count} times and in "
          f"at least {args.min_share:.0%} of the word's occurrences.")
    for word, other, count in kept:
        print(f'("{word}", "{other}"),  // {count} of {said[word]}')


if __name__ == "__main__":
    main()
