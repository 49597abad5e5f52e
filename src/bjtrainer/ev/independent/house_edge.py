"""The expected return of a whole round under best play (the house edge).

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, C = 10 card
values, F = 7 dealer final states.

This is the figure of ``bjtrainer edge``. Sum over the up card and the
player's first two cards (independent draws) of the best play, with the
order of a round of ``docs/rules/practice.md`` ("Order of a round", "Peek",
"Naturals"):

- where the dealer peeks with the up card, a dealer blackjack ends the round
  at the peek (a player natural pushes, every other hand loses its original
  wager); otherwise the player acts knowing there is no blackjack;
- a player natural pays ``blackjack_payout``; it pushes a dealer blackjack
  with an ace up; with a ten up and no check it is paid at once
  (``docs/rules/night.md``, "Ten up: no early check");
- where the dealer has not checked, the dealer blackjack is part of every
  value (it takes doubled and split money too);
- late surrender where the table allows it (-0.5), no insurance.

Checked against Wizard of Odds, Blackjack Appendix 1 and Appendix 5.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.dealer import dealer_table
from bjtrainer.ev.independent.draws import (
    ACE,
    BEST_TOTAL,
    BLACKJACK,
    CARD_POINTS,
    CARD_PROBS,
    INDEX_RANK,
    TEN,
    C,
    FloatArray,
)
from bjtrainer.ev.independent.solution import Solution, solve
from bjtrainer.ev.spot import surrender_ev


@dataclass(frozen=True)
class RoundEV:
    """Expected return of a round, per unit of the original wager.

    Attributes
    ----------
    expected_return : float
        Player's EV per round; negative means a house edge of that size
        (-0.00511734 is a house edge of 0.511734%).
    by_up : dict[str, float]
        EV per round given each dealer up card, keyed ``"A"``, ``"2"`` ..
        ``"9"``, ``"T"``; ``expected_return`` is their average weighted by
        the chance of the up card (1/13 each, 4/13 for ``"T"``).
    """

    expected_return: float
    by_up: dict[str, float]


def _best_first_two(rules: Rules, solution: Solution, first: int, second: int) -> FloatArray:
    """Best-play EV of an original two-card hand (not a natural), shape (U,)."""
    tables = solution.tables
    hard = int(CARD_POINTS[first] + CARD_POINTS[second])
    ace = int(ACE in (first, second))
    total = int(BEST_TOTAL[hard, ace])
    best = np.maximum(tables.stand[:, total], tables.hit[:, hard, ace])  # (U,)
    if rules.may_double_total(total):
        best = np.maximum(best, tables.double[:, hard, ace])
    if first == second and rules.max_split_hands >= 2:
        best = np.maximum(best, solution.split[2, 2, :, first])  # W(2, 2) - W(1, 0)
    if rules.surrender != "none":
        hole_blackjack = dealer_table(rules.dealer_hits_soft_17)[0, :, BLACKJACK]  # (U,)
        give_up = [
            surrender_ev(rules, rank, float(hole_blackjack[up]))
            for up, rank in enumerate(INDEX_RANK)
        ]
        best = np.maximum(best, np.array(give_up))
    return best


def round_ev(rules: Rules) -> RoundEV:
    """The round's expected return under best play, overall and by up card.

    Parameters
    ----------
    rules : Rules
        The table.

    Returns
    -------
    RoundEV
        Units of the original wager per round; unconditional (the chance of
        a dealer blackjack is included). Insurance is never taken. Solved
        once per table; each call returns a fresh ``by_up`` dict.
    """
    overall, by_up = _solve_round(rules)
    return RoundEV(expected_return=overall, by_up=dict(by_up))


@functools.lru_cache(maxsize=32)
def _solve_round(rules: Rules) -> tuple[float, tuple[tuple[str, float], ...]]:
    solution = solve(rules)
    ratio = float(rules.blackjack_ratio)
    blackjack = dealer_table(rules.dealer_hits_soft_17)[0, :, BLACKJACK]  # (U,) before any peek
    natural = 2.0 * CARD_PROBS[ACE] * CARD_PROBS[TEN]  # chance of a player natural
    played = np.zeros(C)  # (U,): sum over non-natural first two cards of chance x best EV
    for first in range(C):
        for second in range(first, C):
            if {first, second} == {ACE, TEN}:
                continue
            chance = CARD_PROBS[first] * CARD_PROBS[second] * (1 if first == second else 2)
            played += chance * _best_first_two(rules, solution, first, second)
    by_up: dict[str, float] = {}
    for up, rank in enumerate(INDEX_RANK):
        dealer_bj = float(blackjack[up])
        if solution.checked[up]:
            # the round ends at the peek with chance dealer_bj: natural pushes, the rest lose 1
            at_peek = -(1.0 - natural)
            after = natural * ratio + played[up]
            value = dealer_bj * at_peek + (1.0 - dealer_bj) * after
        elif up == ACE:
            value = natural * ratio * (1.0 - dealer_bj) + played[up]  # natural v natural pushes
        else:
            value = natural * ratio + played[up]  # paid at once, before any blackjack shows
        by_up[rank] = float(value)
    overall = float(sum(CARD_PROBS[up] * by_up[rank] for up, rank in enumerate(INDEX_RANK)))
    return overall, tuple(by_up.items())
