#!/usr/bin/env python3
"""RapidFuzz on the bound slots of a corpus, beside VocabKit's matcher.

Reads the cases that `vocab eval --slot-matching --export-slot-cases FILE` writes (one JSON
object a line: "text", "expect_id" and "choices", the [identifier, phrase] pairs of the
vocabulary that serves the slot) and reports, as JSON on stdout, the share of cases whose
best choice is the expected entry for:

  rapidfuzz.WRatio          process.extractOne(text, phrases, scorer=fuzz.WRatio)
  rapidfuzz.partial_ratio   process.extractOne(text, phrases, scorer=fuzz.partial_ratio)

Both are forced to answer (no score cutoff), like VocabKit's "top-1, forced to answer".
Text is compared lowercased with punctuation removed (rapidfuzz.utils.default_process).
A prediction is correct when expect_id is among the identifiers of the predicted phrase.

Usage: python3 Benchmarks/peers_corpus.py CASES.jsonl
Requirements: pip install rapidfuzz
"""
import json
import sys

from rapidfuzz import fuzz, process, utils


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cases = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    results = {}
    for name, scorer in (("rapidfuzz.WRatio", fuzz.WRatio),
                         ("rapidfuzz.partial_ratio", fuzz.partial_ratio)):
        right = 0
        for case in cases:
            ids_of = {}
            for identifier, phrase in case["choices"]:
                ids_of.setdefault(phrase, set()).add(identifier)
            phrases = list(ids_of)
            best = process.extractOne(case["text"], phrases, scorer=scorer,
                                      processor=utils.default_process)
            if best is not None and case["expect_id"] in ids_of[best[0]]:
                right += 1
        results[name] = round(right / max(len(cases), 1), 3)
    print(json.dumps({"cases": len(cases), "top1": results}))


if __name__ == "__main__":
    main()
