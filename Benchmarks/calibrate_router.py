#!/usr/bin/env python3
"""Fit the router's combined score on held-apart development sets.

The router scores each of its best few intents with a logistic function of four numbers it
prints in `vocab route --json`: the learned model's probability, the best template's
alignment, the share of the utterance's words it accounts for (`coverage`) and the best
vocabulary match of a parameter the intent names (`evidence`). This script fits that
function's five weights (`RoutingCosts.confidenceWeights`) and shows accuracy against false
accepts for several thresholds (`Router.minimumIntentScore`).

Nothing here is a test set. The development sets are built from ../shared/corpora-src:
  * SLURP devel utterances, against a vocabulary holding only half of the SLURP templates
    (two folds by a hash of the template), so that every positive is a phrasing the
    vocabulary has not seen (and its `ParameterExamples` only the values of the utterances
    whose templates the fold keeps); negatives are SLURP test utterances of other scenarios that are
    NOT in corpora/public/slurp/slurp_negatives.jsonl (first 400 by hash).
  * xSID zh valid, the same way (its templates come from valid).
  * Snips train utterances not in validate: 300 of the two modelled intents, 300 of others.
  * corpora/whisper/generated_train.jsonl, the train half of the Whisper corpus (the test
    half is a test set), against corpora/whisper/vocab: recognizer output, what users feed
    the router most.

Usage: python3 Benchmarks/calibrate_router.py [--vocab-binary .build/release/vocab]
       [--corpora-src ../shared/corpora-src] [--work DIR] [--weights P,A,C,E,BIAS]
--weights shows the table for given weights (the shipped ones) instead of fitting new ones:
a model change is then read at the weights users get, before any refit.
Pure Python (numpy for the fit); runs in about a minute.
"""
import argparse
import glob
import hashlib
import json
import os
import plistlib
import shutil
import subprocess
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = os.path.join(ROOT, "corpora", "public")


def sha(text):
    return hashlib.sha256(text.encode()).hexdigest()


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def template_of(row):
    """The row's text with each slot value replaced by ${slot}, as the converters made templates."""
    text = row["text"]
    for slot in sorted(row["slots"], key=lambda s: -s["start"]):
        text = text[: slot["start"]] + "${" + slot["name"] + "}" + text[slot["end"] :]
    return text


def folded_sets(name, app_dir, rows, intent_of, negatives, work):
    """Two (vocabulary, corpus) pairs: half the templates each, positives whose phrasing is unseen."""
    plists = glob.glob(os.path.join(app_dir, "**", "AppIntentVocabulary.plist"), recursive=True)
    templates = set()
    for path in plists:
        with open(path, "rb") as f:
            for phrase in plistlib.load(f)["IntentPhrases"]:
                templates.update(phrase["IntentExamples"])
    result = []
    for fold in (0, 1):
        vocab = os.path.join(work, f"{name}_{fold}")
        target = os.path.join(vocab, os.path.basename(app_dir))
        shutil.rmtree(vocab, ignore_errors=True)
        shutil.copytree(app_dir, target)
        for path in glob.glob(os.path.join(target, "**", "AppIntentVocabulary.plist"), recursive=True):
            with open(path, "rb") as f:
                plist = plistlib.load(f)
            for phrase in plist["IntentPhrases"]:
                kept = [e for e in phrase["IntentExamples"] if int(sha(e)[:8], 16) % 2 == fold]
                phrase["IntentExamples"] = kept or phrase["IntentExamples"][:1]
                # Free-text values only from the utterances of the templates this fold keeps:
                # a held-apart positive must not lend the vocabulary its words.
                seen = {
                    (slot["name"], " ".join(slot["value"].lower().split()))
                    for row in rows
                    if intent_of(row) == phrase["IntentName"]
                    and template_of(row).lower() in {e.lower() for e in phrase["IntentExamples"]}
                    for slot in row["slots"]
                }
                values = {
                    name: [v for v in texts if (name, v) in seen]
                    for name, texts in phrase.get("ParameterExamples", {}).items()
                }
                values = {name: texts for name, texts in values.items() if texts}
                if values:
                    phrase["ParameterExamples"] = values
                else:
                    phrase.pop("ParameterExamples", None)
            with open(path, "wb") as f:
                plistlib.dump(plist, f)
        corpus = []
        for row in rows:
            intent = intent_of(row)
            if intent is None:
                continue
            template = template_of(row)
            if template in templates and int(sha(template)[:8], 16) % 2 == fold:
                continue  # a phrasing this fold's vocabulary has
            corpus.append({"text": row["text"].lower(), "intent": intent})
        corpus += negatives
        result.append((f"{name}_{fold}", vocab, corpus))
    return result


