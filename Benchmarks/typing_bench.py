#!/usr/bin/env python3
"""Real typing over stdio (contract §7): names typed left to right, one request per keystroke, until each is first.

    python3 Benchmarks/typing_bench.py --catalog /path/to/pypi.tsv [--names 150] [--rounds 2] [--pause-ms 100] [--slowest 20] [--separated]
        [--binary .build/release/suggest-lsp [--binary OTHER ...]]

Samples catalog names across the popularity range (a quarter each from ranks 1-100, 101-1,000, 1,001-15,000 and
the unranked rest, seeded), starts the daemon with the catalog, and for each of `search/complete` limit 5,
`search/filter` limit 10 and `search/filter` limit 50 types `--names` names of its own (so no mode reuses answers
another left in the daemon; with `--separated`, only names with a separator within their first four characters,
such as `py-…` and `ai-r…`) one character at a time, each request sent when the previous answer came back, until
the name is the first result (or fully typed), either at once (the default: a paste or a script, which leaves the
daemon no time between keystrokes) or after `--pause-ms` of think time per keystroke (a person typing: 100 ms is a
fast typist; the daemon uses the pause for a follow-up scan, but each keystroke then wakes sleeping threads and finds
cold caches, so the median is higher). It reports the median, 90th and 99th percentile and maximum round trip per
keystroke (from writing the request to reading the last byte of its answer: this client's JSON encoding and decoding
are not counted), the median and 99th percentile of the first two letters, how many characters were typed per name,
and the daemon's CPU time per keystroke (user and system, every thread, from /proc: the work, which a shared
machine's stalls do not change the way they change the latency).

With several `--binary` options (say a build before and after a change), each round runs every binary in turn, so
their figures come from the same conditions; the ready time (start to the first answer) is reported too, and the
first keystroke, sent as soon as the daemon is ready (when its answers file must already serve it).
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from benchstats import cpu_seconds, percentile, rss_mib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODES = (("search/complete", 5), ("search/filter", 10), ("search/filter", 50))
STRATA = ((1, 100), (101, 1_000), (1_001, 15_000), (None, None))


def has_early_separator(name):
    """Whether the name has a separator within its first four characters, after a short first word ("py-", "ai-r")."""
    return any(separator in name[1:4] for separator in "-_. ")


def sample_names(path, count, seed, separated=False):
    """`count` names of the catalog, a quarter from each popularity stratum, in a seeded order (only names with an
    early separator when `separated`)."""
    strata = [[] for _ in STRATA]
    with open(path, encoding="utf-8") as f:
        header = next(f).rstrip("\n").split("\t")
        rank_column = next((i for i, name in enumerate(header) if name.startswith("rank")), None)
        for line in f:
            parts = line.rstrip("\n").split("\t")
            rank = parts[rank_column] if rank_column is not None and rank_column < len(parts) else ""
            rank = int(rank) if rank.isdigit() else None
            if separated and not has_early_separator(parts[0]):
                continue
            for number, (low, high) in enumerate(STRATA):
                if (rank is None and low is None) or (rank is not None and low is not None and low <= rank <= high):
                    strata[number].append(parts[0])
                    break
    generator = random.Random(seed)
    names = []
    for number, members in enumerate(strata):
        wanted = count // len(STRATA) + (1 if number < count % len(STRATA) else 0)
        names.extend(generator.sample(members, min(wanted, len(members))))
    generator.shuffle(names)
    return names


class Daemon:
    """One daemon process, driven one request at a time."""

    def __init__(self, binary, catalog):
        self.proc = subprocess.Popen(
            [binary, "--catalog", catalog, "--log-level", "error"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0

    def call(self, method, params):
        """The reply, and the round trip in ms: from writing the request to reading the last byte of its answer.

        The request is encoded before the clock starts and the answer decoded after it stops: Python's `json` takes
        a few hundred microseconds for a page of 50 results with long summaries, which is this client's cost, not
        the daemon's."""
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        request = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        start = time.perf_counter()
        self.proc.stdin.write(request)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        elapsed = (time.perf_counter() - start) * 1000
        if not line:
            raise RuntimeError("the daemon closed its output")
        reply = json.loads(line)
        if reply.get("id") != self.next_id:
            raise RuntimeError(f"unexpected reply {reply}")
        return reply, elapsed

    def rss(self, field):
        return rss_mib(self.proc.pid, field)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def first_id(method, reply):
    result = reply.get("result") or {}
    if method == "search/complete":
        for section in result.get("sections", []):
            if section["id"] == "suggestions":
                return section["items"][0].get("id") if section["items"] else None
        return None
    items = result.get("items", [])
    return items[0]["id"] if items else None


