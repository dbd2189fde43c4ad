#!/usr/bin/env python3
"""Transport benchmark: pipelined throughput, round-trip latency, server CPU per request and peak RSS.

Runs the same client against suggest-lsp and, where installed, clangd and sourcekit-lsp, in one run, so the
figures can be compared as ratios on a shared, noisy machine.

    python3 Benchmarks/transport_bench.py [--requests 20000] [--round-trips 2000] [--server NAME=CMD ...]

Every server is driven with LSP framing: initialize, initialized, then a burst of trivial requests (an unknown
method, which every server answers at once with an error) written as fast as possible while a reader thread
counts replies; then one-at-a-time round trips; then shutdown/exit. Server CPU comes from the per-thread
schedstat counters (nanoseconds), RSS from /proc/PID/status.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import threading
import time
from benchstats import rss_kib


def frame(obj):
    body = json.dumps(obj, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Reader(threading.Thread):
    """Reads LSP-framed replies and counts them; keeps the ids of the last ones for round trips."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.count = 0
        self.cond = threading.Condition()
        self.last = None

    def run(self):
        buf = b""
        fd = self.stream.fileno()
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            buf += chunk
            while True:
                end = buf.find(b"\r\n\r\n")
                if end < 0:
                    break
                length = None
                for line in buf[:end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                if length is None or len(buf) < end + 4 + length:
                    break
                body = buf[end + 4 : end + 4 + length]
                buf = buf[end + 4 + length :]
                with self.cond:
                    self.count += 1
                    self.last = body
                    self.cond.notify_all()

    def wait_for(self, count, timeout=120):
        deadline = time.time() + timeout
        with self.cond:
            while self.count < count:
                remaining = deadline - time.time()
                if remaining <= 0:
                    raise TimeoutError(f"only {self.count} of {count} replies")
                self.cond.wait(remaining)


def cpu_ns(pid):
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total


def bench(name, command, requests, round_trips):
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    reader = Reader(proc.stdout)
    reader.start()
    send = proc.stdin
    send.write(frame({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                      "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    send.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    send.flush()
    reader.wait_for(1)
    time.sleep(0.3)
    received = reader.count

    # Warm-up, then the pipelined burst.
    warm = b"".join(frame({"jsonrpc": "2.0", "id": 1_000_000 + i, "method": "bench/unknown"}) for i in range(1000))
    send.write(warm)
    send.flush()
    reader.wait_for(received + 1000)
    received = reader.count
    rss_before = rss_kib(proc.pid, "VmRSS") or 0

    burst = b"".join(frame({"jsonrpc": "2.0", "id": i + 1, "method": "bench/unknown"}) for i in range(requests))
    peak_rss = [rss_before]
    sampling = [True]

    def sample():
        while sampling[0]:
            try:
                peak_rss[0] = max(peak_rss[0], (rss_kib(proc.pid, "VmRSS") or 0))
            except OSError:
                return
            time.sleep(0.002)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    cpu_start = cpu_ns(proc.pid)
    start = time.perf_counter()
    send.write(burst)
    send.flush()
    reader.wait_for(received + requests)
    elapsed = time.perf_counter() - start
    cpu = cpu_ns(proc.pid) - cpu_start
    sampling[0] = False
    sampler.join()
    received = reader.count

    # Round trips, one at a time.
    latencies = []
    for i in range(round_trips):
        t0 = time.perf_counter()
        send.write(frame({"jsonrpc": "2.0", "id": 2_000_000 + i, "method": "bench/unknown"}))
        send.flush()
        reader.wait_for(received + 1)
        latencies.append((time.perf_counter() - t0) * 1e6)
        received += 1
    hwm = rss_kib(proc.pid, "VmHWM") or 0

    send.write(frame({"jsonrpc": "2.0", "id": 3_000_000, "method": "shutdown"}))
    send.write(frame({"jsonrpc": "2.0", "method": "exit"}))
    try:
        send.flush()
        send.close()
    except BrokenPipeError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    latencies.sort()
    return {
        "server": name,
        "req_per_s": requests / elapsed,
        "cpu_us_per_req": cpu / 1000 / requests,
        "rtt_p50_us": statistics.median(latencies),
        "rtt_p99_us": latencies[int(len(latencies) * 0.99) - 1],
        "rss_before_mib": rss_before / 1024,
        "rss_peak_burst_mib": peak_rss[0] / 1024,
        "vmhwm_mib": hwm / 1024,
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_binary = os.path.join(here, "..", ".build", "release", "suggest-lsp")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--round-trips", type=int, default=2000)
    parser.add_argument("--suggest-lsp", default=default_binary)
    parser.add_argument("--server", action="append", default=[], help="NAME=COMMAND (extra servers)")
    parser.add_argument("--no-peers", action="store_true", help="measure suggest-lsp only")
    args = parser.parse_args()

    servers = [("suggest-lsp", [args.suggest_lsp, "--log-level", "off"])]
    if not args.no_peers:
        for peer, extra in (("clangd", ["--log=error"]), ("sourcekit-lsp", [])):
            path = shutil.which(peer)
            if path:
                servers.append((peer, [path] + extra))
    for spec in args.server:
        name, _, command = spec.partition("=")
        servers.append((name, command.split()))

    results = [bench(name, command, args.requests, args.round_trips) for name, command in servers]
    base = results[0]
    print(f"{'server':<14}{'req/s':>10}{'CPU µs/req':>12}{'RTT p50 µs':>12}{'RTT p99 µs':>12}"
          f"{'RSS MiB':>9}{'burst MiB':>11}{'HWM MiB':>9}{'ours ×':>8}")
    for r in results:
        ratio = base["req_per_s"] / r["req_per_s"] if r is not base else 1.0
        print(f"{r['server']:<14}{r['req_per_s']:>10.0f}{r['cpu_us_per_req']:>12.2f}{r['rtt_p50_us']:>12.1f}"
              f"{r['rtt_p99_us']:>12.1f}{r['rss_before_mib']:>9.1f}{r['rss_peak_burst_mib']:>11.1f}"
              f"{r['vmhwm_mib']:>9.1f}{ratio:>8.2f}")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
