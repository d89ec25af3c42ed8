#!/usr/bin/env bash
# Runs the README's five-minute walkthrough as a new user would: writes the files its
# `<!-- walkthrough: PATH -->` blocks show into a fresh folder, runs its `<!-- walkthrough:
# run -->` commands with the CLI built as the README says, checks that their output holds
# the lines the README prints after them, and builds and runs the library client whose
# Package.swift the README shows (Examples/RouterExample) over the new vocabulary.
#
#   bash Scripts/walkthrough.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "walkthrough: $*" >&2; exit 1; }

# The README's annotated blocks, written into the work folder (run.sh and expected.txt for
# the commands and what they print).
python3 - "$root/README.md" "$work" <<'PY'
import os, sys
readme, work = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")


def block(after):
    """The first fenced block after line `after`: its text and the line of its closing fence."""
    start = after + 1
    while not lines[start].startswith("```"):
        start += 1
    end = start + 1
    while not lines[end].startswith("```"):
        end += 1
    return "\n".join(lines[start + 1:end]) + "\n", end


blocks, i = [], 0
while i < len(lines):
    line = lines[i].strip()
    if line.startswith("<!-- walkthrough:") and line.endswith("-->"):
        target = line[len("<!-- walkthrough:"):-3].strip()
        body, end = block(i)
        if target == "run":
            open(os.path.join(work, "run.sh"), "w").write(body)
            # The block after the commands is what they print.
            printed, _ = block(end)
            open(os.path.join(work, "expected.txt"), "w").write(printed)
        else:
            path = os.path.join(work, target)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").write(body)
        blocks.append(target)
        i = end
    i += 1
print("walkthrough blocks: " + ", ".join(blocks))
PY
[[ -f "$work/run.sh" && -f "$work/expected.txt" ]] || fail "the README has no run block"

# The Package.swift the README shows is the example package's, comments aside.
strip() { grep -v '^//' "$1" | grep -v '^$' || true; }
diff <(strip "$work/Package.swift") <(strip Examples/RouterExample/Package.swift) >/dev/null \
  || fail "the README's Package.swift differs from Examples/RouterExample/Package.swift"

# Install the CLI as the README says (a no-op when CI has built it).
swift build -c release --product vocab >/dev/null
export PATH="$root/.build/release:$PATH"
output=$(cd "$work" && bash -e run.sh 2>&1) || { printf '%s\n' "$output"; fail "a command failed"; }
printf '%s\n' "$output"
while IFS= read -r expected; do
  [[ -z "$expected" ]] && continue
  grep -qxF -- "$expected" <<<"$output" || fail "the output lacks the README's line '$expected'"
done <"$work/expected.txt"

# The library client, over the walkthrough's vocabulary and over the sample.
swift build --package-path Examples/RouterExample
example=$(swift build --package-path Examples/RouterExample --show-bin-path)/RouterExample
client=$("$example" "$work/myvocab" "add eggs to my grocery list")
printf '%s\n' "$client"
grep -qF "targetTaskList: value list.groceries, resolution confirmationRequired" <<<"$client" \
  || fail "the client did not resolve the grocery list"
sample=$("$example")
printf '%s\n' "$sample"
for expected in "value list.inbox" "resolution disambiguation among contact.alex" \
  "value show.yanxi" "episode 10" "value show.qipashuo"; do
  grep -qF -- "$expected" <<<"$sample" || fail "the example's output lacks '$expected'"
done
echo "walkthrough: ok"
