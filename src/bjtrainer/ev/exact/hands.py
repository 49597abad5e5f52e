"""Every player hand a finite-shoe analysis can meet, as a multiset of values.

With cards removed as they are drawn, a hand's value depends on which cards
it holds, not only on its total, so the exact analysis works on hand
*compositions*: counts of each point value (A, 2..9, T), order ignored. The
universe is every composition whose hard sum (aces as 1) is at most 21,
from the empty hand up: 3,083 hands. Hands are numbered so that a hand's
hard sum never exceeds its children's: the backward recursion can run from
the highest hard sum down.

Letters as in :mod:`bjtrainer.ev.exact`: X = 3,083 hands of the universe;
V = 10 point values.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.ev.exact.composition import ACE_INDEX, V

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Children index meaning "this card busts the hand".
BUSTED = -1


@dataclass(frozen=True)
class HandUniverse:
    """Every hand composition with a hard sum of at most 21.

    Attributes
    ----------
    counts : numpy.ndarray
        Shape (X, V): cards of each value in the hand.
    hard : numpy.ndarray
        Shape (X,): hard sum, aces counted as 1.
    total : numpy.ndarray
        Shape (X,): best total (an ace counts 11 when that does not bust).
    soft : numpy.ndarray
        Shape (X,): the best total counts an ace as 11.
    size : numpy.ndarray
        Shape (X,): number of cards.
    child : numpy.ndarray
        Shape (X, V): index of the hand after drawing each value, or
        :data:`BUSTED` when that card takes the hard sum over 21.
    index : dict[tuple[int, ...], int]
        Hand composition -> index.
    """

    counts: IntArray
    hard: IntArray
    total: IntArray
    soft: BoolArray
    size: IntArray
    child: IntArray
    index: dict[tuple[int, ...], int]

    def find(self, counts: tuple[int, ...]) -> int:
        """Index of a hand composition; raises ``KeyError`` if its hard sum exceeds 21."""
        return self.index[counts]


def _compositions(value: int, budget: int, prefix: list[int]) -> list[tuple[int, ...]]:
    """All count vectors for values ``value``.. with hard sum at most ``budget``."""
    if value == V:
        return [tuple(prefix)]
    found = []
    points = value + 1
    for count in range(budget // points + 1):
        prefix.append(count)
        found.extend(_compositions(value + 1, budget - count * points, prefix))
        prefix.pop()
    return found


@functools.cache
def hand_universe() -> HandUniverse:
    """Build the universe of hands (cached; about 10 ms the first time).

    Returns
    -------
    HandUniverse
    """
    hands = _compositions(0, 21, [])
    points = np.arange(1, V + 1)  # (V,)
    counts = np.array(hands, dtype=np.int64)  # (X, V)
    hard = counts @ points  # (X,)
    order = np.lexsort((counts.sum(axis=1), hard))  # by hard sum, then size
    counts = np.ascontiguousarray(counts[order])
    hard = hard[order]
    soft = (counts[:, ACE_INDEX] > 0) & (hard + 10 <= 21)  # (X,)
    total = np.where(soft, hard + 10, hard)  # (X,)
    index = {tuple(int(x) for x in row): i for i, row in enumerate(counts)}
    child = np.full((len(counts), V), BUSTED, dtype=np.int64)  # (X, V)
    for i, row in enumerate(counts.tolist()):
        for card in range(V):
            row[card] += 1
            child[i, card] = index.get(tuple(row), BUSTED)
            row[card] -= 1
    return HandUniverse(
        counts=counts,
        hard=hard,
        total=total,
        soft=soft,
        size=counts.sum(axis=1),
        child=child,
        index=index,
    )
