"""Stand, hit and double values of one player hand, by backward recursion.

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, C = 10 drawn
card values, F = 7 dealer final states, T = 22 player totals 0..21,
H = 22 player hard sums 0..21, A = 2 ace flag; inside the recursion,
E = 32 hard sums 0..31 (a hand of 21 that draws a ten busts at 31).

Values are expected returns per unit of the hand's wager (a double risks two
units). The dealer's final state is independent of the player's cards
(independent draws), so every value is an average over the dealer
distribution of the up card, whichever one is in use (checked or not). A
dealer blackjack is a final state: it beats every total, so standing loses 1
and a double loses 2 to it (``docs/numbers.md``, sections 3 to 5). Rules of
play (``docs/rules/practice.md``, "Hit, stand and 21" and "Doubling"): a hand
reaching 21 stands by itself; after a hit the hand may only hit or stand; a
double takes exactly one card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from bjtrainer.ev.independent.draws import (
    ACE,
    BEST_TOTAL,
    BLACKJACK,
    BUST,
    CARD_POINTS,
    CARD_PROBS,
    C,
    FloatArray,
    H,
    T,
)

#: E, the hard sums kept during the recursion: up to 21 + 10 (a bust after a hit).
_WIDE: Final = H + 10


@dataclass(frozen=True)
class HandTables:
    """Per-hand values for every up card and player hand state.

    Attributes
    ----------
    stand : numpy.ndarray
        Shape (U, T): expected return of standing on each best total
        (totals 0..16 all lose unless the dealer busts, so they are equal).
    stand_outcomes : numpy.ndarray
        Shape (U, T, 3): chances of win, push and loss when standing;
        a dealer blackjack counts as a loss.
    hit : numpy.ndarray
        Shape (U, H, A): expected return of hitting once and then playing
        on (hit or stand) to maximise EV; a bust is -1.
    double : numpy.ndarray
        Shape (U, H, A): expected return of doubling: 2 x the average stand
        value after exactly one card, -2 on a bust.
    """

    stand: FloatArray
    stand_outcomes: FloatArray
    hit: FloatArray
    double: FloatArray


def stand_outcomes(dealer: FloatArray) -> FloatArray:
    """Win, push and loss chances of standing, for every up card and total.

    Parameters
    ----------
    dealer : numpy.ndarray
        Shape (U, F): dealer final-state distribution per up card.

    Returns
    -------
    numpy.ndarray
        Shape (U, T, 3), probabilities. A total of 16 or less wins only on a
        dealer bust; 17..21 also wins against a lower dealer total and
        pushes an equal one. A dealer blackjack beats every total
        (``docs/numbers.md``, "3. Standing").
    """
    ups = dealer.shape[0]
    outcomes = np.zeros((ups, T, 3))  # (U, T, 3)
    outcomes[:, :, 0] = dealer[:, None, BUST]  # every total wins on a dealer bust
    outcomes[:, :, 2] = dealer[:, :BUST].sum(axis=1)[:, None] + dealer[:, None, BLACKJACK]
    for total in range(17, 22):
        made = total - 17  # the dealer's 17..21 below this total
        outcomes[:, total, 0] += dealer[:, :made].sum(axis=1)  # (U,)
        outcomes[:, total, 1] = dealer[:, made]  # (U,)
        outcomes[:, total, 2] = dealer[:, made + 1 : BUST].sum(axis=1) + dealer[:, BLACKJACK]
    return outcomes


def hand_tables(dealer: FloatArray) -> HandTables:
    """Solve stand, hit and double for every up card and hand state.

    Parameters
    ----------
    dealer : numpy.ndarray
        Shape (U, F): the dealer distribution in use per up card
        (conditioned on no blackjack where the dealer has checked).

    Returns
    -------
    HandTables
        Values in units of the hand's wager, for independent draws.
    """
    ups = dealer.shape[0]
    outcomes = stand_outcomes(dealer)  # (U, T, 3)
    stand = outcomes[:, :, 0] - outcomes[:, :, 2]  # (U, T)

    bust_index = np.arange(_WIDE) > 21  # (E,) hard sums that bust
    totals = BEST_TOTAL[np.minimum(np.arange(_WIDE), 21)]  # (E, A)
    stand_or_bust = np.where(bust_index[None, :, None], -1.0, stand[:, totals])  # (U, E, A)

    double = np.zeros((ups, H, 2))  # (U, H, A)
    for card in range(C):
        step = int(CARD_POINTS[card])
        after = stand_or_bust[:, step : step + H]  # (U, H, A) one card later
        double[:, :, 0] += CARD_PROBS[card] * after[:, :, 1 if card == ACE else 0]
        double[:, :, 1] += CARD_PROBS[card] * after[:, :, 1]
    double *= 2.0

    best_play = np.full((ups, _WIDE, 2), -1.0)  # (U, E, A): max(stand, hit); -1 if bust
    hit = np.empty((ups, H, 2))  # (U, H, A)
    for hard in range(H - 1, -1, -1):
        hit[:, hard, 0] = (
            CARD_PROBS[ACE] * best_play[:, hard + 1, 1]  # (U,)
            + best_play[:, hard + 2 : hard + 11, 0] @ CARD_PROBS[1:]  # (U, C-1) @ (C-1,)
        )
        hit[:, hard, 1] = best_play[:, hard + 1 : hard + 11, 1] @ CARD_PROBS  # (U, C) @ (C,)
        for ace in (0, 1):
            total = int(BEST_TOTAL[hard, ace])
            if total == 21:  # a hand reaching 21 stands by itself
                best_play[:, hard, ace] = stand[:, 21]
            else:
                best_play[:, hard, ace] = np.maximum(stand[:, total], hit[:, hard, ace])
    for array in (outcomes, stand, hit, double):
        array.setflags(write=False)
    return HandTables(stand=stand, stand_outcomes=outcomes, hit=hit, double=double)
