"""Chips between rounds: naturals, the bet lowered to the balance, refill.

From ``docs/rules/practice.md``: "Naturals" (a natural pays 3:2: a bet of 10
wins 15); "Chips and bets" ("Deal uses the previous bet, initially 10
chips", lowered to the balance if it fell below it); "Out of chips"
("Refill free chips" between rounds restores 1000 chips).
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from bjtrainer.engine.round import Phase
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.hand_view import HandView
from tests.tui.tui_support import SIZE, AppFactory, notices, text_of

# Player 17 against the dealer's T,9 = 19: the player loses the bet.
LOSE = ["TS", "TH", "7D", "9C"]


async def set_bet(pilot: object, amount: int) -> None:
    await pilot.press("b", "end", "ctrl+u", *str(amount), "enter")  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_natural_pays_three_to_two_at_once(build_app: AppFactory) -> None:
    # A,K against a 9 up: no peek with a 9, the natural is paid at the deal.
    app = build_app(["AS", "9H", "KD", "7C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        assert app.session.table.balance == 1015
        assert "Blackjack" in text_of(app.screen.query_one(HandView))
        assert "Net +15" in app.screen.query_one(FeedbackView).picture.result


@pytest.mark.slow
async def test_next_deal_is_lowered_to_the_balance(build_app: AppFactory) -> None:
    app = build_app([*LOSE, "TS", "TH", "7D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await set_bet(pilot, 600)
        assert app.session.table.bet == 600
        await pilot.press("enter", "s")
        assert app.session.table.balance == 400
        await pilot.press("enter")  # the last bet, 600, is lowered to the 400 left
        round_ = app.session.table.round
        assert round_ is not None and round_.bet == 400
        assert app.session.table.balance == 0


@pytest.mark.slow
async def test_out_of_chips_then_refill(build_app: AppFactory) -> None:
    app = build_app([*LOSE, "TS", "TH", "7D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await set_bet(pilot, 1000)
        await pilot.press("enter", "s")
        assert app.session.table.balance == 0
        assert "F refills" in app.screen.query_one(FeedbackView).picture.prompt
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.table.round.phase is Phase.SETTLED  # type: ignore[union-attr]
        assert notices(app)[-1].startswith("Cannot deal")
        await pilot.press("f")
        assert app.session.table.balance == 1000
        await pilot.press("enter")  # deals again with the last bet, 1000
        assert app.session.table.balance == 0


@pytest.mark.slow
async def test_bet_range_follows_the_balance(build_app: AppFactory) -> None:
    app = build_app(LOSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s", "b")
        assert "1 to 990" in text_of(app.screen.query_one("#bet-range"))
        await pilot.click("Button.quick", offset=(1, 0))  # Min
        await pilot.press("end", "ctrl+u", "9", "9", "5", "enter")
        assert "the balance is only 990" in text_of(app.screen.query_one("#bet-error"))
        assert app.screen.query_one(Input).value == "995"


@pytest.mark.slow
async def test_a_bet_above_both_limits_names_the_balance_as_the_dialog_does(
    build_app: AppFactory,
) -> None:
    """990 chips at a 1-1000 table: 99999 is refused for the 990 the dialog names."""
    app = build_app(LOSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s", "b")
        assert text_of(app.screen.query_one("#bet-range")) == "Whole chips from 1 to 990."
        await pilot.press("end", "ctrl+u", *"99999", "enter")
        assert text_of(app.screen.query_one("#bet-error")) == (
            "Cannot bet 99999: the balance is only 990 chips, so bets run from 1 to 990."
        )
        await pilot.press("ctrl+u", "0", "enter")
        assert text_of(app.screen.query_one("#bet-error")) == (
            "Cannot bet 0: bets run from 1 to 990 chips."
        )
