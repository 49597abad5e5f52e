"""Spots: value ranks, canonical order, a stable key read back exactly.

J, Q and K count as 10 (a ten-value card, ``docs/numbers.md``, "1.
Independent draws"), so a spot is written with value ranks, and the order
the cards came in does not change the decision: A,7 and 7,A are one spot.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidCardError, InvalidSpotError
from bjtrainer.ev import HandSpot, analyse
from bjtrainer.trainer.spots import Spot, canonical_cards, is_insurance_spot, parse_spot_key

STAND, HIT, DOUBLE, SPLIT, SURRENDER = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)


def test_order_and_face_cards_do_not_change_the_spot() -> None:
    assert Spot("practice", ("7", "A"), "6") == Spot("practice", ("A", "7"), "6")
    assert Spot("practice", ("K", "6"), "Q") == Spot("practice", ("6", "T"), "T")
    assert Spot("practice", ("J", "Q"), "K").cards == ("T", "T")
    assert Spot("practice", ("5", "A", "A", "5"), "9").cards == ("A", "A", "5", "5")
    assert Spot("practice", ("7", "A"), "6").key == Spot("practice", ("A", "7"), "6").key


def test_key_format_is_the_documented_one() -> None:
    spot = Spot("practice", ("T", "6"), "T", legal={HIT, STAND, DOUBLE, SURRENDER})
    assert spot.key == "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
    split = Spot("practice", ("8", "8"), "6", True, 2, 1, frozenset({SPLIT, DOUBLE, HIT, STAND}))
    assert split.key == "practice|8,8|6|split:2:1|stand+hit+double+split"


def test_every_field_is_part_of_the_key() -> None:
    base = Spot("practice", ("8", "3"), "6", True, 2, 0, frozenset({STAND, HIT, DOUBLE}))
    variants = [
        Spot("guide", ("8", "3"), "6", True, 2, 0, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "4"), "6", True, 2, 0, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "3"), "7", True, 2, 0, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "3"), "6", False, 2, 0, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "3"), "6", True, 3, 0, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "3"), "6", True, 2, 1, frozenset({STAND, HIT, DOUBLE})),
        Spot("practice", ("8", "3"), "6", True, 2, 0, frozenset({STAND, HIT})),
    ]
    keys = {base.key} | {spot.key for spot in variants}
    assert len(keys) == 1 + len(variants)


def test_a_key_reads_back_as_its_spot() -> None:
    spots = [
        Spot("practice", ("T", "6"), "T", legal={HIT, STAND, DOUBLE, SURRENDER}),
        Spot("practice", ("8", "3"), "6", True, 2, 1, frozenset({STAND, HIT, DOUBLE, SPLIT})),
        Spot("my|table", ("A", "A"), "A", legal={Action.INSURANCE, Action.NO_INSURANCE}),
        Spot("night", ("5", "2", "T"), "9"),  # no legal action recorded
    ]
    for spot in spots:
        assert parse_spot_key(spot.key) == spot
    assert parse_spot_key("my|table|A,A|A|hand:1:0|insurance+no_insurance").rules_id == "my|table"


@pytest.mark.parametrize(
    "key",
    [
        "practice|6,T|T|stand+hit",  # a field missing
        "practice|6,T|T|seat:1:0|stand",  # neither hand nor split
        "practice|6,T|T|hand:one:0|stand",  # hands not a number
        "practice|6,X|T|hand:1:0|stand",  # no such card
        "practice|6,T|T|hand:1:0|stand+fold",  # no such action
    ],
)
def test_a_key_that_names_no_spot_is_refused(key: str) -> None:
    with pytest.raises(InvalidSpotError, match="Not a spot key"):
        parse_spot_key(key)


def test_the_insurance_question_is_told_from_a_hand_decision() -> None:
    assert is_insurance_spot(
        Spot("practice", ("T", "9"), "A", legal={Action.INSURANCE, Action.NO_INSURANCE})
    )
    assert is_insurance_spot(Spot("practice", ("T", "9"), "A", legal={Action.NO_INSURANCE}))
    assert not is_insurance_spot(Spot("practice", ("T", "9"), "A", legal={STAND, HIT}))
    assert not is_insurance_spot(Spot("practice", ("T", "9"), "A"))


def test_a_split_hand_keeps_the_split_card_first() -> None:
    # Split 8s that drew a 3 is not split 3s that drew an 8 (the pending hands
    # hold 8s; a resplit needs another 8).
    assert Spot("practice", ("8", "3"), "6", split_hand=True).cards == ("8", "3")
    assert Spot("practice", ("3", "8"), "6", split_hand=True).cards == ("3", "8")
    assert canonical_cards(["8", "K", "3"], split_hand=True) == ("8", "3", "T")
    assert canonical_cards(["8", "K", "3"]) == ("3", "8", "T")


def test_bad_cards_are_refused() -> None:
    with pytest.raises(InvalidCardError):
        Spot("practice", ("T", "1"), "6")
    with pytest.raises(InvalidCardError):
        Spot("practice", ("T", "6"), "10")


def test_to_hand_spot_carries_every_field_the_ev_layer_needs() -> None:
    spot = Spot("practice", ("8", "Q"), "K", True, 3, 1, frozenset({STAND, HIT}))
    assert spot.to_hand_spot() == HandSpot(
        cards=("8", "T"), up="T", split_hand=True, hands_in_round=3, pending_split_hands=1
    )


@pytest.mark.parametrize(
    ("dealt", "split_hand"),
    [
        (("4", "5", "3", "3", "A"), False),  # hard 16; sorted, A,3,3,4 is soft 21 part-way
        (("A", "A", "5", "5"), False),  # hard 12
        (("T", "5", "A"), False),  # hard 16; T,A would be a natural as the first two
        (("T", "T", "A"), False),  # 21: stands by itself, not a decision
        (("5", "5", "5", "A"), True),  # split 5s, hard 16
        (("8", "2", "5", "A"), True),  # split 8s, hard 16
    ],
)
def test_canonical_cards_are_analysed_whatever_the_deal_order(
    dealt: tuple[str, ...], split_hand: bool
) -> None:
    """The EV layer reads a hand by its cards, not their order: a canonical
    (sorted) order of a real hand is a valid spot with the same total."""
    hands = 2 if split_hand else 1
    spot = Spot("practice", dealt, "T", split_hand=split_hand, hands_in_round=hands)
    hard = sum(1 if r == "A" else 10 if r == "T" else int(r) for r in dealt)
    total = hard + 10 if "A" in dealt and hard + 10 <= 21 else hard
    if total >= 21:
        with pytest.raises(InvalidSpotError):
            analyse(PRESETS["practice"], spot.to_hand_spot())
        return
    analysis = analyse(PRESETS["practice"], spot.to_hand_spot())
    # Hard 12..16 against a ten: standing wins only on a dealer bust, 22.98%
    # of the time after the peek, so stand EV = 0.2298 - 0.7702 (Appendix 1: -0.5404).
    assert analysis.evs[Action.STAND] == pytest.approx(-0.5404, abs=1e-4)
