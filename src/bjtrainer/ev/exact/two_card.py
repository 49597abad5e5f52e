"""Exact values of every first two-card hand against every up card, full shoe.

For a table's own deck count (``Rules.decks``): the shoe is full, the up card
and the player's two cards are removed, and every action is valued with
card removal at every step (:mod:`bjtrainer.ev.exact.player`), splits by
:mod:`bjtrainer.ev.exact.split`. This is the input of the total-dependent
basic-strategy chart (:mod:`bjtrainer.strategy`) and of the full-game
return (:func:`game_return`), checked against Wizard of Odds, Blackjack
Appendix 9.

Letters as in :mod:`bjtrainer.ev.exact`: U = 10 up cards and V = 10 point
values, both in the order A, 2..9, T (index 0 is the ace).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.cards import VALUE_RANKS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import ACE_INDEX, TEN_INDEX, V, full_shoe
from bjtrainer.ev.exact.player import Family, ProgressCallback, solve_families
from bjtrainer.ev.exact.split import (
    max_split_hands_for,
    split_families,
    split_hand_values,
    split_value,
)
from bjtrainer.ev.spot import surrender_ev

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class TwoCardTable:
    """Exact conditional EVs of every first two-card hand, per up card.

    Every EV is per unit of the original wager, conditioned on no dealer
    blackjack where the dealer has checked with that up card, and includes
    it where the dealer has not. Entries are symmetric in the two cards.
    ``nan`` marks an action that does not exist (split of a non-pair);
    whether the rules allow an action is for the caller to read (doubling
    values are given for every hand, surrender is always -0.5).

    Attributes
    ----------
    rules : Rules
        The table.
    decks : int
        Full decks in the shoe (``rules.decks`` unless overridden).
    stand, hit, double : numpy.ndarray
        Shape (U, V, V): ``[u, i, j]`` for cards ``i`` and ``j`` against up card ``u``.
    split, split_no_das : numpy.ndarray
        Shape (U, V): splitting the pair ``[u, x]``, with the table's DAS
        rule and with no double after split (``nan`` when the rules allow no split).
    chance : numpy.ndarray
        Shape (U, V, V): chance of the up card and the two cards (in either
        order, so ``[u, i, j]`` with ``i != j`` counts both), and no dealer
        blackjack where the dealer checks; sums to 1 less the dealer
        blackjacks found at the peek.
    """

    rules: Rules
    decks: int
    stand: FloatArray
    hit: FloatArray
    double: FloatArray
    split: FloatArray
    split_no_das: FloatArray
    chance: FloatArray


@functools.lru_cache(maxsize=16)
def two_card_table(rules: Rules, decks: int | None = None) -> TwoCardTable:
    """:func:`solve_two_card_table`, cached per rules and deck count."""
    return solve_two_card_table(rules, decks)


def solve_two_card_table(
    rules: Rules, decks: int | None = None, on_progress: ProgressCallback | None = None
) -> TwoCardTable:
    """Solve every first two-card hand for a table's rules.

    Parameters
    ----------
    rules : Rules
        The table: ``decks``, ``dealer_hits_soft_17``, ``peek``, ``double_on``,
        ``double_after_split``, ``max_split_hands`` and ``resplit_aces`` are read.
    decks : int, optional
        Deck count to use instead of ``rules.decks`` (any positive number,
        e.g. a very large shoe to compare with independent draws).
    on_progress : ProgressCallback, optional
        Called as ``on_progress(done, total)`` after each step: the dealer's
        outcomes per up card, the player's recursion, then each pair's split
        values (``total`` = 11 + the pairs that may split).

    Returns
    -------
    TwoCardTable
    """
    full = np.array(full_shoe(decks or rules.decks), dtype=np.int64)  # (V,)
    ups = list(range(V))
    shoes = full[None, :] - np.eye(V, dtype=np.int64)  # (U, V): up card removed
    families = [Family(start=(0,) * V, offset=(0,) * V)]
    split_index: dict[int, list[int]] = {}
    if rules.max_split_hands >= 2:
        for pair in range(V):
            most = max_split_hands_for(rules, pair)
            offset = tuple(int(i == pair) for i in range(V))
            more = split_families(pair, offset, most)
            split_index[pair] = list(range(len(families), len(families) + len(more)))
            families.extend(more)
    steps = len(ups) + 1 + len(split_index)
    report = None if on_progress is None else lambda done, _: on_progress(done, steps)
    values = solve_families(rules, ups, shoes, families, report)

    # The 55 two-card hands, as node indices of the unsplit family.
    first, second = np.triu_indices(V)  # (55,) each
    nodes = np.array(
        [
            values.node(0, np.bincount([i, j], minlength=V).tolist())
            for i, j in zip(first, second, strict=True)
        ]
    )  # (55,)
    mass = values.mass[nodes]  # (55, U)
    tables = []
    for source in (values.stand, values.hit, values.double):
        with np.errstate(divide="ignore", invalid="ignore"):
            conditional = np.where(mass > 0, source[nodes] / mass, np.nan)  # (55, U)
        table = np.full((V, V, V), np.nan)  # (U, V, V)
        table[:, first, second] = conditional.T
        table[:, second, first] = conditional.T
        tables.append(table)
    size = shoes.sum(axis=1)  # (U,)
    ways = (
        shoes[:, first]
        * (shoes[:, second] - (first == second))
        * np.where(first == second, 1, 2)
        / (size * (size - 1))[:, None]
    )  # (U, 55): chance of the two cards given the up card
    chance = np.zeros((V, V, V))  # (U, V, V)
    joint = (full / full.sum())[:, None] * np.maximum(ways, 0.0) * mass.T  # (U, 55)
    chance[:, first, second] = joint
    chance[:, second, first] = joint

    split = np.full((V, V), np.nan)  # (U, V)
    split_no_das = np.full((V, V), np.nan)  # (U, V)
    for pair, indices in split_index.items():
        most = max_split_hands_for(rules, pair)
        pairs_left = shoes[:, pair] - 2  # (U,)
        others_left = size - 2 - pairs_left  # (U,)
        for das, column in ((rules.double_after_split, split), (False, split_no_das)):
            hands = split_hand_values(rules, values, indices, pair, double_after_split=das)
            result = split_value(hands, np.maximum(pairs_left, 0), others_left, most)  # (U,)
            column[:, pair] = np.where(pairs_left >= 0, result, np.nan)
        if on_progress is not None:
            on_progress(len(ups) + 2 + list(split_index).index(pair), steps)
    stand, hit, double = tables
    return TwoCardTable(
        rules=rules,
        decks=decks or rules.decks,
        stand=stand,
        hit=hit,
        double=double,
        split=split,
        split_no_das=split_no_das,
        chance=chance,
    )


def game_return(rules: Rules, table: TwoCardTable | None = None) -> float:
    """Expected return of a whole round, every hand played to its best exact EV.

    Composition-dependent play of the first two cards (each hand's best
    action from :func:`two_card_table`), US peek as the rules say, naturals
    paid ``blackjack_payout`` (pushed by a dealer natural found at the peek
    or behind an unchecked ace, paid at once against an unchecked ten, as the
    round settles them: ``docs/numbers.md``, "14. House edge per round"), no
    insurance. Used to check the whole exact analysis against the full-game
    figures of Wizard of Odds, Blackjack Appendix 9, and by ``bjtrainer
    simulate`` at a real shoe (``docs/numbers.md``, "17. Simulation").

    Parameters
    ----------
    rules : Rules
        The table.
    table : TwoCardTable, optional
        A solved table for ``rules``, whose deck count is used (computed
        for ``rules.decks`` if omitted).

    Returns
    -------
    float
        Player's expected return per round, in units of the original wager.
    """
    table = table or two_card_table(rules)
    full = np.array(full_shoe(table.decks), dtype=np.float64)  # (V,)
    ratio = float(rules.blackjack_ratio)
    total = 0.0
    for u in range(V):
        shoe = full.copy()
        shoe[u] -= 1
        up_chance = full[u] / full.sum()
        bj_card = TEN_INDEX if u == ACE_INDEX else ACE_INDEX if u == TEN_INDEX else None
        peeked = bj_card is not None and rules.peeks_with(VALUE_RANKS[u])
        for i in range(V):
            for j in range(i, V):
                ways = shoe[i] * (shoe[j] - (i == j)) / (shoe.sum() * (shoe.sum() - 1))
                ways *= 1 if i == j else 2
                if ways <= 0:
                    continue
                left = shoe.copy()
                left[i] -= 1
                left[j] -= 1
                dealer_bj = 0.0 if bj_card is None else left[bj_card] / left.sum()
                if {i, j} == {ACE_INDEX, TEN_INDEX}:
                    # Pushed by a dealer natural found at the peek or behind an
                    # unchecked ace; paid at once against an unchecked ten.
                    pushed = peeked or u == ACE_INDEX
                    value = ratio * (1.0 - dealer_bj) if pushed else ratio
                else:
                    best = max(table.stand[u, i, j], table.hit[u, i, j])
                    if rules.may_double_total(_total(i, j)):
                        best = max(best, table.double[u, i, j])
                    if i == j and not np.isnan(table.split[u, i]):
                        best = max(best, table.split[u, i])
                    if rules.surrender != "none":
                        best = max(best, surrender_ev(rules, VALUE_RANKS[u], dealer_bj))
                    value = -dealer_bj + (1.0 - dealer_bj) * best if peeked else best
                total += up_chance * ways * value
    return total


def _total(i: int, j: int) -> int:
    hard = i + j + 2
    return hard + 10 if ACE_INDEX in (i, j) and hard + 10 <= 21 else hard
