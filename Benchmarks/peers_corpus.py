#!/usr/bin/env python3
"""RapidFuzz on the bound slots of a corpus, beside VocabKit's matcher.

Reads the cases that `vocab eval --slot-matching --export-slot-cases FILE` writes (one JSON
object a line: "text", "expect_id", "choices", the [identifier, phrase] pairs of the
vocabulary that serves the slot, and "vocabkit_id", VocabKit's own answer forced to answer)
and reports, as JSON on stdout, the share of cases whose best choice is the expected entry
for:

  rapidfuzz.WRatio          process.extractOne(text, phrases, scorer=fuzz.WRatio)
  rapidfuzz.partial_ratio   process.extractOne(text, phrases, scorer=fuzz.partial_ratio)
  vocabkit                  VocabKit's top-1, forced to answer (from the export)

RapidFuzz is forced to answer too (no score cutoff). Text is compared lowercased with
punctuation removed (rapidfuzz.utils.default_process). A prediction is correct when
expect_id is among the identifiers of the predicted phrase.

"by_name_words_kept" splits the cases by how many words of the expected entry's phrases
the recognizer wrote as said (the phrase that keeps the largest share): all, some, or
none. A name heard as other words altogether ("mode of your cannon" for Mona Buchanan)
leaves a matcher only its sounds.

Usage: python3 Benchmarks/peers_corpus.py CASES.jsonl
Requirements: pip install rapidfuzz
"""
import json
import sys

from rapidfuzz import fuzz, process, utils


def kept_group(case):
    """'all', 'some' or 'none': the words of the expected entry's phrases found in the text,
    for the phrase that keeps the largest share of its words (every exported case has one:
    `vocab eval` exports only entries its vocabulary holds)."""
    heard = set(utils.default_process(case["text"]).split())
    best = 0.0
    for identifier, phrase in case["choices"]:
        words = utils.default_process(phrase).split()
        if identifier == case["expect_id"] and words:
            best = max(best, sum(word in heard for word in words) / len(words))
    return "all" if best == 1 else "some" if best > 0 else "none"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cases = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    groups = {"all": set(), "some": set(), "none": set()}
    for index, case in enumerate(cases):
        groups[kept_group(case)].add(index)
    right = {}
    for name, scorer in (("rapidfuzz.WRatio", fuzz.WRatio),
                         ("rapidfuzz.partial_ratio", fuzz.partial_ratio)):
        right[name] = set()
        for index, case in enumerate(cases):
            ids_of = {}
            for identifier, phrase in case["choices"]:
                ids_of.setdefault(phrase, set()).add(identifier)
            phrases = list(ids_of)
            best = process.extractOne(case["text"], phrases, scorer=scorer,
                                      processor=utils.default_process)
            if best is not None and case["expect_id"] in ids_of[best[0]]:
                right[name].add(index)
    if all("vocabkit_id" in case for case in cases):
        right["vocabkit"] = {index for index, case in enumerate(cases)
                             if case["vocabkit_id"] == case["expect_id"]}

    def share(indices, among):
        return round(len(indices & among) / max(len(among), 1), 3)

    everything = set(range(len(cases)))
    by_group = {}
    for group, among in groups.items():
        by_group[group] = {"cases": len(among),
                           **{name: share(indices, among) for name, indices in right.items()}}
    print(json.dumps({"cases": len(cases),
                      "top1": {name: share(indices, everything) for name, indices in right.items()},
                      "by_name_words_kept": by_group}))


if __name__ == "__main__":
    main()
