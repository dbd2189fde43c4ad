#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets (Fuzz/seeds/*). Run from the package root.

The JSON parser target also takes Tests/JSONKitTests/Fixtures/JSONTestSuite as a seed directory (see
Scripts/fuzz.sh), so those files are not copied here.
"""
import hashlib
import json
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")


def lsp(body, headers=""):
    data = body.encode() if isinstance(body, str) else body
    return headers.encode() + b"Content-Length: %d\r\n\r\n" % len(data) + data


def ndjson(*bodies):
    return b"".join((b.encode() if isinstance(b, str) else b) + b"\n" for b in bodies)


def req(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def note(method, params=None):
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


INIT = req(1, "initialize", {"processId": None, "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
                              "initializationOptions": {"debounceMs": 0, "maxRecents": 5}})
COMPLETE = [
    req(2, "search/complete", {"query": "ip", "limit": 5}),
    req(3, "search/complete", {"query": "iph", "field": "main", "tokens": ["phones"]}),
    req(4, "search/complete", {"query": "#mu", "field": "main"}),
    req(5, "search/complete", {"query": ""}),
]
FILTER = [
    req(6, "search/filter", {"query": "mac pro", "limit": 50, "offset": 0, "mode": "smart"}),
    req(7, "search/filter", {"query": "Pokémon", "tokens": ["games"], "scope": "games", "mode": "contains"}),
    req("s-8", "search/filter", {"query": "x", "mode": "bogus"}),
]
RECENTS = [
    req(9, "recents/add", {"text": "iPhone 15", "id": "iphone-15"}),
    req(10, "recents/add", {"text": "ｆｕｌｌ ｗｉｄｔｈ"}),
]
CANCEL = note("$/cancelRequest", {"id": 2})
SHUTDOWN = req(99, "shutdown")
EXIT = note("exit")

MESSAGES = {
    "initialize": [INIT, note("initialized", {})],
    "complete": COMPLETE,
    "filter": FILTER,
    "recents": RECENTS,
    "cancel": [req(2, "test/sleep", {"yields": 20}), CANCEL, req(2, "test/echo", ["again"])],
    "supersede": [req(20, "search/complete", {"query": "a", "field": "f"}),
                  req(21, "search/complete", {"query": "ab", "field": "f"}),
                  req(22, "search/complete", {"query": "abc", "field": "f"})],
    "lifecycle": [INIT, note("initialized"), COMPLETE[0], SHUTDOWN, req(100, "search/complete", {"query": "late"}), EXIT],
    "exit-without-shutdown": [req(1, "test/sleep", {"yields": 50}), EXIT, req(2, "test/echo")],
    "second-initialize": [INIT, INIT],
    "errors": [req(30, "test/fail", {"kind": "response"}), req(31, "test/fail", {"kind": "cancel"}),
               req(32, "test/fail", {"kind": "decoding"}), req(33, "test/failInline", {"kind": "other"}),
               req(34, "test/nope"), req(35, "search/complete", {"query": 5}),
               req(36, "search/complete", {"limit": -1, "query": "x"})],
    "ids": [req("9007199254740993", "test/inline", [1]), req(9007199254740993, "test/inline", [2]),
            req(-0, "test/echo"), req(None, "test/echo"), req("é", "test/echo"), req(1.5, "test/echo"),
            '{"jsonrpc":"2.0","id":1e400,"method":"test/echo"}', '{"jsonrpc":"2.0","id":-0,"method":"test/inline"}'],
    "cancel-reuse": [req(3, "test/echo", [1]), note("$/cancelRequest", {"id": 3}), req(3, "search/filter", {"query": "q"})],
    "unicode-ids": [req("é", "test/sleep", {"yields": 30}), req("e\u0301", "test/inline", [1]),
                    note("$/cancelRequest", {"id": "e\u0301"}), req("Å", "test/echo"), req("A\u030a", "test/echo")],
    "duplicates": [req(7, "test/sleep", {"yields": 10}), req(7, "test/echo"), req(7, "test/inline")],
    "invalid": ['{"jsonrpc":"2.0","id":[1],"method":"x"}', '{"jsonrpc":"1.0","id":1,"method":"x"}',
                '{"id":2,"method":"x"}', '{"jsonrpc":"2.0","id":3}', '{"jsonrpc":"2.0","id":4,"method":7}',
                '{"jsonrpc":"2.0","id":5,"method":"test/echo","params":"str"}', '"just a string"', "42", "null",
                '{"jsonrpc":"2.0","id":6,"result":null}', '{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}',
                '{"jsonrpc":"2.0","id":8,"method":"test/echo","params":null}', "{not json", "[]", "[[]]", "[1,2]",
                '{"jsonrpc":"2.0","method":"test/ping","params":{"fail":true}}'],
    "batch": ["[" + ",".join([COMPLETE[0], note("test/ping"), RECENTS[0], CANCEL, '{"bad":1}', "[]"]) + "]",
              "[" + ",".join([note("test/ping"), note("initialized")]) + "]",
              "[" + ",".join([req(40, "test/sleep", {"yields": 5}), EXIT, req(41, "test/echo")]) + "]",
              "[" + ",".join([req(42, "test/echo"), SHUTDOWN, req(43, "test/echo")]) + "]"],
    "deep": ["[" * 47 + "]" * 47, "[" * 60 + "]" * 60, req(50, "test/echo", {"a": [[[[{"b": [1]}]]]]})],
}


def write(directory, name, data):
    path = os.path.join(ROOT, directory)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, name), "wb") as f:
        f.write(data)


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    for name, bodies in MESSAGES.items():
        framed_lsp = b"".join(lsp(b) for b in bodies)
        framed_nd = ndjson(*bodies)
        write("message", name + ".lsp", framed_lsp)
        write("message", name + ".ndjson", framed_nd)
        for index, body in enumerate(bodies):
            write("json", "%s-%d.json" % (name, index), body.encode())
    # LSP variants and bad headers, for both the frame decoder and the message path.
    body = COMPLETE[0]
    frames = {
        "canonical": lsp(body),
        "content-type": lsp(body, "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"),
        "charset-utf8-quoted": lsp(body, 'Content-Type: application/json; charset="UTF8"\r\n'),
        "charset-latin1": lsp(body, "Content-Type: application/json; charset=latin1\r\n") + lsp(RECENTS[0]),
        "lowercase": b"content-length: %d\r\n\r\n" % len(body) + body.encode(),
        "bare-newlines": b"Content-Length: %d\n\n" % len(body) + body.encode(),
        "spaces": b"Content-Length:   %d \t\r\nX-Other: 1\r\n\r\n" % len(body) + body.encode(),
        "header-after-length": b"Content-Length: %d\r\nContent-Type: application/json\r\n\r\n" % len(body) + body.encode(),
        "duplicate-length": b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
        "conflicting-length": b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}" + lsp(body),
        "missing-length": b"Content-Type: application/json\r\n\r\n{}" + lsp(body),
        "negative-length": b"Content-Length: -5\r\n\r\n" + lsp(body),
        "junk-length": b"Content-Length: 12abc\r\n\r\n" + lsp(body),
        "empty-length": b"Content-Length: \r\n\r\n" + lsp(body),
        "overflow-length": b"Content-Length: 99999999999999999999999\r\n\r\n" + lsp(body),
        "too-large": b"Content-Length: 5000\r\n\r\n" + b" " * 100 + lsp(body),
        "malformed-line": b"Content-Length: 2\r\nthis is not a header\r\n\r\n{}" + lsp(body),
        "long-header": b"Content-Length: 2\r\nX-Pad: " + b"a" * 300 + b"\r\n\r\n{}" + lsp(body),
        "blank-lines-before": b"\r\n\r\n" + lsp(body) + b"\r\n" + lsp(RECENTS[0]),
        "truncated-header": b"Content-Length: 10\r\n",
        "truncated-body": b"Content-Length: 100\r\n\r\n{\"jsonrpc\"",
        "split-name": lsp(body) + b"garbage Content-Len",
        "invalid-utf8": b"Content-Length: 4\r\n\r\n\"\xff\xfe\"",
        "ndjson-crlf": b'{"jsonrpc":"2.0","id":1,"method":"test/inline"}\r\n\r\n   \n\t\n',
        "ndjson-no-final-newline": b'{"jsonrpc":"2.0","id":1,"method":"test/inline"}\n{"jsonrpc":"2.0","id":2,"method":"test/echo"}',
        "ndjson-long-line": b'{"a":"' + b"x" * 3000 + b'"}\n' + ndjson(body),
        "ndjson-garbage": b"hello world\n" + ndjson(body),
        "leading-whitespace": b"  \r\n\t" + lsp(body),
    }
    for name, data in frames.items():
        write("frames", name, data)
        write("message", "frame-" + name, data)
    total = 0
    for directory, _, files in os.walk(ROOT):
        total += sum(os.path.getsize(os.path.join(directory, f)) for f in files)
    print("seeds: %d bytes" % total)


if __name__ == "__main__":
    main()
