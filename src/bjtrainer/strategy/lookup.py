"""Read the chart's play for a spot.

The cell a hand reads is :func:`bjtrainer.strategy.cells.hand_cell`'s: a
two-card pair that may split reads its pair row, every other hand its total
(three-card hands included, so ``Dh`` becomes hit there and ``Rh`` hit after
the first two cards); a total the chart has no row for is hit below it and
stood on at 21. A pair whose split the rules refuse now reads its total row.
A code that cannot be played (a split code where splitting is not legal, or
hit on split aces that take one card) falls back to stand, else the first
legal hand action.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bjtrainer.engine.actions import HAND_ACTIONS, Action
from bjtrainer.errors import InvalidSpotError
from bjtrainer.strategy.cells import hand_cell
from bjtrainer.strategy.chart import Chart
from bjtrainer.strategy.codes import resolve_code


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
    cell = hand_cell(cards, up, may_split=Action.SPLIT in legal)
    action = resolve_code(cell.code(chart), legal, double_after_split=chart.double_after_split)
    if action is None or action not in legal:
        action = Action.STAND if Action.STAND in legal else choices[0]
    return action