def development_sets(source, work):
    sets = []
    # SLURP
    with open(os.path.join(PUBLIC, "slurp/vocab/Slurp.app/Base.lproj/AppIntentVocabulary.plist"), "rb") as f:
        intents = {p["IntentName"] for p in plistlib.load(f)["IntentPhrases"]}
    test_sources = {r["source"] for r in load(os.path.join(PUBLIC, "slurp/slurp_negatives.jsonl"))}
    test_texts = {
        r["text"] for n in ("slurp_test", "slurp_asr", "slurp_negatives") for r in load(os.path.join(PUBLIC, f"slurp/{n}.jsonl"))
    }
    others = [
        r
        for r in load(os.path.join(source, "slurp/slurp_test_other_scenarios.jsonl"))
        if r["source"] not in test_sources and r["text"] not in test_texts and not r["intent"].startswith("calendar")
    ]
    others.sort(key=lambda r: sha(r["source"]))
    negatives, seen = [], set()
    for row in others:
        if row["text"] not in seen and len(negatives) < 400:
            seen.add(row["text"])
            negatives.append({"text": row["text"], "intent": None})
    devel = [r for r in load(os.path.join(source, "slurp/slurp_devel_relevant.jsonl")) if r["text"] not in test_texts]
    sets += folded_sets(
        "slurp", os.path.join(PUBLIC, "slurp/vocab/Slurp.app"), devel,
        lambda r: r["intent"] if r["intent"] in intents else None, negatives, work)
    # xSID zh valid
    modelled = ("AddToPlaylist", "PlayMusic", "SearchCreativeWork", "SearchScreeningEvent")
    valid = [r for r in load(os.path.join(source, "xsid-zh/xsid_zh.jsonl")) if ".valid/" in r["source"]]
    xsid_negatives = [{"text": r["text"].lower(), "intent": None} for r in valid if r["intent"] not in modelled]
    sets += folded_sets(
        "xsid", os.path.join(PUBLIC, "xsid-zh/vocab/Xsid.app"), valid,
        lambda r: r["intent"] if r["intent"] in modelled else None, xsid_negatives, work)
    # Snips train (templates were chosen from it, but most train utterances are not templates)
    validate = {r["text"].lower() for r in load(os.path.join(source, "snips-nlu-benchmark-2017/snips2017_validate.jsonl"))}
    train = [r for r in load(os.path.join(source, "snips-nlu-benchmark-2017/snips2017_train.jsonl")) if r["text"].lower() not in validate]
    train.sort(key=lambda r: sha(r["source"]))
    positives = [r for r in train if r["intent"] in ("AddToPlaylist", "PlayMusic")][:300]
    snips_negatives = [r for r in train if r["intent"] not in ("AddToPlaylist", "PlayMusic")][:300]
    corpus = [{"text": r["text"].lower(), "intent": r["intent"]} for r in positives]
    corpus += [{"text": r["text"].lower(), "intent": None} for r in snips_negatives]
    sets.append(("snips", os.path.join(PUBLIC, "snips/vocab"), corpus))
    # Whisper's train half
    whisper = os.path.join(ROOT, "corpora", "whisper")
    rows = load(os.path.join(whisper, "generated_train.jsonl"))
    corpus = [{"text": r["text"], "intent": r["expect"].get("intent")} for r in rows]
    sets.append(("whisper_train", os.path.join(whisper, "vocab"), corpus))
    return sets


