#!/usr/bin/env python3
"""Soak test: a million mixed requests through one daemon, every answer checked, memory watched.

    python3 Benchmarks/soak.py [--requests 1000000] [--binary .build/release/suggest-lsp] [--catalog pypi.tsv]
                               [--stall SECONDS] [--seed N]

A writer thread pipes messages into one daemon (NDJSON, as fast as the daemon reads them) while a reader thread
consumes and checks the replies. The mix: keystroke sessions of `search/complete`, `search/filter` and
`search/tokens` (every prefix of a realistic query as typed, a few backspaces, some with a small `debounceMs`) on
several catalogs and fields, one-off queries in fields of their own, `recents/add` (durable: the daemon runs with a
`--state-dir` in a temporary directory, so each one fsyncs), `recents/list`, `catalog/stats`, `$/cancelRequest` of
recent ids, garbage lines (invalid JSON, invalid UTF-8, JSON values that are not objects, unknown methods, wrong
params), notifications, and batches.

The run fails (exit status 1) when any of these is violated:
- every request is answered exactly once, and nothing else is answered (ids are unique within a run);
- errors come only where expected: -32800 `{"reason": "superseded", "by": <the next query of its field>}` for a
  superseded query, -32800 "request cancelled by the client" only for a request whose cancellation was sent,
  -32601 for an unknown method, -32602 for wrong params, -32700 / -32600 with id null for garbage (counted);
- per (method, catalog, field), no reply (result or supersession) to a query is written after a reply to a newer
  query of the same field;
- results have the right shape (and `catalog/stats` the right counts, `recents/add` the added text first);
- the daemon exits with status 0 at the end of input;
- resident memory is flat: the daemon's VmRSS when the run ends (before the end of input) is at most the RSS
  after warm-up (5 % of the messages answered) plus max(10 MiB, 10 %). The margin covers what a steady daemon may
  still legitimately gain after warm-up: malloc arenas of threads of the cooperative pool that had not run yet,
  glibc's free lists at their high-water mark, and the writer's coalescing buffers; none of it grows with the
  number of requests, so a leak of even 10 bytes per request (10 MB over a million) fails the run.

With `--stall SECONDS`, the reader stops reading for that long once a fifth of the messages are written, while the
writer goes on: the daemon must stop reading its input (backpressure) instead of buffering replies without bound.
RSS is sampled throughout and the stall's peak is reported; the run fails if the peak during the stall exceeds the
RSS before it by more than `--stall-margin-mib` (default 48 MiB: the 8 MiB unsent-reply limit, the writer's two
buffers at up to twice that capacity, the replies of the requests in flight, the input the daemon read before it
stopped). After the stall every answer is verified as usual.

Prints a summary: messages and requests sent, replies by kind, elapsed time, requests per second, the daemon's CPU
time per message, and RSS at start, after warm-up, at the end, and at its peak.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from benchstats import rss_kib

# ---------------------------------------------------------------------------------------------------------------
# Workload: catalogs and queries

DEMO_QUERIES = [
    "macbook pro", "macbook air", "airpods pro", "airpods max", "ipad mini", "ipad air", "iphone pro max",
    "apple watch", "mac mini", "mac studio", "homepod mini", "apple tv", "vision pro", "magic keyboard",
    "magic mouse", "ipod nano", "imac", "macbok", "airpod", "ipd", "mbp", "pro", "mini", "#audio", "#mac",
    "pods", "watch ultra", "studio display", "pencil",
]

EXT_QUERIES = [
    "requests", "numpy", "pandas", "django rest framework", "beautifulsoup4", "reqeusts", "scikit-learn",
    "psycopg2-binary", "python-dateutil", "boto3", "pytest cov", "flask sqlalchemy", "tensorflow", "torch",
    "fastapi", "pydantic", "sqlalchemy", "matplotlib", "pillow", "cryptography", "crptography", "beautifulsuop",
    "psy-bina", "jinja2", "urllib3", "setuptools", "aws cli", "google cloud storage", "opencv python",
]

WORDS = [
    "async", "http", "client", "server", "json", "parser", "data", "frame", "test", "runner", "flask", "django",
    "numpy", "tensor", "vision", "audio", "stream", "cache", "redis", "postgres", "mongo", "queue", "worker",
    "graph", "plot", "image", "text", "token", "model", "train", "cloud", "storage", "auth", "oauth", "crypto",
    "hash", "zip", "yaml", "toml", "config", "logger", "metrics", "trace", "proxy", "socket", "grpc", "schema",
    "migrate", "deploy", "docker", "kube", "lambda", "event", "signal", "pipe", "batch", "sched", "cron", "mail",
    "sms", "pdf", "excel", "csv", "sql", "orm", "api", "rest", "rpc", "lsp", "search", "suggest", "index",
]

WORD_TOKENS = [
    {"id": "web", "label": "Web", "keywords": ["http", "server"]},
    {"id": "data", "label": "Data", "keywords": ["frame", "sql"]},
    {"id": "ml", "label": "Machine learning", "keywords": ["model", "tensor"]},
    {"id": "ops", "label": "Operations", "keywords": ["deploy", "docker"]},
    {"id": "tools", "label": "Tools", "keywords": ["cli"]},
]


def word_catalog(rng, count):
    """A generated catalog: titles made of common package-name words, with tokens and weights."""
    items = []
    seen = set()
    while len(items) < count:
        parts = [rng.choice(WORDS) for _ in range(rng.choice((1, 2, 2, 3)))]
        title = rng.choice(("-", " ", "_", "")).join(parts)
        if rng.random() < 0.3:
            title += str(rng.randrange(2, 10))
        if title in seen:
            continue
        seen.add(title)
        item = {"id": f"w{len(items)}", "title": title, "weight": rng.randrange(0, 1000)}
        if rng.random() < 0.5:
            item["subtitle"] = " ".join(rng.choice(WORDS) for _ in range(6))
        item["tokens"] = rng.sample([t["id"] for t in WORD_TOKENS], rng.choice((0, 1, 1, 2)))
        items.append(item)
    return {"items": items, "tokens": WORD_TOKENS}


def typo(rng, text):
    """The text with two neighbouring letters swapped (a typist's slip)."""
    if len(text) < 4:
        return text
    i = rng.randrange(1, len(text) - 2)
    return text[:i] + text[i + 1] + text[i] + text[i + 2 :]


def jstr(text):
    return json.dumps(text, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------------------------
# Expectations shared by the writer (who records them before writing) and the reader (who checks replies)

SEARCH, ADD, LIST, STATS, UNKNOWN, BADPARAMS, INIT, LOAD = range(8)
KIND_NAMES = ["search", "recents/add", "recents/list", "catalog/stats", "unknown method", "invalid params",
              "initialize", "catalog/load"]


class Ledger:
    """What was sent and what came back. Python's dict and set operations are atomic under the GIL, and the writer
    records a request before writing it, so the reader always finds the request a reply answers."""

    def __init__(self):
        self.pending = {}            # serial -> (kind, key, extra)
        self.successor = {}          # serial -> serial of the next valid query of the same key
        self.last_of_key = {}        # key -> serial of the newest valid query written
        self.cancel_sent = set()     # serials whose $/cancelRequest was written
        self.answered = bytearray()  # serial -> number of replies
        self.newest_replied = {}     # key -> newest serial of the key that got a reply
        self.null_expected = {-32700: 0, -32600: 0}
        self.null_received = {-32700: 0, -32600: 0}
        self.counts = {}             # outcome -> count
        self.problems = []
        self.replies = 0
        self.requests = 0
        self.messages = 0
        self.catalog_items = {}

    def problem(self, text):
        if len(self.problems) < 50:
            self.problems.append(text)
        elif len(self.problems) == 50:
            self.problems.append("(further problems not shown)")

    def count(self, outcome):
        self.counts[outcome] = self.counts.get(outcome, 0) + 1


def id_json(serial):
    # One request in sixteen has a string id, to exercise both kinds.
    return f'"q{serial}"' if serial % 16 == 5 else str(serial)


def serial_of(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.startswith("q") and value[1:].isdigit():
        return int(value[1:])
    return None


# ---------------------------------------------------------------------------------------------------------------
# The writer


class Session:
    """One search box being typed into: every prefix of a query, in one (method, catalog, field)."""

    def __init__(self, rng, method, catalog, field, query, debounce):
        self.method, self.catalog, self.field = method, catalog, field
        self.key = (method, catalog, field)
        self.steps = []
        for end in range(1, len(query) + 1):
            self.steps.append(query[:end])
            if end > 3 and rng.random() < 0.05:  # a backspace and a retype
                self.steps.append(query[: end - 1])
                self.steps.append(query[:end])
        self.query = query
        self.debounce = debounce


class Workload:
    def __init__(self, args, ledger, catalogs):
        self.rng = random.Random(args.seed)
        self.args = args
        self.ledger = ledger
        self.catalogs = catalogs  # name -> list of query strings
        self.serial = 0
        self.sessions = []
        self.recent_serials = []
        self.one_off = 0

    def next_serial(self):
        self.serial += 1
        if self.serial >= len(self.ledger.answered):
            self.ledger.answered.extend(bytes(len(self.ledger.answered) + 4096))
        return self.serial

    def request(self, kind, method, params, key=None, extra=None):
        """Records a request and returns its bytes (without newline)."""
        serial = self.next_serial()
        ledger = self.ledger
        if key is not None:
            previous = ledger.last_of_key.get(key)
            if previous is not None:
                ledger.successor[previous] = serial
            ledger.last_of_key[key] = serial
        ledger.pending[serial] = (kind, key, extra)
        ledger.requests += 1
        self.recent_serials.append(serial)
        if len(self.recent_serials) > 32:
            del self.recent_serials[0]
        return f'{{"jsonrpc":"2.0","id":{id_json(serial)},"method":"{method}","params":{params}}}'.encode()

    def new_session(self):
        rng = self.rng
        catalog = rng.choice(list(self.catalogs))
        query = rng.choice(self.catalogs[catalog])
        if rng.random() < 0.1:
            query = typo(rng, query)
        method = rng.choices(("search/complete", "search/filter", "search/tokens"), (60, 35, 5))[0]
        field = f"f{rng.randrange(6)}"
        debounce = rng.choice((0, 0, 0, 0, 1, 2, 5))
        return Session(rng, method, catalog, field, query, debounce)

    def keystroke(self):
        rng = self.rng
        while len(self.sessions) < 8:
            self.sessions.append(self.new_session())
        session = rng.choice(self.sessions)
        text = session.steps.pop(0)
        if not session.steps:
            self.sessions.remove(session)
        return self.search(session.method, session.catalog, session.field, text, session.debounce, rng)

    def search(self, method, catalog, field, text, debounce, rng):
        params = [f'"query":{jstr(text)}', f'"catalog":"{catalog}"', f'"field":"{field}"']
        if debounce:
            params.append(f'"debounceMs":{debounce}')
        if method == "search/filter":
            params.append(f'"limit":{rng.choice((5, 10, 20, 50))}')
        elif method == "search/complete" and rng.random() < 0.2:
            params.append('"limit":8')
        if catalog == "words" and rng.random() < 0.1:
            params.append(f'"tokens":["{rng.choice(WORD_TOKENS)["id"]}"]')
        return self.request(SEARCH, method, "{" + ",".join(params) + "}", key=(method, catalog, field), extra=method)

    def one_off_query(self):
        """A query in a field of its own (as a script giving each independent query its own field would send)."""
        rng = self.rng
        self.one_off += 1
        catalog = rng.choice(list(self.catalogs))
        method = rng.choice(("search/complete", "search/filter"))
        text = rng.choice(self.catalogs[catalog])[: rng.randrange(2, 8)]
        return self.search(method, catalog, f"once-{self.one_off}", text, 0, rng)

    def recents_add(self):
        rng = self.rng
        catalog = rng.choice(list(self.catalogs))
        text = rng.choice(self.catalogs[catalog])
        item = f',"id":"{rng.randrange(100)}"' if rng.random() < 0.5 else ""
        params = f'{{"text":{jstr(text)}{item},"catalog":"{catalog}"}}'
        return self.request(ADD, "recents/add", params, extra=text)

    def garbage(self):
        """A malformed line: the reply has id null."""
        rng = self.rng
        choice = rng.randrange(6)
        if choice == 0:
            line, code = b'{"jsonrpc":"2.0","id":' + str(self.serial).encode() + b',"method":', -32700
        elif choice == 1:
            line, code = b'{"jsonrpc":"2.0","id":7,"method":"search/complete","params":{"query":"\xff\xfe"}}', -32700
        elif choice == 2:
            line, code = b"this is not json", -32700
        elif choice == 3:
            line, code = rng.choice((b"42", b'"a string"', b"null", b"true", b"3.5e7")), -32600
        elif choice == 4:
            line, code = b'{"jsonrpc":"2.0","id":{"nested":1},"method":"catalog/stats"}', -32600
        else:
            line, code = b'{"jsonrpc":"1.0","method":"catalog/stats","params":{}}', -32600
        self.ledger.null_expected[code] += 1
        return line

    def notification(self):
        rng = self.rng
        choice = rng.randrange(4)
        if choice == 0:
            return b'{"jsonrpc":"2.0","method":"initialized","params":{}}'
        if choice == 1:
            return b'{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}'
        if choice == 2:
            return b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"no-such-request"}}'
        return b'{"jsonrpc":"2.0","method":"window/workDoneProgress/cancel","params":{"token":1}}'

    def cancel(self):
        serial = self.rng.choice(self.recent_serials) if self.recent_serials else 0
        self.ledger.cancel_sent.add(serial)
        return f'{{"jsonrpc":"2.0","method":"$/cancelRequest","params":{{"id":{id_json(serial)}}}}}'.encode()

    def member(self, in_batch=False):
        """One message of the mix."""
        rng = self.rng
        roll = rng.random() * 100
        if roll < 66:
            return self.keystroke()
        if roll < 68 and not self.args.no_one_off:
            return self.one_off_query()
        if roll < 69:
            return self.recents_add()
        if roll < 71.5:
            catalog = rng.choice(list(self.catalogs))
            return self.request(LIST, "recents/list", f'{{"catalog":"{catalog}"}}')
        if roll < 74:
            catalog = rng.choice(list(self.catalogs))
            return self.request(STATS, "catalog/stats", f'{{"catalog":"{catalog}"}}', extra=catalog)
        if roll < 80:
            return self.cancel()
        if roll < 85 and not in_batch:
            return self.garbage()
        if roll < 87:
            return self.request(UNKNOWN, rng.choice(("search/everything", "textDocument/hover", "x")), "{}")
        if roll < 88:
            bad = rng.choice(('{"query":5}', '{"query":"a","limit":-1}', '{"query":"a","field":[]}'))
            return self.request(BADPARAMS, "search/filter", bad)
        if roll < 91:
            return self.notification()
        return self.keystroke()

    def message(self):
        """One line: a message, or now and then a batch of several."""
        rng = self.rng
        if rng.random() < self.args.batch_percent / 100:
            size = rng.randrange(2, 8)
            members = [self.member(in_batch=True) for _ in range(size)]
            if rng.random() < 0.3:
                members.append(b"42")  # an invalid member: -32600 with id null inside the batch's reply
                self.ledger.null_expected[-32600] += 1
                size += 1
            return b"[" + b",".join(members) + b"]", size
        return self.member(), 1


def writer_main(proc, workload, ledger, total, state):
    """Writes `total` messages, in chunks, then closes stdin once the reader says the run is over."""
    fd = proc.stdin.fileno()
    written = 0
    buffer = []
    size = 0
    try:
        while written < total:
            line, count = workload.message()
            written += count
            buffer.append(line)
            size += len(line) + 1
            if size >= 32 << 10 or written >= total:
                data = b"\n".join(buffer) + b"\n"
                buffer, size = [], 0
                view = memoryview(data)
                while view:
                    n = os.write(fd, view)
                    view = view[n:]
                ledger.messages = written
                if state.stall_at is not None and written >= state.stall_at and not state.stall_started:
                    state.stall_started = True
                    state.stall_event.set()
    except BrokenPipeError:
        state.writer_error = "the daemon closed its input early"
    ledger.messages = written
    state.written_all.set()


# ---------------------------------------------------------------------------------------------------------------
# The reader

SUPERSEDED = "superseded by a newer query in the same field"
CANCELLED = "request cancelled by the client"


def check_reply(reply, ledger, in_batch=False):
    if not isinstance(reply, dict):
        ledger.problem(f"a reply that is not an object: {reply!r:.200}")
        return
    ledger.replies += 1
    rid = reply.get("id", "missing")
    error = reply.get("error")
    if rid is None:
        code = error.get("code") if isinstance(error, dict) else None
        if code in ledger.null_received:
            ledger.null_received[code] += 1
            ledger.count(f"garbage {code}")
        else:
            ledger.problem(f"an id-null reply that is not -32700/-32600: {reply!r:.300}")
        return
    serial = serial_of(rid)
    if serial is None or serial >= len(ledger.answered) or ledger.pending.get(serial) is None and not ledger.answered[serial]:
        ledger.problem(f"a reply to an id never sent: {reply!r:.300}")
        return
    ledger.answered[serial] = min(ledger.answered[serial] + 1, 255)
    if ledger.answered[serial] > 1:
        ledger.problem(f"request {rid!r} answered {ledger.answered[serial]} times: {reply!r:.300}")
        return
    kind, key, extra = ledger.pending.pop(serial)
    if "result" in reply and error is None:
        result = reply["result"]
        check_result(kind, extra, result, rid, ledger)
        outcome = "result"
    elif isinstance(error, dict):
        outcome = check_error(kind, key, serial, error, rid, ledger)
    else:
        ledger.problem(f"neither result nor error: {reply!r:.300}")
        return
    if kind == SEARCH:
        # No reply to an older query after a reply to a newer one of its field; a supersession or cancellation that
        # waited in a batch for the batch's other members is the one exception (protocol.md §5).
        newest = ledger.newest_replied.get(key, 0)
        if serial < newest and (outcome == "result" or not in_batch):
            ledger.problem(f"{outcome} of {rid!r} {key} written after a reply to the newer {newest}")
        ledger.newest_replied[key] = max(newest, serial)
    ledger.count(f"{KIND_NAMES[kind]}: {outcome}")


def check_result(kind, method, result, rid, ledger):
    ok = isinstance(result, dict)
    if ok and kind == SEARCH:
        if method == "search/filter":
            ok = isinstance(result.get("total"), int) and isinstance(result.get("items"), list)
            if ok:
                for item in result["items"]:
                    title = item.get("title")
                    matches = item.get("matches")
                    if not isinstance(title, str) or not isinstance(matches, list):
                        ok = False
                        break
                    limit = len(title.encode())
                    if any(not (0 <= m[0] <= m[1] <= limit) for m in matches):
                        ok = False
                        break
        elif method == "search/complete":
            ok = isinstance(result.get("sections"), list) and all(
                isinstance(s.get("items"), list) for s in result["sections"]
            )
        else:
            ok = isinstance(result.get("tokens"), list)
    elif ok and kind == ADD:
        recents = result.get("recents")
        ok = isinstance(recents, list) and 0 < len(recents) <= 5 and recents[0].get("text") == method
    elif ok and kind == LIST:
        ok = isinstance(result.get("recents"), list)
    elif ok and kind == STATS:
        ok = result.get("items") == ledger.catalog_items.get(method)
    elif kind in (UNKNOWN, BADPARAMS):
        ok = False
    if not ok:
        ledger.problem(f"unexpected result for {rid!r} ({KIND_NAMES[kind]}): {result!r:.300}")


def check_error(kind, key, serial, error, rid, ledger):
    code = error.get("code")
    message = error.get("message")
    if code == -32800 and message == SUPERSEDED and kind == SEARCH:
        successor = ledger.successor.get(serial)
        expected = {"reason": "superseded", "by": None if successor is None else json.loads(id_json(successor))}
        if error.get("data") != expected:
            ledger.problem(f"{rid!r} superseded with {error.get('data')!r}, expected {expected!r}")
        return "superseded"
    if code == -32800 and message == CANCELLED and serial in ledger.cancel_sent and "data" not in error:
        return "cancelled"
    if code == -32601 and kind == UNKNOWN:
        return "method not found"
    if code == -32602 and kind == BADPARAMS:
        return "invalid params"
    ledger.problem(f"unexpected error for {rid!r} ({KIND_NAMES[kind]}): {error!r:.300}")
    return "unexpected error"


class State:
    def __init__(self, stall_at):
        self.stall_at = stall_at
        self.stall_started = False
        self.stall_event = threading.Event()
        self.stall_window = None
        self.written_all = threading.Event()
        self.writer_error = None
        self.warm_event = threading.Event()
        self.stall_written = None


def reader_main(proc, ledger, state, stall_seconds, warm_replies):
    fd = proc.stdout.fileno()
    rest = b""
    while True:
        if state.stall_event.is_set() and state.stall_window is None:
            start = time.time()
            state.stall_window = (start, None)
            state.stall_written = [ledger.messages, None]
            time.sleep(stall_seconds)
            state.stall_written[1] = ledger.messages
            state.stall_window = (start, time.time())
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        lines = (rest + chunk).split(b"\n")
        rest = lines.pop()
        for line in lines:
            if not line:
                continue
            try:
                value = json.loads(line)
            except ValueError:
                ledger.problem(f"an unparseable reply line: {line[:200]!r}")
                continue
            if isinstance(value, list):
                if not value:
                    ledger.problem("an empty batch reply")
                for reply in value:
                    check_reply(reply, ledger, in_batch=True)
                ledger.count("batch replies")
            else:
                check_reply(value, ledger)
        if ledger.replies >= warm_replies:
            state.warm_event.set()
    if rest:
        ledger.problem(f"output ended inside a line: {rest[:200]!r}")


# ---------------------------------------------------------------------------------------------------------------
# Measurement


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


class Sampler(threading.Thread):
    """Samples the daemon's VmRSS (and how many messages the writer got through) every `interval` seconds."""

    def __init__(self, pid, ledger, interval=0.05):
        super().__init__(daemon=True)
        self.pid = pid
        self.ledger = ledger
        self.interval = interval
        self.samples = []  # (time, kib)
        self.progress = []  # (time, messages written)
        self.running = True

    def run(self):
        while self.running:
            value = rss_kib(self.pid)
            if value is None:
                break
            now = time.time()
            self.samples.append((now, value))
            self.progress.append((now, self.ledger.messages))
            time.sleep(self.interval)

    def last_progress(self, start, end):
        """The last time in [start, end] at which the writer had got further than before."""
        last, previous = start, None
        for t, written in self.progress:
            if start <= t <= end:
                if previous is not None and written > previous:
                    last = t
                previous = written
        return last

    def peak(self, start=None, end=None):
        values = [kib for t, kib in self.samples if (start is None or t >= start) and (end is None or t <= end)]
        return max(values) if values else None


def mib(kib):
    return "n/a" if kib is None else f"{kib / 1024:.1f} MiB"


# ---------------------------------------------------------------------------------------------------------------


def call(proc, reader_fd_buffer, line):
    """One request/response round trip before the run (setup); returns the parsed reply."""
    os.write(proc.stdin.fileno(), line + b"\n")
    while b"\n" not in reader_fd_buffer[0]:
        chunk = os.read(proc.stdout.fileno(), 1 << 16)
        if not chunk:
            raise RuntimeError("the daemon ended during setup")
        reader_fd_buffer[0] += chunk
    reply, _, reader_fd_buffer[0] = reader_fd_buffer[0].partition(b"\n")
    return json.loads(reply)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=1_000_000, help="messages to send (default 1,000,000)")
    parser.add_argument("--binary", default=None, help="the daemon (default .build/release/suggest-lsp)")
    parser.add_argument("--catalog", default=None, help="an extra catalog file (e.g. the PyPI TSV), as \"ext\"")
    parser.add_argument("--words", type=int, default=20_000, help="items of the generated catalog")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch-percent", type=float, default=1, help="lines that are batches (default 1)")
    parser.add_argument("--no-one-off", action="store_true", help="no queries in fields of their own")
    parser.add_argument("--stall", type=float, default=0, help="stop reading replies for this many seconds")
    parser.add_argument("--stall-margin-mib", type=float, default=48)
    parser.add_argument("--rss-margin-mib", type=float, default=10)
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.binary or os.path.join(root, ".build/release/suggest-lsp")
    if not os.access(binary, os.X_OK):
        sys.exit(f"no daemon at {binary}: run `swift build -c release` first, or pass --binary")

    temp = tempfile.mkdtemp(prefix="suggest-soak.")
    try:
        return run(args, binary, temp)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def run(args, binary, temp):
    rng = random.Random(args.seed)
    words = word_catalog(rng, args.words)
    words_path = os.path.join(temp, "words.json")
    with open(words_path, "w") as f:
        json.dump(words, f)
    titles = [item["title"] for item in words["items"]]
    catalogs = {
        "default": DEMO_QUERIES,
        "words": [rng.choice(titles) for _ in range(400)] + [t.replace("-", " ") for t in rng.sample(titles, 100)],
    }
    if args.catalog:
        catalogs["ext"] = EXT_QUERIES

    state_dir = os.path.join(temp, "state")
    command = [binary, "--state-dir", state_dir, "--log-level", "error"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stderr_lines = []
    threading.Thread(target=lambda: stderr_lines.extend(proc.stderr), daemon=True).start()
    ledger = Ledger()
    sampler = Sampler(proc.pid, ledger)
    sampler.start()
    rss_start = rss_kib(proc.pid)
    buffer = [b""]
    setup = [
        b'{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"capabilities":{"general":'
        b'{"positionEncodings":["utf-8"]}},"initializationOptions":{"maxRecents":5}}}',
        b'{"jsonrpc":"2.0","id":"load-words","method":"catalog/load","params":{"catalog":"words","path":'
        + jstr(words_path).encode() + b"}}",
    ]
    if args.catalog:
        setup.append(
            b'{"jsonrpc":"2.0","id":"load-ext","method":"catalog/load","params":{"catalog":"ext","path":'
            + jstr(os.path.abspath(args.catalog)).encode() + b"}}"
        )
    for name in catalogs:
        setup.append(b'{"jsonrpc":"2.0","id":"stats","method":"catalog/stats","params":{"catalog":"%s"}}'
                     % name.encode())
    load_started = time.time()
    for line in setup:
        reply = call(proc, buffer, line)
        if "result" not in reply:
            sys.exit(f"setup failed: {reply}")
        if reply["id"] == "stats":
            ledger.catalog_items[reply["result"]["catalog"]] = reply["result"]["items"]
    load_seconds = time.time() - load_started
    rss_loaded = rss_kib(proc.pid)
    print(f"catalogs: " + ", ".join(f"{k} ({v} items)" for k, v in ledger.catalog_items.items())
          + f"; loaded in {load_seconds:.1f} s; RSS {mib(rss_start)} at start, {mib(rss_loaded)} loaded", flush=True)

    total = args.requests
    stall_at = total // 5 if args.stall > 0 else None
    state = State(stall_at)
    workload = Workload(args, ledger, catalogs)
    # Warm-up ends when 5 % of the messages got their replies (about 0.8 replies per message in this mix).
    warm_replies = max(1, int(total * 0.05 * 0.8))
    started = time.time()
    cpu_before = cpu_seconds(proc.pid) or 0
    reader = threading.Thread(target=reader_main, args=(proc, ledger, state, args.stall, warm_replies), daemon=True)
    writer = threading.Thread(target=writer_main, args=(proc, workload, ledger, total, state), daemon=True)
    reader.start()
    writer.start()

    state.warm_event.wait()
    rss_warm = rss_kib(proc.pid)
    last_report = time.time()
    while not state.written_all.wait(timeout=1):
        if time.time() - last_report >= 10:
            last_report = time.time()
            print(f"  {time.time() - started:6.0f} s: {ledger.messages:,} messages written, "
                  f"{ledger.replies:,} replies, RSS {mib(rss_kib(proc.pid))}", flush=True)
    # Every message is written: wait until every request is answered, while the daemon is still alive.
    deadline = time.time() + 600
    while ledger.pending and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)  # the id-null replies of the last garbage lines
    elapsed = time.time() - started
    cpu_used = (cpu_seconds(proc.pid) or 0) - cpu_before
    rss_end = rss_kib(proc.pid)
    hwm = rss_kib(proc.pid, "VmHWM")
    peak_run = sampler.peak(start=started)
    proc.stdin.close()
    status = proc.wait(timeout=120)
    reader.join(timeout=60)
    sampler.running = False

    # ---- verdicts
    if state.writer_error:
        ledger.problem(state.writer_error)
    if status != 0:
        ledger.problem(f"the daemon exited with status {status}")
    if ledger.pending:
        sample = list(ledger.pending.items())[:5]
        ledger.problem(f"{len(ledger.pending)} requests never answered, e.g. {sample}")
    for code in ledger.null_expected:
        if ledger.null_expected[code] != ledger.null_received[code]:
            ledger.problem(f"{ledger.null_expected[code]} garbage messages expected {code} with id null, "
                           f"got {ledger.null_received[code]}")
    margin_kib = max(args.rss_margin_mib * 1024, rss_warm * 0.10)
    if rss_end is not None and rss_warm is not None and rss_end > rss_warm + margin_kib:
        ledger.problem(f"RSS grew: {mib(rss_warm)} after warm-up, {mib(rss_end)} at the end "
                       f"(margin {mib(margin_kib)})")
    stall_peak = stall_before = stall_blocked = None
    if args.stall > 0 and state.stall_window:
        start, end = state.stall_window
        stall_blocked = sampler.last_progress(start, end) - start
        if end - start - stall_blocked < 1:
            ledger.problem("the writer never blocked during the stall: the daemon went on reading its input")
        stall_before = max((kib for t, kib in sampler.samples if start - 2 <= t < start), default=None)
        stall_peak = sampler.peak(start, end)
        if stall_before and stall_peak and stall_peak > stall_before + args.stall_margin_mib * 1024:
            ledger.problem(f"RSS grew during the stall: {mib(stall_before)} before, peak {mib(stall_peak)}")

    # ---- summary
    print()
    print(f"messages sent     {ledger.messages:,} ({ledger.requests:,} requests with ids, the rest "
          f"notifications, cancels and garbage; {workload.one_off:,} one-off fields)")
    print(f"replies           {ledger.replies:,}")
    for outcome in sorted(ledger.counts):
        print(f"  {outcome:38} {ledger.counts[outcome]:>10,}")
    print(f"elapsed           {elapsed:.1f} s  ({ledger.messages / elapsed:,.0f} messages/s, "
          f"{ledger.requests / elapsed:,.0f} requests/s)")
    print(f"daemon CPU        {cpu_used:.1f} s  ({cpu_used / max(ledger.messages, 1) * 1e6:.1f} µs per message)")
    print(f"RSS               start {mib(rss_start)}, loaded {mib(rss_loaded)}, warm-up {mib(rss_warm)}, "
          f"end {mib(rss_end)}, peak {mib(peak_run)} (VmHWM {mib(hwm)}); "
          f"end - warm-up = {((rss_end or 0) - (rss_warm or 0)) / 1024:+.1f} MiB, margin {mib(margin_kib)}")
    if args.stall > 0:
        before, after = state.stall_written or (0, 0)
        print(f"stall             {args.stall:.0f} s without reading replies: RSS before {mib(stall_before)}, "
              f"peak during {mib(stall_peak)}; the client wrote {after - before:,} more messages, then was blocked "
              f"from {stall_blocked:.1f} s into the stall (the daemon stopped reading)")
    if stderr_lines:
        print("daemon stderr:", b"".join(stderr_lines[:20]).decode(errors="replace"))
    if ledger.problems:
        print(f"\nFAILED: {len(ledger.problems)} problem(s)")
        for problem in ledger.problems:
            print("  " + problem)
        return 1
    print("\nOK: every request answered exactly once, no unexpected error, no stale reply, memory flat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
