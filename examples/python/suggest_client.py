"""A small suggest-lsp client: spawn the daemon, send requests, read the replies by id. Standard library only.

    from suggest_client import SuggestClient, SuggestError

    with SuggestClient(["suggest-lsp"]) as client:            # LSP framing; framing="ndjson" for one JSON per line
        result = client.call("search/complete", {"query": "ip"})
        for section in result["sections"]:
            print(section["title"], [item["label"] for item in section["items"]])

Requests run concurrently in the daemon and may be answered out of order: `request()` sends one and returns its
id at once, `reply(id)` waits for that id's reply, `call()` does both. A reply that is an error raises SuggestError;
`SuggestError.superseded` tells a keystroke that a newer one in the same search field replaced (see typing.py).
"""

from __future__ import annotations

import itertools
import json
import subprocess
import threading
from typing import Any, Sequence


class SuggestError(Exception):
    """An error reply: `code` (-32602 invalid params, -32800 cancelled…), `message`, and `data` if any."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.data = code, message, data

    @property
    def superseded(self) -> bool:
        """True when a newer query in the same field replaced this one (-32800, data.reason "superseded")."""
        return self.code == -32800 and isinstance(self.data, dict) and self.data.get("reason") == "superseded"


class SuggestClient:
    """The daemon as a child process, spoken to over its stdin and stdout."""

    def __init__(self, command: Sequence[str] = ("suggest-lsp",), framing: str = "lsp", timeout: float = 10.0):
        if framing not in ("lsp", "ndjson"):
            raise ValueError("framing is 'lsp' or 'ndjson'")
        self.framing, self.timeout = framing, timeout
        self._process = subprocess.Popen(
            [*command, "--framing", framing], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self._ids = itertools.count(1)
        self._replies: dict[Any, dict] = {}
        self._arrived = threading.Condition()
        self._write_lock = threading.Lock()
        self._closed = False
        self._reader = threading.Thread(target=self._read_replies, daemon=True)
        self._reader.start()

    # -- sending

    def request(self, method: str, params: dict | None = None) -> int:
        """Sends a request; returns its id without waiting for the reply."""
        msg_id = next(self._ids)
        message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        return msg_id

    def notify(self, method: str, params: dict | None = None) -> None:
        """Sends a notification (never answered), e.g. `$/cancelRequest {"id": …}`."""
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def call(self, method: str, params: dict | None = None) -> Any:
        """Sends a request and waits for its result; raises SuggestError on an error reply."""
        return self.reply(self.request(method, params))

    # -- receiving

    def reply(self, msg_id: int, timeout: float | None = None) -> Any:
        """Waits for the reply to `msg_id`: returns its result, or raises SuggestError (TimeoutError if none)."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: msg_id in self._replies or self._closed, timeout or self.timeout):
                raise TimeoutError(f"no reply to request {msg_id}")
            if msg_id not in self._replies:
                raise ConnectionError("the daemon closed its output")
            message = self._replies.pop(msg_id)
        if "error" in message:
            error = message["error"]
            raise SuggestError(error["code"], error["message"], error.get("data"))
        return message["result"]

    # -- ending

    def close(self) -> int:
        """Asks the daemon to shut down (shutdown, then exit) and returns its exit status (0 when all went well)."""
        if self._process.poll() is None:
            try:
                self.call("shutdown")
                self.notify("exit")
            except (OSError, ConnectionError, TimeoutError):
                pass
            if self._process.stdin:
                self._process.stdin.close()
        status = self._process.wait(timeout=self.timeout)
        self._reader.join(timeout=self.timeout)  # it ends at the end of the daemon's output
        if self._process.stdout:
            self._process.stdout.close()
        return status

    def __enter__(self) -> SuggestClient:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # -- the wire

    def _send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode()
        if self.framing == "lsp":
            data = b"Content-Length: %d\r\n\r\n" % len(body) + body  # the length counts bytes, not characters
        else:
            data = body + b"\n"  # json.dumps never writes a raw newline inside a value
        with self._write_lock:
            assert self._process.stdin is not None
            self._process.stdin.write(data)
            self._process.stdin.flush()

    def _read_message(self, stream) -> Any:
        if self.framing == "ndjson":
            while True:
                line = stream.readline()
                if not line:
                    return None
                if line.strip():
                    return json.loads(line)
        length = None
        while True:
            line = stream.readline()
            if not line:
                return None
            if not line.strip():
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return json.loads(stream.read(length)) if length is not None else None

    def _read_replies(self) -> None:
        stream = self._process.stdout
        while (message := self._read_message(stream)) is not None:
            for reply in message if isinstance(message, list) else [message]:  # a batch's replies come as a list
                with self._arrived:
                    self._replies[reply.get("id")] = reply
                    self._arrived.notify_all()
        with self._arrived:
            self._closed = True
            self._arrived.notify_all()
