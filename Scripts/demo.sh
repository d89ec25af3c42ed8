#!/usr/bin/env bash
# The main job on the bundled sample vocabulary: route sample utterances and evaluate the
# hand-written corpus (installing libicu-dev first if it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift build -c release --product vocab
vocab=.build/release/vocab
$vocab route "add milk to index in taskly"
printf '%s\n' "add milk to index" "call alex" "用爱奇艺播放延禧攻略第十集" "play the latest 奇葩说" \
  "call rahul sharma" "позвони Александру Петрову" "play despacito on spotify" \
  "what's the weather tomorrow" | $vocab route
$vocab eval --corpus corpora/handwritten/handwritten.jsonl --failures 5
