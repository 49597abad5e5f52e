"""The insurance offer for the cards left.

``docs/numbers.md``, "8. Insurance" and "11. The shoe-aware figures".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.exact.composition import full_shoe
from bjtrainer.ev.exact.insurance import insurance_shoe_evs


def test_a_full_shoe_gives_the_independent_figure() -> None:
    """16 tens in 52 cards: p = 4/13, and a half-bet insurance returns -1/26."""
    evs, p = insurance_shoe_evs(full_shoe(6))
    assert p == pytest.approx(4 / 13, abs=1e-15)
    assert evs[Action.INSURANCE] == pytest.approx(-1 / 26, abs=1e-15)
    assert evs[Action.NO_INSURANCE] == 0.0


@pytest.mark.parametrize(
    ("tens", "others", "expected"),
    [
        (10, 20, Fraction(0)),  # a third of the cards are tens: break even
        (1, 0, Fraction(1)),  # the hole card must be a ten: 2:1 on half the bet
        (0, 7, Fraction(-1, 2)),  # no ten left: the half bet is lost
        (6, 10, Fraction(2 * 6 - 10, 16 * 2)),
    ],
)
def test_the_return_is_counted_from_the_tens_left(
    tens: int, others: int, expected: Fraction
) -> None:
    """Half-bet insurance: wins 2 x half the bet with chance p, loses half the bet otherwise."""
    unseen = (others, 0, 0, 0, 0, 0, 0, 0, 0, tens)  # every other card an ace
    evs, p = insurance_shoe_evs(unseen)
    assert p == pytest.approx(tens / (tens + others), abs=1e-15)
    assert evs[Action.INSURANCE] == pytest.approx(float(expected), abs=1e-15)


def test_no_card_left_is_refused() -> None:
    with pytest.raises(InvalidSpotError, match="No unseen cards"):
        insurance_shoe_evs((0,) * 10)
