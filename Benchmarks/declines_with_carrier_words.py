#!/usr/bin/env python3
"""Count the "no intent" errors whose carrier words the recognizer got right.

Issue 20 asks that on the Whisper corpora no intent error be a "no intent" whose carrier
words were recognized right: when only the name was misheard, the intent must stand. This
routes a corpus with `vocab route --json` and, for every line that expects an intent and
gets none, checks whether each word of the reference text outside the expected slot
values (identifiers like `contact.danny-allen` read as "danny allen") appears in the
recognized text.

It also prints intent accuracy by how many of the carrier words the recognizer kept (all,
at least half, fewer): how much of the remaining error is the router's, and how much is a
transcript that no longer says what was asked.

Usage: python3 Benchmarks/declines_with_carrier_words.py [--vocab-binary .build/release/vocab]
       --vocab corpora/whisper/vocab --corpus corpora/whisper/generated_test.jsonl
Lines without a `reference` field are skipped (their carrier words are unknown).
"""
import argparse
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def slot_values(value):
    """The values an expected slot names: a string, or the candidates of a disambiguation."""
    if isinstance(value, dict):
        for inner in value.values():
            yield from (inner if isinstance(inner, list) else [inner])
    else:
        yield value


def spoken(value):
    """An identifier's words ("contact.danny-allen" -> "danny allen"); free text as it is."""
    if re.fullmatch(r"[a-z]+\.[a-z0-9-]+", value):
        return value.split(".", 1)[1].replace("-", " ")
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vocab-binary", default=os.path.join(ROOT, ".build/release/vocab"))
    parser.add_argument("--vocab", required=True)
    parser.add_argument("--corpus", required=True)
    args = parser.parse_args()
    with open(args.corpus, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [row for row in rows if "reference" in row]
    text = "\n".join(row["text"].replace("\n", " ") for row in rows) + "\n"
    out = subprocess.run(
        [args.vocab_binary, "route", "--vocab", args.vocab, "--json"],
        input=text, capture_output=True, text=True, check=True)
    results = [json.loads(line) for line in out.stdout.splitlines()]
    declined, clean = 0, []
    # Lines expecting an intent, by the share of carrier words kept: [lines, right, declined].
    kept_groups = {"all": [0, 0, 0], "at least half": [0, 0, 0], "fewer": [0, 0, 0]}
    for row, result in zip(rows, results):
        expect = row["expect"]
        if not expect.get("intent"):
            continue
        slot_words = set()
        for value in expect.get("slots", {}).values():
            for one in slot_values(value):
                slot_words |= set(words(spoken(one)))
        carrier = [word for word in words(row["reference"]) if word not in slot_words]
        heard = set(words(row["text"]))
        share = sum(word in heard for word in carrier) / len(carrier) if carrier else 1
        group = kept_groups["all" if share == 1 else "at least half" if share >= 0.5 else "fewer"]
        # Right as `vocab eval`'s intent accuracy counts it: the intent (the app is scored
        # apart).
        right = result.get("intent") == expect["intent"]
        group[0] += 1
        group[1] += right
        group[2] += result.get("intent") is None
        if result.get("intent") is not None:
            continue
        declined += 1
        if carrier and all(word in heard for word in carrier):
            clean.append(row)
    print(f"{len(rows)} lines; {declined} expected an intent and got none; "
          f"{len(clean)} of those have every carrier word recognized right")
    for row in clean:
        print(f"  {row['id']}: {row['text']!r} (said: {row['reference']!r})")
    print("carrier words kept | lines | intent right | no intent")
    for name, (lines, right, none) in kept_groups.items():
        if lines:
            print(f"{name} | {lines} | {right / lines:.3f} | {none / lines:.3f}")


if __name__ == "__main__":
    main()
