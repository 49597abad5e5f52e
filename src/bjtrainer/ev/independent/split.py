"""Split values, exact for independent draws, with resplits.

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, R = 10 pair
ranks, C = 10 drawn card values, H = 22 hard sums, A = 2 ace flag; and
N = ``max_split_hands`` + 2 indices for the number of hands in the round
(0 .. max + 1), K = the same for the number of pending one-card hands.

Rules (``docs/rules/practice.md``, "Splits"; ``docs/numbers.md``, "7.
Splitting"): a split hand starts with one card of the pair and gets its
second card when its turn begins; up to ``max_split_hands`` hands; double
after a split only with DAS; split aces take one card each and stand (a
split ace and a ten is 21, not a natural), and may resplit only with RSA;
split hands may not surrender; a split hand reaching 21 stands.

Let ``W(n, k)`` be the expected total return of ``k`` pending one-card hands
of rank ``r`` when the round has ``n`` hands. The next pending hand draws
``c``: if ``c`` is ``r`` and a resplit is allowed (``n < max`` and, for aces,
RSA), the player takes the better of playing the pair as it is,
``play(r, r) + W(n, k - 1)``, and resplitting, ``W(n + 1, k + 1)``;
otherwise ``play(r, c) + W(n, k - 1)``. ``W(n, 0) = 0``. Splitting a hand
when the round has ``n`` hands and ``p`` later one-card hands of rank ``r``
is worth ``W(n + 1, p + 2) - W(n, p)``, comparable with the stand, hit and
double values of that hand alone. The hands share one dealer, but by
linearity of expectation their values add up, and with independent draws
this is exact. Published tables (Wizard of Odds, Blackjack Appendix 1 and 5)
assume every possible resplit is taken; the value here lets the player
decline a resplit, and the two agree wherever resplitting is best.
"""

from __future__ import annotations

import numpy as np

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.draws import ACE, BEST_TOTAL, CARD_POINTS, CARD_PROBS, C, FloatArray
from bjtrainer.ev.independent.hand_values import HandTables


def split_hand_values(rules: Rules, tables: HandTables) -> FloatArray:
    """Value of a two-card split hand played to maximise EV.

    Parameters
    ----------
    rules : Rules
        Reads ``double_after_split`` and ``double_on``.
    tables : HandTables
        Stand, hit and double values for the dealer distribution in use.

    Returns
    -------
    numpy.ndarray
        Shape (U, R, C): expected return, in units of the split hand's
        wager, of a split hand holding pair rank ``r`` and drawn card ``c``,
        with no further split: the best of stand, hit and (with DAS, on a
        total the rules let double) double; split aces and any 21 stand.
    """
    ranks = np.arange(C)
    hard = CARD_POINTS[:, None] + CARD_POINTS[None, :]  # (R, C)
    ace = ((ranks[:, None] == ACE) | (ranks[None, :] == ACE)).astype(np.int64)  # (R, C)
    total = BEST_TOTAL[hard, ace]  # (R, C)
    split_ace = np.broadcast_to(ranks[:, None] == ACE, (C, C))  # (R, C)
    may_play = ~split_ace & (total < 21)  # (R, C): hit (and double) possible
    doubles = np.array([rules.may_double_total(t) for t in range(22)])  # (T,)
    may_double = may_play & doubles[total] & rules.double_after_split  # (R, C)
    stand = tables.stand[:, total]  # (U, R, C)
    hit = np.where(may_play, tables.hit[:, hard, ace], -np.inf)  # (U, R, C)
    double = np.where(may_double, tables.double[:, hard, ace], -np.inf)  # (U, R, C)
    values: FloatArray = np.maximum(stand, np.maximum(hit, double))  # (U, R, C)
    return values


def split_table(rules: Rules, tables: HandTables) -> FloatArray:
    """``W(n, k)`` for every up card and pair rank.

    Parameters
    ----------
    rules : Rules
        Reads ``max_split_hands``, ``resplit_aces``, ``double_after_split``
        and ``double_on``.
    tables : HandTables
        Stand, hit and double values for the dealer distribution in use.

    Returns
    -------
    numpy.ndarray
        Read-only, shape (N, K, U, R) with N = K = ``max_split_hands`` + 2:
        ``[n, k, u, r]`` is the expected total return (units of one hand's
        wager, doubles included) of ``k`` pending one-card hands of rank
        ``r`` when the round has ``n`` hands, every later decision played to
        maximise EV. Entries with ``k > n`` or ``n > max_split_hands`` are
        never reached and hold 0.
    """
    most = rules.max_split_hands
    values = split_hand_values(rules, tables)  # (U, R, C)
    pair_chance = CARD_PROBS  # (R,): chance the drawn card is the pair rank
    pair = np.diagonal(values, axis1=1, axis2=2)  # (U, R): play(r, r) with no split
    other = values @ CARD_PROBS - pair_chance * pair  # (U, R): sum over c != r of P(c) play(r, c)
    may_resplit = np.arange(C) != ACE  # (R,)
    if rules.resplit_aces:
        may_resplit = np.ones(C, dtype=np.bool_)
    size = most + 2
    table = np.zeros((size, size, *pair.shape))  # (N, K, U, R)
    for hands in range(most, 0, -1):
        for pending in range(1, hands + 1):
            rest = table[hands, pending - 1]  # (U, R)
            keep = pair + rest  # (U, R): play the pair as it is
            if hands < most:
                resplit = table[hands + 1, pending + 1]  # (U, R)
                keep = np.where(may_resplit, np.maximum(keep, resplit), keep)
            table[hands, pending] = other + (1.0 - pair_chance) * rest + pair_chance * keep
    table.setflags(write=False)
    return table
