#!/usr/bin/env python3
"""Large message benchmark: how long a request waits behind a large inline catalog/load.

    python3 Benchmarks/large_load_bench.py [--items 300000] [--rounds 3] [--binary NAME=PATH ...]

Sends one `catalog/load` with --items inline items (about 100 bytes each), then at once a request the daemon
answers on its reader (an unknown method), then `catalog/stats` of the loaded catalog. Reports when each answer
came, from the first byte written: the probe's answer shows how long the reader was held by the load (parsed on the
reader, the whole parse; parsed in the load's task, about the time to read the message); the stats answer, which
must follow the load (it counts its items), the load's full cost. Several binaries are measured in turn, round
after round.
"""

import argparse
import json
import os
import statistics
import subprocess
import threading
import time


LSP = False


def line(obj):
    body = json.dumps(obj, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body if LSP else body + b"\n"


def run(binary, load, count):
    proc = subprocess.Popen([binary, "--log-level", "off", "--max-message-bytes", str(1 << 30)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    payload = (load + line({"jsonrpc": "2.0", "id": 2, "method": "bench/probe"})
               + line({"jsonrpc": "2.0", "id": 3, "method": "catalog/stats", "params": {"catalog": "big"}}))
    start = time.perf_counter()

    def write():
        proc.stdin.write(payload)
        proc.stdin.flush()

    writer = threading.Thread(target=write)
    writer.start()
    answered = {}
    buffer = b""
    while len(answered) < 3:
        chunk = os.read(proc.stdout.fileno(), 1 << 16)
        if not chunk:
            raise RuntimeError("the daemon closed its output")
        buffer += chunk
        while True:
            if LSP:
                header_end = buffer.find(b"\r\n\r\n")
                if header_end < 0:
                    break
                length = int(buffer[:header_end].split(b":")[1])
                if len(buffer) < header_end + 4 + length:
                    break
                reply, buffer = buffer[header_end + 4:header_end + 4 + length], buffer[header_end + 4 + length:]
            elif b"\n" in buffer:
                reply, _, buffer = buffer.partition(b"\n")
            else:
                break
            message = json.loads(reply)
            if "id" in message:
                answered[message["id"]] = (time.perf_counter() - start, message)
    writer.join()
    proc.stdin.close()
    proc.wait(timeout=60)
    assert answered[3][1]["result"]["items"] == count, answered[3][1]
    return answered[2][0], answered[1][0], answered[3][0]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lsp", action="store_true", help="LSP framing (Content-Length) instead of NDJSON")
    parser.add_argument("--binary", action="append", default=[],
                        help="NAME=PATH (default: ours=.build/release/suggest-lsp); several to compare")
    args = parser.parse_args()
    global LSP
    LSP = args.lsp
    binaries = [spec.partition("=")[::2] for spec in args.binary] or [
        ("ours", os.path.join(here, "..", ".build", "release", "suggest-lsp"))]
    items = [{"id": f"item-{i}", "title": f"Item number {i} of the large catalog",
              "subtitle": f"subtitle {i % 977}", "weight": i % 1000} for i in range(args.items)]
    load = line({"jsonrpc": "2.0", "id": 1, "method": "catalog/load", "params": {"catalog": "big", "items": items}})
    results = {}
    for _ in range(args.rounds):
        for name, path in binaries:
            results.setdefault(name, []).append(run(path, load, args.items))
    print(f"{'LSP' if LSP else 'NDJSON'} message: {len(load) / 1e6:.1f} MB, {args.items:,} items; milliseconds from the first byte written "
          f"(median of {args.rounds})")
    print(f"{'binary':<10}{'probe answered':>16}{'load answered':>16}{'stats answered':>16}")
    for name, runs in results.items():
        probe, loaded, stats = (statistics.median(r[i] for r in runs) * 1e3 for i in range(3))
        print(f"{name:<10}{probe:>16.1f}{loaded:>16.1f}{stats:>16.1f}")


if __name__ == "__main__":
    main()
