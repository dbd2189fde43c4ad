"""Interop test: pytest-lsp (pygls' client, lsprotocol types) uses suggest-lsp for completion in two client profiles.

Run: SUGGEST_LSP=/path/to/suggest-lsp python -m pytest Interop/lsp_completion

- VS Code-like: UTF-16 positions, `completionList.itemDefaults` with `editRange`, label details; it filters the list
  by the typed word against `filterText` (or the label) with a fuzzy match, and sorts by `sortText`.
- Helix-like: offers UTF-8 first, no `itemDefaults`; it filters by prefix on `filterText` (or the label).

Each opens a requirements.txt over a small PyPI-like catalog written by the test, with non-ASCII text and an
emoji before the word; "types" a typo and a prefix (incremental didChange), completes, applies the client's own
filter, accepts the first item by applying its edit to the client's copy of the text, runs the item's command, and
checks the top suggestion and the text after accepting.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

BINARY = os.environ.get("SUGGEST_LSP", "")
TIMEOUT = float(os.environ.get("INTEROP_TIMEOUT", "5"))

CATALOG = """name\tversion\tmonth\trank\tsummary
requests\t2.31.0\t2024-05\t1\tPython HTTP for Humans.
requests-oauthlib\t2.0.0\t2024-03\t60\tOAuthlib authentication support for Requests.
requests-toolbelt\t1.0.0\t2023-05\t90\tA utility belt for advanced users of python-requests
numpy\t2.0.0\t2024-06\t2\tFundamental package for array computing in Python
numba\t0.60.0\t2024-06\t80\tcompiling Python code using LLVM
"""
URI = "file:///project/requirements.txt"


@dataclass
class Profile:
    name: str
    encodings: list[types.PositionEncodingKind]
    item_defaults: list[str] | None
    fuzzy: bool

    def capabilities(self) -> types.ClientCapabilities:
        completion = types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(label_details_support=self.item_defaults is not None),
            completion_list=(
                types.CompletionListCapabilities(item_defaults=self.item_defaults) if self.item_defaults else None
            ),
        )
        return types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=self.encodings),
            text_document=types.TextDocumentClientCapabilities(completion=completion),
        )


VSCODE = Profile("vscode", [types.PositionEncodingKind.Utf16], ["commitCharacters", "editRange", "data"], True)
HELIX = Profile(
    "helix",
    [types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf32, types.PositionEncodingKind.Utf16],
    None,
    False,
)


class Buffer:
    """The client's copy of the document, edited with positions in the negotiated encoding."""

    def __init__(self, text: str, encoding: str):
        self.lines = text.split("\n")
        self.encoding = encoding

    def units(self, text: str) -> int:
        if self.encoding == "utf-8":
            return len(text.encode("utf-8"))
        if self.encoding == "utf-16":
            return len(text.encode("utf-16-le")) // 2
        return len(text)

    def index(self, line: int, character: int) -> int:
        text = self.lines[line]
        for index in range(len(text) + 1):
            if self.units(text[:index]) == character:
                return index
        raise AssertionError(f"character {character} is not a boundary of {text!r}")

    def end(self, line: int) -> types.Position:
        return types.Position(line=line, character=self.units(self.lines[line]))

    def replace(self, range_: types.Range, new_text: str) -> None:
        assert range_.start.line == range_.end.line
        line = self.lines[range_.start.line]
        start, end = self.index(range_.start.line, range_.start.character), self.index(range_.end.line, range_.end.character)
        self.lines[range_.start.line] = line[:start] + new_text + line[end:]

    def word_before(self, position: types.Position, start: int) -> str:
        return self.lines[position.line][self.index(position.line, start) : self.index(position.line, position.character)]


def client_filter(profile: Profile, typed: str, items: list[types.CompletionItem]) -> list[types.CompletionItem]:
    """What the client keeps and in which order: VS Code fuzzy-matches, Helix prefix-matches, both on filterText."""

    def keeps(item: types.CompletionItem) -> bool:
        text = (item.filter_text or item.label).lower()
        if not profile.fuzzy:
            return text.startswith(typed.lower())
        letters = iter(text)
        return typed[:1].lower() == text[:1] and all(char in letters for char in typed.lower())

    return sorted((item for item in items if keeps(item)), key=lambda item: item.sort_text or item.label)


