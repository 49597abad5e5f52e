"""Even money is insurance on a natural, settled and graded like any insurance.

``docs/numbers.md``, "8. Insurance", and ``docs/rules/practice.md``,
"Insurance": there is no separate even-money action; insuring a natural
against an ace costs half the bet rounded down and pays 2:1, and the
natural is settled on its own (it pushes a dealer blackjack, else it wins
3:2 rounded down). On an even bet the two outcomes are equal (+bet); where
half the bet rounds down they are not: bet 25, insure 12, +24 against a
dealer blackjack and 37 - 12 = +25 without one. The grade of taking it is
the grade of any insurance of the same stake: each chip staked gives up
1/13 of itself, so 5 on 10 gives up 1/26 of the bet and the full 12 on 25
gives up 12/325; a spot graded without a stake, the rules' half bet, 1/26.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.spots import Spot

BOTH = frozenset({Action.INSURANCE, Action.NO_INSURANCE})


def at_the_offer(table_id: str, bet: int, first: str, second: str, hole: str) -> Table:
    """A table dealt ``first``, ``second`` against an ace up, at the insurance offer."""
    rules = PRESETS[table_id]
    shoe = Shoe.stacked(rules, [first, "AH", second, hole], np.random.default_rng(0))
    table = Table(rules, np.random.default_rng(0), shoe=shoe)
    table.set_bet(bet)
    table.deal()
    return table


def insured_natural(table_id: str, bet: int, hole: str, amount: int | None = None) -> int:
    """The net chips of A,K against an ace up, insured, with ``hole`` the hole card."""
    table = at_the_offer(table_id, bet, "AS", "KD", hole)
    round_ = table.round
    assert round_ is not None
    assert round_.phase is Phase.INSURANCE
    assert round_.legal_actions() == BOTH  # insurance or not: nothing else, no "even money"
    round_.insure(amount)
    assert round_.phase is Phase.SETTLED  # the peek settles the natural either way
    assert round_.result is not None
    assert table.balance == 1000 + round_.result.net
    return round_.result.net


def test_there_is_no_even_money_action() -> None:
    assert {action.value for action in Action} == {
        "hit",
        "stand",
        "double",
        "split",
        "surrender",
        "insurance",
        "no_insurance",
    }


@pytest.mark.parametrize("bet", [2, 10, 100])
def test_on_an_even_bet_it_is_exactly_even_money(bet: int) -> None:
    assert insured_natural("practice", bet, hole="TC") == bet  # push, insurance 2 x bet/2
    assert insured_natural("practice", bet, hole="7C") == bet  # 3:2 win, insurance lost


@pytest.mark.parametrize(
    ("bet", "with_blackjack", "without"),
    [(25, 24, 25), (5, 4, 5), (15, 14, 15), (3, 2, 3)],
)
def test_where_half_the_bet_rounds_down_it_is_not(
    bet: int, with_blackjack: int, without: int
) -> None:
    stake = bet // 2  # half the bet, rounded down
    assert with_blackjack == 2 * stake  # the natural pushes; insurance pays 2:1
    assert without == math.floor(bet * 3 / 2) - stake  # 3:2 rounded down, insurance lost
    assert insured_natural("practice", bet, hole="QC") == with_blackjack
    assert insured_natural("practice", bet, hole="9C") == without


def test_at_guide_a_smaller_insurance_on_a_natural_is_any_insurance() -> None:
    # Bet 25, insure 5 of the 12 allowed: +10 with a blackjack, 37 - 5 = +32 without.
    assert insured_natural("guide", 25, hole="KC", amount=5) == 10
    assert insured_natural("guide", 25, hole="8C", amount=5) == 32


@pytest.mark.parametrize("table_id", ["practice", "guide", "night"])
def test_insuring_a_natural_is_graded_like_any_insurance(table_id: str) -> None:
    coach = Coach(PRESETS[table_id])
    natural = coach.grade(Spot(table_id, ("A", "K"), "A", legal=BOTH), Action.INSURANCE)
    nineteen = coach.grade(Spot(table_id, ("T", "9"), "A", legal=BOTH), Action.INSURANCE)
    assert natural.best is Action.NO_INSURANCE and not natural.accepted
    # Half-bet insurance paying 2:1 with P(blackjack) = 4/13: 0.5 x (2 x 4/13 - 9/13) = -1/26.
    assert natural.ev_lost == pytest.approx(1 / 26, abs=1e-12) == nineteen.ev_lost
    assert natural.evs[Action.INSURANCE] == pytest.approx(-1 / 26, abs=1e-12)
    declined = coach.grade(Spot(table_id, ("A", "K"), "A", legal=BOTH), Action.NO_INSURANCE)
    assert declined.accepted and declined.ev_lost == 0


@pytest.mark.parametrize(("bet", "stake"), [(10, 5), (25, 12), (5, 2)])
def test_at_the_table_a_natural_insured_is_graded_as_any_hand_insured(bet: int, stake: int) -> None:
    coach = Coach(PRESETS["practice"])
    natural = at_the_offer("practice", bet, "AS", "KD", hole="7C").round
    nineteen = at_the_offer("practice", bet, "TS", "9D", hole="7C").round
    assert natural is not None and nineteen is not None
    on_natural = coach.answer(natural, Action.INSURANCE).grade
    on_nineteen = coach.answer(nineteen, Action.INSURANCE).grade
    # Each chip staked gives up 1/13 of itself: stake/bet x 1/13 of the bet.
    assert on_natural.ev_lost == pytest.approx(stake / bet / 13, abs=1e-12)
    assert on_natural.ev_lost == pytest.approx(on_nineteen.ev_lost, abs=1e-12)
    assert on_natural.best is on_nineteen.best is Action.NO_INSURANCE
    assert not on_natural.accepted and not on_nineteen.accepted
