"""Tests of the Python example (standard library only): python3 examples/python/test_examples.py

The daemon is $SUGGEST_LSP (default: suggest-lsp on the PATH).
"""

from __future__ import annotations

import os
import subprocess
import sys
import unittest
from pathlib import Path

from suggest_client import SuggestClient, SuggestError
from typing_loop import labels, type_query

DAEMON = os.environ.get("SUGGEST_LSP", "suggest-lsp")
HERE = Path(__file__).resolve().parent


class SuggestClientTests(unittest.TestCase):
    def test_call_in_both_framings(self):
        for framing in ("lsp", "ndjson"):
            with self.subTest(framing=framing), SuggestClient([DAEMON], framing=framing) as client:
                result = client.call("search/complete", {"query": "ip"})
                self.assertEqual([s["id"] for s in result["sections"]], ["tokens", "suggestions"])
                self.assertEqual(labels(result), ["iPad", "iPod", "iPhone", "iPad Air", "iPad Pro"])

    def test_replies_are_read_by_id_in_any_order(self):
        with SuggestClient([DAEMON]) as client:
            slow = client.request("search/filter", {"query": "ipad", "debounceMs": 300, "field": "a"})
            fast = client.request("search/filter", {"query": "watch", "field": "b"})
            self.assertEqual(client.reply(fast)["items"][0]["title"], "Apple Watch")
            self.assertEqual(client.reply(slow)["items"][0]["title"], "iPad")

    def test_error_replies_raise(self):
        with SuggestClient([DAEMON]) as client:
            with self.assertRaises(SuggestError) as raised:
                client.call("search/complete", {"query": 5})
            self.assertEqual(raised.exception.code, -32602)
            self.assertFalse(raised.exception.superseded)
            msg_id = client.request("search/filter", {"query": "ipad", "debounceMs": 10000})
            client.notify("$/cancelRequest", {"id": msg_id})
            with self.assertRaises(SuggestError) as raised:
                client.reply(msg_id)
            self.assertEqual(raised.exception.code, -32800)

    def test_close_shuts_down_with_status_0(self):
        client = SuggestClient([DAEMON])
        client.call("recents/add", {"text": "iPad"})
        self.assertEqual(client.close(), 0)


class TypingLoopTests(unittest.TestCase):
    def test_fast_typing_supersedes_all_but_the_last_keystroke(self):
        text = "macbok pro"
        with SuggestClient([DAEMON]) as client:
            answers = list(type_query(client, text, debounce_ms=500))
        self.assertEqual([typed for typed, _ in answers], [text[:n] for n in range(1, len(text) + 1)])
        self.assertTrue(all(result is None for _, result in answers[:-1]), "earlier keystrokes were answered")
        self.assertEqual(labels(answers[-1][1])[0], "MacBook Pro")

    def test_slow_typing_over_ndjson_answers_the_last_keystroke(self):
        with SuggestClient([DAEMON], framing="ndjson") as client:
            answers = list(type_query(client, "airpods", delay=0.05, debounce_ms=0))
        self.assertIsNotNone(answers[-1][1])
        self.assertEqual(labels(answers[-1][1]), ["AirPods", "AirPods Max", "AirPods Pro"])
        self.assertTrue(all(labels(result) for _, result in answers if result is not None))

    def test_the_script_prints_the_final_suggestions(self):
        out = subprocess.run([sys.executable, str(HERE / "typing_loop.py"), "mbp"], capture_output=True, text=True,
                             timeout=30, env={**os.environ, "SUGGEST_LSP": DAEMON}, check=True).stdout
        self.assertEqual(out.splitlines()[-1], "suggestions for 'mbp': MacBook Pro")


if __name__ == "__main__":
    unittest.main(verbosity=2)
