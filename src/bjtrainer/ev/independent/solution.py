"""Every value of one table, solved once per :class:`Rules` and looked up.

Letters as in :mod:`bjtrainer.ev.independent` (U, F, T, H, A, N, K, R).

Which dealer distribution is in use for an up card follows the peek rule
(``docs/rules/practice.md``, "Peek"; ``docs/numbers.md``, "Peek
conditioning"): where the dealer checks
the hole card before the player acts (``Rules.peeks_with``), the player only
acts after a clean peek, so every figure is conditioned on no dealer
blackjack; elsewhere (a ten up at ``night``, or ``peek="none"``) a dealer
blackjack stays a final state and is part of every figure.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.dealer import dealer_table
from bjtrainer.ev.independent.draws import BLACKJACK, INDEX_RANK, FloatArray
from bjtrainer.ev.independent.hand_values import HandTables, hand_tables
from bjtrainer.ev.independent.split import split_table


@dataclass(frozen=True)
class Solution:
    """The solved values of one table (see :func:`solve`).

    Arrays are read-only numpy arrays; the ``*_lookup`` lists hold the same
    numbers as nested Python lists, for fast scalar look-ups.

    Attributes
    ----------
    rules : Rules
        The table.
    checked : tuple[bool, ...]
        Shape (U,): the dealer has checked for blackjack before the player
        acts with this up card (an ace or ten the dealer peeks with).
    hidden_blackjack : tuple[bool, ...]
        Shape (U,): a dealer blackjack is still possible when the player acts.
    dealer : numpy.ndarray
        Shape (U, F): dealer final-state distribution in use per up card.
    tables : HandTables
        Stand (U, T), stand outcomes (U, T, 3), hit and double (U, H, A).
    split : numpy.ndarray
        Shape (N, K, U, R): ``W(n, k)`` of :func:`bjtrainer.ev.independent.split.split_table`.
    """

    rules: Rules
    checked: tuple[bool, ...]
    hidden_blackjack: tuple[bool, ...]
    dealer: FloatArray
    tables: HandTables
    split: FloatArray
    stand_lookup: list[list[float]]
    outcomes_lookup: list[list[list[float]]]
    hit_lookup: list[list[list[float]]]
    double_lookup: list[list[list[float]]]
    split_lookup: list[list[list[list[float]]]]


@functools.lru_cache(maxsize=32)
def solve(rules: Rules) -> Solution:
    """Solve every spot of a table once; later calls return the cached result.

    Parameters
    ----------
    rules : Rules
        The table (frozen and hashable, the cache key).

    Returns
    -------
    Solution
        Dealer distributions, stand/hit/double tables and split values for
        every up card, in units of the original wager of a hand.
    """
    both = dealer_table(rules.dealer_hits_soft_17)  # (2, U, F): unchecked, checked
    checked = tuple(rules.peeks_with(rank) for rank in INDEX_RANK)
    hidden = tuple(
        bool(both[0, up, BLACKJACK] > 0.0) and not checked[up] for up in range(len(INDEX_RANK))
    )
    dealer = both[np.array(checked, dtype=np.int64), np.arange(len(INDEX_RANK))]  # (U, F)
    dealer.setflags(write=False)
    tables = hand_tables(dealer)
    split = split_table(rules, tables)  # (N, K, U, R)
    return Solution(
        rules=rules,
        checked=checked,
        hidden_blackjack=hidden,
        dealer=dealer,
        tables=tables,
        split=split,
        stand_lookup=tables.stand.tolist(),
        outcomes_lookup=tables.stand_outcomes.tolist(),
        hit_lookup=tables.hit.tolist(),
        double_lookup=tables.double.tolist(),
        split_lookup=split.tolist(),
    )
