#!/usr/bin/env python3
"""The web front end's bridge: serves the page and forwards its requests to one suggest-lsp daemon over stdio.

    python3 examples/web/serve.py [--port N] [--daemon BIN] [--catalog FILE]

Prints http://127.0.0.1:N/ once the daemon has answered (on the 886k-name PyPI catalog that takes about 1.5 s).
Python's standard library only.

- GET /, /app.js, /style.css, /icons.js: the page (only the files of this directory).
- POST /rpc {"method", "params", "sequence"?}: one request to the daemon; the reply is {"result"} or {"error"}, as
  JSON-RPC has it, plus "daemon": the daemon's generation. A search's "sequence" (increasing per field) keeps the
  page's order, which its parallel connections do not. Only the methods a search page needs are forwarded (a page
  must not make the daemon read files), and only for this page's own origin.
- GET /events: Server-Sent Events, `daemon` events with {"state": "ready"|"exited", "generation", …}: if the daemon
  exits, its pending requests get an error, the page is told, and a new daemon starts.

A browser that goes away costs nothing: a request in flight finishes in the daemon and its reply is dropped, and an
event stream ends at its next write.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STATIC_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
# What a search page may ask: searching, recents, and the catalog's size. Not catalog/load: it reads a path.
FORWARDED_METHODS = {"search/complete", "search/filter", "search/tokens",
                     "recents/add", "recents/list", "recents/remove", "recents/clear", "catalog/stats"}
DAEMON_GONE = -32000  # the bridge's own error code: the daemon exited before it answered
SUPERSEDED = {"code": -32800, "message": "superseded by a newer query in the same field",
              "data": {"reason": "superseded"}}
MAX_BODY = 1 << 20
MAX_FIELDS = 4096
REPLY_TIMEOUT = 30.0
HEARTBEAT = 5.0  # how soon an event stream notices that its browser is gone


class Daemon:
    """One suggest-lsp child speaking NDJSON, restarted whenever it exits. Thread-safe."""

    def __init__(self, command: list[str], source: str | None):
        self.command, self.source = command, source
        self.generation = 0
        self.status: dict[str, Any] = {"state": "starting", "generation": 0}
        self._changed = threading.Condition()
        self._ids = itertools.count(1)
        self._pending: dict[int, dict] = {}  # id -> {"event", "reply"}; guarded by _lock
        self._lock = threading.Lock()
        # Guards the daemon's stdin, the process and the sequences. Apart from _lock, so that the reader never waits
        # for a writer that the daemon's backpressure holds up.
        self._write_lock = threading.Lock()
        self._process: subprocess.Popen | None = None
        self._stopping = False
        self._ready_generation = 0
        # (method, catalog, field) -> the last page sequence forwarded, oldest field first; a page that goes away
        # leaves its fields here, so only the most recent MAX_FIELDS are kept.
        self._sequences: OrderedDict[tuple, int] = OrderedDict()

    # -- lifecycle

    def start(self) -> None:
        """Starts the daemon and waits until it answers; later exits restart it from the reader thread."""
        if not self._spawn():
            self._stopping = True
            sys.exit(f"serve: the daemon did not start: {' '.join(self.command)}")

    def stop(self) -> None:
        self._stopping = True
        with self._write_lock:
            process = self._process
        if process and process.poll() is None:
            process.stdin.close()  # end of input: the daemon answers what is pending and exits 0
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()

    def _spawn(self) -> bool:
        process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        with self._write_lock:
            self._process = process
            self.generation += 1
            generation = self.generation
        threading.Thread(target=self._read, args=(process, generation), daemon=True).start()
        try:
            stats = self.call("catalog/stats", timeout=120).get("result")
        except TimeoutError:
            stats = None
        if stats is None:
            return False
        self._ready_generation = generation
        self._announce({"state": "ready", "generation": generation, "catalog": stats["catalog"],
                        "items": stats["items"], "tokens": stats["tokens"], "source": self.source})
        return True

    def _read(self, process: subprocess.Popen, generation: int) -> None:
        for line in process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            for reply in message if isinstance(message, list) else [message]:
                with self._lock:
                    waiter = self._pending.pop(reply.get("id"), None)
                if waiter:
                    waiter["reply"] = reply
                    waiter["event"].set()
        status = process.wait()
        with self._lock:
            orphans, self._pending = self._pending, {}
        message = f"the daemon exited (status {status}) before it answered; a new one is starting"
        for waiter in orphans.values():
            waiter["reply"] = {"error": {"code": DAEMON_GONE, "message": message}}
            waiter["event"].set()
        if self._stopping:
            return
        print(f"serve: the daemon exited with status {status}; restarting it", file=sys.stderr, flush=True)
        self._announce({"state": "exited", "generation": generation, "status": status})
        time.sleep(0.5 if self._ready_generation == generation else 5)  # a daemon that cannot start must not spin
        self._spawn()

    # -- requests

    def call(self, method: str, params: Any = None, timeout: float = REPLY_TIMEOUT,
             sequence: int | None = None) -> dict:
        """Sends one request; returns the daemon's reply ({"result"} or {"error"}) with the generation it came from.

        A search with the page's `sequence` number is forwarded only if it is newer than the last one forwarded for
        its field: the browser's requests travel on several connections and may reach the bridge out of order, and an
        older query arriving last would supersede the newer one in the daemon. An older one is answered as the daemon
        would answer it, superseded.
        """
        msg_id = next(self._ids)
        waiter = {"event": threading.Event(), "reply": None}
        message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        data = json.dumps(message, ensure_ascii=False).encode() + b"\n"
        with self._write_lock:
            process, generation = self._process, self.generation
            if sequence is not None and isinstance(params, dict):
                key = (method, params.get("catalog"), params.get("field"))
                if sequence <= self._sequences.get(key, -1):
                    return {"error": SUPERSEDED, "daemon": generation}
                self._sequences[key] = sequence
                self._sequences.move_to_end(key)
                if len(self._sequences) > MAX_FIELDS:
                    self._sequences.popitem(last=False)
            with self._lock:
                self._pending[msg_id] = waiter
            try:
                process.stdin.write(data)
                process.stdin.flush()
            except OSError:
                with self._lock:
                    self._pending.pop(msg_id, None)
                return {"error": {"code": DAEMON_GONE, "message": "the daemon is restarting"}, "daemon": generation}
        if not waiter["event"].wait(timeout):
            with self._lock:
                self._pending.pop(msg_id, None)
            raise TimeoutError(f"no reply to {method} in {timeout:.0f} s")
        reply = waiter["reply"]
        answer = {key: reply[key] for key in ("result", "error") if key in reply}
        answer["daemon"] = generation
        return answer

    # -- status for the page

    def _announce(self, status: dict) -> None:
        with self._changed:
            self.status = status
            self._changed.notify_all()

    def wait_for_change(self, seen: dict, timeout: float) -> dict:
        """Returns the status once it is not `seen` (or after `timeout`, the same one)."""
        with self._changed:
            self._changed.wait_for(lambda: self.status is not seen, timeout)
            return self.status


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: one connection carries a whole typing session
    server: "Bridge"

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/events":
            return self._events()
        name = "index.html" if path == "/" else path.lstrip("/")
        file = HERE / name
        # Only the page's own files: a plain name in this directory with a known type.
        if "/" in name or name.startswith(".") or file.suffix not in STATIC_TYPES or not file.is_file():
            return self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
        self._send(HTTPStatus.OK, file.read_bytes(), STATIC_TYPES[file.suffix])

    def do_POST(self) -> None:
        if self.path != "/rpc":
            return self._send_json(HTTPStatus.NOT_FOUND, {"error": {"code": -32601, "message": "POST /rpc only"}})
        origin = self.headers.get("Origin")
        if origin is not None and origin != f"http://{self.headers.get('Host')}":
            return self._send_json(HTTPStatus.FORBIDDEN, {"error": {"code": -32600, "message": "another origin"}})
        try:
            length = int(self.headers.get("Content-Length", ""))
            if not 0 <= length <= MAX_BODY:
                raise ValueError(f"a body of {length} bytes")
            request = json.loads(self.rfile.read(length))
            method, params, sequence = request["method"], request.get("params"), request.get("sequence")
            if method not in FORWARDED_METHODS:
                raise ValueError(f"the bridge does not forward {method!r}")
            if sequence is not None and not isinstance(sequence, int):
                raise ValueError("sequence: expected an integer")
        except (ValueError, KeyError, TypeError) as error:
            self.close_connection = True
            return self._send_json(HTTPStatus.BAD_REQUEST, {"error": {"code": -32600, "message": str(error)}})
        try:
            answer = self.server.daemon.call(method, params, sequence=sequence)
        except TimeoutError as error:
            return self._send_json(HTTPStatus.GATEWAY_TIMEOUT, {"error": {"code": DAEMON_GONE, "message": str(error)}})
        self._send_json(HTTPStatus.OK, answer)

    def _events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        daemon, seen = self.server.daemon, None
        try:
            while not self.server.closing:
                status = daemon.wait_for_change(seen, HEARTBEAT)
                if status is seen:
                    self.wfile.write(b": still here\n\n")  # fails once the browser is gone, ending this thread
                else:
                    self.wfile.write(b"event: daemon\ndata: " + json.dumps(status).encode() + b"\n\n")
                    seen = status
                self.wfile.flush()
        except OSError:
            pass

    def _send_json(self, status: HTTPStatus, value: Any) -> None:
        self._send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            self.close_connection = True  # the browser went away: nothing to do


class Bridge(ThreadingHTTPServer):
    daemon_threads = True
    closing = False

    def __init__(self, address: tuple[str, int], daemon: Daemon, verbose: bool):
        super().__init__(address, Handler)
        self.daemon, self.verbose = daemon, verbose

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], OSError):  # a browser that went away is no error
            super().handle_error(request, client_address)


def find_daemon() -> str:
    candidates = [os.environ.get("SUGGEST_LSP"), ROOT / ".build/release/suggest-lsp",
                  ROOT / ".build/debug/suggest-lsp", shutil.which("suggest-lsp")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    sys.exit("serve: no suggest-lsp binary: build it (swift build -c release) or pass --daemon BIN")


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the search page and bridge it to a suggest-lsp daemon.")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free port); default 8765")
    parser.add_argument("--daemon", help="the suggest-lsp binary (default: $SUGGEST_LSP, .build/release, PATH)")
    parser.add_argument("--catalog", help="a catalog file (default: the daemon's demo catalog)")
    parser.add_argument("--verbose", action="store_true", help="log every HTTP request on stderr")
    args = parser.parse_args()

    # Recents live in a state directory of this bridge's lifetime, so they survive a daemon restart.
    with tempfile.TemporaryDirectory(prefix="suggest-web-") as state:
        command = [args.daemon or find_daemon(), "--framing", "ndjson", "--state-dir", state]
        if args.catalog:
            command += ["--catalog", args.catalog]
        daemon = Daemon(command, Path(args.catalog).name if args.catalog else None)
        daemon.start()
        bridge = Bridge(("127.0.0.1", args.port), daemon, args.verbose)
        print(f"http://127.0.0.1:{bridge.server_address[1]}/", flush=True)
        try:
            bridge.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            bridge.closing = True
            bridge.server_close()
            daemon.stop()


if __name__ == "__main__":
    main()
