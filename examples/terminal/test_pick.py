#!/usr/bin/env python3
"""The terminal picker as a person uses it: pick.py runs in a tmux pane, keys go in with send-keys, the screen
comes back with capture-pane, and what pick.py prints on stdout is captured the way `choice=$(…)` captures it.

    SUGGEST_LSP=.build/release/suggest-lsp python3 examples/terminal/test_pick.py

Needs tmux. Each test uses a private tmux server and a temporary state directory.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import unicodedata
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
DAEMON = os.environ.get("SUGGEST_LSP", str(HERE.parents[1] / ".build/debug/suggest-lsp"))
TIMEOUT = 10.0


def columns(line: str) -> int:
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


class Pane:
    """pick.py in a detached tmux session of its own; stdout and the exit status go to files."""

    def __init__(self, directory: Path, *arguments: str, width: int = 60, height: int = 14):
        self.directory = directory
        self.server = f"pick-test-{os.getpid()}-{time.monotonic_ns()}"
        self.out, self.status = directory / "out", directory / "status"
        for file in (self.out, self.status):
            file.unlink(missing_ok=True)
        command = (f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'pick.py'))} "
                   f"{' '.join(map(shlex.quote, arguments))} >{self.out}; echo $? >{self.status}; sleep 60")
        environment = {**os.environ, "SUGGEST_LSP": DAEMON, "XDG_STATE_HOME": str(directory / "state"),
                       "LANG": "C.UTF-8", "TERM": "xterm-256color"}
        self.tmux("new-session", "-d", "-s", "pick", "-x", str(width), "-y", str(height), command,
                  env=environment)

    def tmux(self, *arguments: str, env: dict | None = None) -> str:
        return subprocess.run(["tmux", "-L", self.server, *arguments], capture_output=True, text=True,
                              env=env, check=True).stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "pick", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "pick", "-l", text)

    def screen(self, escapes: bool = False) -> list[str]:
        return self.tmux("capture-pane", "-t", "pick", "-p", *(["-e"] if escapes else [])).split("\n")

    def wait_for(self, condition, what: str, escapes: bool = False) -> list[str]:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            screen = self.screen(escapes)
            if condition(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"waiting for {what}; the screen:\n" + "\n".join(self.screen()))

    def wait_for_exit(self) -> tuple[int, str]:
        deadline = time.monotonic() + TIMEOUT
        while not (self.status.exists() and self.status.read_text().strip()):
            if time.monotonic() > deadline:
                raise AssertionError("pick.py did not exit; the screen:\n" + "\n".join(self.screen()))
            time.sleep(0.05)
        return int(self.status.read_text()), self.out.read_bytes().decode()

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)


def current(screen: list[str]) -> str | None:
    """The current suggestion's line, without its marker."""
    return next((line[2:].rstrip() for line in screen if line.startswith("▌ ")), None)


