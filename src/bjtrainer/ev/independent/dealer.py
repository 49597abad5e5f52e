"""The dealer's final total per up card, by one dynamic program.

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, C = 10 hole or
drawn card values, F = 7 final states (17, 18, 19, 20, 21, bust,
blackjack), S = 27 dealer hard sums 0..26 (aces as 1), A = 2 ace flag.

The dealer draws to 17 and stands on soft 17 unless the rules say H17
(``docs/rules/practice.md``, "The dealer's turn"; ``docs/numbers.md``, "2.
The dealer's final total"). An ace up with a ten in the hole, or a ten up
with an ace in the hole, is a blackjack, a final state of its own.
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.draws import (
    ACE,
    BLACKJACK,
    BUST,
    CARD_POINTS,
    CARD_PROBS,
    TEN,
    C,
    F,
    FloatArray,
    best_total,
)
from bjtrainer.ev.spot import up_index

#: Dealer hard sums kept by the program: a dealer draws only on 16 or less,
#: so no hard sum above 16 + 10 = 26 is ever reached.
S: Final = 27


def _finals_from_hard_sums(hits_soft_17: bool) -> FloatArray:
    """Final-state distribution from every dealer hand, shape (S, A, F).

    ``finals[s, a]`` is the distribution of the final state of a dealer hand
    (two cards or more, not a blackjack) with hard sum ``s`` and ace flag
    ``a``. Filled from the highest sums down, each one depending only on
    higher ones.
    """
    finals = np.zeros((S, 2, F))  # (S, A, F)
    finals[22:, :, BUST] = 1.0
    for hard in range(21, -1, -1):
        for ace in (0, 1):
            total, soft = best_total(hard, bool(ace))
            if total >= 18 or (total == 17 and not (soft and hits_soft_17)):
                finals[hard, ace, total - 17] = 1.0
            elif ace:
                finals[hard, 1] = CARD_PROBS @ finals[hard + 1 : hard + 11, 1]  # (C,) @ (C, F)
            else:
                finals[hard, 0] = (
                    CARD_PROBS[ACE] * finals[hard + 1, 1]  # an ace sets the flag; (F,)
                    + CARD_PROBS[1:] @ finals[hard + 2 : hard + 11, 0]  # (C-1,) @ (C-1, F)
                )
    return finals


@functools.cache
def dealer_table(hits_soft_17: bool) -> FloatArray:
    """Final-state distributions for every up card, unchecked and checked.

    Parameters
    ----------
    hits_soft_17 : bool
        H17 if true, S17 if false (``Rules.dealer_hits_soft_17``).

    Returns
    -------
    numpy.ndarray
        Read-only, shape (2, U, F). ``[0, u]`` is the distribution of the
        final state with up card ``u`` before any peek (a blackjack is
        possible with an ace or ten up); ``[1, u]`` is conditioned on no
        dealer blackjack: the hole card is never a ten under an ace, never
        an ace under a ten (equal to ``[0, u]`` for other up cards).
        Probabilities; each row sums to 1.
    """
    finals = _finals_from_hard_sums(hits_soft_17)  # (S, A, F)
    hard = CARD_POINTS[:, None] + CARD_POINTS[None, :]  # (U, C): up + hole
    index = np.arange(C)
    ace = (index[:, None] == ACE) | (index[None, :] == ACE)  # (U, C)
    opening = finals[hard, ace.astype(np.int64)]  # (U, C, F)
    opening[ACE, TEN] = opening[TEN, ACE] = np.eye(F)[BLACKJACK]  # a natural
    weights = np.broadcast_to(CARD_PROBS, (C, C)).copy()  # (U, C): chance of each hole card
    unchecked = np.einsum("ucf,uc->uf", opening, weights)  # (U, F)
    weights[ACE, TEN] = weights[TEN, ACE] = 0.0  # the hole card that makes a blackjack
    weights /= weights.sum(axis=1, keepdims=True)  # (U, C), renormalised
    checked = np.einsum("ucf,uc->uf", opening, weights)  # (U, F)
    table = np.stack([unchecked, checked])  # (2, U, F)
    table.setflags(write=False)
    return table


def dealer_distribution(rules: Rules, up: str, *, checked: bool) -> FloatArray:
    """The chance of each dealer final state for one up card.

    Parameters
    ----------
    rules : Rules
        Only ``dealer_hits_soft_17`` is read (S17/H17).
    up : str
        Up-card rank, ``"A"``, ``"2"`` .. ``"9"``, ``"T"`` (J, Q, K as T).
    checked : bool
        True: conditioned on the dealer not having blackjack (what the player
        knows after a clean peek). False: before any peek, blackjack
        included.

    Returns
    -------
    numpy.ndarray
        A new array, shape (F,) = (7,): P(17), P(18), P(19), P(20), P(21),
        P(bust), P(blackjack); sums to 1. Independent draws (each rank 1/13,
        ten-values 4/13). Checked against Alan Krigman's published table
        (``docs/numbers.md``, "2. The dealer's final total").

    Raises
    ------
    InvalidSpotError
        If ``up`` is not a rank.
    """
    row: FloatArray = dealer_table(rules.dealer_hits_soft_17)[int(checked), up_index(up)].copy()
    return row
