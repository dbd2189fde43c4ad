"""Interop test: python-lsp-jsonrpc's stream reader and writer (the transport of python-lsp-server) talk to suggest-lsp.

Run: SUGGEST_LSP=/path/to/suggest-lsp python -m pytest Interop/pylsp_jsonrpc

Quirks of this client that the daemon must live with:
- JsonRpcStreamWriter sends `Content-Type: application/vscode-jsonrpc; charset=utf8` (`utf8`, not `utf-8`).
- JsonRpcStreamReader reads the content length from the FIRST header line only, and only if it starts with
  `Content-Length: ` exactly; with any other first line it reads to the end of the stream. So the daemon's replies
  must start with exactly that line.
- It parses with ujson, which keeps integers up to 2^64 exact, so ids like 9007199254740993 can be compared.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import threading
import time

import pytest
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

BINARY = os.environ.get("SUGGEST_LSP", "")
TIMEOUT = float(os.environ.get("INTEROP_TIMEOUT", "5"))


class Daemon:
    """The daemon on pipes, with a JsonRpcStreamWriter on its stdin and a JsonRpcStreamReader thread on its stdout."""

    def __init__(self, *args: str, start_reader: bool = True):
        assert BINARY, "SUGGEST_LSP must name the daemon binary"
        self.process = subprocess.Popen(
            [BINARY, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.writer = JsonRpcStreamWriter(self.process.stdin, ensure_ascii=False)
        self.reader = JsonRpcStreamReader(self.process.stdout)
        self.messages: queue.Queue = queue.Queue()
        if start_reader:
            self.thread = threading.Thread(target=self.reader.listen, args=(self.messages.put,), daemon=True)
            self.thread.start()

    def send(self, message) -> None:
        self.writer.write(message)

    def request(self, method: str, params=None, msg_id=1) -> None:
        message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def next(self):
        try:
            return self.messages.get(timeout=TIMEOUT)
        except queue.Empty:
            pytest.fail(f"no reply within {TIMEOUT} s")

    def call(self, method: str, params=None, msg_id=1):
        self.request(method, params, msg_id)
        reply = self.next()
        assert reply.get("id") == msg_id, reply
        return reply

    def close(self) -> int:
        if self.process.poll() is None:
            self.process.stdin.close()
        try:
            return self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()


def read_raw(stream, complete, data: bytes = b"") -> bytes:
    """Reads raw bytes from a pipe until complete(data), failing after TIMEOUT seconds."""
    deadline = time.monotonic() + TIMEOUT
    while not complete(data):
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            pytest.fail(f"no complete reply within {TIMEOUT} s: {data!r}")
        chunk = os.read(stream.fileno(), 65536)
        assert chunk, f"the stream ended early: {data!r}"
        data += chunk
    return data


@pytest.fixture
def daemon():
    d = Daemon()
    yield d
    assert d.close() == 0, "the daemon did not exit 0 at the end of its input"


def test_reply_header_is_exactly_content_length():
    d = Daemon(start_reader=False)
    d.writer.write({"jsonrpc": "2.0", "id": 1, "method": "catalog/stats"})
    data = read_raw(d.process.stdout, lambda data: b"\r\n\r\n" in data)
    header, _, body = data.partition(b"\r\n\r\n")
    assert header.startswith(b"Content-Length: ") and header.count(b"\r\n") == 0, header
    length = int(header[len(b"Content-Length: ") :])
    body = json.loads(read_raw(d.process.stdout, lambda data: len(data) >= length, body))
    assert body == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"catalog": "default", "items": 34, "tokens": 8, "catalogs": ["default"]},
    }
    assert d.close() == 0


def test_search_complete_through_the_writer_and_reader(daemon: Daemon):
    reply = daemon.call("search/complete", {"query": "ip"})
    sections = reply["result"]["sections"]
    assert [s["id"] for s in sections] == ["tokens", "suggestions"]
    assert [i["label"] for i in sections[1]["items"]] == ["iPad", "iPod", "iPhone", "iPad Air", "iPad Pro"]


def test_ids_are_echoed_exactly(daemon: Daemon):
    for msg_id in (9007199254740993, 2**63 - 1, -42, "ключ-🔑", "", "1"):
        reply = daemon.call("catalog/stats", {}, msg_id)
        assert reply["id"] == msg_id and type(reply["id"]) is type(msg_id)
    daemon.send({"jsonrpc": "2.0", "id": None, "method": "catalog/stats"})
    reply = daemon.next()
    assert "id" in reply and reply["id"] is None and reply["result"]["items"] == 34


def test_utf8_bodies_in_both_directions(daemon: Daemon):
    # ensure_ascii=False: the body carries raw UTF-8 and Content-Length counts bytes.
    loaded = daemon.call("catalog/load", {"catalog": "fruit", "items": [{"id": "🍎", "title": "Pomme à la crème 🍎"}]})
    assert loaded["result"]["items"] == 1
    found = daemon.call("search/filter", {"catalog": "fruit", "query": "creme"}, 2)
    assert found["result"]["items"][0]["title"] == "Pomme à la crème 🍎"
    assert found["result"]["items"][0]["id"] == "🍎"


def test_batches(daemon: Daemon):
    daemon.send(
        [
            {"jsonrpc": "2.0", "id": "a", "method": "catalog/stats"},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "id": "b", "method": "search/filter", "params": {"query": "mbp", "limit": 1}},
        ]
    )
    replies = daemon.next()
    assert isinstance(replies, list) and sorted(r["id"] for r in replies) == ["a", "b"]
    by_id = {r["id"]: r for r in replies}
    assert by_id["b"]["result"]["items"][0]["title"] == "MacBook Pro"
    daemon.send([{"jsonrpc": "2.0", "method": "initialized"}])  # notifications only: no reply
    daemon.send([])
    empty = daemon.next()
    assert empty == {"jsonrpc": "2.0", "id": None, "error": empty["error"]} and empty["error"]["code"] == -32600


def test_notifications_are_never_answered(daemon: Daemon):
    daemon.send({"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": "off"}})
    daemon.send({"jsonrpc": "2.0", "method": "window/workDoneProgress/cancel", "params": {"token": "t"}})
    daemon.send({"jsonrpc": "2.0", "method": "no/such/notification", "params": [1, 2]})
    daemon.send({"jsonrpc": "2.0", "id": 99, "result": "a stray response"})
    assert daemon.call("catalog/stats", None, 7)["result"]["items"] == 34
    # Explicit "params": null (Emacs' jsonrpc.el sends it) and "params": [] (Neovim's encoding of {}): no params.
    daemon.send({"jsonrpc": "2.0", "id": 8, "method": "catalog/stats", "params": None})
    assert daemon.next() == {"jsonrpc": "2.0", "id": 8, "result": {"catalog": "default", "items": 34, "tokens": 8,
                                                                  "catalogs": ["default"]}}
    daemon.send({"jsonrpc": "2.0", "id": 9, "method": "recents/list", "params": []})
    assert daemon.next() == {"jsonrpc": "2.0", "id": 9, "result": {"recents": []}}


def test_malformed_input_is_answered_and_the_stream_goes_on(daemon: Daemon):
    stdin = daemon.process.stdin
    body = b'{"jsonrpc":"2.0","id":1,"method":'
    stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    stdin.write(b"this is not a header\r\n\r\n")
    stdin.flush()
    first, second = daemon.next(), daemon.next()
    assert first["id"] is None and first["error"]["code"] == -32700
    assert second["id"] is None and second["error"]["code"] == -32700
    assert daemon.call("search/filter", {"query": "watch", "limit": 1}, 3)["result"]["items"][0]["title"] == "Apple Watch"
    assert daemon.call("search/filter", {"query": 5}, 4)["error"]["code"] == -32602
    assert daemon.call("no/such", {}, 5)["error"]["code"] == -32601


def test_cancel_and_supersede_on_the_raw_stream(daemon: Daemon):
    daemon.request("search/filter", {"query": "ipad", "debounceMs": 10000}, "slow")
    started = time.monotonic()
    daemon.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "slow"}})
    reply = daemon.next()
    assert reply["id"] == "slow" and reply["error"]["code"] == -32800
    assert time.monotonic() - started < 2
    daemon.request("search/complete", {"query": "m", "field": "f", "debounceMs": 10000}, 1)
    daemon.request("search/complete", {"query": "ma", "field": "f", "debounceMs": 10000}, 2)
    daemon.request("search/complete", {"query": "mac", "field": "f", "limit": 3}, 3)
    replies = {r["id"]: r for r in (daemon.next(), daemon.next(), daemon.next())}
    assert replies[1]["error"]["data"] == {"reason": "superseded", "by": 2}
    assert replies[2]["error"]["data"] == {"reason": "superseded", "by": 3}
    labels = [i["label"] for i in replies[3]["result"]["sections"][1]["items"]]
    assert labels == ["MacBook", "iMac", "Macintosh"]  # the ranking of protocol.md §7.2 (bands, first- and last-word signs)


def test_endpoint_requests_like_python_lsp_server():
    """pylsp_jsonrpc's Endpoint: request futures resolved by the reader thread (as python-lsp-server uses it)."""
    d = Daemon(start_reader=False)
    endpoint = Endpoint({}, d.writer.write)
    threading.Thread(target=d.reader.listen, args=(endpoint.consume,), daemon=True).start()
    init = endpoint.request("initialize", {"processId": os.getpid(), "capabilities": {}}).result(TIMEOUT)
    assert init["serverInfo"]["name"] == "suggest-lsp" and init["capabilities"]["positionEncoding"] == "utf-16"
    endpoint.notify("initialized", {})
    tokens = endpoint.request("search/tokens", {"query": "#a"}).result(TIMEOUT)
    assert tokens["tokens"][0]["id"] == "audio"
    recents = endpoint.request("recents/add", {"text": "Vision Pro", "id": "vision-pro"}).result(TIMEOUT)
    assert recents["recents"][0]["id"] == "vision-pro" and recents["recents"][0]["count"] == 1
    assert endpoint.request("shutdown").result(TIMEOUT) is None
    endpoint.notify("exit")
    assert d.process.wait(timeout=TIMEOUT) == 0


def test_exit_statuses():
    d = Daemon()
    d.request("shutdown", None, 1)
    d.send({"jsonrpc": "2.0", "method": "exit"})  # exit without waiting for the shutdown reply
    assert d.next() == {"jsonrpc": "2.0", "id": 1, "result": None}
    assert d.process.wait(timeout=TIMEOUT) == 0

    d = Daemon()
    d.send({"jsonrpc": "2.0", "method": "exit"})
    assert d.process.wait(timeout=TIMEOUT) == 1

    d = Daemon()  # end of input answers a pending debounced query, then exits 0
    d.request("search/filter", {"query": "ipad", "debounceMs": 200, "limit": 1}, 1)
    assert d.close() == 0
    assert d.next()["result"]["items"][0]["title"] == "iPad"
