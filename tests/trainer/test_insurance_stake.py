"""Insurance is graded by the chips it stakes (``docs/numbers.md``, "8. Insurance").

With independent draws the hole card under an ace is a ten-value card with
chance 4/13 (16 of the 52 cards); insurance pays 2:1, so each chip staked
returns 2 x 4/13 - 9/13 = -1/13 of itself (derived below from the 13 ranks,
not from the trainer). Staking ``s`` chips on a bet of ``b`` therefore gives
up ``s/b x 1/13`` of the bet: only where ``s`` is exactly half the bet is that
the rules' -1/26. The grade is accepted when that is at most 0.02
(``docs/numbers.md``, "The 2% rule"). Checked where insurance is graded and
recorded: the table (``TableSession.play``), a practice set and a review run.
"""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.coach import Coach, insured_share
from bjtrainer.trainer.practice.deals import DealPlan, practice_bet
from bjtrainer.trainer.session import TableSession
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import NOON, make_practice
from tests.tui.tui_support import fixed_clock

YES, NO = Action.INSURANCE, Action.NO_INSURANCE
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
# T,9 against an ace with a 7 in the hole: insurance offered, no dealer blackjack.
NINETEEN_V_ACE = ["TS", "AH", "9D", "7C"]


def per_chip() -> Fraction:
    """Return of one chip on insurance: +2 when the hole card is a ten-value, else -1."""
    return sum(
        ((Fraction(2) if rank in "TJQK" else Fraction(-1)) / len(RANKS) for rank in RANKS),
        Fraction(0),
    )


def given_up(staked: int, bet: int) -> float:
    """EV given up by staking ``staked`` chips of insurance on ``bet``, units of the bet."""
    return float(-per_chip() * staked / bet)


def insurance_round(table_id: str, bet: int) -> Round:
    rules = PRESETS[table_id]
    round_ = Round(rules, Shoe.stacked(rules, NINETEEN_V_ACE), Bankroll(1000), bet)
    assert round_.phase is Phase.INSURANCE
    return round_


def test_each_chip_on_insurance_gives_up_one_thirteenth() -> None:
    assert per_chip() == Fraction(2 * 4 - 9, 13) == Fraction(-1, 13)


@pytest.mark.parametrize(
    ("table_id", "bet", "amount", "staked", "line_figure", "accepted"),
    [
        # guide: any whole amount up to half the bet.
        ("guide", 5, 2, 2, "0.031", False),  # 2/65: outside the 2%
        ("guide", 5, 1, 1, "0.015", True),  # 1/65: within the 2%
        ("guide", 25, 6, 6, "0.018", True),  # 6/325 = 0.0185
        ("guide", 25, 7, 7, "0.022", False),  # 7/325 = 0.0215
        ("guide", 25, 12, 12, "0.037", False),  # the full cost of an odd bet: 12/325
        ("guide", 25, None, 12, "0.037", False),
        ("guide", 10, None, 5, "0.038", False),  # exactly half the bet: 1/26
        # practice and night: the full cost only, half the bet rounded down.
        ("practice", 25, None, 12, "0.037", False),
        ("practice", 10, None, 5, "0.038", False),
        ("night", 5, None, 2, "0.031", False),
    ],
)
def test_the_grade_gives_up_what_the_chips_staked_give_up(
    table_id: str,
    bet: int,
    amount: int | None,
    staked: int,
    line_figure: str,
    accepted: bool,
) -> None:
    round_ = insurance_round(table_id, bet)
    grade = Coach(PRESETS[table_id]).answer(round_, YES, amount).grade
    assert grade.evs[YES] == pytest.approx(-given_up(staked, bet), abs=1e-12)
    assert grade.ev_lost == pytest.approx(given_up(staked, bet), abs=1e-12)
    assert grade.accepted is accepted
    assert accepted is (given_up(staked, bet) <= 0.02)
    if not accepted:
        assert f"gives up {line_figure}:" in grade.line()
    assert f"{given_up(staked, bet):.3f}" == line_figure
    assert grade.best is NO
    assert insured_share(round_, amount) == pytest.approx(2 * staked / bet)


def test_at_guide_the_stake_is_lowered_to_the_balance_and_graded_as_staked() -> None:
    # Bet 100 with 10 chips left: the default insurance is the 10 chips, 10/100/13.
    guide = PRESETS["guide"]
    round_ = Round(guide, Shoe.stacked(guide, NINETEEN_V_ACE), Bankroll(110), 100)
    assert round_.insurance_limits() == (1, 10)
    grade = Coach(guide).answer(round_, YES).grade
    assert grade.ev_lost == pytest.approx(given_up(10, 100), abs=1e-12)  # 0.0077
    assert grade.accepted


def test_the_why_figure_stays_the_rules_half_bet() -> None:
    """The Why comes before a stake is chosen: it quotes the half bet, -1/26."""
    coach = Coach(PRESETS["practice"])
    spot = Spot("practice", ("T", "9"), "A", legal=frozenset({YES, NO}))
    assert coach.insurance_evs(spot) == {YES: pytest.approx(-1 / 26), NO: 0.0}
    assert coach.grade(spot, YES).ev_lost == pytest.approx(given_up(5, 10))


def test_the_table_records_the_stake_graded(store: Store) -> None:
    guide = PRESETS["guide"]
    shoe = Shoe.stacked(guide, NINETEEN_V_ACE)
    session = TableSession(Table(guide, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.set_bet(5)
    session.deal()
    grade = session.play(YES, 2)
    assert grade.ev_lost == pytest.approx(given_up(2, 5), abs=1e-12)  # 2/65 = 0.031
    (attempt,) = store.attempts()
    assert attempt.ev_lost == pytest.approx(given_up(2, 5), abs=1e-12)
    assert attempt.evs[YES] == pytest.approx(-given_up(2, 5), abs=1e-12)


def test_a_set_and_a_review_run_at_night_grade_two_chips_on_five(store: Store) -> None:
    """night: practice bet 5 (its first bet), full insurance 2 chips: 2/65, not 1/26."""
    night = PRESETS["night"]
    bet = practice_bet(night)
    assert bet == 5
    clock = ManualClock(NOON)
    practice = make_practice(store, rules=night, clock=clock)
    plan = DealPlan(
        Spot("night", ("T", "9"), "A", legal=frozenset({YES, NO})), tuple(NINETEEN_V_ACE)
    )
    practice_set = practice.start_custom([plan])
    pending = practice_set.pending
    assert pending is not None
    outcome = practice_set.answer(YES, token=pending.token)
    assert outcome.grade.ev_lost == pytest.approx(given_up(bet // 2, bet), abs=1e-12)
    assert "gives up 0.031" in outcome.line
    practice_set.play_on()
    assert practice_set.round.insurance_wager == 2
    (missed,) = practice_set.summary().missed
    assert missed.ev_lost == pytest.approx(given_up(2, 5), abs=1e-12)
    (attempt,) = store.attempts("night", run_id=practice_set.run_id)
    assert attempt.ev_lost == pytest.approx(given_up(2, 5), abs=1e-12)

    clock.advance(timedelta(days=1))
    review = practice.start_review()
    pending = review.pending
    assert pending is not None and pending.spot.key == plan.target.key
    again = review.answer(YES, token=pending.token)
    assert again.grade.ev_lost == pytest.approx(given_up(2, 5), abs=1e-12)
