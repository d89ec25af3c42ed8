#!/usr/bin/env bash
# Instructions per query of VocabKit's matcher, counted by valgrind (callgrind): unlike
# times, the count does not move with the neighbours on a shared machine, so two builds can
# be compared one run each.
#
# Usage: Benchmarks/instructions.sh [--entries N]... [--queries Q] [--binary PATH] [--tail]
#
#   --entries N    vocabulary size of `vocab bench --suite match`; may repeat (default: 10000
#                  and 100000)
#   --queries Q    queries per size (default: 300; each is matched 7 times: once timed, then
#                  three single-thread and three one-thread "parallel" throughput runs)
#   --binary PATH  the vocab binary (default: .build/release/vocab, built if missing)
#   --tail         also count each query of the timed pass on its own (a second valgrind run,
#                  one profile dump a query) and print the median, 90th and 99th percentile
#                  and the p99 / median ratio: the latency target's tail, without the noise
#
# Counts only inside `MatchIndex.matches(in:types:limit:cutoff:)` (preparing the utterance
# and matching it), not compiling the vocabulary. Prints, per size, the instructions per
# query and the share spent in the main steps. Requirements: valgrind (apt-get install
# valgrind).
set -euo pipefail

usage() { sed -n '2,20s/^# \{0,1\}//p' "$0"; }
die() { echo "instructions.sh: $*" >&2; exit 2; }

ENTRIES=()
QUERIES=300
BINARY=.build/release/vocab
TAIL=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --entries) [[ $# -ge 2 ]] || die "--entries needs a number"; ENTRIES+=("$2"); shift 2 ;;
    --queries) [[ $# -ge 2 ]] || die "--queries needs a number"; QUERIES="$2"; shift 2 ;;
    --binary) [[ $# -ge 2 ]] || die "--binary needs a path"; BINARY="$2"; shift 2 ;;
    --tail) TAIL=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ ${#ENTRIES[@]} -gt 0 ]] || ENTRIES=(10000 100000)
is_count() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }
for entries in "${ENTRIES[@]}"; do
  is_count "$entries" || die "--entries needs a positive number, not '$entries'"
done
is_count "$QUERIES" || die "--queries needs a positive number, not '$QUERIES'"
command -v valgrind >/dev/null || die "valgrind is not installed (apt-get install valgrind)"
# A binary given relative to where the script was called from, then the repository's root.
[[ "$BINARY" == /* || "$BINARY" == .build/release/vocab ]] || BINARY="$PWD/$BINARY"
cd "$(dirname "$0")/.."
if [[ ! -x "$BINARY" ]]; then
  [[ "$BINARY" == .build/release/vocab ]] || die "'$BINARY' is not an executable"
  swift build -c release --product vocab >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The entry point that takes a String: every query passes through it exactly once.
toggle='$s16VocabKitMatching10MatchIndexC7matches2in5types5limit6cutoff*'
for entries in "${ENTRIES[@]}"; do
  valgrind --tool=callgrind --toggle-collect="$toggle" \
    --callgrind-out-file="$work/out" "$BINARY" bench --suite match --entries "$entries" \
    --queries "$QUERIES" --threads 1 >"$work/log" 2>&1 || die "valgrind failed: $(tail -3 "$work/log")"
  callgrind_annotate --inclusive=yes "$work/out" >"$work/annotated" 2>/dev/null
  total=$(grep -m1 'PROGRAM TOTALS' "$work/annotated" | awk '{gsub(",", "", $1); print $1}' || true)
  [[ "$total" =~ ^[0-9]+$ && "$total" -gt 0 ]] ||
    die "no instructions counted at $entries entries (was the binary built with symbols?)"
  # The share of the step whose symbol matches $1, or n/a when the compiler inlined it.
  share() {
    local found
    found=$(grep -m1 -E "$1" "$work/annotated" | awk -v total="$total" \
      '{gsub(",", "", $1); printf "%.0f%%", 100 * $1 / total}' || true)
    echo "${found:-n/a}"
  }
  echo "$entries entries: $((total / (QUERIES * 7))) instructions a query" \
    "(normalizing $(share 'NormalizerC9normalize'), making sound keys $(share 'PreparedUtteranceV4text6tokens')," \
    "skeleton lookups $(share 'neighborhoodCandidates_6window12allowedTypes5stage7scratch'), verifying $(share 'MatchIndexC6verify'))"
  [[ "$TAIL" == 1 ]] || continue
  # Callgrind dumps only after a function named in full: the entry point's full name, from
  # the first run's profile.
  entry=$(grep -o -m1 'fn=([0-9]*) \$s16VocabKitMatching10MatchIndexC7matches2in5types5limit6cutoff[^ ]*' \
    "$work/out" | sed 's/^fn=([0-9]*) //' || true)
  [[ -n "$entry" ]] || die "the entry point's name was not found in the profile"
  mkdir -p "$work/dumps"
  valgrind --tool=callgrind --toggle-collect="$entry" --dump-after="$entry" \
    --callgrind-out-file="$work/dumps/query" "$BINARY" bench --suite match --entries "$entries" \
    --queries "$QUERIES" --threads 1 >"$work/log" 2>&1 || die "valgrind failed: $(tail -3 "$work/log")"
  # Dump k (query.k) is the k-th call; the first Q are the timed pass, one a query.
  for ((k = 1; k <= QUERIES; k++)); do
    awk '/^summary:/ { print $2; exit }' "$work/dumps/query.$k"
  done | sort -n | awk -v entries="$entries" '
    { count[NR] = $1 }
    END {
      median = count[int((NR + 1) / 2)]; p90 = count[int(NR * 0.9 + 0.5)]
      p99 = count[int(NR * 0.99 + 0.5)]
      printf "%s entries, each query: median %d, p90 %d, p99 %d instructions; p99 %.2f times the median\n",
        entries, median, p90, p99, p99 / median
    }'
  rm -rf "$work/dumps"
done
