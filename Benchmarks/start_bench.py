#!/usr/bin/env python3
"""Daemon start on a real catalog, with and without its index snapshot (contract §9).

    python3 Benchmarks/start_bench.py --catalog /path/to/pypi.tsv [--runs 5] [--binary .build/release/suggest-lsp]

Each round starts the release daemon three ways, one after the other: `--no-cache` (parse and build, as before
snapshots), cold (an empty `--cache-dir`: parse, build and write the snapshot) and warm (the snapshot the cold start
wrote). Then, unless `--no-answers`, it lets one daemon prepare the answers to the first keystrokes (a minute on
PyPI) and starts `--runs` more times from that cache: the later start a user sees, which reads the answers file
beside the snapshot too (warm, as measured above, has none yet). For each start it measures the time from spawning
the process to the answer of a `catalog/stats` sent at once (ready), the peak RSS (VmHWM), the RSS once ready (VmRSS)
and, for the cold start, the RSS once the snapshot is written and the catalog served from it (the daemon writes it
after it is ready), and reports the median and range over the rounds.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from benchstats import rss_mib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def start(binary, catalog, extra):
    """One start: (ready seconds, peak MiB, resident MiB, stderr text, resident MiB once the snapshot is written or
    None when none is written)."""
    began = time.perf_counter()
    proc = subprocess.Popen(
        [binary, "--log-level", "info", "--catalog", catalog] + extra,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    lines = []
    written = threading.Event()

    def read_stderr():
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            lines.append(line)
            if "snapshot" in line and " written in " in line:
                written.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    proc.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"catalog/stats"}\n')
    proc.stdin.flush()
    line = proc.stdout.readline()
    ready = time.perf_counter() - began
    reply = json.loads(line)
    if "result" not in reply:
        sys.exit(f"unexpected reply: {line!r}")
    peak = rss_mib(proc.pid, "VmHWM")
    resident = rss_mib(proc.pid, "VmRSS")
    stored = None
    if "--no-cache" not in extra and written.wait(timeout=0.05 if any("read from" in l for l in lines) else 30):
        stored = rss_mib(proc.pid, "VmRSS")
    proc.stdin.close()
    proc.wait(timeout=60)
    reader.join(timeout=10)
    return ready, peak, resident, "".join(lines), stored


def prepared_cache(binary, catalog):
    """A cache directory holding the catalog's snapshot and its answers file: one daemon started on an empty one,
    left running until it has prepared the answers to the first keystrokes."""
    cache = tempfile.mkdtemp(prefix="suggest-start-bench-answers-")
    proc = subprocess.Popen(
        [binary, "--log-level", "info", "--catalog", catalog, "--cache-dir", cache],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    prepared = False
    for raw in proc.stderr:
        line = raw.decode(errors="replace")
        if "short queries ready" in line:
            prepared = " 0 prepared" not in line
            break
    proc.stdin.close()
    proc.wait(timeout=60)
    if not prepared:
        sys.exit("the daemon did not prepare the answers to the first keystrokes")
    return cache


def summary(values, unit, scale=1):
    values = [v * scale for v in values]
    return f"{statistics.median(values):8.1f} {unit} ({min(values):.1f}–{max(values):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", required=True, help="a catalog file, e.g. pypi.tsv (decompressed)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "suggest-lsp"))
    parser.add_argument(
        "--no-answers", action="store_true", help="skip the later starts with an answers file (a minute to prepare)"
    )
    args = parser.parse_args()
    results = {"no-cache": [], "cold": [], "warm": []}
    snapshot_size = 0
    for _ in range(args.runs):
        cache = tempfile.mkdtemp(prefix="suggest-start-bench-")
        try:
            results["no-cache"].append(start(args.binary, args.catalog, ["--no-cache"]))
            results["cold"].append(start(args.binary, args.catalog, ["--cache-dir", cache]))
            warm = start(args.binary, args.catalog, ["--cache-dir", cache])
            if "read from" not in warm[3]:
                sys.exit(f"the warm start did not read the snapshot:\n{warm[3]}")
            results["warm"].append(warm)
            snapshot_size = sum(os.path.getsize(os.path.join(cache, name)) for name in os.listdir(cache))
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    if not args.no_answers:
        cache = prepared_cache(args.binary, args.catalog)
        results["warm+answers"] = []
        try:
            for _ in range(args.runs):
                later = start(args.binary, args.catalog, ["--cache-dir", cache])
                took_answers = " kept from an earlier start" in later[3] and "(0 kept" not in later[3]
                if "read from" not in later[3] or not took_answers:
                    sys.exit(f"the later start did not read the snapshot and its answers:\n{later[3]}")
                results["warm+answers"].append(later)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    text_mib = os.path.getsize(args.catalog) / 1048576
    print(f"catalog {args.catalog}: {text_mib:.0f} MiB of text; snapshot {snapshot_size / 1048576:.0f} MiB")
    print(f"{'start':12} {'ready':>24} {'peak RSS':>26} {'RSS when ready':>26} {'RSS once stored':>26}")
    for name, runs in results.items():
        ready = summary([r[0] for r in runs], "ms", 1000)
        peak = summary([r[1] for r in runs], "MiB")
        resident = summary([r[2] for r in runs], "MiB")
        stored = [r[4] for r in runs if r[4] is not None]
        once_stored = summary(stored, "MiB") if stored else "–"
        print(f"{name:12} {ready:>24} {peak:>26} {resident:>26} {once_stored:>26}")


if __name__ == "__main__":
    main()
