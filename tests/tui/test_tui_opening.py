"""The opening screen: the first frame before the store opens, keys kept for the table.

``docs/playing.md``, "Starting up": ``bjtrainer`` draws the felt and the
title at once, opens the store and the table behind it, and plays the keys
pressed meanwhile, in order, on the table. The store is held shut here until
the test has pressed its keys, so the keys surely come while the opening
screen is up. The expected chips follow ``docs/rules/practice.md``: a bet
of 10, and a split adds an equal wager.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable
from functools import partial

import numpy as np
import pytest
from textual.widgets import Static

from bjtrainer.engine.shoe import Shoe
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.screens.opening import OpeningScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.widgets.hand_view import HandsRow
from tests.tui.tui_support import PRACTICE, SIZE, fixed_clock, text_of

#: Player 8,8 against a 6 (hole T); the split hands draw 3 and 9.
EIGHTS = ["8S", "6H", "8D", "TC", "3H", "9C"]


def hold_the_store_shut(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Until the event is set, the app's opening of the store waits (looking again every 10 ms).

    The app goes on meanwhile (its keys, its frames): only the store waits.
    """
    release = threading.Event()
    real_open = BjTrainerApp._open_store

    def held_shut(self: BjTrainerApp) -> Awaitable[bool] | None:
        if release.is_set():
            return real_open(self)
        self.set_timer(0.01, partial(self.call_later, self._open_store))
        return None

    monkeypatch.setattr(BjTrainerApp, "_open_store", held_shut)
    return release


@pytest.mark.slow
async def test_keys_pressed_while_opening_are_played_on_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = hold_the_store_shut(monkeypatch)
    opened: list[type[object]] = []

    def on_opened(self: BjTrainerApp, message: BjTrainerApp.Opened) -> None:
        opened.append(type(self.screen))

    monkeypatch.setattr(BjTrainerApp, "on_bj_trainer_app_opened", on_opened, raising=False)
    shoe = Shoe.stacked(PRACTICE, EIGHTS, np.random.default_rng(7))
    app = make_app(rules=PRACTICE, rng=np.random.default_rng(7), clock=fixed_clock, shoe=shoe)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, OpeningScreen)
            await pilot.press("enter", "x")  # deal, then split the 8s
            line = text_of(app.screen.query_one("#opening-line", Static))
            assert line == "Opening your table... (2 keys wait for it)"
            with pytest.raises(RuntimeError):
                app.session  # noqa: B018 - no table before the store is open
            release.set()
            for _ in range(200):
                await pilot.pause(0.01)
                if opened:
                    break
            assert opened == [TableScreen]
            await pilot.pause()
            table = app.session.table
            assert table.balance == 1000 - 20  # the bet, and the split's equal wager
            hands = app.screen.query_one(HandsRow).pictures
            assert [len(hand.cards) for hand in hands] == [2, 1]
            assert hands[0].total == 11  # 8 + 3, hand 1 in play
            assert [type(screen).__name__ for screen in app.screen_stack] == [
                "Screen",
                "TableScreen",
            ]
    finally:
        app.close_store()


async def test_ctrl_q_while_opening_quits_without_a_store(monkeypatch: pytest.MonkeyPatch) -> None:
    hold_the_store_shut(monkeypatch)
    app = make_app(rules=PRACTICE, clock=fixed_clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0 and app.open_error is None
    assert not hasattr(app, "store")
