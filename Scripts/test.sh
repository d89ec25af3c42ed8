#!/usr/bin/env bash
# Runs the whole test suite (installing libicu-dev first if it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift build --build-tests
swift test --skip-build "$@"
