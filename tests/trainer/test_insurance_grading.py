"""Insurance is a graded decision (``docs/numbers.md``, "8. Insurance").

With an ace up and independent draws, P(dealer blackjack) = 4/13 (the hole
card is a ten-value). Half-bet insurance paying 2:1 then returns, per unit of
the original wager, 0.5 * (2 * 4/13 - 9/13) = -1/26 against 0 for declining
(``docs/numbers.md``, "8. Insurance"): always outside the 2% tolerance.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidSpotError
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.spots import Spot

P_BLACKJACK = 4 / 13
INSURANCE_EV = 0.5 * (2 * P_BLACKJACK - (1 - P_BLACKJACK))
BOTH = frozenset({Action.INSURANCE, Action.NO_INSURANCE})


def grade_insurance(table: str, up: str, action: Action, legal: frozenset[Action] = BOTH) -> Grade:
    """The Coach's grade of the answer to the insurance question, a natural-free 10,9 hand."""
    return Coach(PRESETS[table]).grade(Spot(table, ("T", "9"), up, legal=legal), action)


def test_taking_insurance_gives_up_one_twenty_sixth() -> None:
    assert pytest.approx(-1 / 26) == INSURANCE_EV  # the published -1/26
    taken = grade_insurance("practice", "A", Action.INSURANCE)
    assert taken.best is Action.NO_INSURANCE
    assert taken.ev_lost == pytest.approx(-INSURANCE_EV)
    assert not taken.accepted
    assert not taken.close_call
    assert taken.line() == (
        "✘ Insurance on hard 19 v A gives up 0.038: best is No insurance (EV +0.000)."
    )


def test_declining_insurance_is_right() -> None:
    declined = grade_insurance("practice", "A", Action.NO_INSURANCE)
    assert declined.accepted and declined.ev_lost == 0
    assert declined.evs[Action.INSURANCE] == pytest.approx(INSURANCE_EV)
    assert declined.line() == "✔ No insurance on hard 19 v A is right (EV +0.000)."


def test_only_declining_when_the_chips_do_not_cover_insurance() -> None:
    only = grade_insurance("practice", "A", Action.NO_INSURANCE, frozenset({Action.NO_INSURANCE}))
    assert dict(only.evs) == {Action.NO_INSURANCE: 0.0}
    with pytest.raises(ValueError):
        grade_insurance("practice", "A", Action.INSURANCE, frozenset({Action.NO_INSURANCE}))


def test_no_insurance_question_where_none_is_offered() -> None:
    with pytest.raises(InvalidSpotError):
        grade_insurance("home", "A", Action.NO_INSURANCE)  # home: no insurance
    with pytest.raises(InvalidSpotError):
        grade_insurance("practice", "T", Action.NO_INSURANCE)  # only with an ace up
