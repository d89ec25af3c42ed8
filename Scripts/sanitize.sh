#!/usr/bin/env bash
# Runs the test suite under sanitizers, each in its own scratch path.
#
#   bash Scripts/sanitize.sh [address] [thread]     # default: address thread
#   bash Scripts/sanitize.sh address -- --filter Normalizer   # arguments after -- go to swift test
#
# Environment:
#   SANITIZE_SCRATCH_ROOT  scratch paths go in $SANITIZE_SCRATCH_ROOT/<sanitizer>
#                          (default /tmp/vocabkit-sanitize)
#
# AddressSanitizer also checks leaks; Scripts/lsan-suppressions.txt names the leaks that are
# XCTest's and Foundation's, not VocabKit's, and one LeakSanitizer false positive (Data kept in
# a test module's global). A sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

sanitizers=()
test_args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    address | thread) sanitizers+=("$1") ;;
    --) shift; test_args=("$@"); break ;;
    *) echo "usage: $0 [address] [thread] [-- swift-test-arguments]" >&2; exit 2 ;;
  esac
  shift
done
[[ ${#sanitizers[@]} -eq 0 ]] && sanitizers=(address thread)
scratch_root=${SANITIZE_SCRATCH_ROOT:-/tmp/vocabkit-sanitize}

bash Scripts/install-dependencies.sh

export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Scripts/lsan-suppressions.txt:print_suppressions=0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
# A data race is reported and the process exits non-zero at the end (exitcode=66).
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}
if [[ -f Scripts/tsan-suppressions.txt && $TSAN_OPTIONS != *suppressions=* ]]; then
  TSAN_OPTIONS+=":suppressions=$root/Scripts/tsan-suppressions.txt"
fi

results=()
status=0
for sanitizer in "${sanitizers[@]}"; do
  scratch="$scratch_root/$sanitizer"
  echo "== $sanitizer: building tests (scratch: $scratch)"
  start=$(date +%s)
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"; then
    results+=("$sanitizer: BUILD FAILED after $(($(date +%s) - start))s")
    status=1
    continue
  fi
  built=$(date +%s)
  echo "== $sanitizer: running tests"
  if swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" \
    ${test_args[@]+"${test_args[@]}"}; then
    outcome=passed
  else
    outcome=FAILED
    status=1
  fi
  done_at=$(date +%s)
  results+=("$sanitizer: $outcome (build $((built - start))s, tests $((done_at - built))s)")
done

echo
echo "== sanitize.sh summary"
printf '%s\n' "${results[@]}"
exit $status
