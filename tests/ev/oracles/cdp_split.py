"""A brute-force oracle for splitting with resplits, CDP post-split play (S17, finite shoe).

Written apart from ``bjtrainer.ev`` (on the single-hand model of
:mod:`tests.ev.oracles.finite_deck`) and by another route, so the exact
split values are checked against an independent computation of the same
definition (``docs/numbers.md``, "7. Splitting"):

- CDP (Eric Farmer's term): a split hand plays the composition-dependent
  strategy that is best for the shoe with the up card, its own cards and
  ``a`` more pair cards out, ``a`` the round's resplits; it reads no other
  hand's cards.
- The round's patterns of second cards are dealt one card at a time, hand
  after hand, in exact fractions: a pair card splits again while the round
  has fewer hands than allowed, and once it is full every waiting hand takes
  any card.
- Each hand is valued given its ``a`` and the ``b`` other hands' second
  cards known not to be pair cards, by inclusion-exclusion over which of
  those ``b`` cards are pair cards (``1(none) = sum over subsets J of
  (-1)^|J| 1(all of J)``; the cards outside J are unseen cards and drop out
  by exchangeability), each term played with its own ``a + |J|``.
- Values are joint with "no dealer blackjack" where the dealer has peeked,
  and the round's total is divided by that chance once.

A shoe is 10 counts, A, 2..9, T (index 0 the ace).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb

from tests.ev.oracles.finite_deck import (
    VALUES,
    _double,
    _hit,
    _stand,
    add_card,
    no_natural,
    remove,
)

#: (kind, a, b) -> expected number of hands; kind "N" (second card not a pair
#: card) or "x" (dealt once the round was full: any second card).
Pattern = dict[tuple[str, int, int], Fraction]


def _falling(top: int, count: int) -> Fraction:
    result = Fraction(1)
    for k in range(count):
        result *= top - k
    return result


@cache
def patterns(
    pairs: int, others: int, max_hands: int
) -> tuple[tuple[tuple[str, int, int], Fraction], ...]:
    """Deal the second cards of a split round one hand at a time, in exact fractions."""
    found: Pattern = {}

    def deal(kinds: tuple[str, ...], waiting: int, p: int, q: int, chance: Fraction) -> None:
        # ``kinds``: second cards of the hands served so far; ``waiting`` hands have none yet.
        if waiting == 0:
            resplits = len(kinds) - 2
            n_count = kinds.count("N")
            for kind in kinds:
                b = n_count - (kind == "N")
                key = (kind, resplits, b)
                found[key] = found.get(key, Fraction(0)) + chance
            return
        full = len(kinds) + waiting == max_hands
        if full:
            deal((*kinds, "x"), waiting - 1, p, q, chance)
            return
        if p:  # a pair card: split again, one more hand waits
            deal(kinds, waiting + 1, p - 1, q, chance * Fraction(p, p + q))
        if q:
            deal((*kinds, "N"), waiting - 1, p, q - 1, chance * Fraction(q, p + q))

    deal((), 2, pairs, others, Fraction(1))
    return tuple(found.items())


def _two_card_best(
    pair: int, card: int, up: int, shoe: tuple[int, ...], peeked: bool, das: bool
) -> float:
    """Joint value of a split hand of ``pair`` and ``card``, ``shoe`` being what is left."""
    total, soft = add_card(*add_card(0, False, pair), card)
    stand = _stand(total, up, shoe, peeked)
    if pair == 1:  # split aces: one card each
        return stand
    best = stand if total == 21 else max(stand, _hit(total, soft, up, shoe, peeked))
    if das:
        best = max(best, _double(total, soft, up, shoe, peeked))
    return best


@cache
def _second_card_values(
    pair: int, up: int, shoe: tuple[int, ...], peeked: bool, das: bool
) -> tuple[float, float]:
    """(x, N) joint values of one split hand, best play for ``shoe`` (the pair cards out).

    x: any second card; N: given a second card that is not a pair card.
    """
    cards = sum(shoe)
    any_card = 0.0
    other_card, other_chance = 0.0, 0.0
    for card in VALUES:
        count = shoe[card - 1]
        if not count:
            continue
        value = count / cards * _two_card_best(pair, card, up, remove(shoe, card), peeked, das)
        any_card += value
        if card != pair:
            other_card += value
            other_chance += count / cards
    return any_card, (other_card / other_chance if other_chance else 0.0)


def by_patterns(
    base: Callable[[str, int], float], pairs: int, others: int, max_hands: int
) -> float:
    """Sum a split round over its patterns from ``base(kind, a)``, the hands' values.

    ``base("x", a)`` is a hand taking any second card and ``base("N", a)`` one
    whose second card is not a pair card, each from the shoe with ``a`` more
    pair cards out; ``pairs`` and ``others`` count the shoe after the pair and
    the up card. With the same play in every ``base`` this is the exact EV of
    the round (checked against a true deal in ``test_exact_split.py``).
    """
    n = pairs + others
    total = 0.0
    for (kind, a, b), weight in patterns(pairs, others, max_hands):
        own = int(kind == "N")  # an N hand's own second card is a known non-pair card too
        pool, pool_pairs = n - a - own, pairs - a
        none_pair = _falling(pool - pool_pairs, b) / _falling(pool, b)
        value = 0.0
        for j in range(min(b, pool_pairs) + 1):
            chance = _falling(pool_pairs, j) / _falling(pool, j)
            value += (-1) ** j * comb(b, j) * float(chance) * base(kind, a + j)
        total += float(weight) * value / float(none_pair)
    return total


def split_ev(
    pair: int, up: int, shoe: tuple[int, ...], max_hands: int, *, peeked: bool, das: bool
) -> float:
    """CDP value of splitting ``pair`` against ``up`` (values 1..10), per original wager.

    ``shoe`` is what is left after the pair and the up card (the hole card
    among it). Conditioned on no dealer natural where ``peeked``.
    """
    p = shoe[pair - 1]

    def base(kind: str, a: int) -> float:
        left = shoe
        for _ in range(a):
            left = remove(left, pair)
        any_card, other_card = _second_card_values(pair, up, left, peeked, das)
        return any_card if kind == "x" else other_card

    total = by_patterns(base, p, sum(shoe) - p, max_hands)
    return total / (no_natural(up, shoe) if peeked else 1.0)
