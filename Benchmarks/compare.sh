#!/usr/bin/env bash
# VocabKit's matcher against RapidFuzz and SymSpell on the same generated data, in one run.
#
# Usage: Benchmarks/compare.sh [--entries N]... [--queries Q] [--peer-queries P]
#                              [--span-queries S] [--seed S] [--compound] [--directory]
#
#   --entries N       vocabulary size; may repeat (default: 10000 and 100000)
#   --queries Q       queries VocabKit is timed on per size (default: 1000)
#   --peer-queries P  the first P of those queries are given to the peers (default: 200)
#   --span-queries S  rapidfuzz.span_scan gets only the first S queries (default: P)
#   --seed S          generator seed passed to vocab bench (default: 1)
#   --compound        also run symspell.lookup_compound (slow: ~35 ms/query at 10k)
#   --directory       then census directories of the same sizes against RapidFuzz WRatio
#                     (Benchmarks/compare_directory.sh --entries N... --seed S)
#
# For each N: `vocab bench --suite match --entries N --queries Q --export DIR --json`
# (VocabKit on all Q queries), the same with --queries P (VocabKit on the peers' queries;
# checked to be the first P of the Q run), then Benchmarks/peers.py on the first P queries
# of the exported data with rapidfuzz.WRatio, rapidfuzz.partial_ratio, rapidfuzz.span_scan
# and symspell.lookup. Prints one table per N; "x VocabKit" = peer median / VocabKit median
# (how many times faster VocabKit is). Uses .build/release/vocab, built only if missing.
# Requirements: pip install rapidfuzz symspellpy (numpy comes with rapidfuzz's cdist).
set -euo pipefail

usage() { sed -n '2,21s/^# \{0,1\}//p' "$0"; }
die() { echo "compare.sh: $*" >&2; exit 2; }

