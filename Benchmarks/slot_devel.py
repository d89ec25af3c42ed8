#!/usr/bin/env python3
"""Slot accuracy on SLURP devel utterances whose phrasing the vocabulary has not seen.

The SLURP vocabulary's templates come from SLURP devel, so its devel utterances are no test
of slots. This builds the two half vocabularies of `Benchmarks/calibrate_router.py` (each
holding half of the templates, by a hash of the template) and, for each, the devel
utterances whose template the half lacks, with the expectations `corpora/tools/
convert_public.py` writes for the test set (bound slots as identifiers, free-text slots as
text); then runs `vocab eval` on each. A development set for slot changes: nothing here is
a test set.

Usage: python3 Benchmarks/slot_devel.py [--vocab-binary .build/release/vocab]
       [--corpora-src ../shared/corpora-src] [--work DIR]
"""
import argparse
import collections
import glob
import json
import os
import plistlib
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "corpora", "tools"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import calibrate_router  # noqa: E402
import convert_public  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vocab-binary", default=os.path.join(ROOT, ".build/release/vocab"))
    parser.add_argument("--corpora-src", default=os.path.join(ROOT, "..", "shared", "corpora-src"))
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="vocabkit-slot-devel-")
    source = os.path.join(args.corpora_src, "slurp")
    devel = convert_public.load_jsonl(os.path.join(source, "slurp_devel_relevant.jsonl"))
    test = convert_public.load_jsonl(os.path.join(source, "slurp_test_relevant.jsonl"))
    # The SLURP vocabulary as convert_public.py builds it, for the expectations.
    counts = collections.Counter(row["intent"] for row in devel)
    intents = {i for i, n in counts.items() if i.startswith(convert_public.SLURP_SCENARIOS) and n >= 2}
    spec = convert_public.Spec(
        name="slurp", app_name="Slurp", bundle_id="com.example.slurp", locale="en-US",
        intents=intents, bound=convert_public.SLURP_BOUND,
        possessive={"person", "artist_name", "audiobook_author"}, template_rows=devel,
        vocab_rows=devel + test,
    )
    vocabulary = convert_public.Vocabulary(spec)
    templates, _ = convert_public.build_templates(spec)
    public = os.path.join(ROOT, "corpora", "public", "slurp")
    test_texts = {
        r["text"] for n in ("slurp_test", "slurp_asr", "slurp_negatives")
        for r in calibrate_router.load(os.path.join(public, f"{n}.jsonl"))
    }
    # The half vocabularies, as calibrate_router.py makes them.
    # (Given the devel rows, so that each half keeps the `ParameterExamples` of its own.)
    halves = calibrate_router.folded_sets(
        "slurp", os.path.join(public, "vocab", "Slurp.app"), devel,
        lambda r: r["intent"] if r["intent"] in intents else None, [], work)
    for fold, (name, vocab, _) in enumerate(halves):
        # The half's own phrasings (folded_sets keeps an intent's first example when none
        # of its examples fell to the half): no line of these is unseen.
        seen = set()
        for path in glob.glob(os.path.join(vocab, "**", "AppIntentVocabulary.plist"), recursive=True):
            with open(path, "rb") as f:
                for phrase in plistlib.load(f)["IntentPhrases"]:
                    seen.update(phrase["IntentExamples"])
        lines = []
        for number, row in enumerate(devel):
            if row["text"] in test_texts or row["intent"] not in intents:
                continue
            template = convert_public.template_of(row)
            if template in seen:
                continue  # a phrasing this half has
            expect, _ = convert_public.expectation(spec, vocabulary, templates, row)
            if expect.get("slots"):
                lines.append({"id": f"devel-{fold}-{number}", "text": row["text"], "locale": "en-US", "expect": expect})
        corpus = os.path.join(work, f"slot_devel_{fold}.jsonl")
        with open(corpus, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        out = subprocess.run(
            [args.vocab_binary, "eval", "--vocab", vocab, "--corpus", corpus, "--json"],
            capture_output=True, text=True, check=True)
        result = json.loads(out.stdout)
        print(f"{name}: {len(lines)} lines, intent {result['intentAccuracy']:.4f}, slot {result['slotAccuracy']:.4f}")


if __name__ == "__main__":
    main()
