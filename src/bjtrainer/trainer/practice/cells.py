"""Chart cells: the row (hand) and column (up card) a spot falls in.

A basic-strategy chart is read by hand row and dealer up card: ``hard 5`` ..
``hard 20``, ``soft 13`` .. ``soft 20``, ``pair 2`` .. ``pair T``, ``pair A``
against ``2`` .. ``9``, ``T``, ``A`` (issue 5's chart layout). Practice uses
the same cells for the heat map of accuracy (issue 3, item 6: "a heat map of
hand x up card"), to give every cell the same chance in a draw, and to link
a much-missed spot to its chart row.

A hand where splitting is legal is on its pair row; otherwise a soft total
(an ace counted as 11) is on its soft row and the rest on their hard row,
whatever the number of cards. Rows the chart leaves out but play can reach
(hard 4 = 2,2 that can no longer split; soft 12 = A,A likewise) are kept.
The insurance question has its own row, ``insurance``, in the ace column.
"""

from __future__ import annotations

from typing import NamedTuple

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.trainer.spot_keys import is_insurance_spot
from bjtrainer.trainer.spots import Spot

__all__ = ["INSURANCE_ROW", "ROW_ORDER", "UP_ORDER", "ChartCell", "cell_of"]

#: Columns in chart order: up cards 2..9, ten-value, ace.
UP_ORDER: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")

INSURANCE_ROW = "insurance"

#: Rows in chart order, the rows play can reach beyond the usual chart included.
ROW_ORDER: tuple[str, ...] = (
    *(f"hard {total}" for total in range(4, 21)),
    *(f"soft {total}" for total in range(12, 21)),
    *(f"pair {rank}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")),
    INSURANCE_ROW,
)


class ChartCell(NamedTuple):
    """One cell of the chart.

    Attributes
    ----------
    row : str
        ``"hard 16"``, ``"soft 18"``, ``"pair 8"``, ``"pair A"`` or ``"insurance"``.
    up : str
        The dealer's up card as a value rank: ``"2"`` .. ``"9"``, ``"T"``, ``"A"``.
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
    if Action.SPLIT in spot.legal:
        return ChartCell(f"pair {spot.cards[0]}", spot.up)
    value = evaluate(spot.cards)
    kind = "soft" if value.soft else "hard"
    return ChartCell(f"{kind} {value.total}", spot.up)
