#!/usr/bin/env python3
"""Checks protocol.schema.json: a valid draft 2020-12 schema with every method the daemon serves, which accepts
every example of protocol.md and 160 live answers from the daemon, and rejects wrong shapes.

    SUGGEST_LSP=.build/release/suggest-lsp python3 examples/schema/test_schema.py

Needs `jsonschema` (Interop/requirements.txt; examples/run-tests.sh runs it in the interop venv).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "protocol.schema.json").read_text(encoding="utf-8"))
REGISTRY = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))
DAEMON = os.environ.get("SUGGEST_LSP", str(ROOT / ".build/debug/suggest-lsp"))


def errors_at(pointer: str, value) -> list[str]:
    """What is wrong with `value` against the schema at `pointer` (its $refs resolved in the whole schema)."""
    found = Draft202012Validator({"$ref": f"{SCHEMA['$id']}#/{pointer}"}, registry=REGISTRY).iter_errors(value)
    return [f"{'/'.join(map(str, e.absolute_path)) or '.'}: {e.message}" for e in found]


def errors(method: str, part: str, value) -> list[str]:
    """What is wrong with `value` as `methods[method][part]` ("params" or "result")."""
    return errors_at(f"methods/{method.replace('~', '~0').replace('/', '~1')}/{part}", value)


def exchange(messages: list[dict], *arguments: str) -> list[dict]:
    """Sends NDJSON messages to a fresh daemon, closes its input, and returns its replies (batches flattened)."""
    payload = "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in messages)
    process = subprocess.run([DAEMON, "--log-level", "off", *arguments], input=payload.encode(),
                             capture_output=True, timeout=60, check=True)
    replies = []
    for line in process.stdout.decode().splitlines():
        value = json.loads(line)
        replies.extend(value if isinstance(value, list) else [value])
    return replies


def load_protocol_examples() -> list[list[tuple[str, object]]]:
    """protocol.md's ```jsonrpc blocks, each a list of (direction, JSON value), parsed as Scripts/ does."""
    spec = importlib.util.spec_from_file_location("protocol_examples", ROOT / "Scripts" / "protocol-examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    blocks, block = [], None
    for line in (ROOT / "protocol.md").read_text(encoding="utf-8").split("\n"):
        if line.strip() == "```jsonrpc":
            block = []
        elif line.strip() == "```" and block is not None:
            blocks.append([(direction, json.loads(text)) for direction, text in module.parse_block(block)])
            block = None
        elif block is not None:
            block.append(line)
    return blocks


class SchemaTests(unittest.TestCase):
    def assertValid(self, method: str, part: str, value, context: str = "") -> None:
        found = errors(method, part, value)
        self.assertEqual(found, [], f"{method} {part} {context}: {json.dumps(value, ensure_ascii=False)[:400]}")

    def assertInvalid(self, method: str, part: str, value) -> None:
        self.assertNotEqual(errors(method, part, value), [], f"{method} {part} should be rejected: {value}")

    def test_is_a_valid_draft_2020_12_schema_of_every_served_method(self):
        Draft202012Validator.check_schema(SCHEMA)
        self.assertEqual(SCHEMA["$schema"], "https://json-schema.org/draft/2020-12/schema")
        for method in SCHEMA["methods"]:
            Draft202012Validator.check_schema(SCHEMA["methods"][method]["params"])
        (reply,) = exchange([{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}])
        served = reply["result"]["capabilities"]["suggest"]["methods"]
        lifecycle = ["initialize", "initialized", "shutdown", "exit", "$/cancelRequest"]
        lsp = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/completion",
               "completionItem/resolve", "workspace/executeCommand", "workspace/didChangeConfiguration"]
        self.assertEqual(sorted(SCHEMA["methods"]), sorted(set(served + lifecycle + lsp)))
        for method, entry in SCHEMA["methods"].items():
            self.assertIn("params", entry, method)
            self.assertEqual("result" in entry, not entry.get("notification", False), method)

    def test_every_protocol_md_example_validates(self):
        checked = 0
        for block in load_protocol_examples():
            sent = [value for direction, value in block if direction == "-->"]
            replies = [r for direction, value in block if direction == "<--"
                       for r in (value if isinstance(value, list) else [value])]
            requests = [m for v in sent for m in (v if isinstance(v, list) else [v]) if isinstance(m, dict)]
            for message in requests:
                method = message.get("method")
                if method not in SCHEMA["methods"]:
                    continue  # the examples of unknown methods and malformed messages
                if "id" not in message:
                    self.assertValid(method, "params", message.get("params", {}), "(notification)")
                    checked += 1
                    continue
                reply = next((r for r in replies if r.get("id") == message["id"] and "jsonrpc" in r), None)
                self.assertIsNotNone(reply, f"no reply to {message}")
                replies.remove(reply)
                if "error" in reply:
                    self.assertEqual(errors_at("$defs/ResponseError", reply["error"]), [], reply)
                    continue
                self.assertValid(method, "params", message.get("params", {}), f"(id {message['id']})")
                self.assertValid(method, "result", reply["result"], f"(id {message['id']})")
                checked += 2
        self.assertGreater(checked, 50)

    def test_a_spread_of_live_answers_validates(self):
        with tempfile.TemporaryDirectory() as directory:
            txt = Path(directory, "names.txt")
            txt.write_text("requests\nnumpy\n東京タワー\nCrème brûlée\n", encoding="utf-8")
            tsv = Path(directory, "packages.tsv")
            tsv.write_text("name\tsummary\trank\nflask\tA micro web framework\t2\nhttpx\tHTTP client\t1\n",
                           encoding="utf-8")
            requests = [
                ("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-8"]}}}),
                ("recents/add", {"text": "iPad mini", "id": "ipad-mini"}),
                ("recents/add", {"text": "vision"}),
                ("recents/list", {}),
                ("search/complete", {"query": ""}),
                ("search/complete", {"query": " ", "limit": 0}),
                ("recents/remove", {"text": "vision"}),
                ("recents/remove", {"id": "nothing"}),
                ("catalog/stats", {}),
                ("search/tokens", {}),
                ("search/tokens", {"query": "#a", "tokens": ["mac"], "limit": 2}),
            ]
            field = 0
            titles = ["iPad", "MacBook Pro", "AirPods Max", "Apple Watch", "HomePod mini", "Vision Pro"]
            for title in titles:  # every prefix, in its own field (a shared field would supersede)
                for end in range(1, len(title) + 1):
                    field += 1
                    requests.append(("search/complete", {"query": title[:end], "field": f"c{field}", "limit": 8}))
                    requests.append(("search/filter", {"query": title[:end], "field": f"f{field}", "limit": 10}))
            for query, extra in [("macbok", {}), ("pro #ma", {}), ("#", {}), ("ip", {"tokens": ["ipad"]}),
                                 ("mini", {"scope": "audio"}), ("", {"tokens": ["mac"]}), ("air", {"mode": "prefix"}),
                                 ("pro", {"mode": "contains"}), ("mbp", {"mode": "fuzzy"}), ("zzzz", {}),
                                 ("pro", {"offset": 3, "limit": 2})]:
                field += 1
                shared = {key: value for key, value in extra.items() if key in ("tokens", "scope")}
                requests.append(("search/complete", {"query": query, "field": f"c{field}", **shared}))
                requests.append(("search/filter", {"query": query, "field": f"f{field}", **extra}))
            requests += [
                ("catalog/load", {"path": str(txt), "catalog": "names"}),
                ("catalog/load", {"path": str(tsv), "format": "tsv", "catalog": "packages"}),
                ("search/complete", {"query": "東京", "catalog": "names", "field": "n1"}),
                ("search/filter", {"query": "creme", "catalog": "names", "field": "n2"}),
                ("search/filter", {"query": "flsk", "catalog": "packages", "field": "n3"}),
                ("catalog/load", {"catalog": "fruit", "items": [
                    {"id": "apple", "title": "Apple", "icon": "🍎", "tokens": ["red"], "subtitle": "a fruit",
                     "keywords": ["pomme"], "weight": 3, "completion": "apple"},
                    {"title": " "}], "tokens": [{"id": "red", "label": "Red", "icon": "circle"}]}),
                ("catalog/add", {"catalog": "fruit", "items": [{"id": 7, "title": "Pear"}]}),
                ("search/complete", {"query": "pomme", "catalog": "fruit", "field": "n4"}),
                ("search/complete", {"query": "red", "catalog": "fruit", "field": "n5"}),
                ("catalog/remove", {"catalog": "fruit", "ids": ["apple", "none"]}),
                ("recents/clear", {}),
                ("shutdown", None),
            ]
            for index, (method, params) in enumerate(requests):  # searches in a shared field would supersede
                if method.startswith("search/"):
                    params.setdefault("field", f"s{index}")
            messages = [{"jsonrpc": "2.0", "id": i, "method": m, **({"params": p} if p is not None else {})}
                        for i, (m, p) in enumerate(requests)]
            replies = {r["id"]: r for r in exchange(messages)}
        for message in messages:
            reply = replies[message["id"]]
            self.assertIn("result", reply, f"{message} → {reply}")
            self.assertValid(message["method"], "params", message.get("params", {}), f"(id {message['id']})")
            self.assertValid(message["method"], "result", reply["result"], f"(id {message['id']})")
        self.assertGreaterEqual(len(messages), 160)

    def test_wrong_shapes_are_rejected(self):
        good_entry = {"label": "iPad", "completion": "iPad", "kind": "item", "matches": [[0, 2]]}
        self.assertValid("search/complete", "result", {"sections": [{"id": "suggestions", "title": "S",
                                                                     "items": [good_entry]}]})
        for wrong in [
            {"sections": [{"id": "suggestions", "title": "S", "items": [{**good_entry, "kind": "product"}]}]},
            {"sections": [{"id": "suggestions", "title": "S", "items": [{**good_entry, "matches": [[0, 1, 2]]}]}]},
            {"sections": [{"id": "suggestions", "title": "S", "items": [{**good_entry, "extra": 1}]}]},
            {"sections": [{"id": "suggestions", "items": [good_entry]}]},
            {"sections": [{"id": "popular", "title": "S", "items": []}]},
            {"suggestions": []},
        ]:
            self.assertInvalid("search/complete", "result", wrong)
        for wrong in [{"total": 1}, {"total": -1, "items": []},
                      {"total": 1, "items": [{"id": "a", "title": "A", "score": 1, "tier": "great", "matches": []}]}]:
            self.assertInvalid("search/filter", "result", wrong)
        for method, params in [("search/complete", {}), ("search/complete", {"query": 5}),
                               ("search/complete", {"query": "a", "limit": 1001}),
                               ("search/complete", {"query": "a", "qurey": "b"}),
                               ("search/filter", {"query": "a", "mode": "regex"}),
                               ("search/filter", {"query": "a", "limit": -1}),
                               ("search/tokens", {"tokens": "mac"}), ("recents/add", {"text": "  "}),
                               ("recents/remove", {}), ("catalog/load", {}),
                               ("catalog/load", {"path": "a.txt", "items": []}), ("catalog/remove", {"ids": "a"}),
                               ("initialize", {"initializationOptions": {"positionEncoding": "utf-7"}}),
                               ("textDocument/completion", {"textDocument": {"uri": "file:///a"}}),
                               ("$/cancelRequest", {})]:
            self.assertInvalid(method, "params", params)
        self.assertInvalid("recents/list", "result", {"recents": [{"text": "a", "count": 1}]})
        self.assertInvalid("catalog/stats", "result", {"catalog": "default", "items": 1, "tokens": 0})
        self.assertInvalid("textDocument/completion", "result", {"items": [{"label": "a"}]})
        self.assertValid("textDocument/completion", "result",
                         {"isIncomplete": True, "items": [{"label": "a", "kind": 1, "x-extra": True}]})


if __name__ == "__main__":
    unittest.main(verbosity=2)
