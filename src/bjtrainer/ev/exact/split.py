"""Pair splitting for a finite shoe, with resplits: Eric Farmer's CDP method, exactly.

The rules (``docs/rules/practice.md``, "Splits"; ``docs/numbers.md``, "12.
The basic-strategy chart", item 3): each split hand starts with one card of
the pair and gets its second card when its turn begins; a hand whose second
card is another pair card is split again while the round has fewer than
``max_split_hands`` hands (aces only with RSA); split aces take one card
each; double after a split only with DAS; no surrender after a split.

Which post-split strategy (``docs/numbers.md``, "7. Splitting"): CDP in
Eric Farmer's terms (his ``strategy`` program, possiblywrong/blackjack on
GitHub: "CDP, where post-split strategy is allowed to vary as a function of
the number of additional pair cards removed"). A split hand plays the
composition-dependent strategy that maximises EV for the shoe with the up
card, its own cards and ``a`` more pair cards out; it does not read the
other split hands' cards.

The round's value, by linearity of expectation (Farmer, "Blackjack and pair
splitting", possiblywrong.wordpress.com, and his ``blackjack_split.pdf``;
MGP, "Calculating Split EVs Exactly", blackjackinfo.com):

- A round is a pattern of second cards: P (a pair card, split again while
  hands remain) or N (any other card); once the round has the most hands
  allowed, every hand still waiting takes any card (x). Every ordering of
  the same counts has the same chance (cards drawn without replacement),
  and the orderings are walked one second card at a time.
- A hand is valued knowing ``a`` more pair cards are out (the pattern's
  resplits) and ``b`` cards that are not pair cards (the other hands' N
  second cards). ``X(a, 0)`` is a split hand taking any second card from
  the shoe with ``a`` more pair cards out; ``N(a, 0)`` the same hand given a
  second card that is not a pair card, ``(X(a, 0) - v P(a)) / (1 - v)``
  with ``P(a)`` the hand whose second card is a pair card (played, not
  split) and ``v`` the chance of that card. One more known non-pair card
  is removed by the identity ``E(a, b - 1) = v E(a + 1, b - 1) + (1 - v)
  E(a, b)``, ``v`` the chance that an unseen card is a pair card:
  ``E(a, b) = (E(a, b - 1) - v E(a + 1, b - 1)) / (1 - v)``. Each ``X(a,
  0)`` and ``P(a)`` is played with the strategy optimal for its ``a``, as
  Farmer's program does; the cards the other hands draw after their second
  card drop out by exchangeability. With one play for every ``a`` (CDZ-)
  the sum is the exact EV of the round; CDP applies the same identities
  with each term's own play, which is Farmer's definition of the CDP
  figure.
- Every possible resplit is taken (as published tables assume).
- Values are joint with "no dealer blackjack" where the dealer has checked
  (:mod:`bjtrainer.ev.exact.player`): pattern chances and every ``v`` use
  the shoe before the peek, and the sum over the round is divided once by
  ``P(no blackjack)`` of the shoe after the pair and the up card.

With ``max_split_hands`` = 2 this is the exact value of the two hands
(checked against a brute-force deal of both hands in
``tests/ev/exact/test_exact_split.py``); with resplits it equals Farmer's
CDP figures, checked against an independent enumeration of the rounds in
``tests/ev/oracles/cdp_split.py``. At a very large shoe it becomes the
infinite-deck value of Wizard of Odds, Blackjack Appendix 1.

Letters as in :mod:`bjtrainer.ev.exact`: A = pair-card removals solved
(0 .. 2 (most hands - 2)); U = up cards; V = 10 point values. P, N and x
name kinds of second card (MGP's notation), not dimensions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import ACE_INDEX, V
from bjtrainer.ev.exact.hands import hand_universe
from bjtrainer.ev.exact.player import Family, FamilyValues

FloatArray = npt.NDArray[np.float64]

#: ``(a, b) -> expected number of hands`` of one kind, over the round's patterns.
Weights = tuple[tuple[tuple[int, int], float], ...]


@functools.lru_cache(maxsize=4096)
def round_weights(pairs_left: int, others_left: int, max_hands: int) -> tuple[Weights, Weights]:
    """Expected number of N-hands and x-hands of each kind ``(a, b)``, over round patterns.

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
    tuple[Weights, Weights]
        ``(n_hands, x_hands)``: for each ``(a, b)`` (``a`` resplits in the
        round, ``b`` other hands' second cards that are not pair cards), the
        expected number of hands whose second card is not a pair card (N),
        and of hands dealt once the round reached ``max_hands`` (x). The
        split is worth ``sum n * N(a, b) + sum x * X(a, b)``.
    """
    n_hands: dict[tuple[int, int], float] = {}
    x_hands: dict[tuple[int, int], float] = {}

    def add(into: dict[tuple[int, int], float], key: tuple[int, int], weight: float) -> None:
        if weight:
            into[key] = into.get(key, 0.0) + weight

    def walk(hands: int, dealt: int, pairs: int, chance: float) -> None:
        # ``dealt`` hands have their second card (each an N); hand ``dealt`` draws next.
        left = pairs_left - pairs + others_left - dealt
        if hands == max_hands or dealt == hands or left <= 0:
            add(n_hands, (pairs, dealt - 1), chance * dealt)
            add(x_hands, (pairs, dealt), chance * (hands - dealt))
            return
        pair_chance = (pairs_left - pairs) / left
        if pair_chance > 0:
            walk(hands + 1, dealt, pairs + 1, chance * pair_chance)
        if pair_chance < 1:
            walk(hands, dealt + 1, pairs, chance * (1.0 - pair_chance))

    walk(2, 0, 0, 1.0)
    return tuple(sorted(n_hands.items())), tuple(sorted(x_hands.items()))


def max_split_hands_for(rules: Rules, pair: int) -> int:
    """Most hands a split of this pair value may reach: aces stop at 2 without RSA."""
    if pair == ACE_INDEX and not rules.resplit_aces:
        return min(2, rules.max_split_hands)
    return rules.max_split_hands


def removals_for(max_hands: int) -> int:
    """A: how many pair-card removals a split needs, ``a`` = 0 .. 2 (max_hands - 2)."""
    return 2 * max(max_hands - 2, 0) + 1


def split_families(pair: int, offset: tuple[int, ...], max_hands: int) -> list[Family]:
    """The families one split needs: one per count ``a`` of more pair cards out.

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
        :func:`removals_for` families: family ``a`` has ``a`` more pair cards out.
    """
    start = tuple(int(i == pair) for i in range(V))
    families = []
    for extra in range(removals_for(max_hands)):
        shifted = tuple(o + extra * s for o, s in zip(offset, start, strict=True))
        families.append(Family(start=start, offset=shifted, one_card=pair == ACE_INDEX))
    return families


@dataclass(frozen=True)
class SplitHandValues:
    """Joint values of one split hand per count of more pair cards out.

    Attributes
    ----------
    any_card : numpy.ndarray
        Shape (A, U): X(a, 0), a split hand taking any second card, no resplit.
    pair_card : numpy.ndarray
        Shape (A, U): P(a), the two-card hand of two pair cards, played (not split).
    mass : numpy.ndarray
        Shape (U,): ``P(no dealer blackjack)`` of the shoe after the pair and
        the up card where the dealer has checked, else 1.
    """

    any_card: FloatArray
    pair_card: FloatArray
    mass: FloatArray


def split_hand_values(
    rules: Rules,
    values: FamilyValues,
    family_indices: list[int],
    pair: int,
    *,
    double_after_split: bool,
) -> SplitHandValues:
    """X(a, 0) and P(a) from solved families (see :func:`split_families`).

    Parameters
    ----------
    rules : Rules
        Reads ``double_on`` (``Rules.may_double_total``).
    values : FamilyValues
        Solved families, including those of this split.
    family_indices : list[int]
        Index in ``values`` of family ``a`` = 0, 1, ...
    pair : int
        Pair value index.
    double_after_split : bool
        Whether a two-card split hand may double (DAS; never on split aces).

    Returns
    -------
    SplitHandValues
        In units of one split hand's wager, joint with no dealer blackjack
        where the dealer has checked.
    """
    universe = hand_universe()
    start = tuple(int(i == pair) for i in range(V))
    any_card, pair_card = [], []
    for family in family_indices:
        node = values.node(family, start)
        kids = values.child[node]  # (V,): the two-card hands
        best = values.best[kids]  # (V, U)
        if double_after_split and pair != ACE_INDEX:
            totals = universe.total[values.hand[kids]]  # (V,)
            allowed = np.array([rules.may_double_total(int(t)) for t in totals])  # (V,)
            best = np.where(allowed[:, None], np.maximum(best, values.double[kids]), best)
        draw = values.draw(np.array([node]))[0][0]  # (U, V)
        any_card.append(np.einsum("uv,vu->u", draw, best))  # (U,)
        pair_card.append(best[pair])  # (U,)
    mass = values.mass[values.node(family_indices[0], start)]  # (U,)
    return SplitHandValues(
        any_card=np.array(any_card), pair_card=np.array(pair_card), mass=np.array(mass)
    )


def _removing_non_pairs(
    base: Callable[[int], float], pairs: int, total: int, own: int
) -> Callable[[int, int], float]:
    """E(a, b) from E(a, 0) by the identity of the module docstring (memoised).

    ``own`` is 1 for an N hand (its own second card is a known non-pair card
    too), 0 for an x hand; ``pairs`` and ``total`` count the shoe after the
    pair and the up card. A pattern that cannot happen (no other card left)
    is worth 0; its chance is 0 too.
    """

    @functools.cache
    def value(a: int, b: int) -> float:
        if b == 0:
            return base(a)
        unseen = total - own - a - (b - 1)
        chance = max(pairs - a, 0) / unseen if unseen > 0 else 1.0
        if chance >= 1.0:
            return 0.0
        if chance == 0.0:
            return value(a, b - 1)
        return (value(a, b - 1) - chance * value(a + 1, b - 1)) / (1.0 - chance)

    return value


def split_value(
    hands: SplitHandValues, pairs_left: npt.ArrayLike, others_left: npt.ArrayLike, max_hands: int
) -> FloatArray:
    """The value of splitting, per up card, in units of the original hand's wager.

    Parameters
    ----------
    hands : SplitHandValues
        X(a, 0), P(a), shapes (A, U), and the base ``P(no blackjack)``.
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
        dealer has checked (0 where the shoe cannot follow a clean peek).
    """
    pairs = np.asarray(pairs_left, dtype=np.int64).reshape(-1)  # (U,)
    others = np.asarray(others_left, dtype=np.int64).reshape(-1)  # (U,)
    result = np.zeros(len(pairs))  # (U,)
    for u in range(len(pairs)):
        mass = float(hands.mass[u])
        if mass > 0:
            any_card, pair_card = hands.any_card[:, u], hands.pair_card[:, u]  # (A,) each
            joint = _round_joint(any_card, pair_card, int(pairs[u]), int(others[u]), max_hands)
            result[u] = joint / mass
    return result


def _round_joint(
    any_card: FloatArray, pair_card: FloatArray, pairs: int, others: int, max_hands: int
) -> float:
    """Joint value of the split round for one up card: X(a, 0) and P(a) have shape (A,)."""
    total = pairs + others

    def x_base(a: int) -> float:
        return float(any_card[a])

    def n_base(a: int) -> float:
        chance = max(pairs - a, 0) / (total - a) if total > a else 1.0
        if chance >= 1.0:
            return 0.0
        return float(any_card[a] - chance * pair_card[a]) / (1.0 - chance)

    other_card = _removing_non_pairs(n_base, pairs, total, 1)
    any_second = _removing_non_pairs(x_base, pairs, total, 0)
    n_hands, x_hands = round_weights(pairs, others, max_hands)
    joint = sum(w * other_card(a, b) for (a, b), w in n_hands)
    return joint + sum(w * any_second(a, b) for (a, b), w in x_hands)
