#!/usr/bin/env python3
"""Document edit benchmark: the time an incremental textDocument/didChange takes in a huge document.

    python3 Benchmarks/document_bench.py [--lines 1000000] [--edits 2000] [--binary PATH ...]

For each binary (default: .build/release/suggest-lsp), opens a document of --lines lines, then sends --edits
incremental changes at seeded random lines, as fast as possible, followed by one request; the time to its answer,
over the number of edits, is the time per edit. Three kinds of edit: inserting two lines, deleting two lines, and
typing one character (no line added). The same edits sent to a small document (just enough lines for the
deletions) give the cost of reading and parsing the notifications, which is subtracted ("net"). Several binaries are measured in turn, round after round,
so that a noisy machine affects them alike.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import time


def line(obj):
    return (json.dumps(obj, separators=(",", ":")) + "\n").encode()


class Daemon:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "--log-level", "off", "--max-message-bytes", str(1 << 30)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 1
        self.send(line({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}))
        self.wait_reply()
        self.send(line({"jsonrpc": "2.0", "method": "initialized", "params": {}}))

    def send(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def wait_reply(self):
        while b"\n" not in self.buffer:
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError("the daemon closed its output")
            self.buffer += chunk
        reply, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(reply)

    def probe(self):
        """A request every server answers at once, after everything sent before it."""
        self.next_id += 1
        return line({"jsonrpc": "2.0", "id": self.next_id, "method": "bench/probe"})

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def edits(kind, count, line_count, seed):
    """Seeded random changes of one kind, with the document's line count followed as they apply."""
    rng = random.Random(seed)
    changes = []
    for _ in range(count):
        at = rng.randrange(max(1, line_count - 3))
        if kind == "insert":
            change = {"range": {"start": {"line": at, "character": 0}, "end": {"line": at, "character": 0}},
                      "text": "inserted one\ninserted two\n"}
            line_count += 2
        elif kind == "delete":
            change = {"range": {"start": {"line": at, "character": 0}, "end": {"line": at + 2, "character": 0}},
                      "text": ""}
            line_count -= 2
        else:
            change = {"range": {"start": {"line": at, "character": 3}, "end": {"line": at, "character": 3}},
                      "text": "x"}
        changes.append(change)
    return changes


def run(binary, lines, count, kind, seed):
    """Seconds per edit of `kind` in a document of `lines` lines."""
    daemon = Daemon(binary)
    uri = "file:///bench.txt"
    text = "".join(f"line {i} of the benchmark document\n" for i in range(lines))
    daemon.send(line({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "text", "version": 1, "text": text}}}))
    daemon.send(daemon.probe())
    daemon.wait_reply()
    payload = b"".join(
        line({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2 + index}, "contentChanges": [change]}})
        for index, change in enumerate(edits(kind, count, lines + 1, seed)))
    start = time.perf_counter()
    daemon.send(payload + daemon.probe())
    reply = daemon.wait_reply()
    elapsed = time.perf_counter() - start
    assert "error" in reply and reply["error"]["code"] == -32601, reply
    daemon.close()
    return elapsed / count


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--edits", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", action="append", default=[],
                        help="NAME=PATH (default: ours=.build/release/suggest-lsp); several to compare")
    args = parser.parse_args()
    binaries = [spec.partition("=")[::2] for spec in args.binary] or [
        ("ours", os.path.join(here, "..", ".build", "release", "suggest-lsp"))]
    results = {}
    for round_index in range(args.rounds):
        for name, path in binaries:
            for kind in ("insert", "delete", "type"):
                big = run(path, args.lines, args.edits, kind, seed=round_index)
                small = run(path, 2 * args.edits + 10, args.edits, kind, seed=round_index)
                results.setdefault((name, kind), []).append((big, small))
    print(f"{'binary':<10}{'edit':<8}{'µs/edit, ' + format(args.lines, ',') + ' lines':>26}"
          f"{'µs/edit, small':>20}{'net µs/edit':>14}   (median of {args.rounds} rounds)")
    summary = []
    for (name, kind), runs in results.items():
        big = statistics.median(b for b, _ in runs) * 1e6
        small = statistics.median(s for _, s in runs) * 1e6
        print(f"{name:<10}{kind:<8}{big:>26.1f}{small:>20.1f}{big - small:>14.1f}")
        summary.append({"binary": name, "edit": kind, "us_per_edit": big, "us_per_edit_small": small})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