@pytest_asyncio.fixture(params=[VSCODE, HELIX], ids=lambda profile: profile.name)
async def session(request, tmp_path):
    assert BINARY, "SUGGEST_LSP must name the daemon binary"
    profile: Profile = request.param
    catalog = tmp_path / "pypi.tsv"
    catalog.write_text(CATALOG)
    lsp: LanguageClient = await ClientServerConfig(server_command=[BINARY, "--log-level", "off"]).start()  # type: ignore[assignment]
    result = await asyncio.wait_for(
        lsp.initialize_session(
            types.InitializeParams(
                capabilities=profile.capabilities(),
                initialization_options={
                    "completion": {"catalogs": [{"pattern": "requirements*.txt", "path": str(catalog)}]}
                },
            )
        ),
        TIMEOUT,
    )
    yield lsp, profile, result, str(catalog)
    await asyncio.wait_for(lsp.shutdown_session(), TIMEOUT)
    await asyncio.wait_for(lsp.stop(), TIMEOUT)


def edit_of(completion: types.CompletionList, item: types.CompletionItem) -> tuple[types.Range, str]:
    """The range and text an accepted item writes, as the LSP 3.17 rules for itemDefaults say."""
    if item.text_edit is not None:
        assert isinstance(item.text_edit, types.TextEdit)
        return item.text_edit.range, item.text_edit.new_text
    assert completion.item_defaults is not None and isinstance(completion.item_defaults.edit_range, types.Range)
    return completion.item_defaults.edit_range, item.text_edit_text or item.label


async def test_typo_and_prefix(session):
    lsp, profile, result, catalog = session
    capabilities = result.capabilities
    encoding = "utf-16" if profile is VSCODE else "utf-8"
    assert capabilities.position_encoding == encoding
    assert capabilities.completion_provider is not None and capabilities.completion_provider.resolve_provider
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental

    buffer = Buffer("café 😀 \nnu", encoding)
    lsp.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=URI, language_id="pip-requirements", version=1, text="\n".join(buffer.lines))
        )
    )
    version = 1

    async def type_at(line: int, text: str) -> types.Position:
        nonlocal version
        version += 1
        end = buffer.end(line)
        lsp.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(end, end), text=text)],
            )
        )
        buffer.replace(types.Range(end, end), text)
        return buffer.end(line)

    async def complete_and_accept(position: types.Position, expected_top: str, expected_line: str):
        completion = await asyncio.wait_for(
            lsp.text_document_completion_async(
                types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position)
            ),
            TIMEOUT,
        )
        assert isinstance(completion, types.CompletionList)
        if profile is VSCODE:
            assert completion.item_defaults is not None and completion.item_defaults.edit_range is not None
            assert all(item.text_edit is None for item in completion.items)
            assert completion.items[0].label_details is not None
        else:
            assert completion.item_defaults is None
            assert all(item.text_edit is not None for item in completion.items)
        assert [item.sort_text for item in completion.items] == sorted(item.sort_text for item in completion.items)
        first_range, _ = edit_of(completion, completion.items[0])
        typed = buffer.word_before(position, first_range.start.character)
        shown = client_filter(profile, typed, completion.items)
        assert shown and shown[0].label == expected_top, [item.label for item in shown]
        top = shown[0]
        resolved = await asyncio.wait_for(lsp.completion_item_resolve_async(top), TIMEOUT)
        assert resolved.documentation is not None
        range_, new_text = edit_of(completion, top)
        buffer.replace(range_, new_text)
        assert buffer.lines[position.line] == expected_line
        assert top.command is not None
        await asyncio.wait_for(
            lsp.workspace_execute_command_async(
                types.ExecuteCommandParams(command=top.command.command, arguments=top.command.arguments)
            ),
            TIMEOUT,
        )
        # The client writes the accepted text back to the daemon, as an editor does.
        nonlocal version
        version += 1
        lsp.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n".join(buffer.lines))],
            )
        )

    # A typo after "café 😀 ", typed as one change.
    position = await type_at(0, "reqeusts")
    await complete_and_accept(position, "requests", "café 😀 requests")
    # A prefix on the next line, one letter at a time.
    position = await type_at(1, "m")
    await complete_and_accept(position, "numpy", "numpy")

    recents = await asyncio.wait_for(lsp.protocol.send_request_async("recents/list", {"catalog": catalog}), TIMEOUT)
    ids = [getattr(entry, "id", None) for entry in recents.recents]
    assert ids[:2] == ["numpy", "requests"], ids
