#!/usr/bin/env python3
"""Memory and time under a burst of concurrent searches (contract §7 "under load"), end to end over stdio.

    python3 Benchmarks/burst_bench.py --catalog /path/to/pypi.tsv [--binary .build/release/suggest-lsp ...]
                                      [--rounds 2] [--bursts filter:500,filter:5000,complete:5000,mixed:5000,short:5000]
                                      [--seed 7] [--settle 2]

For each burst, a fresh daemon loads the catalog (`--catalog`), answers one `catalog/stats`, and rests; its resident
memory then is the *resting* level. The burst is written at once: N searches, each in a search field of its own (so
none supersedes another), as fast as the daemon reads them. Queries are realistic: names from the catalog, cut to a
prefix of two or more characters as typed, some with two neighbouring letters swapped, some of two words.

- `filter:N`: `search/filter` (default limit 50).
- `complete:N`: `search/complete` (default limit 5).
- `short:N`: `search/filter` (limit 50) of the first two letters only: answered at once from the stored answers,
  faster than the client reads the replies, so what grows is the replies not yet sent (the transport stops reading
  input above a limit of unsent bytes).
- `mixed:N`: both, plus `search/tokens`, `catalog/add` of a new item every 250 requests, `recents/add`,
  `recents/list` and `catalog/stats` now and then.

Right after the burst, one `catalog/stats` and one `recents/list` are written: their answer time shows whether a
cheap request waits behind the queue of searches (behind more than 512 requests, it is read only once fewer than
512 are in flight: the transport's read-ahead limit). Every request must be answered exactly once (an unknown id, a
second answer, or an error reply to a search fails the run, exit status 1).

Reported per burst: resting RSS, peak RSS during the burst (the kernel's high-water mark, reset before the burst
through /proc/PID/clear_refs, and the highest sampled VmRSS), RSS `--settle` seconds after the last answer, the
ratios to resting, the time from the first byte written to the last answer, and the cheap requests' answer time.
With several `--binary` (e.g. a build before and after a change), the binaries alternate within each round, so
their figures come from the same run; a summary gives each binary's range over the rounds.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
from benchstats import rss_kib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def reset_peak(pid):
    """Resets the kernel's resident high-water mark (VmHWM) of `pid`; returns whether it could."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False


def catalog_names(path, count, rng):
    """`count` distinct names drawn from the catalog's first column (a TSV with a header row)."""
    with open(path, encoding="utf-8", errors="replace") as catalog:
        next(catalog)
        names = [line.split("\t", 1)[0] for line in catalog]
    names = [name for name in names if len(name) >= 3]
    return rng.sample(names, min(count, len(names)))


def typed_query(rng, name, other):
    """What a user may have typed when looking for `name`: a prefix, sometimes with a slip, sometimes two words."""
    cut = rng.randrange(2, len(name) + 1)
    text = name[:cut]
    if len(text) >= 5 and rng.random() < 0.2:
        i = rng.randrange(1, len(text) - 2)
        text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    if rng.random() < 0.15:
        text = f"{text} {other[: rng.randrange(2, max(3, len(other)) + 1)]}"
    return text