class PickTests(unittest.TestCase):
    def setUp(self):
        self.directory = Path(tempfile.mkdtemp(prefix="pick-test-"))
        self.catalog = self.directory / "names.txt"
        self.catalog.write_text("東京タワー\n東京スカイツリー\n大阪城\nrequests\nnumpy\npandas\nflask\nflask-login\n"
                                "Crème brûlée\n", encoding="utf-8")
        self.panes: list[Pane] = []

    def tearDown(self):
        for pane in self.panes:
            pane.close()

    def pick(self, *arguments: str, **size) -> Pane:
        pane = Pane(self.directory, *arguments, **size)
        self.panes.append(pane)
        pane.wait_for(lambda s: "Esc quit" in s[-2] or "Esc quit" in s[-1], "the picker to start")
        return pane

    def test_cjk_titles_arrows_a_resize_and_enter_prints_the_choice(self):
        pane = self.pick("--catalog", str(self.catalog))
        pane.type("東京")
        # "東" alone already puts 東京タワー first: wait for the second character to be drawn too.
        screen = pane.wait_for(lambda s: current(s) == "東京タワー" and s[0].rstrip() == "> 東京",
                               "both characters typed and the first suggestion current")
        self.assertEqual(screen[0].rstrip(), "> 東京")
        self.assertIn("  東京スカイツリー", screen)
        # The field is drawn before the answer to its last character arrives: wait for the highlight of "東京".
        green = re.compile("\x1b\\[32m東京(\x1b\\[[0-9;]*m)+タワー")  # the match in green, the rest not
        pane.wait_for(lambda s: green.search("\n".join(s)) is not None, "the answer to 東京 highlighted", escapes=True)
        pane.keys("Down")
        pane.wait_for(lambda s: current(s) == "東京スカイツリー", "Down to move")
        pane.tmux("resize-window", "-t", "pick", "-x", "16", "-y", "8")
        screen = pane.wait_for(lambda s: any(line.startswith("▌ 東京スカイツ…") for line in s), "a narrow redraw")
        self.assertTrue(all(columns(line) <= 16 for line in screen), screen)
        pane.tmux("resize-window", "-t", "pick", "-x", "60", "-y", "14")
        pane.wait_for(lambda s: current(s) == "東京スカイツリー", "a wide redraw")
        pane.keys("Enter")
        self.assertEqual(pane.wait_for_exit(), (0, "東京スカイツリー\n"))
        # The choice is now a recent: an empty field shows it.
        pane = self.pick("--catalog", str(self.catalog))
        screen = pane.wait_for(lambda s: "  Recent" in s, "the recents")
        self.assertEqual(current(screen), "東京スカイツリー")
        pane.keys("Escape")
        self.assertEqual(pane.wait_for_exit(), (1, ""))

    def test_escape_and_ctrl_c_exit_non_zero_printing_nothing(self):
        pane = self.pick("--catalog", str(self.catalog))
        pane.type("num")
        pane.wait_for(lambda s: current(s) == "numpy", "numpy")
        pane.keys("Escape")
        self.assertEqual(pane.wait_for_exit(), (1, ""))
        pane = self.pick("--catalog", str(self.catalog))
        pane.type("flask")
        pane.wait_for(lambda s: current(s) == "flask", "flask")
        pane.keys("C-c")
        status, out = pane.wait_for_exit()
        self.assertNotEqual(status, 0)
        self.assertEqual(out, "")

    def test_typos_and_fast_typing(self):
        pane = self.pick("--catalog", str(self.catalog))
        pane.type("reqeusts")
        pane.wait_for(lambda s: current(s) == "requests", "the typo to be corrected")
        pane.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        pane.type("creme")
        pane.wait_for(lambda s: s[0].rstrip() == "> creme" and current(s) == "Crème brûlée", "diacritics folded")
        pane.keys("Enter")
        self.assertEqual(pane.wait_for_exit(), (0, "Crème brûlée\n"))

    def test_a_token_becomes_a_chip_and_tab_completes(self):
        pane = self.pick()  # the demo catalog
        pane.type("ip")
        screen = pane.wait_for(lambda s: current(s) == "iPad" and "  #iPad (4)" in s,
                               "the first suggestion, below the tokens")
        self.assertLess(screen.index("  #iPad (4)"), screen.index("▌ iPad"))
        pane.keys("Up")
        pane.wait_for(lambda s: current(s) == "#iPhone (3)", "Up to reach the tokens")
        pane.keys("C-u")
        pane.type("#au")
        screen = pane.wait_for(lambda s: current(s) is not None and "Audio" in current(s), "the Audio token")
        self.assertIn("Tokens", "\n".join(screen))
        pane.keys("Enter")
        pane.wait_for(lambda s: s[0].rstrip() == "> [Audio]", "the Audio chip")
        pane.type("pro")
        pane.wait_for(lambda s: current(s) == "AirPods Pro", "Audio + pro")
        pane.keys("BSpace", "BSpace", "BSpace", "BSpace")
        pane.wait_for(lambda s: s[0].rstrip() == ">", "Backspace to remove the chip")
        pane.type("macb")
        pane.wait_for(lambda s: current(s) == "MacBook", "MacBook")
        pane.keys("Tab")
        pane.wait_for(lambda s: s[0].rstrip() == "> MacBook", "Tab to complete")
        pane.keys("Down", "Enter")
        status, out = pane.wait_for_exit()
        self.assertEqual(status, 0)
        self.assertTrue(out.startswith("MacBook ") and out.endswith("\n"), out)


if __name__ == "__main__":
    unittest.main(verbosity=2)
