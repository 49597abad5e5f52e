"""Independent draws: the card values, their chances, and hand totals.

The model (``docs/numbers.md``, "1. Independent draws"): every card is
drawn from an infinite deck, so each of A, 2, ..., 9 comes with probability
1/13 and a ten-value card (T, J, Q, K) with probability 4/13, whatever was
dealt before (Wizard of Odds, Blackjack Appendix 1, uses the same model).

Letters as in :mod:`bjtrainer.ev.independent`: C = 10 card values of one
draw, index 0 = ace, 1..8 = 2..9, 9 = ten-value (the order of
``engine.cards.VALUE_RANKS``; U up cards and R pair ranks use the same
order); F = 7 dealer final states; T = 22 player best totals 0..21;
H = 22 player hard sums 0..21 (every ace counted as 1), which with the ace
flag (A = 2: no ace / at least one ace) give the total.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.cards import RANK_VALUE, RANKS, VALUE_RANKS

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Number of card values (also of up cards U and pair ranks R).
C: Final = 10
#: Index of the ace and of the ten-value card in the C order.
ACE: Final = 0
TEN: Final = 9

#: Exact chance of each card value, shape (C,): 1/13 each, 4/13 for ten-value.
CARD_FRACTIONS: Final[tuple[Fraction, ...]] = (Fraction(1, 13),) * 9 + (Fraction(4, 13),)
#: The same as floats, shape (C,).
CARD_PROBS: Final[FloatArray] = np.array([float(f) for f in CARD_FRACTIONS])  # (C,)
CARD_PROBS.setflags(write=False)
#: Point value of each card value (ace 1), shape (C,).
CARD_POINTS: Final[IntArray] = np.arange(1, C + 1, dtype=np.int64)  # (C,)
CARD_POINTS.setflags(write=False)

#: Index in the C order of every rank of ``engine.cards.RANKS`` (J, Q, K -> 9).
RANK_INDEX: Final[dict[str, int]] = {rank: RANK_VALUE[rank] - 1 for rank in RANKS}

#: Rank standing for each index of the C order: "A", "2", ..., "9", "T".
INDEX_RANK: Final[tuple[str, ...]] = VALUE_RANKS

#: Dealer final states in the F order.
FINAL_STATES: Final[tuple[str, ...]] = ("17", "18", "19", "20", "21", "bust", "blackjack")
F: Final = len(FINAL_STATES)
BUST: Final = 5
BLACKJACK: Final = 6

#: Player totals T = 0..21 and hard sums H = 0..21.
T: Final = 22
H: Final = 22


def best_total(hard: int, has_ace: bool) -> tuple[int, bool]:
    """Best total of a hand and whether it is soft.

    Parameters
    ----------
    hard : int
        Sum of the point values with every ace counted as 1.
    has_ace : bool
        Whether the hand holds at least one ace.

    Returns
    -------
    tuple[int, bool]
        ``(total, soft)``: one ace counts 11 when that does not pass 21
        (:func:`bjtrainer.engine.hand.evaluate`).
    """
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _best_totals() -> IntArray:
    totals = np.empty((H, 2), dtype=np.int64)  # (H, A)
    for hard in range(H):
        for ace in (0, 1):
            totals[hard, ace] = best_total(hard, bool(ace))[0]
    totals.setflags(write=False)
    return totals


#: Best total of every (hard sum, ace flag), shape (H, A).
BEST_TOTAL: Final[IntArray] = _best_totals()  # (H, A)

#: Chance that one more card busts a hand of each hard sum, shape (H,) as a tuple.
BUST_NEXT: Final[tuple[float, ...]] = tuple(
    float(sum(CARD_PROBS[c] for c in range(C) if hard + c + 1 > 21)) for hard in range(H)
)