class Burst:
    """The requests of one burst, by id, with what each expects."""

    def __init__(self, kind, count, rng, names):
        self.kind = kind
        self.lines = []
        self.expect = {}  # id -> method
        for n in range(count):
            name = names[n % len(names)]
            other = names[(n * 7 + 3) % len(names)]
            query = typed_query(rng, name, other)
            field = f"burst-{n}"
            if kind == "filter":
                self.add("search/filter", {"query": query, "field": field})
            elif kind == "complete":
                self.add("search/complete", {"query": query, "field": field})
            elif kind == "short":
                self.add("search/filter", {"query": name[:2], "field": field})
            else:
                roll = n % 250
                if roll == 249:
                    item = {"id": f"added-{n}", "title": f"{name}-burst-{n}", "weight": 5}
                    self.add("catalog/add", {"items": [item]})
                elif roll == 100:
                    self.add("recents/add", {"text": name, "id": name})
                elif roll % 50 == 17:
                    self.add("recents/list", {})
                elif roll % 50 == 33:
                    self.add("catalog/stats", {})
                elif roll % 10 == 5:
                    self.add("search/tokens", {"query": query[:2], "field": field})
                elif n % 2 == 0:
                    self.add("search/filter", {"query": query, "field": field, "limit": 10})
                else:
                    self.add("search/complete", {"query": query, "field": field})
        self.payload = "".join(self.lines).encode()

    def add(self, method, params):
        request_id = len(self.expect) + 1
        self.expect[request_id] = method
        self.lines.append(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n")


class Daemon:
    """A daemon with a reader thread that records each answer's arrival time."""

    def __init__(self, binary, catalog):
        self.proc = subprocess.Popen(
            [binary, "--catalog", catalog],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.cond = threading.Condition()
        self.answers = {}  # id -> (count, time, reply)
        self.strays = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            now = time.monotonic()
            reply = json.loads(line)
            with self.cond:
                key = reply.get("id")
                if isinstance(key, int):
                    count, first, body = self.answers.get(key, (0, now, reply))
                    self.answers[key] = (count + 1, first, body)
                else:
                    self.strays.append(reply)
                self.cond.notify_all()

    def write(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def wait_for(self, ids, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while not all(i in self.answers for i in ids):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self.cond.wait(remaining)
        return True

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def run_burst(binary, catalog, burst, settle, timeout):
    daemon = Daemon(binary, catalog)
    pid = daemon.proc.pid
    ready_id = 10_000_000
    started = time.monotonic()
    daemon.write((json.dumps({"jsonrpc": "2.0", "id": ready_id, "method": "catalog/stats"}) + "\n").encode())
    if not daemon.wait_for([ready_id], timeout):
        daemon.close()
        raise SystemExit(f"{binary}: not ready after {timeout} s")
    ready = time.monotonic() - started
    time.sleep(settle)
    resting = rss_kib(pid)
    has_hwm = reset_peak(pid)

    peak_sampled = [resting]
    # The resident pages split by kind: anonymous (heap) and file-backed (the snapshot's mapped columns: clean page
    # cache the kernel can drop at no cost).
    resting_parts = (rss_kib(pid, "RssAnon") or 0, rss_kib(pid, "RssFile") or 0)
    peak_parts = list(resting_parts)
    sampling = threading.Event()
    sampling.set()

    def sample():
        while sampling.is_set():
            value = rss_kib(pid)
            if value:
                peak_sampled[0] = max(peak_sampled[0], value)
            for number, field in enumerate(("RssAnon", "RssFile")):
                peak_parts[number] = max(peak_parts[number], rss_kib(pid, field) or 0)
            time.sleep(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    cheap_ids = [ready_id + 1, ready_id + 2]
    cheap = "".join(
        json.dumps({"jsonrpc": "2.0", "id": i, "method": m}) + "\n"
        for i, m in zip(cheap_ids, ["catalog/stats", "recents/list"])
    ).encode()
    begin = time.monotonic()
    writer = threading.Thread(target=lambda: daemon.write(burst.payload + cheap), daemon=True)
    writer.start()
    complete = daemon.wait_for(list(burst.expect) + cheap_ids, timeout)
    end = time.monotonic()
    writer.join()
    after_burst = rss_kib(pid)
    time.sleep(settle)
    settled = rss_kib(pid)
    settled_parts = (rss_kib(pid, "RssAnon") or 0, rss_kib(pid, "RssFile") or 0)
    sampling.clear()
    sampler.join()
    peak_hwm = rss_kib(pid, "VmHWM") if has_hwm else None
    daemon.close()

    problems = []
    with daemon.cond:
        answers = dict(daemon.answers)
        strays = list(daemon.strays)
    last = max((answers[i][1] for i in burst.expect if i in answers), default=end)
    missing = [i for i in burst.expect if i not in answers]
    doubled = [i for i, (count, _, _) in answers.items() if count > 1]
    unknown = [i for i in answers if i not in burst.expect and i not in cheap_ids and i != ready_id]
    errors = [(i, answers[i][2]["error"]) for i in burst.expect if i in answers and "error" in answers[i][2]]
    if not complete or missing:
        problems.append(f"{len(missing)} requests unanswered")
    if doubled:
        problems.append(f"{len(doubled)} answered more than once (e.g. id {doubled[0]})")
    if unknown or strays:
        problems.append(f"{len(unknown) + len(strays)} answers to no request")
    if errors:
        problems.append(f"{len(errors)} error replies (e.g. id {errors[0][0]}: {errors[0][1]})")
    peak = max(v for v in (peak_hwm, peak_sampled[0]) if v)
    return {
        "ready": ready,
        "resting": resting,
        "peak": peak,
        "peak_sampled": peak_sampled[0],
        "parts": (resting_parts, tuple(peak_parts), settled_parts),
        "after": after_burst,
        "settled": settled,
        "seconds": last - begin,
        "cheap": [answers[i][1] - begin if i in answers else None for i in cheap_ids],
        "problems": problems,
    }


def mib(kib):
    return f"{kib / 1024:.0f}" if kib else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", required=True, help="a PyPI-like TSV (name first, header row)")
    parser.add_argument("--binary", action="append", help="daemon binaries to compare (alternated); default release")
    parser.add_argument("--bursts", default="filter:500,filter:5000,complete:5000,mixed:5000")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--settle", type=float, default=2.0, help="seconds of rest before and after a burst")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    binaries = args.binary or [os.path.join(ROOT, ".build", "release", "suggest-lsp")]
    bursts = []
    for spec in args.bursts.split(","):
        kind, _, count = spec.partition(":")
        if kind not in ("filter", "complete", "short", "mixed"):
            raise SystemExit(f"unknown burst kind {kind!r}")
        bursts.append((kind, int(count)))
    rng = random.Random(args.seed)
    names = catalog_names(args.catalog, max(count for _, count in bursts), rng)
    plans = {(kind, count): Burst(kind, count, random.Random(f"{args.seed}-{kind}-{count}"), names) for kind, count in bursts}

    print(f"{'binary':<28} {'burst':<15} {'ready':>6} {'rest':>5} {'peak':>5} {'x':>5} {'2s':>5} {'x':>5} "
          f"{'time s':>7} {'stats s':>7}  problems")
    results = {}
    failed = False
    for round_number in range(args.rounds):
        for kind, count in bursts:
            order = binaries if round_number % 2 == 0 else list(reversed(binaries))
            for binary in order:
                r = run_burst(binary, args.catalog, plans[(kind, count)], args.settle, args.timeout)
                results.setdefault((binary, kind, count), []).append(r)
                failed = failed or bool(r["problems"])
                label = os.path.relpath(binary, ROOT) if binary.startswith(ROOT) else binary
                print(
                    f"{label[-28:]:<28} {kind + ':' + str(count):<15} {r['ready']:>6.2f} {mib(r['resting']):>5} "
                    f"{mib(r['peak']):>5} {r['peak'] / r['resting']:>5.2f} {mib(r['settled']):>5} "
                    f"{r['settled'] / r['resting']:>5.2f} {r['seconds']:>7.2f} "
                    f"{(r['cheap'][0] or float('nan')):>7.2f}  {'; '.join(r['problems']) or 'ok'}",
                    flush=True,
                )
                (rest_anon, rest_file), (peak_anon, peak_file), (settled_anon, settled_file) = r["parts"]
                print(
                    f"{'':<28} {'  anon / file':<15} {'':>6} {mib(rest_anon):>5}/{mib(rest_file):<4} peak "
                    f"{mib(peak_anon)}/{mib(peak_file)} (sampled)  2s {mib(settled_anon)}/{mib(settled_file)}",
                    flush=True,
                )
    print("\nsummary (range over rounds): resting MiB, peak MiB (x resting), 2 s after MiB (x resting), seconds, "
          "catalog/stats answer s")
    for (binary, kind, count), runs in results.items():
        def span(values, fmt):
            values = [v for v in values if v is not None]
            low, high = min(values), max(values)
            return fmt.format(low) if fmt.format(low) == fmt.format(high) else f"{fmt.format(low)}–{fmt.format(high)}"

        print(
            f"  {binary} {kind}:{count}: "
            f"rest {span([r['resting'] / 1024 for r in runs], '{:.0f}')}, "
            f"peak {span([r['peak'] / 1024 for r in runs], '{:.0f}')} "
            f"({span([r['peak'] / r['resting'] for r in runs], '{:.2f}')}x), "
            f"after {span([r['settled'] / 1024 for r in runs], '{:.0f}')} "
            f"({span([r['settled'] / r['resting'] for r in runs], '{:.2f}')}x), "
            f"{span([r['seconds'] for r in runs], '{:.2f}')} s, "
            f"stats {span([r['cheap'][0] for r in runs], '{:.2f}')} s"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
