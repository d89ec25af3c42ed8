#!/usr/bin/env bash
# VocabKit's top-1 against the brute-force span scan (RapidFuzz fuzz.ratio of every word span
# against every name) on every generated query, for several seeds: the issue's accuracy bar.
#
# Usage: Benchmarks/span-scan.sh [--entries N]... [--seed S]... [--queries Q]
#
#   --entries N  vocabulary size; may repeat (default: 10000 and 100000)
#   --seed S     generator seed; may repeat (default: 1, 2 and 3)
#   --queries Q  queries per size and seed (default: 1000)
#
# For each size and seed: `vocab bench --suite match --show-failures Q --export DIR` (the
# queries VocabKit misses, and the data), then Benchmarks/peers.py with rapidfuzz.span_scan
# on the same queries and names. Prints one row each: both top-1s and how many queries only
# one of them misses. The span scan takes about 35 ms a query at 100k entries (a minute for
# 1,000 queries). Uses .build/release/vocab, built only if missing. Requirements: pip install
# rapidfuzz symspellpy (numpy comes with rapidfuzz).
set -euo pipefail

usage() { sed -n '2,16s/^# \{0,1\}//p' "$0"; }
die() { echo "span-scan.sh: $*" >&2; exit 2; }

ENTRIES=()
SEEDS=()
QUERIES=1000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --entries) [[ $# -ge 2 ]] || die "--entries needs a value"; ENTRIES+=("$2"); shift 2 ;;
    --seed) [[ $# -ge 2 ]] || die "--seed needs a value"; SEEDS+=("$2"); shift 2 ;;
    --queries) [[ $# -ge 2 ]] || die "--queries needs a value"; QUERIES="$2"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
[[ ${#ENTRIES[@]} -gt 0 ]] || ENTRIES=(10000 100000)
[[ ${#SEEDS[@]} -gt 0 ]] || SEEDS=(1 2 3)
for value in "${ENTRIES[@]}" "${SEEDS[@]}" "$QUERIES"; do
  [[ "$value" =~ ^[0-9]+$ ]] || die "not a non-negative integer: '$value'"
done
[[ "$QUERIES" -ge 1 ]] || die "--queries must be at least 1"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VOCAB="$ROOT/.build/release/vocab"
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
"$PYTHON" -c "import rapidfuzz, numpy" 2>/dev/null ||
  die "missing Python modules (pip install rapidfuzz symspellpy)"
if [[ ! -x "$VOCAB" ]]; then
  echo "# $VOCAB missing: swift build -c release --product vocab" >&2
  swift build -c release --product vocab >&2
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/vocab-span-scan.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

echo "# VocabKit vs the span scan: $(date -u '+%Y-%m-%d %H:%M UTC'), git $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# command: Benchmarks/span-scan.sh --queries $QUERIES$(printf ' --entries %s' "${ENTRIES[@]}")$(printf ' --seed %s' "${SEEDS[@]}")"
echo
echo "| entries | seed | queries | VocabKit top-1 | span scan top-1 | only VocabKit misses | only the span scan misses |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for N in "${ENTRIES[@]}"; do
  for SEED in "${SEEDS[@]}"; do
    dir="$TMP/$N-$SEED"
    mkdir -p "$dir"
    echo >&2 "# N=$N seed $SEED: vocab bench"
    "$VOCAB" bench --suite match --entries "$N" --queries "$QUERIES" --seed "$SEED" \
      --show-failures "$QUERIES" --export "$dir" > "$dir/vocab.txt"
    echo >&2 "# N=$N seed $SEED: span scan"
    "$PYTHON" Benchmarks/peers.py "$dir/queries-$N.jsonl" "$dir/vocab-$N.tsv" \
      --methods rapidfuzz.span_scan --show-errors "$QUERIES" > "$dir/span.json"
    "$PYTHON" - "$N" "$SEED" "$dir/queries-$N.jsonl" "$dir/vocab.txt" "$dir/span.json" <<'EOF'
import json, re, sys
n, seed, queries_path, vocab_path, span_path = sys.argv[1:6]
queries = [json.loads(line) for line in open(queries_path) if line.strip()]
# `vocab bench --show-failures` prints each missed query as: miss: 'TEXT' expected ...
# (a list: a query generated twice and missed twice counts twice).
ours = []
for line in open(vocab_path):
    match = re.match(r"miss: '(.*)' expected '", line)
    if match:
        ours.append(match.group(1))
span = json.load(open(span_path))["methods"]["rapidfuzz.span_scan"]
theirs = [error["text"] for error in span["errors"]]
total = len(queries)
if span["n"] != total:
    sys.exit(f"span-scan.sh: the span scan answered {span['n']} queries, not {total}")
only_ours = sum(1 for text in ours if text not in set(theirs))
only_theirs = sum(1 for text in theirs if text not in set(ours))
print(f"| {int(n):,} | {seed} | {total} | {1 - len(ours) / total:.3f} | "
      f"{1 - len(theirs) / total:.3f} | {only_ours} | {only_theirs} |")
EOF
  done
done
