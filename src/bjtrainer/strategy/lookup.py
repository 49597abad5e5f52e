"""Read the chart's play for a spot.

Which cell: a two-card pair that may split reads its pair row; every other
hand reads its total: ``soft 13`` .. ``soft 20`` or ``hard 5`` .. ``hard 20``
(three-card hands included, so ``Dh`` becomes hit there and ``Rh`` hit
after the first two cards). A total the chart has no row for is hit below it
(hard 4 or less, soft 12: A,A that may not split) and stood on at 21. This is
how charts are read (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy":
"If you can't split because of a limit on re-splitting, then look up your
hand as a hard total").
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bjtrainer.engine.actions import HAND_ACTIONS, Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.errors import InvalidCardError, InvalidSpotError
from bjtrainer.strategy.chart import Chart
from bjtrainer.strategy.codes import Code, resolve_code

_COLUMN = {"A": "A", "T": "T", "J": "T", "Q": "T", "K": "T"}


def _column(up: str) -> str:
    if up not in RANK_VALUE:
        raise InvalidCardError(f"Not a card: {up!r}. Cards are A, 2-9, T, J, Q, K.")
    return _COLUMN.get(up, up)


def _total_code(chart: Chart, values: Sequence[int], column: str) -> Code:
    """The code of a hand's total row, or a fixed code where the chart has no row."""
    hard = sum(values)
    if 1 in values and hard + 10 <= 21:
        soft = hard + 10
        if soft == 21:
            return Code.STAND
        if soft < 13:
            return Code.HIT
        return chart.code(f"soft {soft}", column)
    if hard >= 21:
        return Code.STAND
    if hard < 5:
        return Code.HIT
    return chart.code(f"hard {hard}", column)


def chart_action(chart: Chart, cards: Sequence[str], up: str, legal: Collection[Action]) -> Action:
    """The chart's play for a spot, among the actions legal now.

    Parameters
    ----------
    chart : Chart
        The table's chart.
    cards : Sequence[str]
        The hand's ranks (``A 2..9 T J Q K``).
    up : str
        The dealer's up-card rank.
    legal : Collection[Action]
        The hand actions allowed now (double, split and surrender only where
        the rules and the chips allow them).

    Returns
    -------
    Action
        One of ``legal``: the code of the cell, resolved (``Dh`` is hit
        when doubling is not legal, ``Rp`` is split when surrender is not,
        ``Ph`` is hit at a table without DAS, ...).

    Raises
    ------
    InvalidSpotError
        If ``legal`` holds no hand action or ``cards`` is empty.
    InvalidCardError
        If a card or the up card is not a rank.
    """
    choices = [a for a in HAND_ACTIONS if a in legal]
    if not choices:
        raise InvalidSpotError("No legal hand action: there is no decision to read.")
    if not cards:
        raise InvalidSpotError("A spot needs the player's cards.")
    values = []
    for rank in cards:
        if rank not in RANK_VALUE:
            raise InvalidCardError(f"Not a card: {rank!r}. Cards are A, 2-9, T, J, Q, K.")
        values.append(RANK_VALUE[rank])
    column = _column(up)
    action: Action | None = None
    if len(values) == 2 and values[0] == values[1] and Action.SPLIT in legal:
        label = "A" if values[0] == 1 else "T" if values[0] == 10 else str(values[0])
        code = chart.code(f"pair {label}", column)
        action = resolve_code(code, legal, double_after_split=chart.double_after_split)
    if action is None:
        code = _total_code(chart, values, column)
        action = resolve_code(code, legal, double_after_split=chart.double_after_split)
    if action is None or action not in legal:
        action = Action.STAND if Action.STAND in legal else choices[0]
    return action
