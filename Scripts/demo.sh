#!/usr/bin/env bash
# The main job on the bundled sample vocabulary: lint it, route a few utterances, and
# evaluate the hand-written corpus (installing libicu-dev first if it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift build -c release --product vocab
vocab=.build/release/vocab
$vocab normalize "Call राहुल शर्मा about 第十集"