def route(binary, vocab, corpus):
    text = "\n".join(row["text"].replace("\n", " ") for row in corpus) + "\n"
    out = subprocess.run([binary, "route", "--vocab", vocab, "--json"], input=text, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def fit_logistic(features, labels, weights, l2=1e-3, iterations=50):
    """Weighted logistic regression by Newton's method; returns coefficients then the bias."""
    x = np.hstack([features, np.ones((len(features), 1))])
    w = np.zeros(x.shape[1])
    weights = weights / weights.mean()
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (weights * (p - labels)) + l2 * w
        hessian = (x * (weights * p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vocab-binary", default=os.path.join(ROOT, ".build/release/vocab"))
    parser.add_argument("--corpora-src", default=os.path.join(ROOT, "..", "shared", "corpora-src"))
    parser.add_argument("--work", default=None)
    parser.add_argument("--weights", default=None,
                        help="probability,alignment,coverage,evidence,bias: show the table for these "
                             "weights (the shipped RoutingCosts.confidenceWeights) instead of a fit")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="vocabkit-calibrate-")
    sets = development_sets(args.corpora_src, work)
    rows, targets, weights, routed = [], [], [], {}
    for name, vocab, corpus in sets:
        results = route(args.vocab_binary, vocab, corpus)
        routed[name] = list(zip(corpus, results))
        for row, result in routed[name]:
            for candidate in result["candidates"]:
                rows.append([candidate["probability"], candidate["alignment"], candidate["coverage"],
                             candidate["evidence"]])
                targets.append(1.0 if candidate["intent"] == row["intent"] else 0.0)
                weights.append(1.0 / len(corpus))
        positives = sum(1 for row in corpus if row["intent"])
        first = sum(
            1
            for row, result in routed[name]
            if row["intent"] and result["candidates"]
            and max(result["candidates"], key=lambda c: c["probability"])["intent"] == row["intent"]
        )
        print(
            f"{name}: {len(corpus)} lines, {positives} positives, {len(corpus) - positives} negatives; "
            f"the learned model ranks the right intent first for {first / max(positives, 1):.3f}"
        )
    if args.weights:
        a, b, c, e, d = (float(x) for x in args.weights.split(","))
    else:
        a, b, c, e, d = fit_logistic(np.array(rows), np.array(targets), np.array(weights))
    print(f"\nconfidenceWeights = (probability: {a:.1f}, alignment: {b:.1f}, coverage: {c:.1f}, "
          f"evidence: {e:.1f}, bias: {d:.1f})\n")

    def confidence(candidate, coverage):
        return 1 / (1 + np.exp(-(a * candidate["probability"] + b * candidate["alignment"] + c * coverage
                                 + e * candidate["evidence"] + d)))

    print("| threshold | " + " | ".join(f"{name} right / false accepts" for name, _, _ in sets) + " | mean |")
    print("|---" * (len(sets) + 2) + "|")
    for threshold in (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5):
        cells, means = [], []
        for name, _, _ in sets:
            right = positives = accepted = negatives = 0
            for row, result in routed[name]:
                best = max(result["candidates"], key=lambda c: confidence(c, c["coverage"]), default=None)
                intent = best["intent"] if best and confidence(best, best["coverage"]) >= threshold else None
                if row["intent"]:
                    positives += 1
                    right += intent == row["intent"]
                else:
                    negatives += 1
                    accepted += intent is not None
            cells.append(f"{right / positives:.3f} / {accepted / max(negatives, 1):.3f}")
            means.append((right / positives, accepted / max(negatives, 1)))
        mean = f"{np.mean([m[0] for m in means]):.3f} / {np.mean([m[1] for m in means]):.3f}"
        print(f"| {threshold} | " + " | ".join(cells) + f" | {mean} |")


if __name__ == "__main__":
    main()
