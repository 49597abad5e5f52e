"""The codes of a basic-strategy chart and what each one means at the table.

The field's usual codes (Wizard of Odds, "4-Deck to 8-Deck Blackjack
Strategy"; Stanford Wong, *Basic Blackjack*, "db" and "dbs"):

==== =====================================================
H    hit
S    stand
Dh   double if allowed, else hit
Ds   double if allowed, else stand
P    split
Ph   split if double after split is allowed (DAS), else hit
Rh   surrender if allowed, else hit
Rs   surrender if allowed, else stand
Rp   surrender if allowed, else split
==== =====================================================
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum

from bjtrainer.engine.actions import Action


class Code(StrEnum):
    """One cell of a chart; the value is the code written in the CSV."""

    HIT = "H"
    STAND = "S"
    DOUBLE_HIT = "Dh"
    DOUBLE_STAND = "Ds"
    SPLIT = "P"
    SPLIT_DAS_HIT = "Ph"
    SURRENDER_HIT = "Rh"
    SURRENDER_STAND = "Rs"
    SURRENDER_SPLIT = "Rp"

    @property
    def splits(self) -> bool:
        """Whether the code splits when splitting is allowed (P, Ph, or Rp without surrender)."""
        return self in (Code.SPLIT, Code.SPLIT_DAS_HIT, Code.SURRENDER_SPLIT)


#: One line per code, for legends.
CODE_MEANINGS: dict[Code, str] = {
    Code.HIT: "hit",
    Code.STAND: "stand",
    Code.DOUBLE_HIT: "double if allowed, else hit",
    Code.DOUBLE_STAND: "double if allowed, else stand",
    Code.SPLIT: "split",
    Code.SPLIT_DAS_HIT: "split if double after split is allowed, else hit",
    Code.SURRENDER_HIT: "surrender if allowed, else hit",
    Code.SURRENDER_STAND: "surrender if allowed, else stand",
    Code.SURRENDER_SPLIT: "surrender if allowed, else split",
}

#: The colour of each code wherever a chart is drawn (rich styles): hits red,
#: stands yellow, doubles blue, splits green, surrenders grey.
CODE_STYLES: dict[Code, str] = {
    Code.HIT: "bold white on red",
    Code.STAND: "bold black on yellow",
    Code.DOUBLE_HIT: "bold white on blue",
    Code.DOUBLE_STAND: "bold white on dark_cyan",
    Code.SPLIT: "bold black on green",
    Code.SPLIT_DAS_HIT: "bold black on dark_sea_green",
    Code.SURRENDER_HIT: "bold white on grey35",
    Code.SURRENDER_STAND: "bold white on grey50",
    Code.SURRENDER_SPLIT: "bold white on grey42",
}


def resolve_code(
    code: Code, legal: Collection[Action], *, double_after_split: bool
) -> Action | None:
    """The action a code asks for, given the actions legal now.

    Parameters
    ----------
    code : Code
        The chart cell.
    legal : Collection[Action]
        The actions allowed now (e.g. no double on three cards, no surrender
        after a split).
    double_after_split : bool
        Whether the chart's table allows DAS (what ``Ph`` asks about).

    Returns
    -------
    Action or None
        The action, or None when the code asks to split and splitting is
        not legal (the caller then reads the hand's total row instead).
    """
    surrender = Action.SURRENDER in legal
    if code is Code.HIT:
        return Action.HIT
    if code is Code.STAND:
        return Action.STAND
    if code is Code.DOUBLE_HIT:
        return Action.DOUBLE if Action.DOUBLE in legal else Action.HIT
    if code is Code.DOUBLE_STAND:
        return Action.DOUBLE if Action.DOUBLE in legal else Action.STAND
    if code is Code.SURRENDER_HIT:
        return Action.SURRENDER if surrender else Action.HIT
    if code is Code.SURRENDER_STAND:
        return Action.SURRENDER if surrender else Action.STAND
    if code is Code.SURRENDER_SPLIT and surrender:
        return Action.SURRENDER
    if code is Code.SPLIT_DAS_HIT and not double_after_split:
        return Action.HIT
    return Action.SPLIT if Action.SPLIT in legal else None
