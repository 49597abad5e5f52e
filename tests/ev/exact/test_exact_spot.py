"""The shoe-aware figures for one spot: what is legal, what is exact, what is refused."""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev import HandSpot, rules_actions
from bjtrainer.ev.exact.composition import full_shoe, remove_cards, unseen_composition
from bjtrainer.ev.exact.spot import analyse_shoe

PRACTICE = PRESETS["practice"]


def test_actions_are_the_rules_actions_in_order() -> None:
    for cards, up in (("T6", "T"), ("88", "A"), ("A7", "3"), ("T25", "9")):
        spot = HandSpot(cards=tuple(cards), up=up)
        unseen = unseen_composition(6, [*cards, up])
        got = analyse_shoe(PRACTICE, spot, unseen)
        assert tuple(got.evs) == rules_actions(PRACTICE, spot)
        assert got.best == max(got.evs, key=got.evs.__getitem__)


def test_surrender_is_half_the_wager() -> None:
    """Late surrender returns half the wager: ``docs/numbers.md``, "6. Surrender"."""
    got = analyse_shoe(PRACTICE, HandSpot(cards=("T", "6"), up="T"), unseen_composition(6, "T6T"))
    assert got.evs[Action.SURRENDER] == -0.5
    assert got.dealer_checked


def test_bust_chance_is_counted_from_the_cards_left() -> None:
    """Hard 16 busts on any 6, 7, 8, 9 or ten-value card among the unseen cards.

    With a 9 up the dealer cannot hold a blackjack, so no peek conditions the
    count (the ten-up case is in test_bust_chance_is_conditioned_on_a_clean_peek).
    """
    unseen = remove_cards(full_shoe(1), ["T", "6", "9", "7", "7", "9"])
    got = analyse_shoe(PRACTICE, HandSpot(cards=("T", "6"), up="9"), unseen)
    busting = unseen[5] + unseen[6] + unseen[7] + unseen[8] + unseen[9]
    assert got.bust_next == pytest.approx(busting / sum(unseen), abs=1e-15)


def test_a_shoe_without_big_cards_turns_twelve_into_a_hit() -> None:
    """12 v 6 stands from a full shoe; with only A..5 left no card can bust it.

    Hitting a hand that cannot bust is never worse than standing on it (the
    drawn card only moves the total up), so hit must beat stand there.
    """
    full = analyse_shoe(PRACTICE, HandSpot(cards=("T", "2"), up="6"), unseen_composition(6, "T26"))
    assert full.best is Action.STAND
    small = (10, 10, 10, 10, 10, 0, 0, 0, 0, 0)
    got = analyse_shoe(PRACTICE, HandSpot(cards=("T", "2"), up="6"), small)
    assert got.bust_next == 0.0
    assert got.evs[Action.HIT] > got.evs[Action.STAND]


def test_split_hands_follow_the_hand_limit() -> None:
    """A split hand may split again only while the round has fewer than 4 hands."""
    unseen = unseen_composition(6, "888886")
    full = HandSpot(cards=("8", "8"), up="6", split_hand=True, hands_in_round=4)
    got = analyse_shoe(PRACTICE, full, unseen)
    assert Action.SPLIT not in got.evs
    assert Action.SURRENDER not in got.evs
    # With three hands in the round one more split is allowed: the two hands
    # it makes may not split again, exactly like a first split at a table
    # that allows two hands.
    room = HandSpot(cards=("8", "8"), up="6", split_hand=True, hands_in_round=3)
    two_hands = PRACTICE.model_copy(update={"id": "two-hands", "max_split_hands": 2})
    first = HandSpot(cards=("8", "8"), up="6")
    assert analyse_shoe(PRACTICE, room, unseen).evs[Action.SPLIT] == pytest.approx(
        analyse_shoe(two_hands, first, unseen).evs[Action.SPLIT], abs=1e-12
    )


def test_impossible_inputs_are_refused() -> None:
    spot = HandSpot(cards=("T", "6"), up="A")
    with pytest.raises(InvalidSpotError):
        analyse_shoe(PRACTICE, spot, [1, 2, 3])
    with pytest.raises(InvalidSpotError):
        analyse_shoe(PRACTICE, spot, [-1, 4, 4, 4, 4, 4, 4, 4, 4, 16])
    with pytest.raises(InvalidSpotError, match="certain blackjack"):
        analyse_shoe(PRACTICE, spot, [0, 0, 0, 0, 0, 0, 0, 0, 0, 7])
    with pytest.raises(InvalidSpotError):
        analyse_shoe(PRACTICE, HandSpot(cards=("A", "T"), up="6"), unseen_composition(6, "AT6"))
    with pytest.raises(InvalidSpotError):
        unseen_composition(1, ["A"] * 5)


def test_bust_chance_is_conditioned_on_a_clean_peek() -> None:
    """7,7 v T at one deck (home): the hole card is not an ace, and the next
    card comes from what is left beside it; enumerate both cards by hand."""
    from fractions import Fraction

    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.ev import HandSpot
    from bjtrainer.ev.exact.composition import unseen_composition
    from bjtrainer.ev.exact.spot import analyse_shoe

    counts = {v: 4 for v in range(1, 10)} | {10: 16}
    counts[7] -= 2
    counts[10] -= 1  # 7, 7 and the up ten are out: 49 cards unseen
    joint = Fraction(0)
    clean = Fraction(0)
    total = sum(counts.values())
    for hole, hole_count in counts.items():
        if hole == 1:
            continue  # an ace under the ten is a blackjack: the round would have ended
        p_hole = Fraction(hole_count, total)
        clean += p_hole
        left = dict(counts)
        left[hole] -= 1
        busting = sum(n for value, n in left.items() if 14 + value > 21)
        joint += p_hole * Fraction(busting, total - 1)
    expected = joint / clean
    analysis = analyse_shoe(
        PRESETS["home"], HandSpot(("7", "7"), "T"), unseen_composition(1, ["7", "7", "T"])
    )
    assert analysis.bust_next == pytest.approx(float(expected), abs=1e-12)
