#!/usr/bin/env bash
# Runs the whole test suite (installing libicu-dev first if it is missing).
#
#   bash Scripts/test.sh [swift-test-arguments]   # e.g. --filter CacheTests
#
# Prints one line a suite, every failure with its details, and the summary; VERBOSE=1 prints
# every test as it starts and passes. The suite is Swift Testing only (no XCTest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift build --build-tests
if [[ ${VERBOSE:-0} == 1 ]]; then
  swift test --skip-build --disable-xctest "$@"
else
  swift test --skip-build --disable-xctest "$@" 2>&1 | awk '
    /^◇ .* started\.$/ || /^↳ Testing Library Version/ || /^↳ Target Platform/ { next }
    /^✔ Test / && !/^✔ Test run with / { next }
    { print; fflush() }'
fi
