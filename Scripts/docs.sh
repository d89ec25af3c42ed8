#!/usr/bin/env bash
# Builds the DocC documentation of every library module and fails on any DocC warning
# (broken symbol links, undocumented parameters). Output: .build/docs/<Module>.doccarchive.
#
#   bash Scripts/docs.sh
#
# Uses the toolchain's `docc` on symbol graphs emitted by the compiler (no SwiftPM plugin,
# since packages cannot be fetched here), in its own scratch path.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/docs-build
graphs=.build/docs-symbol-graphs
out=.build/docs
# The graphs are kept between runs: an incremental build emits only the modules it rebuilds.
rm -rf "$out"
mkdir -p "$graphs" "$out"
for target in VocabKit VocabKitEvaluation; do
  swift build --scratch-path "$scratch" --target "$target" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
done
status=0
for module in VocabKitNormalization VocabKitVocabulary VocabKitMatching VocabKitRouting \
  VocabKitEvaluation; do
  mkdir -p "$graphs/$module"
  cp "$graphs/$module.symbols.json" "$graphs/$module/"
  log=$(docc convert --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.vocabkit.$module" \
    --output-path "$out/$module.doccarchive" --analyze 2>&1)
  warnings=$(grep -c 'warning:' <<<"$log" || true)
  echo "$module: $warnings DocC warning(s)"
  if [[ $warnings -gt 0 ]]; then
    grep 'warning:' <<<"$log" >&2
    status=1
  fi
done
exit $status
