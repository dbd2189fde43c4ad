#!/usr/bin/env python3
"""End-to-end keystroke latency over stdio on a real catalog (contract §7), plus a real typing-session transcript.

    python3 Benchmarks/keystroke_bench.py --catalog /path/to/pypi.tsv[.xz] [--queries FILE] [--sessions 200]

Starts the release daemon with the catalog, measures the time until it answers (load), then replays typing
sessions: every prefix of each query, as typed, one keystroke at a time, each sent when the previous answer came
back (so each measurement is one keystroke's full round trip: framing, parsing, search, encoding). It does this for
`search/complete` (limit 5) and `search/filter` (limit 50), each in its own search field, and reports the median,
99th percentile and maximum, the daemon's peak RSS, and a transcript of one burst-typed session (keystrokes sent
without waiting, as a fast typist would), showing supersession.
"""

import argparse
import json
import lzma
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from benchstats import percentile, rss_mib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class Daemon:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.replies = {}
        self.order = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            reply = json.loads(line)
            with self.cond:
                self.replies[json.dumps(reply.get("id"))] = reply
                self.order.append(reply)
                self.cond.notify_all()

    def _drain_stderr(self):
        for _ in self.proc.stderr:
            pass

    def send(self, request):
        self.proc.stdin.write((json.dumps(request, separators=(",", ":")) + "\n").encode())
        self.proc.stdin.flush()

    def wait(self, request_id, timeout=120):
        key = json.dumps(request_id)
        deadline = time.time() + timeout
        with self.cond:
            while key not in self.replies:
                remaining = deadline - time.time()
                if remaining <= 0:
                    raise TimeoutError(f"no reply to {request_id}")
                self.cond.wait(remaining)
            return self.replies.pop(key)

    def rss(self, field="VmHWM"):
        return rss_mib(self.proc.pid, field)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", required=True, help="pypi.tsv or pypi.tsv.xz")
    parser.add_argument("--queries", default=os.path.join(ROOT, "Tests/SuggestEngineTests/Fixtures/pypi-queries.tsv"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/suggest-lsp"))
    parser.add_argument("--sessions", type=int, default=200, help="queries replayed (every prefix of each)")
    parser.add_argument("--transcript", default="reqeusts", help="the query typed in the burst transcript")
    args = parser.parse_args()

    catalog = args.catalog
    temporary = None
    if catalog.endswith(".xz"):
        temporary = tempfile.mkdtemp()
        catalog = os.path.join(temporary, os.path.basename(catalog)[:-3])
        with lzma.open(args.catalog) as source, open(catalog, "wb") as target:
            shutil.copyfileobj(source, target)

    queries = []
    with open(args.queries, encoding="utf-8") as f:
        next(f)
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2 and parts[1]:
                queries.append(parts[1])
    queries = queries[: args.sessions]

    start = time.perf_counter()
    daemon = Daemon([args.binary, "--catalog", catalog, "--log-level", "error"])
    daemon.send({"jsonrpc": "2.0", "id": "ready", "method": "catalog/stats"})
    stats = daemon.wait("ready")
    load_seconds = time.perf_counter() - start
    rss_loaded = daemon.rss("VmRSS")

    next_id = 0
    results = {}
    for method, limit in (("search/complete", 5), ("search/filter", 50)):
        latencies = []
        for query in queries:
            for end in range(1, len(query) + 1):
                next_id += 1
                t0 = time.perf_counter()
                daemon.send({"jsonrpc": "2.0", "id": next_id, "method": method,
                             "params": {"query": query[:end], "limit": limit, "field": method}})
                reply = daemon.wait(next_id)
                latencies.append((time.perf_counter() - t0) * 1000)
                if "error" in reply:
                    print(f"error for {query[:end]!r}: {reply['error']}", file=sys.stderr)
        results[method] = latencies

    # A burst-typed session: every keystroke sent at once, in one field, as a fast typist's editor would.
    transcript = []
    first_id = next_id + 1
    for end in range(1, len(args.transcript) + 1):
        next_id += 1
        request = {"jsonrpc": "2.0", "id": next_id, "method": "search/complete",
                   "params": {"query": args.transcript[:end], "field": "burst"}}
        transcript.append("--> " + json.dumps(request, separators=(",", ":")))
        daemon.send(request)
    for request_id in range(first_id, next_id + 1):
        daemon.wait(request_id)
    with daemon.cond:
        burst = [r for r in daemon.order if isinstance(r.get("id"), int) and r["id"] >= first_id]
    for reply in burst:
        transcript.append("<-- " + json.dumps(reply, separators=(",", ":"), ensure_ascii=False))

    peak = daemon.rss()
    daemon.close()
    if temporary:
        shutil.rmtree(temporary)

    print(f"catalog: {stats['result']['items']} items; daemon ready after {load_seconds:.2f} s; "
          f"RSS after load {rss_loaded:.0f} MiB, peak {peak:.0f} MiB")
    for method, latencies in results.items():
        print(f"{method:16} keystrokes {len(latencies):5}  p50 {statistics.median(latencies):6.2f} ms  "
              f"p99 {percentile(latencies, 0.99):6.2f} ms  max {max(latencies):7.2f} ms")
    print(f"\nburst-typed session ({args.transcript!r}, every keystroke sent at once):")
    print("\n".join(transcript))


if __name__ == "__main__":
    main()
