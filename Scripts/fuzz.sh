#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for a while.
#
#   bash Scripts/fuzz.sh [SECONDS_PER_TARGET]      # default 60
#
# Environment:
#   FUZZ_TARGETS       targets to run (default: all five), e.g. "FuzzPlist FuzzRoute"
#   FUZZ_SCRATCH_PATH  SwiftPM scratch path (default /tmp/vocabkit-fuzz-build)
#   FUZZ_WORK_DIR      grown corpora, crashers and logs (default .build/fuzz)
#   FUZZ_JOBS          parallel libFuzzer workers per target (default 1)
#   FUZZ_CONFIGURATION release (default: -O, about 4x the executions of debug) or debug
#
# Before fuzzing, every saved regression input in Tests/Fixtures/FuzzCrashers/<Target>/ is
# replayed. The script fails if a regression input or a fuzzing run crashes, leaks, times out
# or runs out of memory; the crashing inputs are kept in $FUZZ_WORK_DIR/crashers/<Target>/.
# Minimize one with:
#   <binary> -minimize_crash=1 -runs=10000 -exact_artifact_path=min.bin CRASHER
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
targets=${FUZZ_TARGETS:-FuzzNormalizer FuzzPlist FuzzCorpus FuzzRoute FuzzCache}
scratch=${FUZZ_SCRATCH_PATH:-/tmp/vocabkit-fuzz-build}
work=${FUZZ_WORK_DIR:-$root/.build/fuzz}
jobs=${FUZZ_JOBS:-1}
configuration=${FUZZ_CONFIGURATION:-release}

# The longest input per target: utterances up to what Router accepts (4096 scalars; routing
# is linear in tokens), files longer; a cache as long as the seed's and some.
max_len() {
  case $1 in
    FuzzNormalizer) echo 4096 ;;
    FuzzRoute) echo 4096 ;;
    FuzzPlist) echo 16384 ;;
    FuzzCorpus) echo 4096 ;;
    FuzzCache) echo 65536 ;;
    *) echo 4096 ;;
  esac
}

bash Scripts/install-dependencies.sh >/dev/null

mkdir -p "$work/logs"
echo "== building fuzz targets ($configuration, scratch: $scratch)"
build_start=$(date +%s)
# - `--sanitize=fuzzer` makes SwiftPM link libFuzzer's main instead of the target's (and
#   instruments the C target); the Swift flags come from -Xswiftc, as one comma-separated
#   list: given `--sanitize=fuzzer --sanitize=address`, SwiftPM passes two -sanitize= flags
#   in no fixed order and swift-frontend keeps only the last, so a module got either
#   coverage or ASan, never both.
# - lld, not the default gold: gold drops the Swift objects' coverage counters, which
#   leaves libFuzzer blind to everything but the C code.
if ! swift build --package-path Fuzz -c "$configuration" --scratch-path "$scratch" \
  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
  >"$work/logs/build.log" 2>&1; then
  tail -50 "$work/logs/build.log"
  echo "fuzz.sh: build failed (full log: $work/logs/build.log)" >&2
  exit 1
fi
bin=$(swift build --package-path Fuzz -c "$configuration" --scratch-path "$scratch" --show-bin-path)
echo "built in $(($(date +%s) - build_start))s"

# Leak checking is on for every target (the process-wide caches are reachable, not leaked);
# the suppressions name leaks inside Foundation and XCTest only.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Scripts/lsan-suppressions.txt:print_suppressions=0}
export VOCABKIT_FUZZ_VOCAB=${VOCABKIT_FUZZ_VOCAB:-$root/vocab}

failed=()
summary=()
total_runs=0
for target in $targets; do
  binary="$bin/$target"
  corpus="$work/corpus/$target"
  crashers="$work/crashers/$target"
  log="$work/logs/$target.log"
  mkdir -p "$corpus" "$crashers"
  flags=(-rss_limit_mb=4096 -timeout=30 -max_len="$(max_len "$target")"
    -artifact_prefix="$crashers/" -print_final_stats=1)
  [[ -f Fuzz/Dictionaries/$target.dict ]] && flags+=(-dict="Fuzz/Dictionaries/$target.dict")

  regressions=(Tests/Fixtures/FuzzCrashers/"$target"/*)
  if [[ -e ${regressions[0]} ]]; then
    echo "== $target: replaying ${#regressions[@]} saved regression input(s)"
    if ! "$binary" "${flags[@]}" "${regressions[@]}" >"$log.regressions" 2>&1; then
      tail -60 "$log.regressions"
      echo "fuzz.sh: $target crashed on a saved regression input (log: $log.regressions)" >&2
      failed+=("$target(regression)")
      continue
    fi
  fi

  echo "== $target: fuzzing for ${seconds}s (max_len $(max_len "$target"), log: $log)"
  before=$(find "$crashers" -type f | wc -l)
  status=0
  if [[ $jobs -gt 1 ]]; then
    "$binary" "${flags[@]}" -max_total_time="$seconds" -fork="$jobs" -ignore_crashes=1 \
      -ignore_timeouts=1 -ignore_ooms=1 "$corpus" "Fuzz/Seeds/$target" >"$log" 2>&1 || status=$?
  else
    "$binary" "${flags[@]}" -max_total_time="$seconds" "$corpus" "Fuzz/Seeds/$target" \
      >"$log" 2>&1 || status=$?
  fi
  after=$(find "$crashers" -type f | wc -l)
  # Only the C target instrumented would show a few dozen counters; VocabKit has thousands.
  counters=$({ grep -o 'Loaded 1 modules *([0-9]* inline 8-bit counters' "$log" || true; } |
    { grep -o '[0-9]* inline' || true; } | awk '{s += $1} END {print s + 0}')
  if [[ $counters -lt 1000 ]]; then
    echo "fuzz.sh: $target has only $counters coverage counters: the Swift code is not" \
      "instrumented (see the build flags above)" >&2
    failed+=("$target(uninstrumented)")
  fi
  # (`|| true`: grep finds nothing in a -fork log, which under pipefail would end the script.)
  runs=$({ grep -o 'stat::number_of_executed_units: [0-9]*' "$log" || true; } | tail -1 |
    awk '{print $2 + 0}')
  runs=${runs:-0}
  if [[ $runs -eq 0 ]]; then
    # -fork prints no final stats; its last status line has the count.
    runs=$({ grep -o '^#[0-9]*' "$log" || true; } | tail -1 | tr -d '#')
    runs=${runs:-0}
  fi
  total_runs=$((total_runs + runs))
  corpus_size=$(find "$corpus" -type f | wc -l)
  line=$(printf '%-15s %10s execs  %5s corpus files  %s new crasher(s)' "$target" "$runs" \
    "$corpus_size" "$((after - before))")
  summary+=("$line")
  echo "$line"
  if [[ $status -ne 0 || $after -gt $before ]]; then
    grep -E -A40 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|Fatal error|SUMMARY' "$log" |
      head -80 || tail -40 "$log"
    echo "fuzz.sh: $target failed (exit $status); crashers in $crashers:" >&2
    find "$crashers" -type f -newer "$work/logs/build.log" | sed 's/^/  /' >&2
    failed+=("$target")
  fi
done

echo
echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
echo "total: $total_runs executions"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz.sh: no crashes"
