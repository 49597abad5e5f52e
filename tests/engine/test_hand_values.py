"""Hand totals with several aces, and naturals.

Source of the rule: ``docs/rules/practice.md``, "Cards and totals" (the same
at every table): "Number cards count at face value; J, Q and K count as 10.
An ace counts as 11 when that does not bust the hand, otherwise as 1." and
only an original two-card ace plus a ten-value card is a natural.
"""

from __future__ import annotations

import itertools

import pytest

from bjtrainer.engine.cards import RANKS, Card
from bjtrainer.engine.hand import HandValue, PlayerHand, evaluate, is_natural
from bjtrainer.errors import InvalidCardError


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("AA9", HandValue(21, True)),
        ("5AA5", HandValue(12, False)),
        ("A6T", HandValue(17, False)),
        ("A6", HandValue(17, True)),
        ("AAAA", HandValue(14, True)),
        ("AAAAAAAAAAA", HandValue(21, True)),
        ("AAAAAAAAAAAA", HandValue(12, False)),
        ("KQ", HandValue(20, False)),
        ("", HandValue(0, False)),
    ],
)
def test_named_totals(cards: str, expected: HandValue) -> None:
    """The examples of docs/rules/practice.md, "Cards and totals": A,A,9 soft 21; 5,A,A,5
    hard 12; A,6,T hard 17."""
    assert evaluate(cards) == expected
    assert evaluate([Card(rank, "H") for rank in cards]) == expected


def _brute_force(ranks: tuple[str, ...]) -> HandValue:
    """Try every ace as 1 or 11; the best total not over 21 (else the least)."""
    points = {"T": 10, "J": 10, "Q": 10, "K": 10}
    fixed = sum(points[rank] if rank in points else int(rank) for rank in ranks if rank != "A")
    aces = ranks.count("A")
    totals = {fixed + sum(choice) for choice in itertools.product((1, 11), repeat=aces)}
    hardest = fixed + aces
    fitting = [total for total in totals if total <= 21]
    best = max(fitting) if fitting else hardest
    return HandValue(best, best != hardest)


def test_every_hand_of_up_to_four_cards_matches_brute_force() -> None:
    """All 13**k rank sequences for k <= 4 (30940 hands) against the
    assign-every-ace definition above."""
    for size in range(1, 5):
        for ranks in itertools.product(RANKS, repeat=size):
            assert evaluate(ranks) == _brute_force(ranks), ranks


@pytest.mark.parametrize("ten", ["T", "J", "Q", "K"])
def test_ace_and_any_ten_value_card_is_a_natural(ten: str) -> None:
    assert is_natural(["A", ten])
    assert is_natural([ten, "A"])


@pytest.mark.parametrize("cards", ["AA", "TK", "A9", "A55", "55A", "A", "AT5"])
def test_other_hands_are_not_naturals(cards: str) -> None:
    assert not is_natural(cards)


def test_a_split_hand_is_never_a_natural() -> None:
    """Source: "A split-hand 21 is an ordinary win, not a 3:2
    Blackjack"."""
    cards = [Card("A", "S"), Card("K", "H")]
    assert PlayerHand(cards=list(cards), wager=10).is_natural
    split = PlayerHand(cards=list(cards), wager=10, from_split=True)
    assert not split.is_natural
    assert split.total == 21
    assert split.split_aces


def test_player_hand_total_and_soft() -> None:
    hand = PlayerHand(cards=[Card("A", "S"), Card("6", "D")], wager=10)
    assert (hand.total, hand.soft) == (17, True)
    hand.cards.append(Card("T", "C"))
    assert (hand.total, hand.soft) == (17, False)


@pytest.mark.parametrize("bad", ["1", "10", "X", "a"])
def test_unknown_ranks_are_rejected(bad: str) -> None:
    with pytest.raises(InvalidCardError):
        evaluate(["A", bad])
