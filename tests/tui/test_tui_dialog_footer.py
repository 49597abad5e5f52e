"""A dialog's last line shows the dialog's own keys, not the keys of the screen below.

Textual's footer shows the bindings of the screen it sits on; a dialog is a
modal screen drawn over the table, whose footer stayed visible and listed
``Enter Deal  B Bet  M Train ...``, none of which works while the dialog is
open. Each dialog now has a footer of its own (``docs/playing.md``, "Keys"):
what is read here is the bottom row as drawn on the dialog's screen.
"""

from __future__ import annotations

import pytest
from textual.screen import ModalScreen

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.screens.board import BoardPicture, BoardScreen
from bjtrainer.tui.screens.cash_out import CashOutScreen
from bjtrainer.tui.screens.insurance import InsuranceScreen
from bjtrainer.tui.screens.leave_set import LeaveSetScreen
from bjtrainer.tui.widgets.footer import KeysLine
from tests.tui.tui_support import SIZE, AppFactory, fixed_clock

#: The table's keys between rounds, as its footer draws them: none may show under a dialog.
TABLE_WORDS = ("Deal", "Bet", "Train", "Help", "Hit", "Stand")


def bottom_line(app: BjTrainerApp) -> str:
    """The keys drawn on the screen's last row, left to right: ``"Esc Close"``, ..."""
    screen = app.screen
    width, height = app.size
    for x in range(width):
        try:
            widget, _ = screen.get_widget_at(x, height - 1)
        except Exception:  # nothing drawn there (Textual raises NoWidget)
            continue
        if isinstance(widget, KeysLine):
            return "  ".join(f"{entry.display} {entry.description}" for entry in widget.entries)
    return ""


def assert_own_keys(app: BjTrainerApp, expected: str) -> None:
    assert isinstance(app.screen, ModalScreen)
    line = bottom_line(app)
    assert line == expected
    assert not any(word in line for word in TABLE_WORDS if word not in expected)


async def test_the_welcome_and_the_lessons_show_their_keys(store: Store) -> None:
    app = make_app(store=store, rules=PRESETS["practice"], clock=fixed_clock, invite=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_own_keys(app, "Enter Play now  L Guided introduction")
        await pilot.press("l")  # the list of lessons: six at practice
        await pilot.pause()
        assert_own_keys(app, "1-6 Lesson  Esc Close")
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert_own_keys(app, "Esc Close")


async def test_the_bet_and_insurance_dialogs_name_enter(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert_own_keys(app, "Enter Set bet  Esc Cancel")
        await pilot.press("backspace", "backspace", "2", "5", "enter")  # Enter still sets it
        assert app.session.table.bet == 25
        await pilot.press("b", "3", "tab", "tab", "enter")  # Enter on the focused Cancel
        assert app.session.table.bet == 25 and not isinstance(app.screen, ModalScreen)
        app.push_screen(InsuranceScreen(12, lambda _amount: None))
        await pilot.pause()
        assert_own_keys(app, "Enter Insure  Esc Cancel")


async def test_cash_out_board_and_leave_set_show_their_keys(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(CashOutScreen(600, night_over=False, name="", new_night=500))
        await pilot.pause()
        assert_own_keys(app, "Enter Save score  Esc Back")
        await pilot.press("escape")
        app.push_screen(BoardScreen(BoardPicture(table_name="night", entries=())))
        await pilot.pause()
        assert_own_keys(app, "Esc Close")
        await pilot.press("escape")
        app.push_screen(LeaveSetScreen(1))
        await pilot.pause()
        line = bottom_line(app)
        assert "Leave" in line and "Stay" in line
        assert not any(word in line for word in TABLE_WORDS)


@pytest.mark.parametrize("key", ["b", "m"])
async def test_a_table_key_does_nothing_under_the_welcome(store: Store, key: str) -> None:
    app = make_app(store=store, rules=PRESETS["practice"], clock=fixed_clock, invite=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        welcome = app.screen
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is welcome  # and its footer never offered the key
        assert key.upper() + " " not in bottom_line(app)
