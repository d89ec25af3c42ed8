#!/usr/bin/env python3
"""How much each routed accuracy hangs on the intent model's seed.

The intent model learns from templates filled at random and read in a random order, both
from one seed: the same vocabulary always gives the same model, but another seed gives
another, and the sentences near a decision go the other way. This runs `vocab eval --json
--model-seed N` for seeds 0 (the standard model) to K-1 on the committed corpora and prints,
for each, the standard model's intent accuracy, slot accuracy and false-accept rate beside
their mean, lowest and highest over the seeds.

A change whose gain is within the spread of its corpus is not shown to be a gain by one
run; compare means over the seeds (`--binary` twice, the old build and the new).

Usage: python3 Benchmarks/seed_spread.py [--binary .build/release/vocab ...] [--seeds 5]
       [--only NAME ...]
"""
import argparse
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLURP = "corpora/public/slurp"
WHISPER = "corpora/whisper"

# (name, vocabulary, corpus, extra arguments): the routed runs of Docs/benchmarks.md.
RUNS = [
    ("hand-written", "vocab", "corpora/handwritten/handwritten.jsonl", []),
    ("pocketsphinx", "vocab", "corpora/recognizer/pocketsphinx.jsonl", []),
    ("Snips", "corpora/public/snips/vocab", "corpora/public/snips/snips_validate.jsonl", []),
    ("SLURP test", f"{SLURP}/vocab", f"{SLURP}/slurp_test.jsonl", []),
    ("SLURP ASR", f"{SLURP}/vocab", f"{SLURP}/slurp_asr.jsonl", []),
    ("SLURP negatives", f"{SLURP}/vocab", f"{SLURP}/slurp_negatives.jsonl", []),
    ("xSID Chinese", "corpora/public/xsid-zh/vocab",
     "corpora/public/xsid-zh/xsid_zh_test.jsonl", []),
    ("snips-standard", "corpora/public/snips-standard/vocab",
     "corpora/public/snips-standard/snips_standard_validate.jsonl", []),
    ("slurp-standard", "corpora/public/slurp-standard/vocab",
     "corpora/public/slurp-standard/slurp_standard_test.jsonl", []),
    ("Whisper sample", "vocab", f"{WHISPER}/sample.jsonl", []),
    ("Whisper sample second pass", "vocab", f"{WHISPER}/sample_second_pass.jsonl", []),
    ("Whisper test", f"{WHISPER}/vocab", f"{WHISPER}/generated_test.jsonl", []),
    ("Whisper test 5-best", f"{WHISPER}/vocab", f"{WHISPER}/generated_test.jsonl",
     ["--alternatives"]),
    ("Whisper test second pass", f"{WHISPER}/vocab",
     f"{WHISPER}/generated_test_second_pass.jsonl", []),
]
MEASURES = [("intentAccuracy", "intent"), ("slotAccuracy", "slot"),
            ("falseAcceptRate", "false accepts")]


def evaluate(binary, vocab, corpus, extra, seed):
    command = [binary, "eval", "--vocab", vocab, "--corpus", corpus, "--json",
               "--model-seed", str(seed)] + extra
    output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if output.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: exit {output.returncode}: "
                         f"{output.stderr.strip().splitlines()[0] if output.stderr.strip() else ''}"
                         " (builds before --model-seed cannot be measured this way)")
    result = json.loads(output.stdout)
    return {key: result[key] for key, _ in MEASURES}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", action="append",
                        help="a vocab binary (default .build/release/vocab); may repeat")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 0 to N-1 (default 5)")
    parser.add_argument("--only", action="append", help="only the runs of this name")
    args = parser.parse_args()
    binaries = args.binary or [os.path.join(ROOT, ".build/release/vocab")]
    runs = [run for run in RUNS if not args.only or run[0] in args.only]
    print("| corpus | binary | " + " | ".join(
        f"{label}: seed 0, mean (lowest-highest)" for _, label in MEASURES) + " |")
    print("|---|---|" + "---|" * len(MEASURES))
    for name, vocab, corpus, extra in runs:
        for binary in binaries:
            results = [evaluate(os.path.abspath(binary), vocab, corpus, extra, seed)
                       for seed in range(args.seeds)]
            cells = []
            for key, _ in MEASURES:
                values = [result[key] for result in results]
                cells.append(f"{values[0]:.4f}, {statistics.mean(values):.4f} "
                             f"({min(values):.4f}-{max(values):.4f})")
            print(f"| {name} | {os.path.basename(binary)} | " + " | ".join(cells) + " |",
                  flush=True)


if __name__ == "__main__":
    main()
