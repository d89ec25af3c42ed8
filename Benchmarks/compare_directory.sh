#!/usr/bin/env bash
# VocabKit against RapidFuzz on census-drawn contact directories, in one run.
#
# Usage: Benchmarks/compare_directory.sh [--entries N]... [--queries Q] [--peer-queries P] [--seed S]
#
#   --entries N       directory size; may repeat (default: 100000)
#   --queries Q       queries of `vocab bench --suite directory` (default: 1200, 200 a kind)
#   --peer-queries P  queries of each kind given to the peer (default: 25; WRatio scans the
#                     whole directory, about a second a query at 100k)
#   --seed S          generator seed passed to vocab bench (default: 1)
#
# For each N: `vocab bench --suite directory --entries N --queries Q --export DIR --json`
# times VocabKit (MatchIndex.matches, limit 5) on every query and exports the directory and
# the queries that mean one person (exact full name, sound-alike spelling, a word split in
# two, first and last name joined); then Benchmarks/peers.py runs
# rapidfuzz process.extractOne(scorer=WRatio) on the first P queries of each kind. A query
# is right when the predicted full name is the person's (people who share a full name
# count alike). "x VocabKit" = peer median / VocabKit median over the kind's queries.
# Requirements: pip install rapidfuzz
set -euo pipefail

usage() { sed -n '2,18s/^# \{0,1\}//p' "$0"; }
die() { echo "compare_directory.sh: $*" >&2; exit 2; }

ENTRIES=()
QUERIES=1200
PEER_QUERIES=25
SEED=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --entries) [[ $# -ge 2 ]] || die "--entries needs a value"; ENTRIES+=("$2"); shift 2 ;;
        --queries) [[ $# -ge 2 ]] || die "--queries needs a value"; QUERIES="$2"; shift 2 ;;
        --peer-queries) [[ $# -ge 2 ]] || die "--peer-queries needs a value"; PEER_QUERIES="$2"; shift 2 ;;
        --seed) [[ $# -ge 2 ]] || die "--seed needs a value"; SEED="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
[[ ${#ENTRIES[@]} -gt 0 ]] || ENTRIES=(100000)
for v in "${ENTRIES[@]}" "$QUERIES" "$PEER_QUERIES" "$SEED"; do
    [[ "$v" =~ ^[0-9]+$ ]] || die "not a non-negative integer: $v"
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VOCAB="$ROOT/.build/release/vocab"
PYTHON="${PYTHON:-python3}"
"$PYTHON" -c "import rapidfuzz" 2>/dev/null || die "missing Python module rapidfuzz (pip install rapidfuzz)"
if [[ ! -x "$VOCAB" ]]; then
    echo "# $VOCAB missing: swift build -c release --product vocab" >&2
    swift build -c release --product vocab >&2
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/vocab-compare-directory.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

echo "# VocabKit vs RapidFuzz on census directories: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc 2>/dev/null || echo '?') CPUs"
echo "# load before: $(uptime | sed 's/.*load average/load average/')"
echo "# vocab: git $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'); command: Benchmarks/compare_directory.sh --queries $QUERIES --peer-queries $PEER_QUERIES --seed $SEED$(printf ' --entries %s' "${ENTRIES[@]}")"

for N in "${ENTRIES[@]}"; do
    echo >&2 "# N=$N: vocab bench --suite directory, $QUERIES queries"
    "$VOCAB" bench --suite directory --entries "$N" --queries "$QUERIES" --seed "$SEED" \
        --export "$TMP" --json > "$TMP/vocab-$N.json"
    "$PYTHON" - "$TMP/directory-queries-$N.jsonl" "$PEER_QUERIES" "$TMP/peer-$N" <<'EOF'
import collections, json, sys
by_kind = collections.defaultdict(list)
for line in open(sys.argv[1]):
    if line.strip():
        query = json.loads(line)
        by_kind[query["kind"]].append(query)
for number, (kind, queries) in enumerate(sorted(by_kind.items())):
    with open(f"{sys.argv[3]}-{number}.jsonl", "w") as out:
        for query in queries[: int(sys.argv[2])]:
            out.write(json.dumps(query) + "\n")
EOF
    for file in "$TMP"/peer-"$N"-*.jsonl; do
        echo >&2 "# N=$N: peers.py rapidfuzz.WRatio on $(wc -l < "$file") queries ($(head -1 "$file" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["kind"])'))"
        "$PYTHON" Benchmarks/peers.py "$file" "$TMP/directory-vocab-$N.tsv" \
            --methods rapidfuzz.WRatio > "${file%.jsonl}.json"
    done
    "$PYTHON" - "$N" "$TMP/vocab-$N.json" "$TMP"/peer-"$N"-*.json <<'EOF'
import json, sys
n = int(sys.argv[1])
rows = [json.loads(l) for l in open(sys.argv[2]) if l.startswith("{")]
print()
print(f"## {n:,} census contacts")
print()
print("| query | VocabKit median µs (p99) | VocabKit top-1 | RapidFuzz WRatio median µs | WRatio top-1 | x VocabKit |")
print("|---|---|---|---|---|---|")
for path in sys.argv[3:]:
    kind = json.loads(open(path.replace(".json", ".jsonl")).readline())["kind"]
    mine = [r for r in rows if r.get("name", "").endswith(f"contacts, {kind}")]
    if len(mine) != 1:
        sys.exit(f"compare_directory.sh: no VocabKit row for '{kind}'")
    mine = mine[0]
    peer = json.load(open(path))["methods"]["rapidfuzz.WRatio"]
    print(f"| {kind} | {mine['medianMicroseconds']:,.0f} ({mine['p99Microseconds']:,.0f}) | {mine['top1']:.2f} "
          f"(n={mine['count']}) | {peer['median_us']:,.0f} | {peer['top1_accuracy']:.2f} (n={peer['n']}) | "
          f"{peer['median_us'] / mine['medianMicroseconds']:,.0f}× |")
EOF
done
