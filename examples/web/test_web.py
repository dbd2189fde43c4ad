#!/usr/bin/env python3
"""The web front end as a person uses it: Debian's chromium, headless, driven by Selenium through the system
chromedriver (nothing is downloaded), on serve.py and a real daemon.

    SUGGEST_LSP=.build/release/suggest-lsp python3 examples/web/test_web.py [--screenshots DIR]

It types real keystrokes (slowly and fast), uses the arrows, Enter, Tab, Escape, Backspace, Delete and the mouse,
accepts a token into a chip, sees and removes recents, watches the results list, kills the daemon under the page, and
types fast on a catalog of 200,000 generated names. Screenshots (light and dark) go to --screenshots, else to a
temporary directory; their paths are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request
from pathlib import Path

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not go looking for a browser or a driver online
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HERE = Path(__file__).resolve().parent
DAEMON = os.environ.get("SUGGEST_LSP", str(HERE.parents[1] / ".build/debug/suggest-lsp"))
SCREENSHOTS = Path(tempfile.mkdtemp(prefix="suggest-web-shots-"))
TIMEOUT = 10


class Bridge:
    """serve.py on a free port, with its daemon."""

    def __init__(self, *arguments: str):
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "serve.py"), "--port", "0", "--daemon", DAEMON, *arguments],
            stdout=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()  # printed once the daemon answers
        assert self.url.startswith("http://127.0.0.1:"), f"serve.py printed {self.url!r}"

    def daemon_pid(self) -> int:
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        (pid,) = children.split()
        return int(pid)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=10)
        self.process.stdout.close()


def browser(dark: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=760,900", "--lang=en-US"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    scheme = "dark" if dark else "light"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    return driver


class Page:
    """The search screen in a browser, read the way assistive technology reads it (roles and ARIA)."""

    def __init__(self, driver: webdriver.Chrome, url: str):
        self.driver = driver
        driver.get(url)
        self.field = driver.find_element(By.CSS_SELECTOR, '[role="combobox"]')
        self.popup = driver.find_element(By.ID, self.field.get_attribute("aria-controls"))
        self.results = driver.find_element(By.CSS_SELECTOR, '[role="list"][aria-label*="results" i]')
        self.wait_for(lambda: self.results.get_attribute("data-query") is not None, "the first results")

    def wait_for(self, condition, what: str, timeout: float = TIMEOUT):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.02,
                             ignored_exceptions=[StaleElementReferenceException]).until(
            lambda _: condition(), f"waiting for {what}")

    def type(self, text: str) -> None:
        self.field.send_keys(text)

    def press(self, *keys: str) -> None:
        for key in keys:
            self.field.send_keys(key)

    def clear(self) -> None:
        self.field.send_keys(Keys.CONTROL, "a")
        self.field.send_keys(Keys.DELETE)

    @property
    def expanded(self) -> bool:
        return self.field.get_attribute("aria-expanded") == "true"

    def options(self) -> list[dict]:
        """The popup's options as one snapshot ({id, kind, label, selected}); none while it is collapsed."""
        return self.driver.execute_script("""
            const [field, popup] = arguments;
            if (field.getAttribute("aria-expanded") !== "true") return [];
            return [...popup.querySelectorAll('[role="option"]')].map((option) => ({
              id: option.id,
              kind: option.dataset.kind,
              label: [...option.querySelector(".label").childNodes]
                .filter((node) => !(node.classList && node.classList.contains("subtitle")))
                .map((node) => node.textContent).join(""),
              selected: option.getAttribute("aria-selected") === "true",
            }));""", self.field, self.popup)

    def option_labels(self, kind: str | None = None) -> list[str]:
        return [o["label"] for o in self.options() if kind is None or o["kind"] == kind]

    def selected(self) -> list[dict]:
        return [o for o in self.options() if o["selected"]]

    def option_element(self, label: str):
        option = next(o for o in self.options() if o["label"] == label)
        return self.driver.find_element(By.ID, option["id"])

    def settled(self, text: str) -> bool:
        """Whether the popup and the results list both show the answers to `text`."""
        return (self.field.get_attribute("value") == text and self.popup.get_attribute("data-query") == text
                and self.results.get_attribute("data-query") == text)

    def result_titles(self) -> list[str]:
        return [e.text for e in self.results.find_elements(By.CSS_SELECTOR, "li .title")]

    def results_count(self) -> str:
        return self.driver.find_element(By.ID, "results-count").text

    def chips(self) -> list[str]:
        return [c.text for c in self.driver.find_elements(By.CSS_SELECTOR, '#field [role="button"]')]

    def screenshot(self, name: str) -> Path:
        path = SCREENSHOTS / name
        self.driver.save_screenshot(str(path))
        return path


class DemoCatalogTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bridge = Bridge()
        cls.driver = browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.bridge.stop()

    def setUp(self):
        self.page = Page(self.driver, self.bridge.url)
        self.page.field.click()

    def test_1_typing_shows_highlighted_suggestions_tokens_and_live_results(self):
        page = self.page
        self.assertEqual(page.field.get_attribute("role"), "combobox")
        self.assertEqual(page.popup.get_attribute("role"), "listbox")
        page.wait_for(lambda: page.results_count() == "34 RESULTS" or page.results_count() == "34 results",
                      "every product in the results list")
        page.type("ip")
        page.wait_for(lambda: page.settled("ip") and page.expanded, "the answers to 'ip'")
        self.assertEqual(page.option_labels("token"), ["iPad", "iPhone"])
        self.assertEqual(page.option_labels("item")[:5], ["iPad", "iPod", "iPhone", "iPad Air", "iPad Pro"])
        marks = [m.text for m in page.popup.find_elements(By.CSS_SELECTOR, '[data-kind="item"] mark')]
        self.assertEqual(set(marks), {"iP"})  # the typed letters, from `matches`
        self.assertEqual(page.selected(), [])  # nothing is current until the arrows move
        self.assertEqual(page.result_titles()[:2], ["iPad", "iPod"])
        self.assertIn("iP", [m.text for m in page.results.find_elements(By.TAG_NAME, "mark")])
        page.screenshot("light-typing.png")

    def test_2_arrows_move_the_current_option_and_enter_accepts_it_as_a_recent(self):
        page = self.page
        page.type("air")
        page.wait_for(lambda: page.settled("air") and page.expanded, "the answers to 'air'")
        labels = page.option_labels()
        page.press(Keys.ARROW_DOWN)
        (current,) = page.selected()
        self.assertEqual(page.field.get_attribute("aria-activedescendant"), current["id"])
        page.press(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_UP)
        (current,) = page.selected()
        self.assertEqual(current["label"], labels[1])
        page.press(Keys.ENTER)
        page.wait_for(lambda: not page.expanded, "the popup to close")
        self.assertEqual(page.field.get_attribute("value"), labels[1])
        page.wait_for(lambda: page.settled(labels[1]), "the results of the choice")
        self.assertEqual(page.result_titles()[0], labels[1])
        # Focused and empty: the recent choice shows, and can be removed with Delete.
        page.clear()
        page.wait_for(lambda: labels[1] in page.option_labels("recent"), "the recent choice")
        self.assertEqual(page.popup.find_element(By.CLASS_NAME, "section-title").text.lower(), "recent searches")
        page.screenshot("light-recents.png")
        page.press(Keys.ARROW_DOWN)
        self.assertEqual(page.selected()[0]["kind"], "recent")
        page.press(Keys.DELETE)
        page.wait_for(lambda: labels[1] not in page.option_labels("recent"), "the recent to go")

    def test_3_a_token_becomes_a_chip_that_restricts_the_results_and_backspace_removes_it(self):
        page = self.page
        page.type("#au")
        page.wait_for(lambda: page.option_labels("token") == ["Audio"], "the Audio token")
        page.press(Keys.ARROW_DOWN, Keys.ENTER)
        page.wait_for(lambda: page.chips() == ["Audio"], "the Audio chip")
        chip = self.driver.find_element(By.CSS_SELECTOR, '#field [role="button"]')
        self.assertEqual(chip.find_element(By.CLASS_NAME, "icon").get_attribute("data-icon"), "headphones")
        self.assertEqual(page.field.get_attribute("value"), "")
        page.wait_for(lambda: page.results_count().lower() == "9 results", "the results of the Audio token")
        page.type("pro")
        page.wait_for(lambda: page.settled("pro") and page.result_titles() == ["AirPods Pro"], "Audio + 'pro'")
        self.assertEqual(page.option_labels("item"), ["AirPods Pro"])
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: not page.expanded, "Escape to close the popup")
        page.screenshot("light-token.png")
        page.press(Keys.BACKSPACE * 3)
        page.wait_for(lambda: page.settled(""), "an empty field")
        self.assertEqual(page.chips(), ["Audio"])
        page.press(Keys.BACKSPACE)
        page.wait_for(lambda: page.chips() == [] and page.results_count().lower() == "34 results", "the chip to go")

    def test_4_tab_completes_escape_closes_then_clears_and_the_mouse_works(self):
        page = self.page
        page.type("macb")
        page.wait_for(lambda: page.settled("macb") and page.option_labels("item")[:1] == ["MacBook"], "'macb'")
        page.press(Keys.TAB)
        page.wait_for(lambda: page.settled("MacBook"), "Tab to complete to MacBook")
        self.assertEqual(self.driver.switch_to.active_element, page.field)
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: not page.expanded, "the popup to close")
        self.assertEqual(page.field.get_attribute("value"), "MacBook")
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: page.field.get_attribute("value") == "" and page.settled(""), "Escape to clear")
        page.type("watch")
        page.wait_for(lambda: page.settled("watch") and "Apple Watch" in page.option_labels("item"), "'watch'")
        ActionChains(self.driver).move_to_element(page.option_element("Apple Watch")).click().perform()
        page.wait_for(lambda: page.field.get_attribute("value") == "Apple Watch" and not page.expanded, "the click")
        page.clear()
        page.wait_for(lambda: "Apple Watch" in page.option_labels("recent"), "the clicked choice as a recent")
        remove = page.option_element("Apple Watch").find_element(By.CLASS_NAME, "remove")
        ActionChains(self.driver).move_to_element(remove).click().perform()
        page.wait_for(lambda: "Apple Watch" not in page.option_labels("recent"), "the recent to be removed")

    def test_5_fast_typing_never_shows_a_stale_answer(self):
        page = self.page
        # Record every query the popup and the list show, in order, as the page renders them.
        self.driver.execute_script("""
            window.shownQueries = [];
            for (const id of ["popup", "results"]) {
              new MutationObserver(() => window.shownQueries.push([id, document.getElementById(id).dataset.query]))
                .observe(document.getElementById(id), {attributes: true, attributeFilter: ["data-query"]});
            }""")
        text = "macbook pro"
        page.type(text)  # one send_keys: keystrokes as fast as chromedriver types
        page.wait_for(lambda: page.settled(text), "the answers to the whole text")
        time.sleep(0.3)
        self.assertTrue(page.settled(text), "a late answer replaced the newest one")
        shown = self.driver.execute_script("return window.shownQueries")
        for target in ("popup", "results"):
            queries = [q for where, q in shown if where == target]
            self.assertTrue(queries and queries[-1] == text, queries)
            lengths = [len(q) for q in queries]
            self.assertEqual(lengths, sorted(lengths), f"{target} went back to an older query: {queries}")
            self.assertTrue(all(text.startswith(q) for q in queries), queries)
        self.assertEqual(page.option_labels("item")[:1], ["MacBook Pro"])

    def test_6_the_daemon_exiting_is_reported_and_a_new_one_answers(self):
        page = self.page
        os.kill(self.bridge.daemon_pid(), signal.SIGKILL)
        notice = self.driver.find_element(By.ID, "notice")
        page.wait_for(lambda: notice.is_displayed() and "restarted" in notice.text, "the restart notice")
        page.type("homepod")
        page.wait_for(lambda: page.settled("homepod") and page.option_labels("item")[:1] == ["HomePod"],
                      "answers from the new daemon")

    def test_7_dark(self):
        driver = browser(dark=True)
        try:
            page = Page(driver, self.bridge.url)
            page.field.click()
            background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            self.assertEqual(background, "rgb(0, 0, 0)")
            page.type("#ma")
            page.wait_for(lambda: page.option_labels("token") == ["Mac"], "the Mac token")
            page.press(Keys.ARROW_DOWN, Keys.ENTER)
            page.wait_for(lambda: page.chips() == ["Mac"], "the Mac chip")
            page.type("pro")
            page.wait_for(lambda: page.settled("pro") and page.expanded, "Mac + 'pro'")
            page.press(Keys.ARROW_DOWN)
            page.screenshot("dark-token.png")
        finally:
            driver.quit()


