#!/usr/bin/env python3
"""Runs every ```jsonrpc example of protocol.md against the daemon and fills in (or checks) its replies.

    python3 Scripts/protocol-examples.py [--binary .build/debug/suggest-lsp] [--write]

Each example block runs in a fresh daemon on the demo catalog: its `-->` messages are sent in order, stdin is
closed, and the replies are matched to the block's `<--` entries by id (batches in order). Without --write, prints
the differences and exits 1 if there are any; with --write, rewrites the `<--` entries with the real replies.
`swift test` checks the same examples (Tests/SuggestLSPTests/ProtocolDocumentTests.swift).
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def parse_block(lines):
    """Splits a block into [(direction, text)] where direction is '-->' or '<--'."""
    entries = []
    for line in lines:
        match = re.match(r"^(-->|<--) ?(.*)$", line)
        if match:
            entries.append([match.group(1), match.group(2)])
        elif entries:
            entries[-1][1] += "\n" + line
    return [(direction, text) for direction, text in entries]


def key_of(value, batch_index):
    if isinstance(value, list):
        return ("batch", batch_index)
    return ("id", json.dumps(value.get("id"), sort_keys=True))


def normalize(value):
    if isinstance(value, dict):
        return {k: (0 if k == "lastUsed" else normalize(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def comparable(value):
    """Normalized, with a batch's responses in a fixed order (a batch may be answered in any order)."""
    value = normalize(value)
    if isinstance(value, list):
        return sorted(value, key=lambda v: json.dumps(v, sort_keys=True))
    return value


def pretty(value):
    """Compact, readable JSON: one line when short, else the top-level members of `result` on their own lines."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if len(text) <= 118:
        return text
    if isinstance(value, list):
        return "[\n" + ",\n".join("  " + json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in value) + "\n]"
    result = value.get("result")
    if isinstance(result, dict):
        head = json.dumps({k: v for k, v in value.items() if k != "result"}, ensure_ascii=False, separators=(",", ":"))
        parts = []
        for k, v in result.items():
            if isinstance(v, list) and v and len(json.dumps(v, ensure_ascii=False, separators=(",", ":"))) > 90:
                inner = ",\n".join("    " + json.dumps(x, ensure_ascii=False, separators=(",", ":")) for x in v)
                parts.append(f'  "{k}":[\n{inner}\n  ]')
            else:
                parts.append(f'  "{k}":' + json.dumps(v, ensure_ascii=False, separators=(",", ":")))
        return head[:-1] + ',"result":{\n' + ",\n".join(parts) + "}}"
    return text


def run(binary, sent):
    payload = "".join(json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) + "\n" for text in sent)
    proc = subprocess.run([binary, "--log-level", "off"], input=payload.encode(), capture_output=True, timeout=60)
    return [json.loads(line) for line in proc.stdout.decode().splitlines() if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "suggest-lsp"))
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--document", default=os.path.join(ROOT, "protocol.md"))
    args = parser.parse_args()

    lines = open(args.document, encoding="utf-8").read().split("\n")
    output = []
    failures = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        output.append(line)
        i += 1
        if line.strip() != "```jsonrpc":
            continue
        block = []
        while i < len(lines) and lines[i].strip() != "```":
            block.append(lines[i])
            i += 1
        entries = parse_block(block)
        sent = [text for direction, text in entries if direction == "-->"]
        replies = run(args.binary, sent)
        by_key = {}
        batch = 0
        for reply in replies:
            k = key_of(reply, batch)
            if isinstance(reply, list):
                batch += 1
            by_key.setdefault(k, []).append(reply)
        new_block = []
        batch = 0
        for direction, text in entries:
            if direction == "-->":
                new_block.append("--> " + text)
                continue
            expected = json.loads(text)
            k = key_of(expected, batch)
            if isinstance(expected, list):
                batch += 1
            actual = by_key.get(k, [None]).pop(0) if by_key.get(k) else None
            if actual is None:
                print(f"protocol.md: no reply for {k} in block at line {i}", file=sys.stderr)
                failures += 1
                new_block.append("<-- " + text)
                continue
            if comparable(actual) != comparable(expected):
                failures += 1
                if not args.write:
                    print(f"protocol.md block ending at line {i}:\n  expected {json.dumps(expected)}\n  actual   "
                          f"{json.dumps(actual)}", file=sys.stderr)
            new_block.append("<-- " + pretty(actual if args.write else expected))
        leftovers = [r for rs in by_key.values() for r in rs]
        for reply in leftovers:
            failures += 1
            print(f"protocol.md: unexpected reply in block ending at line {i}: {json.dumps(reply)}", file=sys.stderr)
            if args.write:
                new_block.append("<-- " + pretty(reply))
        output.extend("\n".join(new_block).split("\n"))
    if args.write:
        open(args.document, "w", encoding="utf-8").write("\n".join(output))
        print(f"rewrote {args.document} ({failures} replies changed)")
    else:
        print(f"{failures} differences")
        sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
