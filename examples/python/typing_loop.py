"""A search field as the user types: one search/complete per keystroke, superseded answers ignored.

    python3 typing_loop.py "macbok pro"                  # type it fast: earlier keystrokes are superseded
    python3 typing_loop.py --delay 0.2 "airpods"         # type it slowly: every keystroke gets its suggestions
    python3 typing_loop.py --framing ndjson "ipad"       # the same over NDJSON

Every keystroke is a request in the same `field`: the daemon answers an older, unanswered one at once with -32800
and data {"reason": "superseded"}, and never delivers an older result after a newer one, so the popup shows each
answer as it comes and simply skips the superseded ones. The daemon is $SUGGEST_LSP (default: suggest-lsp).
"""

from __future__ import annotations

import argparse
import os
import time

from suggest_client import SuggestClient, SuggestError


def type_query(client: SuggestClient, text: str, delay: float = 0.0, debounce_ms: int = 30, field: str = "search"):
    """Sends a keystroke per character; yields (typed text, result or None when superseded), in typing order."""
    sent = []
    for end in range(1, len(text) + 1):
        params = {"query": text[:end], "field": field, "limit": 5, "debounceMs": debounce_ms}
        sent.append((text[:end], client.request("search/complete", params)))
        time.sleep(delay)
    for typed, msg_id in sent:
        try:
            yield typed, client.reply(msg_id)
        except SuggestError as error:
            if not error.superseded:
                raise
            yield typed, None  # a newer keystroke replaced it: nothing to show


def labels(result: dict) -> list[str]:
    return [item["label"] for section in result["sections"] if section["id"] == "suggestions" for item in section["items"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("text", nargs="?", default="macbok pro")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between keystrokes")
    parser.add_argument("--debounce-ms", type=int, default=30)
    parser.add_argument("--framing", choices=("lsp", "ndjson"), default="lsp")
    args = parser.parse_args()

    daemon = os.environ.get("SUGGEST_LSP", "suggest-lsp")
    final = None
    with SuggestClient([daemon], framing=args.framing) as client:
        for typed, result in type_query(client, args.text, args.delay, args.debounce_ms):
            if result is None:
                print(f"{typed!r:16} superseded")
            else:
                print(f"{typed!r:16} {', '.join(labels(result))}")
                final = (typed, result)
    if final:
        print(f"suggestions for {final[0]!r}: {', '.join(labels(final[1]))}")


if __name__ == "__main__":
    main()
