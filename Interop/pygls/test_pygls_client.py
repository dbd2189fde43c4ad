"""Interop test: pygls' language client (through pytest-lsp's LanguageClient) drives suggest-lsp.

Run: SUGGEST_LSP=/path/to/suggest-lsp python -m pytest Interop/pygls

pygls frames messages with `Content-Length` and a `Content-Type: application/vscode-jsonrpc; charset=utf-8` header,
uses UUID strings as request ids, structures standard results with lsprotocol (`InitializeResult`) and hands custom
methods' results back as plain JSON. Each test starts its own daemon; a daemon that does not answer within
INTEROP_TIMEOUT seconds fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcMethodNotFound,
    JsonRpcRequestCancelled,
)
from pytest_lsp import ClientServerConfig, LanguageClient

BINARY = os.environ.get("SUGGEST_LSP", "")
TIMEOUT = float(os.environ.get("INTEROP_TIMEOUT", "5"))


def initialize_params(encodings: list[types.PositionEncodingKind]) -> types.InitializeParams:
    return types.InitializeParams(
        capabilities=types.ClientCapabilities(general=types.GeneralClientCapabilities(position_encodings=encodings)),
        client_info=types.ClientInfo(name="pygls-interop", version="1"),
        initialization_options={"maxRecents": 3},
    )


@pytest_asyncio.fixture
async def client():
    """A started, initialized client (utf-8 positions); shut down cleanly at the end unless the test did it."""
    assert BINARY, "SUGGEST_LSP must name the daemon binary"
    lsp: LanguageClient = await ClientServerConfig(server_command=[BINARY]).start()  # type: ignore[assignment]
    lsp.init_result = await asyncio.wait_for(
        lsp.initialize_session(initialize_params([types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])),
        TIMEOUT,
    )
    yield lsp
    server = lsp._server
    if server is not None and server.returncode is None:
        await asyncio.wait_for(lsp.shutdown_session(), TIMEOUT)
        assert server.returncode == 0, f"the daemon exited with status {server.returncode} after shutdown and exit"
    await asyncio.wait_for(lsp.stop(), TIMEOUT)


def plain(value):
    """pygls structures a custom method's JSON result into named tuples; this turns them back into dicts and lists."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


async def call(lsp: LanguageClient, method: str, params: object, msg_id: str | None = None):
    """Sends a request and awaits its result (as plain JSON), failing after TIMEOUT seconds."""
    return plain(await asyncio.wait_for(lsp.protocol.send_request_async(method, params, msg_id=msg_id), TIMEOUT))


def send(lsp: LanguageClient, method: str, params: object, msg_id: str | None = None) -> asyncio.Future:
    """Sends a request now (pytest-lsp's send_request_async sends only once awaited) and returns its future."""
    return asyncio.wrap_future(lsp.protocol.send_request(method, params, msg_id=msg_id))


def section(result: dict, section_id: str) -> dict | None:
    return next((s for s in result["sections"] if s["id"] == section_id), None)


def labels(sec: dict | None) -> list[str]:
    return [item["label"] for item in (sec or {"items": []})["items"]]


async def test_initialize_negotiates_utf8_and_rejects_a_second_initialize(client: LanguageClient):
    result: types.InitializeResult = client.init_result
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    assert result.server_info is not None and result.server_info.name == "suggest-lsp"
    assert result.server_info.version
    with pytest.raises(JsonRpcInvalidRequest):
        await asyncio.wait_for(client.initialize_async(initialize_params([])), TIMEOUT)


async def test_search_complete_sections_labels_and_highlights(client: LanguageClient):
    result = await call(client, "search/complete", {"query": "ip"})
    assert [s["id"] for s in result["sections"]] == ["tokens", "suggestions"]
    assert labels(section(result, "tokens")) == ["iPad", "iPhone"]
    suggestions = section(result, "suggestions")
    assert labels(suggestions) == ["iPad", "iPod", "iPhone", "iPad Air", "iPad Pro"]
    assert all(item["kind"] == "item" and item["matches"] == [[0, 2]] for item in suggestions["items"])
    tokens = section(result, "tokens")["items"]
    assert [(t["id"], t["kind"], t["count"]) for t in tokens] == [("ipad", "token", 4), ("iphone", "token", 3)]

    typed = await call(client, "search/complete", {"query": "mbp", "limit": 2, "field": "b"})
    assert labels(section(typed, "suggestions"))[0] == "MacBook Pro"


async def test_search_filter_typos_tokens_modes_and_utf8_highlights(client: LanguageClient):
    typo = await call(client, "search/filter", {"query": "macbok", "field": "a"})
    assert typo["items"][0]["title"] == "MacBook"
    assert typo["total"] >= 1

    audio = await call(client, "search/filter", {"query": "mini", "tokens": ["audio"], "field": "b"})
    assert audio["total"] == 1 and audio["items"][0]["id"] == "ipod-mini"

    contains = await call(client, "search/filter", {"query": "pro", "mode": "contains", "limit": 3, "field": "c"})
    assert contains["total"] == 8
    assert [i["title"] for i in contains["items"]] == ["AirPods Pro", "Mac Pro", "MacBook Pro"]

    loaded = await call(client, "catalog/load", {"catalog": "py", "items": [{"title": "🍎 Crème brûlée"}]})
    assert loaded["items"] == 1
    brulee = await call(client, "search/filter", {"catalog": "py", "query": "brulee"})
    # utf-8 was negotiated: 🍎 is 4 bytes, è 2, so "brûlée" spans bytes 12..20.
    assert brulee["items"][0]["matches"] == [[12, 20]]


