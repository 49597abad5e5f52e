"""``bjtrainer serve`` in headless Chromium: sit down, deal, Why, click Stand.

The server runs as ``bjtrainer serve`` on a free local port with a fresh
data folder; Debian's ``/usr/bin/chromium`` opens the page, driven by
Playwright for Python (never ``playwright install``: the browser is the
system's). textual-serve draws the app with xterm.js on a canvas, so the text
on screen is read from the terminal's own buffer (xterm.js's public
``buffer.active`` API), the very cells the canvas paints.

The screenshots (the Why panel, then the settled round) are saved under
``$BJTRAINER_ARTIFACTS`` (default ``tests/web/artifacts/``, not committed).
Without chromium, Playwright or textual-serve the test is skipped, saying
which is missing.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Seconds to wait for the server, a screen or a change on the page (a
#: first start of chromium builds its font cache).
PATIENCE = 60.0

#: Seconds Ctrl+C may take to stop the server with a tab open.
STOP_PATIENCE = 15.0

#: Installed before the page's scripts run: textual-serve's client keeps its
#: xterm.js Terminal as ``this.terminal``; a setter on Object.prototype sees
#: that assignment, keeps the property an ordinary one, and hands the
#: Terminal to the test as ``window.__bjTerminal``.
TERMINAL_HOOK = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && value.onData) { window.__bjTerminal = value; }
  },
});
"""

