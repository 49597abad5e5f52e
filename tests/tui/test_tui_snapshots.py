"""Snapshots of the screens (pytest-textual-snapshot), one per screen state.

Seed, stacked shoe and clock are fixed, the terminal is 100 x 34, and no
screen here has a blinking cursor. Regenerate after a deliberate change with
``pytest tests/tui --snapshot-update`` and look at the SVGs in
``tests/tui/__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from bjtrainer.store import Store
from bjtrainer.store.board import Board
from bjtrainer.tui.views.cards import CARD_DESIGNS
from tests.tui.tui_support import NIGHT, SIZE, AppFactory

SnapCompare = Callable[..., bool]

# 8,8 against a 6 (hole T), then a 3 for the first split hand.
SPLIT = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]
# Hard 16 against a 10 (hole 7).
SIXTEEN = ["TS", "TH", "6D", "7C"]
# 9,7 against a K (hole 7), then a hit draws a 4: all four suits on the felt.
SUITS = ["9S", "KH", "7D", "7C", "4C"]
# Scores already on the night's board, (name, chips, day of January 2025).
SCORES = [("Mia", 1250, 3), ("Jon", 980, 4), ("Eva", 500, 5), ("Kim", 430, 6), ("Ola", 120, 7)]


def test_start(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), terminal_size=SIZE)


def test_mid_hand_after_a_split(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["enter", "x"], terminal_size=SIZE)


@pytest.mark.slow
def test_why_panel(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SIXTEEN), press=["enter", "w"], terminal_size=SIZE)


@pytest.mark.slow
def test_settled_round(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["enter", "x", "d", "s"], terminal_size=SIZE)


def test_help_screen(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["f1"], terminal_size=SIZE)


@pytest.mark.parametrize("design", list(CARD_DESIGNS))
@pytest.mark.slow
def test_card_design(snap_compare: SnapCompare, build_app: AppFactory, design: str) -> None:
    app = build_app(SUITS, design=design)
    assert snap_compare(app, press=["enter", "h"], terminal_size=SIZE)


def test_sit_down_screen(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app([], rules=None), press=["down", "down"], terminal_size=SIZE)


@pytest.mark.slow
def test_night_table(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    app = build_app(SUITS, rules=NIGHT)
    assert snap_compare(app, press=["0", "2", "1"], terminal_size=SIZE)


@pytest.mark.slow
def test_top_five_board(snap_compare: SnapCompare, build_app: AppFactory, store: Store) -> None:
    board = Board(store)
    for name, score, day in SCORES:
        board.record("night", name, score, datetime(2025, 1, day, 22, tzinfo=UTC).isoformat())

    async def cash_out(pilot: Pilot[None]) -> None:
        await pilot.press("o")
        await pilot.pause()
        pilot.app.screen.query_one(Input).value = "Ada"
        await pilot.press("enter")

    app = build_app([], rules=NIGHT)
    assert snap_compare(app, run_before=cash_out, terminal_size=SIZE)