async def test_search_tokens(client: LanguageClient):
    result = await call(client, "search/tokens", {"query": "#a"})
    assert [t["id"] for t in result["tokens"]][:3] == ["audio", "accessories", "mac"]
    assert result["tokens"][0] == {"id": "audio", "label": "Audio", "icon": "headphones", "count": 9}
    rest = await call(client, "search/tokens", {"query": "", "tokens": ["mac", "iphone", "ipad", "audio"], "field": "p"})
    assert [t["id"] for t in rest["tokens"]] == ["watch", "tv-home", "accessories", "vision"]


async def test_recents_add_deduplicates_and_feeds_the_empty_query(client: LanguageClient):
    await call(client, "recents/add", {"text": "iPhone", "id": "iphone"})
    await call(client, "recents/add", {"text": "Café"})
    result = await call(client, "recents/add", {"text": "cafe"})
    entries = result["recents"]
    assert [(e["text"], e["count"]) for e in entries] == [("cafe", 2), ("iPhone", 1)]
    assert all(isinstance(e["lastUsed"], int) and e["lastUsed"] > 1_600_000_000_000 for e in entries)
    for text in ("one", "two", "three"):  # maxRecents 3 from initializationOptions
        result = await call(client, "recents/add", {"text": text})
    assert [e["text"] for e in result["recents"]] == ["three", "two", "one"]
    popup = await call(client, "search/complete", {"query": ""})
    assert labels(section(popup, "recent")) == ["three", "two", "one"]
    # pygls leaves out params that are None; an empty positional list is how a client says "no params" too.
    listed = await call(client, "recents/list", [])
    assert [e["text"] for e in listed["recents"]] == ["three", "two", "one"]


async def test_cancel_request_answers_minus_32800(client: LanguageClient):
    msg_id = str(uuid.uuid4())
    future = send(client, "search/filter", {"query": "ipad", "debounceMs": 10000, "field": "slow"}, msg_id=msg_id)
    started = time.monotonic()
    client.cancel_request(types.CancelParams(id=msg_id))
    with pytest.raises(JsonRpcRequestCancelled) as raised:
        await asyncio.wait_for(future, TIMEOUT)
    assert raised.value.code == -32800
    assert time.monotonic() - started < 2, "the cancelled request waited for its debounce"
    # The connection goes on: the same id may be used again once answered.
    again = await call(client, "search/filter", {"query": "ipad", "field": "slow"}, msg_id=msg_id)
    assert again["items"][0]["title"] == "iPad"


async def test_supersession_of_two_keystrokes_in_one_field(client: LanguageClient):
    first = send(client, "search/complete", {"query": "a", "field": "box", "debounceMs": 10000})
    second_id = str(uuid.uuid4())
    second = send(client, "search/complete", {"query": "ai", "field": "box"}, msg_id=second_id)
    with pytest.raises(JsonRpcRequestCancelled) as raised:
        await asyncio.wait_for(first, TIMEOUT)
    assert plain(raised.value.data) == {"reason": "superseded", "by": second_id}
    result = plain(await asyncio.wait_for(second, TIMEOUT))
    assert labels(section(result, "suggestions"))[0] == "AirPods"


async def test_errors_name_the_field(client: LanguageClient):
    with pytest.raises(JsonRpcInvalidParams) as raised:
        await call(client, "search/complete", {"query": 5})
    assert raised.value.message == "params.query: expected a string, got a number"
    with pytest.raises(JsonRpcMethodNotFound):
        await call(client, "search/everything", {})
    with pytest.raises(JsonRpcException) as raised:
        await call(client, "search/filter", {"query": "ipad", "limit": -1})
    assert raised.value.code == -32602


async def test_shutdown_then_exit_ends_with_status_0(client: LanguageClient):
    assert await asyncio.wait_for(client.shutdown_async(None), TIMEOUT) is None
    with pytest.raises(JsonRpcInvalidRequest):
        await call(client, "catalog/stats", {})
    client.exit(None)
    server = client._server
    assert await asyncio.wait_for(server.wait(), TIMEOUT) == 0


async def test_exit_without_shutdown_ends_with_status_1():
    lsp: LanguageClient = await ClientServerConfig(server_command=[BINARY]).start()  # type: ignore[assignment]
    await asyncio.wait_for(lsp.initialize_session(initialize_params([])), TIMEOUT)
    lsp.exit(None)
    assert await asyncio.wait_for(lsp._server.wait(), TIMEOUT) == 1
    await asyncio.wait_for(lsp.stop(), TIMEOUT)
