"""The total-dependent basic-strategy chart of a table, computed exactly.

For a table's own deck count (``Rules.decks``: six, or one at ``home``), each
cell is the play that is best *averaged over the two-card hands that make
that total*: for every hand the exact finite-shoe EVs of
:func:`bjtrainer.ev.exact.two_card.two_card_table` (full shoe, the up card and
the player's two cards removed, card removal at every later step and every
later decision the best for the exact cards held, the dealer conditioned on
no blackjack where the table peeks), weighted by the
chance of that hand against that up card after the peek. This is how
published total-dependent basic strategies are derived (Griffin, *The Theory
of Blackjack*, ch. 2, "Definition of Basic Strategy"); for six decks, S17,
DAS and late surrender it reproduces Wizard of Odds' "4-Deck to 8-Deck
Blackjack Strategy" cell by cell (``tests/strategy``).

Rows: ``hard 5`` .. ``hard 20`` (two-card hard totals, pairs included with
their non-split values), ``soft 13`` .. ``soft 20`` (A,2 .. A,9), ``pair 2``
.. ``pair 9``, ``pair T``, ``pair A`` (the pair's own values, splitting
included). Columns: the up card, ``2`` .. ``9``, ``T``, ``A``.

Codes (:class:`~bjtrainer.strategy.codes.Code`): the best action, and when
it is double or surrender, what to do if it is not allowed (the better of
hit and stand, or split for a pair). ``Ph`` marks a split that is best only
because the table allows doubling after a split (emitted only when hitting
is then the best play without DAS; otherwise ``P``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import VALUE_RANKS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import ACE_INDEX, V, full_shoe
from bjtrainer.ev.exact.dealer import hole_blackjack_chance
from bjtrainer.ev.exact.player import ProgressCallback
from bjtrainer.ev.exact.two_card import TwoCardTable, solve_two_card_table, two_card_table
from bjtrainer.ev.spot import surrender_ev
from bjtrainer.strategy.codes import Code

#: Column labels, the up card: 2..9, T, A.
COLUMNS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")

#: Value index (0 = ace .. 9 = ten) of each column.
COLUMN_INDEX: dict[str, int] = {label: (i + 1) % V for i, label in enumerate(COLUMNS)}

HARD_ROWS: tuple[str, ...] = tuple(f"hard {t}" for t in range(5, 21))
SOFT_ROWS: tuple[str, ...] = tuple(f"soft {t}" for t in range(13, 21))
PAIR_ROWS: tuple[str, ...] = (*(f"pair {v}" for v in range(2, 10)), "pair T", "pair A")

#: Every row, in the order of the CSV file.
ROWS: tuple[str, ...] = HARD_ROWS + SOFT_ROWS + PAIR_ROWS

#: Display and tie-break order of actions.
_ORDER: tuple[Action, ...] = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)


@dataclass(frozen=True)
class Chart:
    """A basic-strategy chart: one code per (row, column).

    Attributes
    ----------
    rules_id : str
        The table the chart is for (``Rules.id``).
    double_after_split : bool
        Whether that table allows DAS (what ``Ph`` asks).
    codes : Mapping[str, Mapping[str, Code]]
        ``codes[row][column]`` for every row of :data:`ROWS` and column of
        :data:`COLUMNS`.
    evs : Mapping[str, Mapping[str, Mapping[Action, float]]]
        For a computed chart, the averaged exact EV of every allowed action
        behind each cell, in units of the original wager (empty for a chart
        read from a CSV file).
    """

    rules_id: str
    double_after_split: bool
    codes: Mapping[str, Mapping[str, Code]]
    evs: Mapping[str, Mapping[str, Mapping[Action, float]]] = field(default_factory=dict)

    def code(self, row: str, column: str) -> Code:
        """The code of one cell; raises ``KeyError`` for an unknown row or column."""
        return self.codes[row][column]


def _pick(evs: Mapping[Action, float], among: tuple[Action, ...]) -> Action:
    """The action with the highest EV among ``among`` (first in order on a tie)."""
    present = [a for a in _ORDER if a in among and a in evs]
    return max(present, key=lambda a: evs[a])


def cell_code(evs: Mapping[Action, float], split_without_das: float | None = None) -> Code:
    """The chart code for a cell's averaged EVs.

    Parameters
    ----------
    evs : Mapping[Action, float]
        EV of every allowed action (stand and hit at least).
    split_without_das : float, optional
        For a pair at a DAS table: the split EV if doubling after a split
        were not allowed (decides between ``P`` and ``Ph``).

    Returns
    -------
    Code
    """
    best = _pick(evs, _ORDER)
    plain = _pick(evs, (Action.STAND, Action.HIT))
    if best is Action.SURRENDER:
        fallback = _pick(evs, (Action.STAND, Action.HIT, Action.SPLIT))
        return {
            Action.SPLIT: Code.SURRENDER_SPLIT,
            Action.STAND: Code.SURRENDER_STAND,
        }.get(fallback, Code.SURRENDER_HIT)
    if best is Action.DOUBLE:
        return Code.DOUBLE_HIT if plain is Action.HIT else Code.DOUBLE_STAND
    if best is Action.SPLIT:
        if split_without_das is not None:
            others: dict[Action, float] = {a: v for a, v in evs.items() if a is not Action.SPLIT}
            without = _pick({**others, Action.SPLIT: split_without_das}, _ORDER)
            if without is Action.HIT:
                return Code.SPLIT_DAS_HIT
        return Code.SPLIT
    return Code.HIT if best is Action.HIT else Code.STAND


def _hand_evs(rules: Rules, table: TwoCardTable, u: int, i: int, j: int) -> dict[Action, float]:
    total = _two_card_total(i, j)
    evs = {Action.STAND: float(table.stand[u, i, j]), Action.HIT: float(table.hit[u, i, j])}
    if rules.may_double_total(total):
        evs[Action.DOUBLE] = float(table.double[u, i, j])
    if rules.surrender != "none":
        unseen = list(full_shoe(table.decks))
        for card in (u, i, j):
            unseen[card] -= 1
        evs[Action.SURRENDER] = surrender_ev(
            rules, VALUE_RANKS[u], hole_blackjack_chance(unseen, u)
        )
    return evs


def _two_card_total(i: int, j: int) -> int:
    hard = i + j + 2
    return hard + 10 if ACE_INDEX in (i, j) and hard + 10 <= 21 else hard


def _averaged(
    rules: Rules, table: TwoCardTable, u: int, hands: list[tuple[int, int]]
) -> dict[Action, float] | None:
    weights = np.array([table.chance[u, i, j] for i, j in hands])  # (hands,)
    if weights.sum() <= 0:
        return None
    per_hand = [_hand_evs(rules, table, u, i, j) for i, j in hands]
    return {
        action: float(np.dot(weights, [evs[action] for evs in per_hand]) / weights.sum())
        for action in per_hand[0]
    }


def _row_hands(row: str) -> list[tuple[int, int]]:
    kind, label = row.split()
    if kind == "pair":
        x = ACE_INDEX if label == "A" else 9 if label == "T" else int(label) - 1
        return [(x, x)]
    total = int(label)
    if kind == "soft":
        return [(ACE_INDEX, total - 12)]
    return [(i, total - 2 - i) for i in range(1, V) if i <= total - 2 - i < V]


def build_chart(
    rules: Rules,
    table: TwoCardTable | None = None,
    on_progress: ProgressCallback | None = None,
) -> Chart:
    """Compute the total-dependent basic-strategy chart of a table.

    Parameters
    ----------
    rules : Rules
        The table; its own deck count is used.
    table : TwoCardTable, optional
        Exact two-card values for these rules (computed and cached by
        :func:`~bjtrainer.ev.exact.two_card.two_card_table` if omitted).
    on_progress : ProgressCallback, optional
        ``on_progress(done, total)``, called as the two-card values are
        solved (:func:`~bjtrainer.ev.exact.two_card.solve_two_card_table`;
        not cached then); not called when ``table`` is given. A command line
        or TUI progress bar reads it as ``done`` of ``total`` steps.

    Returns
    -------
    Chart
        With the averaged EVs behind every cell. A cell whose hands cannot
        be dealt from the shoe is ``H``.
    """
    if table is None:
        if on_progress is None:
            table = two_card_table(rules)
        else:
            table = solve_two_card_table(rules, on_progress=on_progress)
    can_split = rules.max_split_hands >= 2
    codes: dict[str, dict[str, Code]] = {}
    cell_evs: dict[str, dict[str, dict[Action, float]]] = {}
    for row in ROWS:
        codes[row], cell_evs[row] = {}, {}
        hands = _row_hands(row)
        for column in COLUMNS:
            u = COLUMN_INDEX[column]
            evs = _averaged(rules, table, u, hands)
            if evs is None:
                codes[row][column] = Code.HIT
                cell_evs[row][column] = {}
                continue
            without_das = None
            if row.startswith("pair") and can_split:
                x = hands[0][0]
                evs[Action.SPLIT] = float(table.split[u, x])
                if rules.double_after_split:
                    without_das = float(table.split_no_das[u, x])
            codes[row][column] = cell_code(evs, without_das)
            cell_evs[row][column] = evs
    return Chart(
        rules_id=rules.id,
        double_after_split=rules.double_after_split,
        codes=codes,
        evs=cell_evs,
    )
