"""The plain ASCII card design draws every screen in ASCII (``docs/playing.md``, "Sitting down").

Read here is what the screen draws, character by character, at 80x24: the
sit-down screen (title separator, panel borders, option prompts, the theme
drop-down's arrow and its opened list), the bet and CASH OUT inputs, the
Repeat box (``[X]`` / ``[ ]``), the New session menu (its rule of ``-``)
and Stats.
"""

from __future__ import annotations

import pytest
from textual.widgets import Select

from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.screens.cash_out import CashOutScreen
from bjtrainer.tui.screens.sit_down import SitDownScreen
from tests.tui.tui_support import NIGHT, AppFactory

SMALL = (80, 24)


def drawn(app: BjTrainerApp) -> list[str]:
    """The screen's rows as drawn now (every layer, a dialog over the screen below)."""
    strips = app.screen._compositor.render_strips()  # the frame Textual would write
    return ["".join(segment.text for segment in strip) for strip in strips]


def not_ascii(app: BjTrainerApp) -> list[str]:
    """Rows with a character that is not ASCII."""
    return [row for row in drawn(app) if not row.isascii()]


@pytest.mark.slow
async def test_every_screen_of_the_night_table_is_ascii(build_app: AppFactory) -> None:
    app = build_app([], rules=NIGHT, design="ascii")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert not_ascii(app) == []  # the table
        rows = drawn(app)
        assert any("[X] Repeat last bet" in row for row in rows)
        await pilot.press("e")  # untick: a blank, not a colour alone
        await pilot.pause()
        assert any("[ ] Repeat last bet" in row for row in drawn(app))
        await pilot.press("b")  # the bet dialog's input
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []
        await pilot.press("escape")
        app.push_screen(CashOutScreen(500, night_over=False, name="", new_night=500))
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []
        await pilot.press("escape", "m")  # the New session menu
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []
        assert any(" " + "-" * 40 in row for row in drawn(app))  # the rule before 7 Mistakes
        await pilot.press("0")  # Stats
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []


@pytest.mark.slow
async def test_the_sit_down_screen_and_its_theme_list_are_ascii(build_app: AppFactory) -> None:
    app = build_app([], rules=NIGHT, design="ascii")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)
        assert not_ascii(app) == []
        rows = drawn(app)
        assert rows[0].startswith(" bjtrainer - Sit down")
        assert "+- Card design - Theme " in rows[1]
        chooser = app.screen.query_one("#theme-select", Select)
        chooser.expanded = True  # the opened list
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []
        rows = drawn(app)
        bottom = max(i for i, row in enumerate(rows) if row.startswith(" +---"))
        assert rows[bottom].rstrip().endswith("-+")  # the panel's border is whole
        assert "+" + "-" * 20 in rows[bottom].split("+", 2)[2]