def type_names(daemon, names, method, limit, pause=0.0):
    """Latencies (ms) of every keystroke, of the first two letters, the characters typed per name, the latencies by
    characters typed, and every (latency, query typed)."""
    latencies, first_two, typed, by_position, queries = [], [], [], {}, []
    field = f"{method}-{limit}"
    for name in names:
        for end in range(1, len(name) + 1):
            if pause > 0:
                time.sleep(pause)
            reply, elapsed = daemon.call(method, {"query": name[:end], "limit": limit, "field": field})
            if "error" in reply:
                print(f"error for {name[:end]!r}: {reply['error']}", file=sys.stderr)
            latencies.append(elapsed)
            queries.append((elapsed, name[:end]))
            if end <= 2:
                first_two.append(elapsed)
            by_position.setdefault(min(end, 6), []).append(elapsed)
            if first_id(method, reply) == name:
                break
        typed.append(end)
    return latencies, first_two, typed, by_position, queries


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", required=True, help="a decompressed catalog (pypi.tsv)")
    parser.add_argument("--binary", action="append", help="a daemon to measure (repeat to compare)")
    parser.add_argument("--names", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--positions", action="store_true", help="also the median by characters typed")
    parser.add_argument("--pause-ms", type=float, default=0.0, help="think time before each keystroke")
    parser.add_argument("--separated", action="store_true",
                        help="only names with a separator within their first four characters (py-, ai-r)")
    parser.add_argument("--slowest", type=int, default=0, help="also list the N slowest keystrokes of each mode")
    args = parser.parse_args()
    binaries = args.binary or [os.path.join(ROOT, ".build/release/suggest-lsp")]
    # Each mode types names of its own, so that no mode finds the answers another one left in the daemon.
    sample = sample_names(args.catalog, args.names * len(MODES), args.seed, args.separated)
    names_of_mode = [sample[number :: len(MODES)] for number in range(len(MODES))]
    kind = "names with an early separator" if args.separated else "names"
    print(f"{args.names} {kind} per mode across the popularity range, {args.rounds} round(s), "
          f"binaries alternated per round, {args.pause_ms:g} ms before each keystroke")

    for round_number in range(1, args.rounds + 1):
        for binary in binaries:
            start = time.perf_counter()
            daemon = Daemon(binary, args.catalog)
            stats, _ = daemon.call("catalog/stats", {})
            ready = time.perf_counter() - start
            rss_ready = daemon.rss("VmRSS")
            lines = []
            first_keystroke = None
            for (method, limit), names in zip(MODES, names_of_mode):
                cpu_before = cpu_seconds(daemon.proc.pid)
                latencies, first_two, typed, by_position, queries = type_names(
                    daemon, names, method, limit, args.pause_ms / 1000)
                cpu_after = cpu_seconds(daemon.proc.pid)
                cpu = ("" if cpu_before is None or cpu_after is None
                       else f"  |  CPU {(cpu_after - cpu_before) * 1000 / len(latencies):5.2f} ms per keystroke")
                if first_keystroke is None:
                    first_keystroke = latencies[0]
                lines.append(
                    f"  {method:15} limit {limit:2}: {len(latencies):4} keystrokes  "
                    f"p50 {statistics.median(latencies):6.3f}  p90 {percentile(latencies, 0.90):6.3f}  "
                    f"p99 {percentile(latencies, 0.99):6.3f}  max {max(latencies):7.3f} ms  |  first two letters "
                    f"p50 {statistics.median(first_two):6.3f}  p99 {percentile(first_two, 0.99):6.3f} ms  |  "
                    f"{statistics.mean(typed):4.1f} characters per name{cpu}"
                )
                if args.positions:
                    lines.append("      p50 by characters typed: " + "  ".join(
                        f"{'6+' if end == 6 else end}: {statistics.median(values):.3f}"
                        for end, values in sorted(by_position.items())))
                if args.slowest > 0:
                    lines.append("      slowest: " + "  ".join(
                        f"{query!r} {elapsed:.1f}" for elapsed, query in sorted(queries, reverse=True)[:args.slowest]))
            peak = daemon.rss("VmHWM")
            after = daemon.rss("VmRSS")
            daemon.close()
            print(
                f"round {round_number} {binary}: {stats['result']['items']} items, ready {ready:.2f} s, "
                f"first keystroke after ready {first_keystroke:.2f} ms, "
                f"RSS {rss_ready:.0f} MiB at ready, {after:.0f} MiB after typing, peak {peak:.0f} MiB"
            )
            print("\n".join(lines))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
