"""The practice cells: a spot's chart cell, and the insurance question's own row.

A spot's cell is the one :func:`bjtrainer.strategy.cells.hand_cell` names
(splitting "may" when the round allowed it): its row is the hand's name,
rows the chart leaves out but play can reach (hard 4, soft 12) included.
Practice uses these cells for the heat map of accuracy (hand x up card),
to give every cell the same chance in a draw, and to link a much-missed
spot to its chart row. The insurance question has its own row,
``insurance``, in the ace column.
"""

from __future__ import annotations

from typing import NamedTuple

from bjtrainer.engine.actions import Action
from bjtrainer.strategy.cells import HAND_ROWS, hand_cell
from bjtrainer.trainer.spots import Spot, is_insurance_spot

__all__ = ["INSURANCE_ROW", "ROW_ORDER", "ChartCell", "cell_of"]

INSURANCE_ROW = "insurance"

#: Rows in chart order, the rows play can reach beyond the usual chart included.
ROW_ORDER: tuple[str, ...] = (*HAND_ROWS, INSURANCE_ROW)


class ChartCell(NamedTuple):
    """One cell of the chart.

    Attributes
    ----------
    row : str
        ``"hard 16"``, ``"soft 18"``, ``"pair 8"``, ``"pair A"`` or ``"insurance"``.
    up : str
        The dealer's up card as a chart column: ``"2"`` .. ``"9"``, ``"T"``, ``"A"``.
    """

    row: str
    up: str

    @property
    def label(self) -> str:
        """``"hard 16 v T"``."""
        return f"{self.row} v {self.up}"


def cell_of(spot: Spot) -> ChartCell:
    """The chart cell of a spot (see the module docstring for the rows)."""
    if is_insurance_spot(spot):
        return ChartCell(INSURANCE_ROW, spot.up)
    cell = hand_cell(spot.cards, spot.up, may_split=Action.SPLIT in spot.legal)
    return ChartCell(cell.hand, cell.column)