ENTRIES=()
QUERIES=1000
PEER_QUERIES=200
SPAN_QUERIES=""
SEED=1
COMPOUND=0
DIRECTORY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --entries) [[ $# -ge 2 ]] || die "--entries needs a value"; ENTRIES+=("$2"); shift 2 ;;
        --queries) [[ $# -ge 2 ]] || die "--queries needs a value"; QUERIES="$2"; shift 2 ;;
        --peer-queries) [[ $# -ge 2 ]] || die "--peer-queries needs a value"; PEER_QUERIES="$2"; shift 2 ;;
        --span-queries) [[ $# -ge 2 ]] || die "--span-queries needs a value"; SPAN_QUERIES="$2"; shift 2 ;;
        --seed) [[ $# -ge 2 ]] || die "--seed needs a value"; SEED="$2"; shift 2 ;;
        --compound) COMPOUND=1; shift ;;
        --directory) DIRECTORY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
[[ ${#ENTRIES[@]} -gt 0 ]] || ENTRIES=(10000 100000)
[[ -n "$SPAN_QUERIES" ]] || SPAN_QUERIES="$PEER_QUERIES"
for v in "${ENTRIES[@]}" "$QUERIES" "$PEER_QUERIES" "$SPAN_QUERIES" "$SEED"; do
    [[ "$v" =~ ^[0-9]+$ ]] || die "not a non-negative integer: $v"
done
[[ "$PEER_QUERIES" -ge 1 && "$PEER_QUERIES" -le "$QUERIES" ]] || die "--peer-queries must be 1..Q ($QUERIES)"
[[ "$SPAN_QUERIES" -ge 1 && "$SPAN_QUERIES" -le "$PEER_QUERIES" ]] || die "--span-queries must be 1..P ($PEER_QUERIES)"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VOCAB="$ROOT/.build/release/vocab"
PEERS="$ROOT/Benchmarks/peers.py"
PYTHON="${PYTHON:-python3}"

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
if ! missing="$("$PYTHON" - <<'EOF'
import importlib.util
m = [n for n in ("rapidfuzz", "symspellpy", "numpy") if importlib.util.find_spec(n) is None]
print(" ".join(m))
raise SystemExit(1 if m else 0)
EOF
)"; then
    die "missing Python modules: ${missing} (pip install rapidfuzz symspellpy)"
fi

if [[ ! -x "$VOCAB" ]]; then
    echo "# $VOCAB missing: swift build -c release --product vocab" >&2
    swift build -c release --product vocab >&2
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/vocab-compare.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

PEER_METHODS="rapidfuzz.WRatio,rapidfuzz.partial_ratio,symspell.lookup"
[[ "$COMPOUND" -eq 1 ]] && PEER_METHODS="$PEER_METHODS,symspell.lookup_compound"

echo "# VocabKit vs peers: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -sm), $(nproc 2>/dev/null || echo '?') CPUs"
echo "# load before: $(uptime | sed 's/.*load average/load average/')"
echo "# vocab: $VOCAB ($(date -u -r "$VOCAB" '+built %Y-%m-%d %H:%M UTC'), git $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "# command: Benchmarks/compare.sh --queries $QUERIES --peer-queries $PEER_QUERIES --span-queries $SPAN_QUERIES --seed $SEED$(printf ' --entries %s' "${ENTRIES[@]}")$([[ $COMPOUND -eq 1 ]] && echo ' --compound')"

for N in "${ENTRIES[@]}"; do
    full="$TMP/full-$N"; part="$TMP/part-$N"
    mkdir -p "$full" "$part"
    echo >&2 "# N=$N: vocab bench, $QUERIES queries"
    "$VOCAB" bench --suite match --entries "$N" --queries "$QUERIES" --seed "$SEED" \
        --export "$full" --json > "$full/vocab.json"
    echo >&2 "# N=$N: vocab bench, $PEER_QUERIES queries"
    "$VOCAB" bench --suite match --entries "$N" --queries "$PEER_QUERIES" --seed "$SEED" \
        --export "$part" --json > "$part/vocab.json"

    # Peers get the first P queries of the Q run when the P run generated exactly those
    # (same seed, same vocabulary); otherwise the P run's own data, so that VocabKit's
    # P-query row and the peers still answer the same queries.
    head -n "$PEER_QUERIES" "$full/queries-$N.jsonl" > "$TMP/peer-queries-$N.jsonl"
    if cmp -s "$TMP/peer-queries-$N.jsonl" "$part/queries-$N.jsonl" \
        && cmp -s "$full/vocab-$N.tsv" "$part/vocab-$N.tsv"; then
        same=1; vocab_tsv="$full/vocab-$N.tsv"
    else
        same=0; vocab_tsv="$part/vocab-$N.tsv"
        cp "$part/queries-$N.jsonl" "$TMP/peer-queries-$N.jsonl"
    fi
    head -n "$SPAN_QUERIES" "$TMP/peer-queries-$N.jsonl" > "$TMP/span-queries-$N.jsonl"

    echo >&2 "# N=$N: peers.py ($PEER_METHODS), $PEER_QUERIES queries"
    "$PYTHON" "$PEERS" "$TMP/peer-queries-$N.jsonl" "$vocab_tsv" --methods "$PEER_METHODS" \
        > "$TMP/peers-$N.json"
    echo >&2 "# N=$N: peers.py (rapidfuzz.span_scan), $SPAN_QUERIES queries"
    "$PYTHON" "$PEERS" "$TMP/span-queries-$N.jsonl" "$vocab_tsv" --methods rapidfuzz.span_scan \
        > "$TMP/span-$N.json"

    "$PYTHON" - "$N" "$QUERIES" "$PEER_QUERIES" "$SPAN_QUERIES" "$same" "$SEED" "$full/vocab.json" \
        "$part/vocab.json" "$TMP/peers-$N.json" "$TMP/span-$N.json" <<'EOF'
import json, sys
n, q, p, s, same, seed = (int(x) for x in sys.argv[1:7])

def vocab_result(path):
    rows = [json.loads(l) for l in open(path) if l.startswith("{")]
    # The latency row, not the throughput row (which has "threads").
    rows = [r for r in rows if r.get("suite") == "match" and "threads" not in r]
    if len(rows) != 1:
        sys.exit(f"compare.sh: expected one match result in {path}, got {len(rows)}")
    return rows[0]

full, part = vocab_result(sys.argv[7]), vocab_result(sys.argv[8])
peers = json.load(open(sys.argv[9]))
span = json.load(open(sys.argv[10]))
methods = dict(peers["methods"])
methods.update(span["methods"])
# ratios against VocabKit on all Q queries, or on the peers' own P queries when those are
# not the first P of the Q run
base_run = full if same else part
base = base_run["medianMicroseconds"]

def fmt(x, d=0):
    return "-" if x is None else f"{x:,.{d}f}"

rows = [("VocabKit", full["count"], full["top1"], full["medianMicroseconds"], full["p99Microseconds"],
         full["compileSeconds"] * 1000, full["medianMicroseconds"] / base)]
if same:
    rows.append((f"VocabKit, first {p}", part["count"], part["top1"], part["medianMicroseconds"],
                 part["p99Microseconds"], part["compileSeconds"] * 1000, part["medianMicroseconds"] / base))
else:
    rows.append((f"VocabKit, own {p}-query run", part["count"], part["top1"], part["medianMicroseconds"],
                 part["p99Microseconds"], part["compileSeconds"] * 1000, part["medianMicroseconds"] / base))
for name in ("rapidfuzz.WRatio", "rapidfuzz.partial_ratio", "rapidfuzz.span_scan",
             "symspell.lookup", "symspell.lookup_compound"):
    r = methods.get(name)
    if r:
        rows.append((name, r["n"], r["top1_accuracy"], r["median_us"], r["p99_us"], r["build_ms"],
                     r["median_us"] / base))

print()
print(f"## {n:,} entries ({peers['vocabulary_phrases']:,} distinct phrases), seed {seed}")
if same:
    print(f"VocabKit row: all {q} queries. Peers and 'VocabKit, first {p}': the first {p} of those queries"
          f" (checked: a --queries {p} run generates exactly the first {p} queries and the same vocabulary).")
else:
    print(f"VocabKit row: all {q} queries. A --queries {p} run did NOT generate the first {p} of them;"
          f" peers ran on that run's own {p} queries and vocabulary, compare them with its VocabKit row.")
if s != p:
    print(f"rapidfuzz.span_scan: only the first {s} queries (--span-queries {s}).")
print(f"x VocabKit = median / VocabKit median over {'all' if same else 'its own'} {base_run['count']} queries"
      f" ({fmt(base, 1)} µs). build = VocabKit compile / peer index setup.")
print()
hdr = ("method", "queries", "top-1", "median µs", "p99 µs", "build ms", "x VocabKit")
table = [hdr] + [(m, str(c), f"{t:.3f}", fmt(med, 1), fmt(p99, 1), fmt(b, 0), f"{x:,.1f}")
                 for m, c, t, med, p99, b, x in rows]
w = [max(len(r[i]) for r in table) for i in range(len(hdr))]
for i, r in enumerate(table):
    print("| " + " | ".join(c.ljust(w[j]) if j == 0 else c.rjust(w[j]) for j, c in enumerate(r)) + " |")
    if i == 0:
        print("|" + "|".join("-" * (w[j] + 1) + (":" if j else "-") for j in range(len(hdr))) + "|")
print()
targets = [("rapidfuzz.WRatio", 200), ("symspell.lookup", 20)]
parts = []
for name, goal in targets:
    r = methods.get(name)
    if r:
        x = r["median_us"] / base
        verdict = ("met" if x >= goal else "not met") if n == 100000 else "applies at 100k"
        slower = f", i.e. VocabKit {1 / x:,.1f}x slower" if x < 1 else ""
        parts.append(f"{name} {x:,.1f}x{slower} (target >= {goal}x at 100k: {verdict})")
print("x VocabKit: " + "; ".join(parts) + ".")
print(f"VocabKit compile {base_run['compileSeconds']:.2f} s vs SymSpell dictionary build "
      f"{methods['symspell.lookup']['build_ms'] / 1000:.2f} s; index {base_run['indexBytesPerEntry']:.0f} B/entry."
      if "symspell.lookup" in methods else "")
print(f"Peers: rapidfuzz {peers['versions']['rapidfuzz']}, symspellpy {peers['versions']['symspellpy']},"
      f" Python {peers['python']}.")
EOF
done

if [[ "$DIRECTORY" -eq 1 ]]; then
    echo
    bash "$ROOT/Benchmarks/compare_directory.sh" --seed "$SEED" $(printf ' --entries %s' "${ENTRIES[@]}")
fi

echo
echo "# load after: $(uptime | sed 's/.*load average/load average/')"
echo "# Shared, noisy machine: quote medians and ratios, not p99."