#: The terminal's visible rows as text, or null before the terminal exists.
SCREEN_TEXT = """() => {
  const terminal = window.__bjTerminal;
  if (!terminal) { return null; }
  const buffer = terminal.buffer.active;
  const rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""

#: The terminal's grid on the page: left, top, width, height (CSS pixels), columns, rows.
SCREEN_BOX = """() => {
  const box = document.querySelector(".xterm-screen").getBoundingClientRect();
  const terminal = window.__bjTerminal;
  return [box.left, box.top, box.width, box.height, terminal.cols, terminal.rows];
}"""


@dataclass(frozen=True)
class Served:
    """A running ``bjtrainer serve``: its page, its data folder, its output, its process."""

    url: str
    home: Path
    log: Path
    process: subprocess.Popen[bytes]


def artifacts_dir() -> Path:
    """``$BJTRAINER_ARTIFACTS``, or ``tests/web/artifacts/``; created if needed."""
    given = os.environ.get("BJTRAINER_ARTIFACTS")
    folder = Path(given) if given else Path(__file__).parent / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def bust_percent(total: int) -> str:
    """The chance that one more card busts a hard ``total``, as the Why panel prints it.

    Independent draws: each rank 1/13, the four ten-valued ranks 4/13, an ace
    counted 1 (docs/numbers.md, the infinite deck).

    >>> bust_percent(16), bust_percent(12), bust_percent(11)
    ('61.5%', '30.8%', '0.0%')
    """
    busting = sum(4 if value == 10 else 1 for value in range(1, 11) if total + value > 21)
    return f"{100 * busting / 13:.1f}%"


def hand_total(ranks: list[str]) -> tuple[bool, int]:
    """(soft, total) of a hand of ranks ("A", "2".."9", "T", "J", "Q", "K").

    >>> hand_total(["A", "6"]), hand_total(["A", "6", "T"]), hand_total(["5", "T"])
    ((True, 17), (False, 17), (False, 15))
    """
    hard = sum(1 if rank == "A" else 10 if rank in "TJQK" else int(rank) for rank in ranks)
    soft = "A" in ranks and hard + 10 <= 21
    return soft, hard + 10 if soft else hard


@pytest.fixture
def server(isolated_home: Path, tmp_path: Path) -> Iterator[Served]:
    """``bjtrainer serve`` on a free port, ended (with its apps) after the test."""
    if not CHROMIUM.exists():
        pytest.skip(f"no {CHROMIUM}: as root, apt-get install -y chromium")
    pytest.importorskip("playwright.sync_api", reason="no Playwright: pip install -e '.[test]'")
    pytest.importorskip("textual_serve", reason="no textual-serve: pip install -e '.[web]'")
    port = free_port()
    log_path = tmp_path / "serve.log"
    env = dict(os.environ, BJTRAINER_HOME=str(isolated_home))
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "bjtrainer", "serve", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its app processes in one group, ended together below
        )
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            if process.poll() is not None:
                pytest.fail(f"bjtrainer serve exited: {log_path.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"bjtrainer serve did not listen on port {port}")
                time.sleep(0.1)
        yield Served(f"http://127.0.0.1:{port}/", isolated_home, log_path, process)
    finally:
        if process.poll() is None:  # the test failed before it stopped the server
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_round_in_the_browser(server: Served) -> None:
    """Sit down, deal, W shows the Why, a click on Stand settles the hand, as saved.

    A second tab then opens on the same table and balance; Ctrl+C stops the
    server with both open: each tab's app ends and its page says "Session
    ended." (textual-serve's own dialog).
    """
    from playwright.sync_api import Page, sync_playwright

    url, home, log_path = server.url, server.home, server.log

    def screen(page: Page) -> str:
        text: str | None = page.evaluate(SCREEN_TEXT)
        return text or ""

    def wait_for(page: Page, seen: Callable[[str], bool], what: str) -> str:
        """The screen once ``seen`` holds and two reads 150 ms apart agree (a whole frame)."""
        deadline = time.monotonic() + PATIENCE
        before = None
        while True:
            text = screen(page)
            if seen(text) and text == before:
                return text
            if time.monotonic() > deadline:
                pytest.fail(
                    f"the page never showed {what}; it shows:\n{text}\n"
                    f"bjtrainer serve said:\n{log_path.read_text()}"
                )
            before = text
            page.wait_for_timeout(150)

    def shoe(text: str) -> str:
        """The sidebar's "Shoe 308/312 cards": it changes with every deal."""
        found = re.search(r"Shoe +\d+/\d+ cards", text)
        return found.group(0) if found else text

    def local_only(route: Any) -> None:  # the page asks a font of the web: refused
        if route.request.url.startswith(url):
            route.continue_()
        else:
            route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:

            def open_tab() -> Page:
                tab = browser.new_page(viewport={"width": 1000, "height": 640})
                tab.route("**/*", local_only)
                tab.add_init_script(TERMINAL_HOOK)
                tab.goto(url, wait_until="domcontentloaded")
                return tab

            page = open_tab()

            # The first start: the sit-down screen; Enter sits at practice.
            wait_for(page, lambda text: "Sit down" in text and "practice" in text, "sit-down")
            page.focus("textarea.xterm-helper-textarea")  # xterm.js's keyboard input
            page.keyboard.press("Enter")
            # A first start: the welcome over the table; Esc plays at once.
            wait_for(page, lambda text: "Welcome to bjtrainer" in text, "the welcome")
            page.keyboard.press("Escape")
            text = wait_for(
                page,
                lambda text: "Welcome to bjtrainer" not in text and "press Enter to deal" in text,
                "the practice table",
            )

            # Deal until a hand waits for a decision (a natural settles at once;
            # an ace up asks insurance first: N declines).
            for _deal in range(20):
                dealt_from = shoe(text)
                page.keyboard.press("Enter")
                text = wait_for(
                    page,
                    lambda text, before=dealt_from: (
                        shoe(text) != before
                        and ("Your move" in text or "shows an ace" in text or "Round over" in text)
                    ),
                    "a dealt round",
                )
                if "shows an ace" in text:
                    page.keyboard.press("n")
                    text = wait_for(
                        page,
                        lambda text: "Your move" in text or "Round over" in text,
                        "the round after insurance",
                    )
                if "Your move" in text:
                    break
            else:
                pytest.fail("twenty deals without a decision")
            move = re.search(r"Your move: (Hard|Soft) (\d+) against the dealer's (\w+)\.", text)
            assert move is not None, text

            # W: the Why panel, its figures as the rules give them.
            page.keyboard.press("w")
            text = wait_for(page, lambda text: "Bust on one more card" in text, "the Why panel")
            soft, total = move.group(1) == "Soft", int(move.group(2))
            expected = "0.0%" if soft else bust_percent(total)
            assert f"Bust on one more card: {expected}." in text
            figures = re.search(r"If you stand now: win ([\d.]+)%, push ([\d.]+)%, loss", text)
            assert figures is not None, text
            page.screenshot(path=str(artifacts_dir() / "browser-why.png"))

            # A mouse click on the Stand button, where its label is on the grid.
            rows = text.split("\n")
            row = next(i for i, line in enumerate(rows) if "Hit H" in line and "Stand S" in line)
            column = rows[row].index("Stand S") + 2
            left, top, width, height, columns, lines = page.evaluate(SCREEN_BOX)
            page.mouse.click(
                left + (column + 0.5) * width / columns, top + (row + 0.5) * height / lines
            )
            text = wait_for(page, lambda text: "Round over" in text, "the settled round")
            assert "Your move" not in text
            net = re.search(r"Net ([+-]?\d+)\b", text)
            assert net is not None, text
            page.screenshot(path=str(artifacts_dir() / "browser-round.png"))
            balance = re.search(r"Balance +\d+", text)
            assert balance is not None, text

            # A second tab is a second window on the same data: it sits at
            # the table chosen in the first, with the balance after its round.
            second = open_tab()
            wait_for(second, lambda text: balance.group(0) in text, "the same table")
            assert "Sit down" not in screen(second)

            # Ctrl+C with both tabs open: the server ends every tab's app,
            # then itself (textual-serve alone waits for open tabs, ~25 s).
            server.process.send_signal(signal.SIGINT)
            assert server.process.wait(timeout=STOP_PATIENCE) == 0
            for tab in (page, second):
                tab.wait_for_selector("body.-closed", timeout=1000 * PATIENCE)
                assert "Session ended." in tab.inner_text("body")
        finally:
            browser.close()

    # The tab played on the served data folder: its last graded decision is
    # this Stand, on the hand and up card the page showed.
    db = sqlite3.connect(home / "bjtrainer.db")
    try:
        action, cards, up = db.execute(
            "SELECT action, cards, up FROM attempts ORDER BY id DESC LIMIT 1"
        ).fetchone()
    finally:
        db.close()
    assert action == "stand"
    assert hand_total(json.loads(cards)) == (move.group(1) == "Soft", int(move.group(2)))
    shown_up = move.group(3)  # "10", "J", "Q", "K": the one ten-valued rank T of a spot
    assert up == ("T" if shown_up in ("10", "J", "Q", "K") else shown_up)