class BridgeTests(unittest.TestCase):
    def test_browsers_that_go_away_cost_nothing(self):
        bridge = Bridge()
        try:
            tasks = Path(f"/proc/{bridge.process.pid}/task")
            before = len(list(tasks.iterdir()))
            port = int(bridge.url.rsplit(":", 1)[1].strip("/"))
            sockets = []
            for index in range(20):  # 20 event streams and 20 searches (debounced: still running), then gone
                events = socket.create_connection(("127.0.0.1", port))
                events.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                body = json.dumps({"method": "search/filter", "sequence": 1,
                                   "params": {"query": "pro", "field": f"gone{index}", "debounceMs": 500}}).encode()
                search = socket.create_connection(("127.0.0.1", port))
                search.sendall(b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                               b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                sockets += [events, search]
            deadline = time.monotonic() + 5
            while len(list(tasks.iterdir())) < before + 40 and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertGreaterEqual(len(list(tasks.iterdir())), before + 40)
            for connection in sockets:
                connection.close()
            deadline = time.monotonic() + 15  # an event stream notices at its next heartbeat (5 s)
            while len(list(tasks.iterdir())) > before and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertLessEqual(len(list(tasks.iterdir())), before, "threads left behind")
            request = urllib.request.Request(f"{bridge.url}rpc", method="POST",
                                             headers={"Content-Type": "application/json"},
                                             data=json.dumps({"method": "catalog/stats"}).encode())
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                self.assertEqual(json.load(response)["result"]["items"], 34)
        finally:
            bridge.stop()


class LargeCatalogTests(unittest.TestCase):
    """Fast typing stays responsive on a catalog of 200,000 names (generated: the tests read nothing outside)."""

    def test_fast_typing_on_200k_names(self):
        rng = random.Random(12)
        syllables = ["py", "ue", "sts", "num", "pan", "das", "tor", "ch", "flask", "lo", "gin", "ht", "tp",
                     "x", "aio", "zen", "ka", "mo", "ri", "su", "ji", "net", "web", "data"]
        names = {"requests", "requests-oauthlib", "numpy", "pandas", "flask-login"}
        while len(names) < 200_000:
            names.add("-".join("".join(rng.choice(syllables) for _ in range(rng.randint(1, 3)))
                               for _ in range(rng.randint(1, 3))))
        with tempfile.TemporaryDirectory() as directory:
            catalog = Path(directory, "names.txt")
            catalog.write_text("\n".join(sorted(names)) + "\n", encoding="utf-8")
            bridge = Bridge("--catalog", str(catalog))
            driver = browser()
            try:
                page = Page(driver, bridge.url)
                self.assertIn("200,000 items", driver.find_element(By.ID, "catalog-info").text)
                page.field.click()
                started = time.monotonic()
                page.type("reqeusts")  # a typo, typed fast
                page.wait_for(lambda: page.settled("reqeusts"), "the answers to 'reqeusts'")
                elapsed = time.monotonic() - started
                self.assertEqual(page.option_labels("item")[0], "requests")
                self.assertEqual(page.result_titles()[0], "requests")
                print(f"\n    200k names: 'reqeusts' typed and answered in {elapsed * 1000:.0f} ms", file=sys.stderr)
                self.assertLess(elapsed, 5)
            finally:
                driver.quit()
                bridge.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshots", type=Path)
    args, rest = parser.parse_known_args()
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
        SCREENSHOTS = args.screenshots
    result = unittest.main(argv=[sys.argv[0], *rest], verbosity=2, exit=False).result
    print(f"screenshots: {' '.join(sorted(str(p) for p in SCREENSHOTS.glob('*.png')))}")
    sys.exit(0 if result.wasSuccessful() else 1)
