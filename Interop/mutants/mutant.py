#!/usr/bin/env python3
"""A broken suggest-lsp, to prove that the interop tests catch a misbehaving daemon.

Usage: mutant.py MODE DAEMON [ARGS...]

Runs the real daemon behind an LSP-framed proxy that breaks one promise, chosen by MODE:

  passthrough    nothing is broken: the control, against which every test must pass
  ndjson         the daemon runs with --framing ndjson: LSP-framed input is garbage to it (no proxy)
  silent         nothing the daemon writes reaches the client: every request goes unanswered
  wrong-results  every array in a search/* result is reversed: sections, suggestions, items, tokens in the wrong order
  ignore-cancel  $/cancelRequest never reaches the daemon: cancelled (debounced) requests are answered late, with a result
  no-supersede   every search request gets a field of its own: keystrokes in one field no longer supersede each other
  strict-params  "params": null and "params": [] reach the daemon as "params": 0: a daemon that rejects clients' quirks
  exit-status    the process exits with status 1 even after shutdown and exit
  extra-header   replies carry a Content-Type header before Content-Length

Every interop test must fail against every mode that applies to it (Interop/run.sh --mutants checks that).
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading

MODES = ("passthrough", "ndjson", "silent", "wrong-results", "ignore-cancel", "no-supersede", "strict-params", "exit-status",
         "extra-header")
SEARCH_METHODS = ("search/filter", "search/complete", "search/tokens")


def read_frame(stream) -> tuple[bytes, bytes | None] | None:
    """Reads one LSP header block and its body: (the raw bytes read, the body or None), or None at the end.

    Header lines that are not `Content-Length` (even malformed ones) are kept in the raw bytes, so that a
    proxy that changes nothing can forward exactly what it read.
    """
    raw, length = b"", None
    while True:
        line = stream.readline()
        if not line:
            return (raw, None) if raw else None
        raw += line
        if not line.strip():
            if length is None:
                if raw.strip():  # a header block without a usable Content-Length: pass it on as it is
                    return raw, None
                continue
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            length = int(value.strip())
    body = stream.read(length)
    return raw + body, body


def write_frame(stream, message, extra_header: bool = False) -> None:
    body = json.dumps(message, ensure_ascii=False).encode()
    header = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" if extra_header else b""
    stream.write(header + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def reverse_arrays(value):
    if isinstance(value, list):
        return [reverse_arrays(item) for item in reversed(value)]
    if isinstance(value, dict):
        return {key: reverse_arrays(item) for key, item in value.items()}
    return value


def main() -> int:
    if len(sys.argv) < 3 or sys.argv[1] not in MODES:
        print(__doc__, file=sys.stderr)
        return 2
    mode, command = sys.argv[1], sys.argv[2:]
    if mode == "ndjson":
        os.execv(command[0], [*command, "--framing", "ndjson"])

    daemon = subprocess.Popen([*command, "--framing", "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    methods: dict[str, str] = {}
    fields = itertools.count()
    client_in, client_out = sys.stdin.buffer, sys.stdout.buffer

    def client_to_daemon() -> None:
        while (frame := read_frame(client_in)) is not None:
            raw, body = frame
            try:
                messages = json.loads(body) if body is not None else None
            except ValueError:
                messages = None
            if messages is None:  # not JSON (the tests send some garbage on purpose): forward it as it came
                daemon.stdin.write(raw)
                daemon.stdin.flush()
                continue
            for message in messages if isinstance(messages, list) else [messages]:
                if isinstance(message, dict) and "method" in message and "id" in message:
                    methods[json.dumps(message["id"])] = message["method"]
            single = messages if isinstance(messages, dict) else {}
            method = single.get("method")
            if mode == "ignore-cancel" and method == "$/cancelRequest":
                continue
            if mode == "no-supersede" and method in SEARCH_METHODS and isinstance(single.get("params"), dict):
                single["params"]["field"] = f"mutant-{next(fields)}"
            if mode == "strict-params" and "params" in single and single["params"] in (None, []):
                single["params"] = 0
            if mode == "passthrough":
                daemon.stdin.write(raw)
                daemon.stdin.flush()
            else:
                write_frame(daemon.stdin, messages)
        daemon.stdin.close()

    def daemon_to_client() -> None:
        while (frame := read_frame(daemon.stdout)) is not None:
            raw, body = frame
            message = json.loads(body)
            if mode == "silent":
                continue
            if mode == "passthrough":
                client_out.write(raw)
                client_out.flush()
                continue
            if mode == "wrong-results" and isinstance(message, dict) and "result" in message:
                if methods.get(json.dumps(message.get("id"))) in SEARCH_METHODS:
                    message["result"] = reverse_arrays(message["result"])
            write_frame(client_out, message, extra_header=mode == "extra-header")

    threading.Thread(target=client_to_daemon, daemon=True).start()
    reader = threading.Thread(target=daemon_to_client)
    reader.start()
    status = daemon.wait()
    reader.join()
    return 1 if mode == "exit-status" else status


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # os._exit: the client-reading thread may still block on stdin, and a normal interpreter exit then aborts.
    os._exit(code)
