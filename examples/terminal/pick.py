#!/usr/bin/env python3
"""A suggestion popup in the terminal, like fzf but typo-tolerant: prints the chosen suggestion's completion.

    choice=$(python3 examples/terminal/pick.py --catalog names.txt) && echo "you chose $choice"

Type to search; ↑/↓ move (the first suggestion is current until they do); Enter prints the current suggestion's
completion on stdout and exits 0; Tab completes the field to it; a token (type `#` or a token's name) becomes a chip
on Enter or Tab, and Backspace on an empty field removes the last one. With an empty field the recent choices show
(kept per catalog in --state-dir). Escape or Ctrl-C exits 1 and prints nothing.

It draws on the terminal (/dev/tty), never on stdout, so only the choice is captured. Python's curses; the daemon is
driven with examples/python/suggest_client.py.
"""

from __future__ import annotations

import argparse
import curses
import hashlib
import locale
import os
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "examples" / "python"))
from suggest_client import SuggestClient, SuggestError  # noqa: E402

FIELD = "pick"
TICK_MS = 15  # how often replies are looked for between keys


def char_width(char: str) -> int:
    """Terminal columns of one character: 0 for combining marks, 2 for wide (CJK, fullwidth), else 1."""
    if unicodedata.combining(char) or char in "\u200b\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def text_width(text: str) -> int:
    return sum(map(char_width, text))


def same(a: dict, b: dict) -> bool:
    """Whether two popup entries show the same thing."""
    return (a["kind"], a.get("id"), a["label"]) == (b["kind"], b.get("id"), b["label"])


class Picker:
    """The field, the popup's entries, and what the daemon answered last."""

    def __init__(self, client: SuggestClient, limit: int):
        self.client, self.limit = client, limit
        self.query = ""
        self.chips: list[dict] = []  # tokens in the field: {id, label}
        self.sections: list[dict] = []
        self.current = 0
        self.pending: list[int] = []  # ids of searches not answered yet, oldest first
        self.shown = 0  # id of the answer on screen: an older one never replaces it
        self.moved = False  # whether the user moved the selection since the last search was sent
        self.message = ""

    @property
    def entries(self) -> list[dict]:
        return [entry for section in self.sections for entry in section["items"]]

    def search(self) -> None:
        params = {"query": self.query, "tokens": [chip["id"] for chip in self.chips], "limit": self.limit,
                  "field": FIELD}
        self.moved = False
        self.pending.append(self.client.request("search/complete", params))

    def collect(self) -> bool:
        """Takes the replies that arrived; returns whether the screen changed."""
        changed = False
        for msg_id in list(self.pending):
            try:
                result = self.client.reply(msg_id, timeout=0.001)
            except TimeoutError:
                continue
            except SuggestError as error:
                self.pending.remove(msg_id)
                if not error.superseded:
                    self.message, changed = error.message, True
                continue
            self.pending.remove(msg_id)
            if msg_id > self.shown:
                entries = self.entries
                chosen = entries[self.current] if self.moved and self.current < len(entries) else None
                self.shown, self.sections, self.message = msg_id, result["sections"], ""
                # The first suggestion is current (tokens above it are a ↑ away), else the first token; but an
                # entry the user moved to since the search stays current if the answer still lists it.
                kinds = [entry["kind"] for entry in self.entries]
                self.current = next((i for i, kind in enumerate(kinds) if kind != "token"), 0)
                if chosen is not None:
                    self.current = next((i for i, entry in enumerate(self.entries) if same(entry, chosen)),
                                        self.current)
                changed = True
        return changed

    def move(self, step: int) -> None:
        if self.entries:
            self.current = (self.current + step) % len(self.entries)
            self.moved = True

    def take_token(self, entry: dict) -> None:
        self.chips.append({"id": entry["id"], "label": entry["label"]})
        self.query = entry["completion"] + " " if entry["completion"] else ""
        self.search()


class Screen:
    """Draws a Picker with curses: the field on the first line, then the sections, then a help line."""

    def __init__(self, window: curses.window):
        self.window = window
        curses.curs_set(1)
        self.accent = self.match = self.dim = curses.A_BOLD
        if curses.has_colors():
            curses.start_color()
            curses.use_default_colors()
            curses.init_pair(1, curses.COLOR_BLUE, -1)
            curses.init_pair(2, curses.COLOR_GREEN, -1)
            self.accent = curses.color_pair(1) | curses.A_BOLD
            self.match = curses.color_pair(2) | curses.A_BOLD
            self.dim = curses.A_DIM

    def put(self, y: int, x: int, text: str, attr: int = 0, right: int | None = None) -> int:
        """Writes `text` from column x, clipped with "…" before column `right`; returns the column after it."""
        height, width = self.window.getmaxyx()
        right = width - 1 if right is None else min(right, width - 1)
        if y >= height or x >= right:
            return x
        shown, used = [], x
        for char in text:
            w = char_width(char)
            if used + w > right:
                if used < right:
                    shown.append("…")
                    used += 1
                break
            shown.append(char)
            used += w
        try:
            self.window.addstr(y, x, "".join(shown), attr)
        except curses.error:
            pass  # the bottom-right cell
        return min(used, right)

    def draw(self, picker: Picker) -> None:
        window = self.window
        window.erase()
        height, width = window.getmaxyx()
        x = self.put(0, 0, "> ", self.accent)
        for chip in picker.chips:
            x = self.put(0, x, f"[{chip['label']}]", self.accent) + 1
        cursor_x = self.put(0, x, picker.query)
        y = 1
        index = 0
        for section in picker.sections:
            if not section["items"] or y >= height - 1:
                continue
            self.put(y, 0, f"  {section['title']}", self.dim)
            y += 1
            for entry in section["items"]:
                if y >= height - 1:
                    break
                current = index == picker.current
                base = curses.A_REVERSE if current else 0
                if current:
                    self.put(y, 0, " " * (width - 1), base)
                mark = "▌ " if current else "  "
                x = self.put(y, 0, mark, self.accent | base)
                x = self.put(y, x, "#" if entry["kind"] == "token" else "", self.accent | base)
                at = 0
                label = entry["label"]
                for start, end in entry.get("matches") or []:
                    x = self.put(y, x, label[at:start], base)
                    x = self.put(y, x, label[start:end], self.match | base)
                    at = end
                x = self.put(y, x, label[at:], base)
                if entry["kind"] == "token":
                    self.put(y, x + 1, f"({entry['count']})", self.dim | base)
                y += 1
                index += 1
        if not picker.entries and (picker.query or picker.chips):
            self.put(1, 2, "no suggestions", self.dim)
        help_text = picker.message or "↑↓ move · Enter choose · Tab complete · # tokens · Esc quit"
        self.put(height - 1, 0, help_text, self.dim)
        window.move(0, min(cursor_x, width - 1))
        window.refresh()


