"""Which cell of the basic-strategy chart a hand reads: the one answer, for every reader.

The chart lookup (:func:`bjtrainer.strategy.chart_action`), the chart screen
and the practice heat map all name a hand's cell here. The cell is read as
charts are read (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy": "If
you can't split because of a limit on re-splitting, then look up your hand as
a hard total"): a two-card pair that may split now reads its pair row,
``pair 2`` .. ``pair 9``, ``pair T`` (any two ten-value cards), ``pair A``;
every other hand its total, ``soft 13`` .. ``soft 20`` or ``hard 5`` ..
``hard 20``, three-card hands included. The column is the dealer's up card,
``2`` .. ``9``, ``T`` (any ten-value card), ``A``.

A hand's name (``"hard 16"``, ``"soft 18"``, ``"pair 8"``) is one vocabulary:
the chart row where the chart has that row. Play can reach a few totals the
chart has no row for: hard 4 (2,2 that may no longer split) and soft 12
(A,A likewise) are hit, 21 or more is stood on (:attr:`SpotCell.fixed_code`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE, value_rank
from bjtrainer.engine.round import Phase, Round
from bjtrainer.errors import InvalidCardError
from bjtrainer.strategy.chart import HARD_ROWS, PAIR_ROWS, ROWS, SOFT_ROWS, Chart
from bjtrainer.strategy.codes import Code

__all__ = ["HAND_ROWS", "SpotCell", "column_of", "hand_cell", "round_cell"]

#: Every hand name a decision below 21 can carry, in chart order: the rows of
#: :data:`bjtrainer.strategy.ROWS` with hard 4 and soft 12 in their places.
HAND_ROWS: tuple[str, ...] = ("hard 4", *HARD_ROWS, "soft 12", *SOFT_ROWS, *PAIR_ROWS)


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
        ``"pair 8"``, ``"hard 21"``; equal to ``row`` where there is a row.
    """

    row: str | None
    column: str
    hand: str

    @property
    def fixed_code(self) -> Code | None:
        """For a hand without a row, what the chart says: stand at 21 or more, else hit.

        ``None`` for a hand with a row.
        """
        return None if self.row is not None else _code_without_row(self.hand)

    def code(self, chart: Chart) -> Code:
        """The code ``chart`` gives this cell (:attr:`fixed_code` for a hand without a row).

        Raises
        ------
        KeyError
            If ``chart`` lacks the row or the column.
        """
        if self.row is None:
            return _code_without_row(self.hand)
        return chart.code(self.row, self.column)

    def describe(self) -> str:
        """``"Your hand: hard 16 against T."``; for a hand without a row, what the chart says."""
        fixed = self.fixed_code
        if fixed is None:
            return f"Your hand: {self.hand} against {self.column}."
        play = "stand" if fixed is Code.STAND else "hit"
        return f"Your hand, {self.hand} against {self.column}, has no row: the chart says {play}."


def _code_without_row(hand: str) -> Code:
    """Stand on a total of 21 or more, hit below (``"hard 4"``, ``"soft 12"``)."""
    return Code.STAND if int(hand.split()[1]) >= 21 else Code.HIT


def _value(rank: str) -> int:
    """The point value of a rank (ace 1, ten-value 10); raises InvalidCardError otherwise."""
    try:
        return RANK_VALUE[rank]
    except KeyError:
        raise InvalidCardError(f"Not a card: {rank!r}. Cards are A, 2-9, T, J, Q, K.") from None


def column_of(up: str) -> str:
    """The chart column of an up-card rank: ``"K"`` -> ``"T"``, ``"A"`` -> ``"A"``.

    Raises
    ------
    InvalidCardError
        If ``up`` is not a rank.
    """
    _value(up)
    return value_rank(up)


def hand_cell(cards: Sequence[str], up: str, *, may_split: bool) -> SpotCell:
    """The chart cell a hand reads.

    Parameters
    ----------
    cards : Sequence[str]
        The hand's ranks (``A 2..9 T J Q K``), at least one.
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
    values = [_value(rank) for rank in cards]
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
