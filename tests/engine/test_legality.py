"""What the rules allow a hand (``engine.legality``), chips and phase aside.

Each case is a rule of docs/rules/<table>.md (sections "Hit, stand and 21",
"Doubling", "Splits", "Surrender"), with the sentence the player reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.legality import (
    allowed_actions,
    doubling_problem,
    hitting_problem,
    splitting_problem,
    surrendering_problem,
)
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules

PRACTICE, GUIDE, NIGHT, HOME = (PRESETS[name] for name in ("practice", "guide", "night", "home"))
S, H, D, P, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER


def variant(**changes: Any) -> Rules:
    return Rules.model_validate({**PRACTICE.model_dump(), "id": "variant", **changes})


@pytest.mark.parametrize(
    ("rules", "ranks", "from_split", "hands", "expected"),
    [
        (PRACTICE, "T6", False, 1, (S, H, D, R)),  # late surrender, double any two cards
        (PRACTICE, "88", False, 1, (S, H, D, P, R)),
        (PRACTICE, "JK", False, 1, (S, H, D, P, R)),  # J and K are a pair of equal value
        (PRACTICE, "8T", True, 2, (S, H, D)),  # DAS; a split hand never surrenders
        (PRACTICE, "88", True, 4, (S, H, D)),  # up to 4 hands
        (PRACTICE, "AA", True, 2, (S,)),  # split aces: one card each, no resplit
        (PRACTICE, "T33", False, 1, (S, H)),  # three cards: no double, split or surrender
        (GUIDE, "T6", False, 1, (S, H, D)),  # no surrender
        (HOME, "88", True, 2, (S, H)),  # one split, no DAS
        (variant(resplit_aces=True), "AA", True, 2, (S, P)),  # RSA: aces split again only
        (variant(double_on="10_to_11"), "93", False, 1, (S, H, R)),
        (variant(double_on="9_to_11"), "A8", False, 1, (S, H, R)),  # soft 19
    ],
)
def test_allowed_actions(
    rules: Rules, ranks: str, from_split: bool, hands: int, expected: tuple[Action, ...]
) -> None:
    assert allowed_actions(rules, tuple(ranks), from_split=from_split, hands=hands) == expected


def test_the_sentences_say_why_not() -> None:
    assert hitting_problem(("A", "7"), from_split=True) == (
        "Cannot hit: split aces take one card each."
    )
    assert hitting_problem(("7", "4", "K"), from_split=False) == (
        "Cannot hit: the hand already totals 21."
    )
    assert doubling_problem(PRACTICE, ("2", "3", "4"), from_split=False) == (
        "Cannot double: the hand already has 3 cards."
    )
    assert doubling_problem(HOME, ("5", "6"), from_split=True) == (
        "Cannot double: this table does not allow doubling after a split."
    )
    # guide: double below 21 only; an ace and a ten after a split are 21, not a natural
    assert doubling_problem(GUIDE, ("T", "A"), from_split=True) == (
        "Cannot double: this table allows doubling only on two-card totals below 21 "
        "(the hand totals 21)."
    )
    assert splitting_problem(PRACTICE, ("9", "T"), from_split=False, hands=1) == (
        "Cannot split: the two cards have different values (9 and T)."
    )
    assert splitting_problem(PRACTICE, ("8", "8"), from_split=True, hands=4) == (
        "Cannot split: this table allows at most 4 hands."
    )
    assert splitting_problem(variant(max_split_hands=1), ("8", "8"), from_split=False, hands=1) == (
        "Cannot split: this table does not allow splitting."
    )
    assert splitting_problem(NIGHT, ("A", "A"), from_split=True, hands=2) == (
        "Cannot split: split aces cannot be split again."
    )
    assert surrendering_problem(NIGHT, ("T", "6"), from_split=False, hands=1) == (
        "Cannot surrender: this table does not offer surrender."
    )
    assert surrendering_problem(PRACTICE, ("T", "6"), from_split=True, hands=2) == (
        "Cannot surrender: only the original hand may surrender, not a split hand."
    )
    assert surrendering_problem(PRACTICE, ("T", "2", "4"), from_split=False, hands=1) == (
        "Cannot surrender: only on the first two cards (the hand has 3)."
    )
