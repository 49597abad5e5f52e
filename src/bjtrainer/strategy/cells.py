"""Which cell of the basic-strategy chart a hand reads, for the chart screen. No Textual.

The cell is read as :func:`bjtrainer.strategy.chart_action` reads it (Wizard
of Odds, "4-Deck to 8-Deck Blackjack Strategy": "If you can't split because
of a limit on re-splitting, then look up your hand as a hard total"): a
two-card pair that may split now reads its pair row; every other hand its
total, ``soft 13`` .. ``soft 20`` or ``hard 5`` .. ``hard 20``, three-card
hands included. The column is the dealer's up card, ``2`` .. ``9``, ``T``
(any ten-value card), ``A``. A total the chart has no row for is hit below
it (hard 4 or less, soft 12) and stood on at 21.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import rank_value, value_rank
from bjtrainer.engine.round import Phase, Round
from bjtrainer.strategy import ROWS


@dataclass(frozen=True)
class SpotCell:
    """The chart cell of one hand against one up card.

    Attributes
    ----------
    row : str or None
        A row of :data:`bjtrainer.strategy.ROWS`, or ``None`` where the
        chart has no row for the hand.
    column : str
        A column of :data:`bjtrainer.strategy.COLUMNS` (``2`` .. ``9``, ``T``, ``A``).
    hand : str
        The hand as the chart names it: ``"hard 16"``, ``"soft 18"``,
        ``"pair 8"``, ``"hard 21"``.
    """

    row: str | None
    column: str
    hand: str

    def describe(self) -> str:
        """``"Your hand: hard 16 against T."``; for a hand without a row, what the chart says."""
        if self.row is not None:
            return f"Your hand: {self.hand} against {self.column}."
        total = int(self.hand.split()[1])
        play = "stand" if total >= 21 else "hit"
        return f"Your hand, {self.hand} against {self.column}, has no row: the chart says {play}."


def column_of(up: str) -> str:
    """The chart column of an up-card rank: ``"K"`` -> ``"T"``, ``"A"`` -> ``"A"``.

    Raises
    ------
    InvalidCardError
        If ``up`` is not a rank.
    """
    rank_value(up)  # raises InvalidCardError for anything that is not a rank
    return value_rank(up)


def hand_cell(cards: Sequence[str], up: str, *, may_split: bool) -> SpotCell:
    """The chart cell a hand reads.

    Parameters
    ----------
    cards : Sequence[str]
        The hand's ranks, at least one.
    up : str
        The dealer's up-card rank.
    may_split : bool
        The hand may be split now: a two-card pair then reads its pair row.

    Returns
    -------
    SpotCell

    Raises
    ------
    InvalidCardError
        If a rank is not a card.
    """
    column = column_of(up)
    values = [rank_value(rank) for rank in cards]
    if may_split and len(values) == 2 and values[0] == values[1]:
        row = f"pair {value_rank(cards[0])}"
        return SpotCell(row, column, row)
    hard = sum(values)
    hand = f"soft {hard + 10}" if 1 in values and hard + 10 <= 21 else f"hard {hard}"
    return SpotCell(hand if hand in ROWS else None, column, hand)


def round_cell(round_: Round) -> SpotCell | None:
    """The cell of the hand to decide now, or ``None`` when no hand decision is pending.

    In phase PLAYER the active hand, reading its pair row when splitting is
    legal now. At the insurance offer the first hand, reading its pair row
    when the table allows a split at all (the split itself is decided after
    the insurance answer).
    """
    if round_.phase is Phase.PLAYER and 0 <= round_.active < len(round_.hands):
        hand = round_.hands[round_.active]
        may_split = Action.SPLIT in round_.legal_actions()
    elif round_.phase is Phase.INSURANCE and round_.hands:
        hand = round_.hands[0]
        may_split = round_.rules.max_split_hands >= 2
    else:
        return None
    return hand_cell([card.rank for card in hand.cards], round_.up_card.rank, may_split=may_split)