def run(window: curses.window, picker: Picker) -> str | None:
    """The key loop; returns the chosen completion, or None when the user gives up."""
    screen = Screen(window)
    window.timeout(TICK_MS)
    window.keypad(True)
    picker.search()
    screen.draw(picker)
    while True:
        try:
            key = window.get_wch()
        except curses.error:  # no key within the tick
            if picker.collect():
                screen.draw(picker)
            continue
        entries = picker.entries
        entry = entries[picker.current] if entries else None
        if key == curses.KEY_RESIZE:
            curses.update_lines_cols()
        elif key in ("\x1b",):
            return None
        elif key in ("\n", "\r", curses.KEY_ENTER):
            if entry and entry["kind"] == "token":
                picker.take_token(entry)
            elif entry:
                params = {"text": entry["label"], **({"id": entry["id"]} if "id" in entry else {})}
                picker.client.call("recents/add", params)
                return entry["completion"]
            else:
                curses.beep()
        elif key == "\t":
            if entry and entry["kind"] == "token":
                picker.take_token(entry)
            elif entry:
                picker.query = entry["completion"]
                picker.search()
        elif key in (curses.KEY_UP, curses.KEY_DOWN):
            picker.move(-1 if key == curses.KEY_UP else 1)
        elif key in (curses.KEY_BACKSPACE, "\x7f", "\b"):
            if picker.query:
                picker.query = picker.query[:-1]
            elif picker.chips:
                picker.chips.pop()
            picker.search()
        elif key == "\x15":  # Ctrl-U
            picker.query = ""
            picker.search()
        elif isinstance(key, str) and key.isprintable():
            picker.query += key
            picker.search()
        picker.collect()
        screen.draw(picker)


def find_daemon() -> str:
    for candidate in (os.environ.get("SUGGEST_LSP"), ROOT / ".build/release/suggest-lsp",
                      ROOT / ".build/debug/suggest-lsp"):
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    return "suggest-lsp"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--daemon", help="the suggest-lsp binary (default: $SUGGEST_LSP, .build/release, PATH)")
    parser.add_argument("--catalog", help="a catalog file (.txt: one name a line; .tsv, .json, .jsonl)")
    parser.add_argument("--limit", type=int, default=10, help="suggestions shown (default 10)")
    parser.add_argument("--state-dir", help="where recent choices are kept (default: per catalog, under "
                        "$XDG_STATE_HOME/suggest-lsp/pick)")
    args = parser.parse_args()

    state = args.state_dir
    if state is None:
        base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
        key = str(Path(args.catalog).resolve()) if args.catalog else "demo"
        state = str(base / "suggest-lsp" / "pick" / hashlib.sha1(key.encode()).hexdigest()[:12])
    command = [args.daemon or find_daemon(), "--state-dir", state, "--log-level", "error"]
    if args.catalog:
        command += ["--catalog", args.catalog]

    try:
        tty = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        print("pick: no terminal (/dev/tty) to draw on", file=sys.stderr)
        return 2
    if args.catalog:
        os.write(tty, f"loading {args.catalog}…\r".encode())  # a big catalog takes a second or two
    client = SuggestClient(command, timeout=120)
    try:
        client.call("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-32"]}}})
    except (SuggestError, ConnectionError, TimeoutError) as error:
        client.close()
        print(f"pick: the daemon did not start: {error}", file=sys.stderr)
        return 2

    # curses draws on file descriptors 0 and 1: point them at the terminal, and keep stdout for the choice.
    saved_in, saved_out = os.dup(0), os.dup(1)
    os.dup2(tty, 0)
    os.dup2(tty, 1)
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")  # Escape quits at once, not after ncurses' default second
    choice = None
    try:
        choice = curses.wrapper(run, Picker(client, args.limit))
    except KeyboardInterrupt:
        choice = None
    finally:
        sys.stdout.flush()
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(tty)
        client.close()
    if choice is None:
        return 1
    print(choice, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
