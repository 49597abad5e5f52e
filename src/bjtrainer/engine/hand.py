"""Hand totals, naturals and the player's hand at the table.

A total is *soft* when an ace in it counts as 11, *hard* otherwise. An ace
counts as 11 when that does not take the hand over 21, else as 1; J, Q and K
count as 10 (``docs/rules/practice.md``, "Cards and totals", the same at
every table). At most one
ace can count as 11, so A,A,9 is soft 21, 5,A,A,5 is hard 12 and A,6,T is
hard 17.

A *natural* (a blackjack) is an original two-card hand of an ace and a
ten-value card; a 21 made after a split is not one, but an ordinary 21
(``docs/rules/practice.md``, "Cards and totals").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from bjtrainer.engine.cards import TEN_RANKS, Card, rank_value
from bjtrainer.engine.records import Outcome

__all__ = ["HandValue", "PlayerHand", "evaluate", "is_natural"]


class HandValue(NamedTuple):
    """The best total of a set of cards.

    Attributes
    ----------
    total : int
        Points, an ace counted as 11 when that does not go over 21.
    soft : bool
        True when an ace is counted as 11 in ``total``.
    """

    total: int
    soft: bool


def _rank(card: Card | str) -> str:
    if isinstance(card, Card):
        return card.rank
    rank_value(card)  # raises InvalidCardError for anything that is not a rank
    return card


def evaluate(cards: Iterable[Card | str]) -> HandValue:
    """Return the best total of ``cards`` and whether it is soft.

    Parameters
    ----------
    cards : iterable of Card or str
        Cards, or bare ranks (``"A"``, ``"7"``, ``"T"``, ``"K"``). No cards
        total hard 0.

    Returns
    -------
    HandValue
        ``(total, soft)``: ``evaluate("AA9") == (21, True)``,
        ``evaluate("5AA5") == (12, False)``, ``evaluate("A6T") == (17, False)``.

    Raises
    ------
    InvalidCardError
        If a string is not one of the ranks ``A 2..9 T J Q K``.
    """
    ranks = [_rank(card) for card in cards]
    hard = sum(rank_value(rank) for rank in ranks)
    if "A" in ranks and hard + 10 <= 21:
        return HandValue(hard + 10, True)
    return HandValue(hard, False)


def is_natural(cards: Iterable[Card | str]) -> bool:
    """Whether these are exactly two cards, an ace and a ten-value card.

    The caller decides whether the hand is an original one: a split hand is
    never a natural (see :attr:`PlayerHand.is_natural`).

    Raises
    ------
    InvalidCardError
        If a string is not a rank.
    """
    ranks = [_rank(card) for card in cards]
    return len(ranks) == 2 and "A" in ranks and any(rank in TEN_RANKS for rank in ranks)


@dataclass
class PlayerHand:
    """One of the player's hands in a round.

    Attributes
    ----------
    cards : list of Card
        The hand's cards in the order dealt.
    wager : int
        Chips on this hand, a double included (a doubled 10-chip hand has 20).
    doubled : bool
        The hand was doubled.
    from_split : bool
        The hand was made by a split (both hands of a split have it).
    surrendered : bool
        The hand was surrendered (late surrender).
    finished : bool
        No further decision is possible on this hand.
    outcome : Outcome or None
        How the hand was settled; None until then.
    returned : int
        Chips paid back when the hand was settled, stake included (a 10-chip
        win returns 20, a push 10, a loss 0).
    settled : bool
        The hand has been paid or taken; its wager is no longer on the table.
    """

    cards: list[Card]
    wager: int
    doubled: bool = False
    from_split: bool = False
    surrendered: bool = False
    finished: bool = False
    outcome: Outcome | None = None
    returned: int = 0
    settled: bool = False

    @property
    def value(self) -> HandValue:
        """Best total and softness of the hand (see :func:`evaluate`)."""
        return evaluate(self.cards)

    @property
    def total(self) -> int:
        """Best total of the hand."""
        return self.value.total

    @property
    def soft(self) -> bool:
        """Whether the total counts an ace as 11."""
        return self.value.soft

    @property
    def is_natural(self) -> bool:
        """A two-card ace and ten-value hand that was not made by a split."""
        return not self.from_split and is_natural(self.cards)

    @property
    def split_aces(self) -> bool:
        """A hand made by splitting aces (one card each, then it stands)."""
        return self.from_split and bool(self.cards) and self.cards[0].rank == "A"

    @property
    def net(self) -> int:
        """Chips won (positive) or lost (negative) once settled; 0 before."""
        return self.returned - self.wager if self.settled else 0
