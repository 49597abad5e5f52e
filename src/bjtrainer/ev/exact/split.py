"""Pair splitting for a finite shoe, with resplits, by the usual approximation.

The rules (``docs/rules/practice.md``, "Splits"; ``docs/numbers.md``, "12.
The basic-strategy chart", item 3): each split hand starts with one card of
the pair and gets its second card when its turn begins; a hand whose second
card is another pair card may be split again while the round has fewer than
``max_split_hands`` hands (aces only with RSA); split aces take one card
each; double after a split only with DAS; no surrender after a split.

Exact with one split. With no resplit, the two hands' values are equal
(each hand is played on its own cards, and by exchangeability the cards the
other hand takes are just unseen cards), so splitting is worth twice one
hand that starts with one pair card, drawn from the shoe with both pair
cards and the up card removed (MGP, "Calculating Split EVs Exactly",
blackjackinfo.com; Eric Farmer in "MGP's BJCA", blackjacktheforum.com: "The
expected outcome of the two halves of the split are indeed identical"; k_c,
bjstrat.net "splitAlgorithm").

Resplits: the approximation. Published analysers value resplits by
counting only the pair cards removed, not the other cards the other split
hands drew (Wizard of Odds, Blackjack Appendix 9: "For splitting values the
program only considered how many hands the player had already split, but
not the other cards drawn in those hands"; MGP's P/N/x round patterns;
k_c's multipliers per number of pair cards removed). We follow it:

- A round is a pattern of second cards: P (a pair card, split again while
  hands remain) or N (any other card); once the round has the most hands
  allowed, every remaining hand takes any card (x). The pattern's chance is
  exact: pair cards and other cards are drawn without replacement.
- Each hand is valued as one hand of the pattern's kind, N (second card not
  a pair card) or x (any second card, no resplit), from the shoe with the
  up card, the two original pair cards and ``k`` more pair cards removed,
  where ``k`` is the number of resplits in the whole round (every hand
  meets the same dealer, who draws after all the split hands). Cards drawn
  by the other hands are ignored, except through the pattern's chance.
- Every possible resplit is taken (as published tables assume).
- Pattern chances use the shoe before the peek; the hand values are
  conditioned on no dealer blackjack where the dealer has checked.

With ``max_split_hands`` = 2 (no resplit) this is exact (checked against a
brute-force deal of both hands in ``tests/ev/exact/test_exact_split.py``).
With resplits, analysers differ in the details of the approximation: the
whole-game returns built on these values are within 5e-6 of those printed in
Wizard of Odds, Blackjack Appendix 9 for 1 to 6 decks, and at a very large
shoe they become the infinite-deck values of Appendix 1.

Letters as in :mod:`bjtrainer.ev.exact`: J = resplits counted (0 .. max
hands - 2); U = up cards; V = 10 point values. P, N and x name kinds of
second card (MGP's notation), not dimensions.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import ACE_INDEX, V
from bjtrainer.ev.exact.hands import hand_universe
from bjtrainer.ev.exact.player import Family, FamilyValues

FloatArray = npt.NDArray[np.float64]


@functools.lru_cache(maxsize=4096)
def resplit_weights(
    pairs_left: int, others_left: int, max_hands: int
) -> tuple[FloatArray, FloatArray]:
    """Expected number of N-hands and x-hands per resplit count, over round patterns.

    Parameters
    ----------
    pairs_left : int
        Pair cards left in the shoe after the pair and the up card are out.
    others_left : int
        Other cards left.
    max_hands : int
        Most hands the split may reach (2 = no resplit).

    Returns
    -------
    tuple[numpy.ndarray, numpy.ndarray]
        ``(n_hands, x_hands)``, each of shape (J,) with J = ``max_hands`` - 1:
        ``n_hands[k]`` is the expected number of hands whose second card is
        not a pair card in rounds with ``k`` resplits, ``x_hands[k]`` the
        expected number of hands dealt after the round reached
        ``max_hands``. The split is worth
        ``sum_k n_hands[k] * EV_N(k) + x_hands[k] * EV_x(k)``.
    """
    size = max(max_hands - 1, 1)
    n_hands = np.zeros(size)  # (J,)
    x_hands = np.zeros(size)  # (J,)

    def walk(hands: int, dealt: int, pairs: int, others: int, chance: float) -> None:
        # ``dealt`` hands have their second card (each an N); hand ``dealt`` draws next.
        if hands == max_hands:
            n_hands[pairs] += chance * dealt
            x_hands[pairs] += chance * (hands - dealt)
            return
        if dealt == hands:
            n_hands[pairs] += chance * dealt
            return
        left = pairs_left - pairs + others_left - others
        if left <= 0:  # the shoe is empty: count the rest as x hands
            n_hands[pairs] += chance * dealt
            x_hands[pairs] += chance * (hands - dealt)
            return
        pair_chance = (pairs_left - pairs) / left
        if pair_chance > 0:
            walk(hands + 1, dealt, pairs + 1, others, chance * pair_chance)
        if pair_chance < 1:
            walk(hands, dealt + 1, pairs, others + 1, chance * (1.0 - pair_chance))

    walk(2, 0, 0, 0, 1.0)
    n_hands.setflags(write=False)
    x_hands.setflags(write=False)
    return n_hands, x_hands


def max_split_hands_for(rules: Rules, pair: int) -> int:
    """Most hands a split of this pair value may reach: aces stop at 2 without RSA."""
    if pair == ACE_INDEX and not rules.resplit_aces:
        return min(2, rules.max_split_hands)
    return rules.max_split_hands


def split_families(pair: int, offset: tuple[int, ...], max_hands: int) -> list[Family]:
    """The families one split needs: one per resplit count ``k``.

    Parameters
    ----------
    pair : int
        Pair value index.
    offset : tuple[int, ...]
        Shape (V,): cards out of the base shoe, besides the hand's own cards,
        when no resplit happened (the other pair card, less any pair cards the
        base shoe already lacks).
    max_hands : int
        Most hands this split may reach.

    Returns
    -------
    list[Family]
        ``max_hands - 1`` families: family ``k`` has ``k`` more pair cards out.
    """
    start = tuple(int(i == pair) for i in range(V))
    families = []
    for extra in range(max(max_hands - 1, 1)):
        shifted = tuple(o + extra * s for o, s in zip(offset, start, strict=True))
        families.append(Family(start=start, offset=shifted, one_card=pair == ACE_INDEX))
    return families


@dataclass(frozen=True)
class SplitHandValues:
    """Conditional values of one split hand per resplit count.

    Attributes
    ----------
    any_card : numpy.ndarray
        Shape (J, U): EV_x(k), a split hand taking any second card, no resplit.
    other_card : numpy.ndarray
        Shape (J, U): EV_N(k), a split hand whose second card is not a pair card.
    """

    any_card: FloatArray
    other_card: FloatArray


def split_hand_values(
    rules: Rules,
    values: FamilyValues,
    family_indices: list[int],
    pair: int,
    *,
    double_after_split: bool,
) -> SplitHandValues:
    """EV_x(k) and EV_N(k) from solved families (see :func:`split_families`).

    Parameters
    ----------
    rules : Rules
        Reads ``double_on`` (``Rules.may_double_total``).
    values : FamilyValues
        Solved families, including those of this split.
    family_indices : list[int]
        Index in ``values`` of family ``k`` = 0, 1, ...
    pair : int
        Pair value index.
    double_after_split : bool
        Whether a two-card split hand may double (DAS; never on split aces).

    Returns
    -------
    SplitHandValues
        In units of one split hand's wager, conditioned on no dealer
        blackjack where the dealer has checked.
    """
    universe = hand_universe()
    start = tuple(int(i == pair) for i in range(V))
    any_card, other_card = [], []
    for family in family_indices:
        node = values.node(family, start)
        kids = values.child[node]  # (V,): the two-card hands
        best = values.best[kids]  # (V, U)
        if double_after_split and pair != ACE_INDEX:
            totals = universe.total[values.hand[kids]]  # (V,)
            allowed = np.array([rules.may_double_total(int(t)) for t in totals])  # (V,)
            best = np.where(allowed[:, None], np.maximum(best, values.double[kids]), best)
        draw = values.draw(np.array([node]))[0][0]  # (U, V)
        mass_after = values.mass[kids].T  # (U, V)
        worth = np.einsum("uv,vu->u", draw, best)  # (U,)
        not_pair = np.arange(V) != pair  # (V,)
        other_chance = draw[:, not_pair].sum(axis=1)  # (U,)
        other_worth = np.einsum("uv,vu->u", draw[:, not_pair], best[not_pair])  # (U,)
        other_mass = (draw[:, not_pair] * mass_after[:, not_pair]).sum(axis=1)  # (U,)
        mass = values.mass[node]  # (U,)
        with np.errstate(divide="ignore", invalid="ignore"):
            any_card.append(np.where(mass > 0, worth / mass, 0.0))
            other_card.append(
                np.where((other_chance > 0) & (other_mass > 0), other_worth / other_mass, 0.0)
            )
    return SplitHandValues(any_card=np.array(any_card), other_card=np.array(other_card))


def split_value(
    hands: SplitHandValues, pairs_left: npt.ArrayLike, others_left: npt.ArrayLike, max_hands: int
) -> FloatArray:
    """The value of splitting, per up card, in units of the original hand's wager.

    Parameters
    ----------
    hands : SplitHandValues
        EV_x(k) and EV_N(k), shapes (J, U).
    pairs_left, others_left : array_like
        Shape (U,): pair cards and other cards in the shoe after the pair and
        the up card are out.
    max_hands : int
        Most hands this split may reach.

    Returns
    -------
    numpy.ndarray
        Shape (U,): total expected return of the hands the split makes
        (doubles included), conditioned on no dealer blackjack where the
        dealer has checked.
    """
    pairs = np.asarray(pairs_left, dtype=np.int64).reshape(-1)  # (U,)
    others = np.asarray(others_left, dtype=np.int64).reshape(-1)  # (U,)
    result = np.zeros(len(pairs))  # (U,)
    for u in range(len(pairs)):
        n_hands, x_hands = resplit_weights(int(pairs[u]), int(others[u]), max_hands)
        result[u] = n_hands @ hands.other_card[:, u] + x_hands @ hands.any_card[:, u]
    return result
