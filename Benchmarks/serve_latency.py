#!/usr/bin/env python3
"""Round-trip latency of `vocab serve`, measured as a router in another language meets it.

Starts `vocab serve`, sends one request, waits for its answer, then the next: the time from
process start to the first answer, and the median, 90th and 99th percentile of the round
trips after it (pipe, JSON both ways and the work). Texts come from a JSON Lines corpus
(each line's "text") or a plain text file, one utterance a line.

    python3 Benchmarks/serve_latency.py --vocab vocab --cache /tmp/sample.cache \\
        --texts corpora/handwritten/handwritten.jsonl [--command score] [--rounds 3]

Run it twice or more and quote medians: the machine is shared and noisy.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time


def read_texts(path):
    texts = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if not line:
                continue
            if line.startswith("{"):
                try:
                    value = json.loads(line)
                except json.JSONDecodeError:
                    continue
                text = value.get("text") or value.get("query")
                if isinstance(text, str):
                    texts.append(text)
            else:
                texts.append(line)
    return texts


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/vocab")
    parser.add_argument("--vocab", default="vocab")
    parser.add_argument("--cache")
    parser.add_argument("--texts", required=True)
    parser.add_argument("--command", choices=["route", "score"], default="route")
    parser.add_argument("--limit", type=int, default=None, help="use the first N texts")
    parser.add_argument("--rounds", type=int, default=1, help="send the texts this many times")
    parser.add_argument("--socket", help="serve on this Unix socket instead of standard input")
    arguments = parser.parse_args()

    texts = read_texts(arguments.texts)[: arguments.limit]
    if not texts:
        sys.exit(f"error: no texts in {arguments.texts}")
    command = [arguments.binary, "serve", "--vocab", arguments.vocab]
    if arguments.cache:
        command += ["--cache", arguments.cache]
    if arguments.socket:
        command += ["--socket", arguments.socket]
    start = time.perf_counter()
    server = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1)
    writer, reader = server.stdin, server.stdout
    if arguments.socket:
        client = socket.socket(socket.AF_UNIX)
        while True:
            try:
                client.connect(arguments.socket)
                break
            except OSError:
                if server.poll() is not None:
                    sys.exit("error: vocab serve ended before listening")
                time.sleep(0.001)
        stream = client.makefile("rw", encoding="utf-8")
        writer, reader = stream, stream

    def ask(number, text):
        request = {"id": number, "text": text}
        if arguments.command == "score":
            request["command"] = "score"
        writer.write(json.dumps(request, ensure_ascii=False) + "\n")
        writer.flush()
        answer = json.loads(reader.readline())
        if answer.get("id") != number:
            sys.exit(f"error: answer {answer} is not for request {number}")
        return answer

    first = ask(0, texts[0])
    first_answer = time.perf_counter() - start
    times = []
    errors = 0
    for _ in range(arguments.rounds):
        for number, text in enumerate(texts, start=1):
            began = time.perf_counter()
            answer = ask(number, text)
            times.append(time.perf_counter() - began)
            errors += "error" in answer
    if arguments.socket:
        client.close()
        server.terminate()
    server.stdin.close()
    server.wait()
    micro = [value * 1e6 for value in times]
    print(json.dumps({
        "command": arguments.command, "texts": len(texts), "requests": len(micro),
        "errors": errors, "first_answer_ms": round(first_answer * 1000, 1),
        "median_us": round(statistics.median(micro)), "p90_us": round(percentile(micro, 0.9)),
        "p99_us": round(percentile(micro, 0.99)), "first_was_error": "error" in first,
    }))


if __name__ == "__main__":
    main()
