"""Helpers shared by the TUI tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC, datetime

from rich.console import Console
from rich.text import Text
from rich.theme import Theme
from textual.color import Color

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.views.tones import TONES

#: The terminal size of every TUI test (columns, rows).
SIZE = (100, 34)

PRACTICE: Rules = PRESETS["practice"]
GUIDE: Rules = PRESETS["guide"]
NIGHT: Rules = PRESETS["night"]
HOME: Rules = PRESETS["home"]

#: ``build_app(cards, *, on=None, seed=7)``: see the ``build_app`` fixture.
AppFactory = Callable[..., BjTrainerApp]


def fixed_clock() -> datetime:
    """The clock of every test: 2025-01-02 03:04:05 UTC."""
    return datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)


def text_of(widget: object) -> str:
    """The plain text a widget shows now (a Static's content, else its render)."""
    content = getattr(widget, "content", None)
    if content is None:
        content = widget.render()  # type: ignore[attr-defined]
    if isinstance(content, Text):
        return content.plain
    if isinstance(content, str):
        return content
    console = Console(width=120, file=io.StringIO(), record=True, theme=Theme(TONES))
    console.print(content)
    return console.export_text()


def notices(app: BjTrainerApp) -> list[str]:
    """The notices (toasts) on screen now, oldest first.

    Textual keeps them in ``App._notifications``; this is the one place the
    tests read that private attribute.
    """
    return [notification.message for notification in app._notifications]


def shown_commands(app: BjTrainerApp, where: str = "#actions") -> set[str]:
    """The commands of the buttons shown now in ``where`` (the round's bar by default)."""
    container = app.screen.query_one(where)
    return {
        str(button.id).removeprefix("button-")
        for button in container.query("ChoiceButton")
        if button.display
    }


def wcag_luminance(color: Color) -> float:
    """The WCAG 2 relative luminance of an opaque colour (0 to 1)."""

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = color.rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def wcag_ratio(first: Color, second: Color) -> float:
    """The WCAG 2 contrast ratio of two opaque colours, (L1 + 0.05) / (L2 + 0.05): 1 to 21."""
    high, low = sorted((wcag_luminance(first), wcag_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)
