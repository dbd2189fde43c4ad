#!/usr/bin/env python3
"""The memory one waiting search costs (contract §7 "under load": a waiting request costs its bytes, not a search's
working memory), end to end over stdio.

    python3 Benchmarks/waiting_bench.py [--catalog /path/to/pypi.tsv] [--binary .build/release/suggest-lsp ...]
                                        [--requests 500] [--rounds 2]

A fresh daemon loads the catalog (the demo catalog without `--catalog`), answers one `catalog/stats` and rests; its
resident memory then is the resting level. Then `--requests` `search/filter` requests are written, each in a search
field of its own and with a debounce of a minute (`debounceMs`), so that every one of them is read and waits, none
runs. Two seconds later the resident memory is read again: the difference, per request, is what a waiting search
holds (its task, its parsed request, its place in the queues). The anonymous part (`RssAnon`) is reported apart: it
excludes pages of the catalog's snapshot.

`--requests` must stay under the transport's limit of requests in flight (512): past it, the daemon stops reading
until some are answered, and none would be. With several `--binary` options, each round runs every binary in turn.
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time

from benchstats import rss_kib


def measure(binary, catalog, requests):
    """Starts `binary`, makes `requests` searches wait, and returns (resting KiB, waiting KiB) for VmRSS and RssAnon,
    and the average request size in bytes."""
    arguments = [binary] + (["--catalog", catalog] if catalog else [])
    daemon = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        daemon.stdin.write(b'{"jsonrpc":"2.0","id":0,"method":"catalog/stats","params":{}}\n')
        daemon.stdin.flush()
        if not daemon.stdout.readline():
            sys.exit(f"{binary}: no answer to catalog/stats")
        # Anything written later (there should be nothing) is drained, so that no reply waits in the daemon.
        threading.Thread(target=lambda: [None for _ in daemon.stdout], daemon=True).start()
        time.sleep(1.5)
        resting = (rss_kib(daemon.pid), rss_kib(daemon.pid, "RssAnon"))
        lines = [
            json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": number + 1,
                    "method": "search/filter",
                    "params": {"query": f"req{number % 97}", "field": f"f{number}", "debounceMs": 60000},
                }
            ).encode()
            + b"\n"
            for number in range(requests)
        ]
        daemon.stdin.write(b"".join(lines))
        daemon.stdin.flush()
        time.sleep(2)
        waiting = (rss_kib(daemon.pid), rss_kib(daemon.pid, "RssAnon"))
        return resting, waiting, sum(len(line) for line in lines) / requests
    finally:
        daemon.kill()
        daemon.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", help="a catalog file (pypi.tsv); the demo catalog when absent")
    parser.add_argument("--binary", action="append", help="a daemon to measure (repeat to compare)")
    parser.add_argument("--requests", type=int, default=500, help="waiting searches (at most 500)")
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    if not 1 <= options.requests <= 500:
        parser.error("--requests must be 1 to 500 (the daemon reads at most 512 requests ahead)")
    binaries = options.binary or [".build/release/suggest-lsp"]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary}: not an executable (build it with `swift build -c release`)")
    print(f"{options.requests} waiting searches, {options.rounds} round(s), catalog {options.catalog or 'demo'}")
    for round_number in range(1, options.rounds + 1):
        for binary in binaries:
            (rest, rest_anon), (wait, wait_anon), size = measure(binary, options.catalog, options.requests)
            print(
                f"round {round_number} {binary}: resting {rest / 1024:.1f} MiB (anonymous {rest_anon / 1024:.1f}), "
                f"waiting {wait / 1024:.1f} MiB (anonymous {wait_anon / 1024:.1f}): "
                f"{(wait - rest) / options.requests:.2f} KiB per waiting search "
                f"(anonymous {(wait_anon - rest_anon) / options.requests:.2f}), its request {size:.0f} bytes"
            )


if __name__ == "__main__":
    main()
