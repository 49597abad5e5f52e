"""The finite-shoe dealer against a brute-force enumeration and a published table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.exact.composition import full_shoe, value_index
from bjtrainer.ev.exact.dealer import (
    OUTCOMES,
    _cached_probabilities,
    dealer_final_probabilities,
    dealer_outcomes,
    dealer_tree,
)

PRACTICE = PRESETS["practice"]
H17 = PRACTICE.model_copy(update={"id": "practice-h17", "dealer_hits_soft_17": True})


def brute_force_dealer(up: int, shoe: list[int], hits_soft_17: bool) -> list[Fraction]:
    """Enumerate every draw sequence card by card, exact fractions, no peek.

    Returns chances of 17, 18, 19, 20, 21, bust, blackjack (a two-card 21).
    Written from the rules of ``docs/rules/practice.md`` ("The dealer's
    turn"), not from the module under test.
    """
    result = [Fraction(0)] * 7

    def draw(hard: int, ace: bool, cards: int, chance: Fraction) -> None:
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if hard > 21:
            result[5] += chance
            return
        if cards == 2 and total == 21:
            result[6] += chance
            return
        if total > 17 or (total == 17 and not (soft and hits_soft_17)):
            result[total - 17] += chance
            return
        left = sum(shoe)
        for value in range(10):
            if shoe[value]:
                share = Fraction(shoe[value], left)
                shoe[value] -= 1
                draw(hard + value + 1, ace or value == 0, cards + 1, chance * share)
                shoe[value] += 1

    draw(up + 1, up == 0, 1, Fraction(1))
    return result


SMALL_SHOES = [
    [2, 1, 2, 1, 1, 2, 1, 1, 1, 5],
    [1, 2, 1, 2, 2, 1, 2, 1, 2, 4],
    [3, 0, 1, 1, 0, 2, 1, 2, 0, 3],
]


@pytest.mark.parametrize("shoe", SMALL_SHOES)
@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_batch_matches_brute_force_without_peek(shoe: list[int], hits_soft_17: bool) -> None:
    for up in range(10):
        exact = brute_force_dealer(up, list(shoe), hits_soft_17)
        got = dealer_outcomes(dealer_tree(up, hits_soft_17, False), [shoe])[0]
        for outcome, (want, have) in enumerate(zip(exact, got, strict=True)):
            assert have == pytest.approx(float(want), abs=1e-12), (up, OUTCOMES[outcome])


@pytest.mark.parametrize("shoe", SMALL_SHOES)
def test_peeked_chances_are_joint_with_no_blackjack(shoe: list[int]) -> None:
    """With the peek, the blackjack mass is dropped, not renormalised."""
    for up in (0, 9):
        exact = brute_force_dealer(up, list(shoe), False)
        got = dealer_outcomes(dealer_tree(up, False, True), [shoe])[0]
        assert got[6] == 0.0
        assert got.sum() == pytest.approx(float(1 - exact[6]), abs=1e-12)
        for outcome in range(5):
            assert got[outcome] == pytest.approx(float(exact[outcome]), abs=1e-12)


def test_one_deck_ten_up_conditioned_on_no_blackjack() -> None:
    """Public, normalised form: divide the brute force by P(no blackjack)."""
    shoe = list(full_shoe(1))
    shoe[9] -= 1  # the ten up card
    exact = brute_force_dealer(9, list(shoe), False)
    no_blackjack = 1 - exact[6]
    got = dealer_final_probabilities(PRACTICE, "K", shoe)
    assert got[6] == 0.0
    for outcome in range(6):
        assert got[outcome] == pytest.approx(float(exact[outcome] / no_blackjack), abs=1e-12)


def test_h17_differs_from_s17_only_through_soft_17() -> None:
    shoe = list(full_shoe(1))
    shoe[5] -= 1
    s17 = dealer_final_probabilities(PRACTICE, "6", shoe)
    h17 = dealer_final_probabilities(H17, "6", shoe)
    assert h17[0] < s17[0]  # fewer 17s when soft 17 is hit
    exact = brute_force_dealer(5, list(shoe), True)
    assert h17 == pytest.approx([float(x) for x in exact], abs=1e-12)


def test_krigman_infinite_shoe_totals_at_a_huge_shoe() -> None:
    """Alan Krigman, casinocitytimes.com (2006), S17, before any peek, in percent.

    ``docs/numbers.md``, "2. The dealer's final total": ten up 11.14 11.14 11.14 34.22 3.45
    blackjack 7.69 bust 21.21 (the exact bust; printed 21.22 so the row sums
    to 100); ace up 13.08 13.08 13.08 13.08 5.39 blackjack 30.77 bust 11.52.
    The ace row's bust is printed rounded the same way (exact 11.5286%), so
    bust is checked to 0.01 there. A shoe of a million decks is an infinite
    deck to far better than the printed 0.005%.
    """
    night = PRESETS["night"]  # peeks on the ace only: the ten-up blackjack stays
    huge = list(full_shoe(1_000_000))
    huge[9] -= 1
    ten = dealer_final_probabilities(night, "T", huge)
    assert [round(100 * p, 2) for p in ten] == [11.14, 11.14, 11.14, 34.22, 3.45, 21.21, 7.69]
    none = PRACTICE.model_copy(update={"id": "no-peek", "peek": "none"})
    huge = list(full_shoe(1_000_000))
    huge[0] -= 1
    ace = [100 * p for p in dealer_final_probabilities(none, "A", huge)]
    assert [round(p, 2) for p in ace[:5]] == [13.08, 13.08, 13.08, 13.08, 5.39]
    assert round(ace[6], 2) == 30.77
    assert ace[5] == pytest.approx(11.52, abs=0.01)


def test_results_are_memoised_per_composition() -> None:
    shoe = list(full_shoe(2))
    shoe[value_index("7")] -= 1
    _cached_probabilities.cache_clear()
    first = dealer_final_probabilities(PRACTICE, "7", shoe)
    second = dealer_final_probabilities(PRACTICE, "7", tuple(shoe))
    assert first is second
    assert _cached_probabilities.cache_info().hits == 1


def test_bad_composition_is_rejected() -> None:
    with pytest.raises(InvalidSpotError):
        dealer_final_probabilities(PRACTICE, "7", [1, 2, 3])
    with pytest.raises(InvalidSpotError):
        dealer_final_probabilities(PRACTICE, "7", [-1, 4, 4, 4, 4, 4, 4, 4, 4, 16])
