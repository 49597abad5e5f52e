"""What the table says: the bet a deal places, an empty balance, insurance, the peek.

Rules of ``docs/rules/practice.md``: "Chips and bets" (Enter deals with the
last bet, lowered to the balance if it fell below it); "Out of chips"
("Refill free chips" between rounds restores 1000); "Insurance" (offered
with an ace up, costs half the original bet, 5 on 10, pays 2:1 if the
dealer has blackjack and is lost otherwise); "Peek" (the dealer checks for
blackjack right after the insurance answer); "Cards and totals" (an ace
counts as 11 unless that busts the hand).
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.screens.bet import BetScreen
from bjtrainer.tui.views.table import dealer_picture, peek_line
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.tui.tui_support import (
    HOME,
    NIGHT,
    PRACTICE,
    SIZE,
    AppFactory,
    fixed_clock,
    notices,
    shown_commands,
    text_of,
)

# Player 17 against the dealer's T,9 = 19: the bet is lost.
LOSE = ["TS", "TH", "7D", "9C"]
# T,9 against an ace, hole 7 (soft 18, no blackjack); a stand wins the hand.
ACE_UP = ["TS", "AH", "9D", "7C"]


def feedback(app: object) -> tuple[str, str]:
    picture = app.screen.query_one(FeedbackView).picture  # type: ignore[attr-defined]
    return picture.prompt, picture.result


async def set_bet(pilot: object, amount: int) -> None:
    await pilot.press("b", "end", "ctrl+u", *str(amount), "enter")  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_prompt_names_the_bet_the_deal_places(build_app: AppFactory) -> None:
    app = build_app([*LOSE, *LOSE])
    async with app.run_test(size=SIZE) as pilot:
        await set_bet(pilot, 600)
        await pilot.press("enter", "s")  # 400 left; the last bet is still 600
        assert app.session.table.balance == 400 and app.session.table.bet == 600
        prompt, _ = feedback(app)
        assert "Enter deals with a bet of 400;" in prompt
        await pilot.press("enter")
        assert app.session.table.round.bet == 400  # type: ignore[union-attr]


@pytest.mark.slow
async def test_empty_balance_points_to_refill(build_app: AppFactory) -> None:
    app = build_app(LOSE)
    async with app.run_test(size=SIZE) as pilot:
        await set_bet(pilot, 1000)
        await pilot.press("enter", "s")
        assert app.session.table.balance == 0
        assert not app.screen.query_one("#button-bet").display  # nothing to choose from
        await pilot.press("b")
        await pilot.pause()
        assert not isinstance(app.screen, BetScreen)
        assert notices(app)[-1] == "The balance is empty: F refills the free chips."
        await pilot.press("f", "b")  # refilled to 1000: the chooser opens
        await pilot.pause()
        assert isinstance(app.screen, BetScreen)
        assert "from 1 to 1000" in text_of(app.screen.query_one("#bet-range"))


def test_bet_chooser_below_the_minimum_at_other_tables(store: Store) -> None:
    # night: bets from 5; below that the night is over (docs/rules/night.md, "Out of chips").
    night = TableSession(Table(NIGHT, np.random.default_rng(0)), store, fixed_clock)
    night.table.bankroll.balance = 3
    problem = night.bet_chooser_problem()
    assert problem is not None and "night is over" in problem and "O " in problem
    # home: even bets from 2, refill between rounds: 1 chip is too few
    # (docs/rules/home.md, "Chips and bets" and "Out of chips").
    home = TableSession(Table(HOME, np.random.default_rng(0)), store, fixed_clock)
    home.table.bankroll.balance = 1
    problem = home.bet_chooser_problem()
    assert problem is not None and "minimum bet of 2" in problem and "F refills" in problem
    home.table.bankroll.balance = 2
    assert home.bet_chooser_problem() is None


@pytest.mark.slow
async def test_insurance_that_cannot_be_afforded(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await set_bet(pilot, 1000)
        await pilot.press("enter")  # the whole balance is bet: 500 of insurance is out of reach
        assert app.session.table.round.phase is Phase.INSURANCE  # type: ignore[union-attr]
        assert shown_commands(app) == {"no_insurance"}
        prompt, _ = feedback(app)
        assert "Y takes it" not in prompt
        assert "Insurance costs 500, more than the balance of 0: N declines." in prompt
        await pilot.press("n")
        assert app.session.table.round.phase is Phase.PLAYER  # type: ignore[union-attr]


async def test_a_lone_ace_up_card_shows_its_value(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        dealer = text_of(app.screen.query_one(DealerView))
        assert "Shows A (11)" in dealer and "soft" not in dealer.lower()


def test_a_lone_up_card_shows_its_value() -> None:
    for up, shows in (("AH", "Shows A (11)"), ("KH", "Shows 10"), ("6H", "Shows 6")):
        shoe = Shoe.stacked(PRACTICE, ["9S", up, "7D", "5C"])
        table = Table(PRACTICE, np.random.default_rng(0), shoe=shoe)
        assert dealer_picture(table.deal()).total_line() == shows


async def test_declined_insurance_then_a_clean_peek(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert feedback(app)[1] == ""  # nothing checked yet
        await pilot.press("n")
        assert feedback(app)[1] == "Dealer checked: no blackjack."


@pytest.mark.slow
async def test_lost_insurance_is_said_at_the_peek(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "y")
        assert app.session.table.balance == 1000 - 10 - 5
        assert feedback(app)[1] == "Dealer checked: no blackjack; insurance lost 5."
        await pilot.press("s")  # the round's result line takes over: -5 + 10
        _, result = feedback(app)
        assert "insurance -5" in result and result.endswith("Net +5.")


def test_peek_line_only_follows_an_insurance_answer() -> None:
    # A ten up is peeked too (docs/rules/practice.md, "Peek"), but no insurance was offered.
    ten = Table(PRACTICE, np.random.default_rng(0), shoe=Shoe.stacked(PRACTICE, LOSE))
    round_ = ten.deal()
    assert round_.dealer_checked and peek_line(round_) == ""
    # home: no insurance is offered with an ace up (docs/rules/home.md, "Insurance").
    home = Table(HOME, np.random.default_rng(0), shoe=Shoe.stacked(HOME, ACE_UP))
    assert peek_line(home.deal()) == ""
    # practice: after the answer, while the hand is played.
    ace = Table(PRACTICE, np.random.default_rng(0), shoe=Shoe.stacked(PRACTICE, ACE_UP))
    round_ = ace.deal()
    round_.apply(Action.NO_INSURANCE)
    assert peek_line(round_) == "Dealer checked: no blackjack."
    round_.apply(Action.STAND)
    assert peek_line(round_) == ""  # settled: the result line says it all
