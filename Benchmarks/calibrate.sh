#!/usr/bin/env bash
# Calibrates the resolution thresholds (ResolutionPolicy: cutoff, confident, margin) on the
# committed corpora: each value is varied around the defaults while the others stay put, and
# slot accuracy, exact match, disambiguation precision and false accepts are printed for the
# hand-written corpus and the real-recognizer corpus.
#
#   bash Benchmarks/calibrate.sh            # uses .build/release/vocab (built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
vocab=.build/release/vocab
[[ -x $vocab ]] || swift build -c release --product vocab
corpora=(corpora/handwritten/handwritten.jsonl corpora/recognizer/pocketsphinx.jsonl)

run() {  # run NAME VALUE: one eval per corpus with --NAME VALUE
  local line="$1=$2"
  for corpus in "${corpora[@]}"; do
    line+=$("$vocab" eval --corpus "$corpus" --failures 0 --json "--$1" "$2" | python3 -c '
import json, sys
d = json.load(sys.stdin)
s, e, p, f = (d["slotAccuracy"], d["exactMatch"], d.get("disambiguationPrecision") or 0,
              d["falseAcceptRate"])
print(f"  | slot {s:.3f} exact {e:.3f} disamb {p:.2f} fa {f:.3f}", end="")')
  done
  echo "$line"
}

echo "columns: hand-written corpus, then recognizer corpus"
for value in 0.45 0.5 0.55 0.6 0.65 0.7; do run cutoff "$value"; done
for value in 0.7 0.75 0.8 0.85 0.9; do run confident "$value"; done
for value in 0.0 0.02 0.04 0.06 0.08 0.1; do run margin "$value"; done
