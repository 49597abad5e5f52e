"""The screen drawn at once when ``bjtrainer`` starts, while the store opens.

``docs/playing.md``, "Starting up": the first frame is the table's felt with
the title, drawn before the store, numpy and the table are loaded; the app
then opens them and puts the first real screen (the table chosen last, or
the sit-down screen) in its place. Keys pressed meanwhile wait and are
played in order on that screen; the screen counts them, so none is lost
unseen.

Only Textual and this module are imported to draw it.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

#: The line under the title while the store opens.
OPENING_TEXT = "Opening your table..."


def waiting_text(keys: int) -> str:
    """The opening line once ``keys`` keys (> 0) wait for the table to open."""
    plural = "key waits" if keys == 1 else "keys wait"
    return f"{OPENING_TEXT} ({keys} {plural} for it)"


class OpeningScreen(Screen[None]):
    """The felt with the title and one line saying the table is opening.

    It has no keys of its own: the app holds every key but Ctrl+Q and Ctrl+C
    until the first real screen is up (:meth:`waiting`).
    """

    DEFAULT_CSS: ClassVar[str] = """
    OpeningScreen {
        background: $felt;
        color: $felt-foreground;
        align: center middle;
    }
    OpeningScreen Static {
        width: 100%;
        text-align: center;
    }
    OpeningScreen #opening-title {
        text-style: bold;
        color: $felt-title;
    }
    OpeningScreen #opening-line {
        color: $felt-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static("bjtrainer", id="opening-title")
        yield Static(OPENING_TEXT, id="opening-line")

    def waiting(self, keys: int) -> None:
        """Say that ``keys`` keys wait for the table (:func:`waiting_text`)."""
        self.query_one("#opening-line", Static).update(waiting_text(keys))
