"""Shoe compositions for the exact finite-shoe analysis.

A composition is a tuple of 10 non-negative ints: how many cards of each
point value are in a shoe, in the order A, 2, 3, ..., 9, T (index 0 is the
ace, index 9 every ten-value card: T, J, Q and K). Suits never matter.

One deck holds 4 cards of each value A..9 and 16 ten-value cards (52 cards);
``decks`` decks hold ``decks`` times as many (``docs/rules/practice.md``,
"Cards and totals").

Letters as in :mod:`bjtrainer.ev.exact`: V = 10 point values, in the order above.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.errors import InvalidCardError, InvalidSpotError

#: Number of point values (A, 2..9, T).
V = 10

#: Index of the ace and of the ten-value cards in a composition.
ACE_INDEX = 0
TEN_INDEX = 9

#: A shoe composition: cards per point value, shape (V,).
Composition = tuple[int, ...]


def value_index(rank: str) -> int:
    """Index of a rank's point value in a composition: A -> 0, 2 -> 1, T/J/Q/K -> 9.

    Raises
    ------
    InvalidCardError
        If ``rank`` is not one of ``A 2..9 T J Q K``.
    """
    try:
        return RANK_VALUE[rank] - 1
    except KeyError:
        raise InvalidCardError(f"Not a card: {rank!r}. Cards are A, 2-9, T, J, Q, K.") from None


def full_shoe(decks: int) -> Composition:
    """Composition of ``decks`` full decks: ``4 * decks`` of A..9, ``16 * decks`` tens.

    Raises
    ------
    InvalidSpotError
        If ``decks`` is not a positive whole number.
    """
    if decks < 1:
        raise InvalidSpotError(f"A shoe needs at least one deck; got {decks}.")
    return (4 * decks,) * 9 + (16 * decks,)


def composition_of(ranks: Iterable[str]) -> Composition:
    """Count cards by point value: ``composition_of("T6")`` has one 6 and one ten.

    Raises
    ------
    InvalidCardError
        If a rank is not a card.
    """
    counts = [0] * V
    for rank in ranks:
        counts[value_index(rank)] += 1
    return tuple(counts)


def remove_cards(shoe: Sequence[int], ranks: Iterable[str]) -> Composition:
    """The composition left after taking ``ranks`` out of ``shoe``.

    Raises
    ------
    InvalidSpotError
        If a card is taken more often than the shoe holds it.
    InvalidCardError
        If a rank is not a card.
    """
    left = list(shoe)
    for rank in ranks:
        index = value_index(rank)
        if left[index] == 0:
            raise InvalidSpotError(
                f"The shoe has no {rank} left: more {rank}s were seen than it holds."
            )
        left[index] -= 1
    return tuple(left)


def unseen_composition(decks: int, seen: Iterable[str]) -> Composition:
    """Cards not yet seen since the shuffle: the undealt shoe plus the hole card.

    This is what the shoe-aware figures are computed from: the cards already
    shown (earlier rounds, the player's cards, the up card) are removed; the
    hole card is not seen, so it stays in the composition, and the order of
    the undealt cards is never read.

    Parameters
    ----------
    decks : int
        Decks in the shoe (``Rules.decks``).
    seen : Iterable[str]
        Ranks of every card shown since the shuffle.

    Returns
    -------
    Composition
        Shape (V,).

    Raises
    ------
    InvalidSpotError
        If more cards of a value were seen than the shoe holds.
    InvalidCardError
        If a rank is not a card.
    """
    return remove_cards(full_shoe(decks), seen)


def check_composition(composition: Sequence[int]) -> Composition:
    """Validate a composition and return it as a tuple of ints.

    Raises
    ------
    InvalidSpotError
        If it does not have 10 entries or an entry is negative.
    """
    values = tuple(int(count) for count in composition)
    if len(values) != V or min(values) < 0:
        raise InvalidSpotError(
            f"A shoe composition is 10 non-negative counts (A, 2..9, T); got {list(values)}."
        )
    return values
