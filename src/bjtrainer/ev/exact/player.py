"""Player stand, hit and double values for a finite shoe, with card removal.

Every value is composition dependent: a hand's cards, the up card and every
other card known to be out of the shoe are removed before the next card is
drawn, at every step of the recursion (the "exact hand composition at every
step" of Wizard of Odds, Blackjack Appendix 9; Griffin, *The Theory of
Blackjack*, ch. 2).

Families. The recursion runs over *families* of hands: a family is every
hand that grows from a starting hand by drawing (hands whose composition
contains the start, hard sum at most 21, from :mod:`bjtrainer.ev.exact.hands`),
together with an *offset*: the cards out of the shoe are the hand's cards
plus the offset (which may be negative when the base shoe already lacks the
starting cards). One family holds the unsplit hands; each split of a pair
adds families whose offset is the other pair cards (see
:mod:`bjtrainer.ev.exact.split`). All families, for all up cards, are solved
together: the dealer is evaluated once per distinct removal
(:func:`bjtrainer.ev.exact.dealer.dealer_outcomes`) and the backward
recursion runs once, from the highest hard sum down, vectorised over hands
and up cards.

Peek, exactly. Where the dealer has checked for blackjack, the player acts
knowing the hole card does not make one; that knowledge changes the chances
of the player's own draws a little too. The recursion therefore works with
the *joint value* ``E[return x 1(no dealer blackjack)]``: before the hole
card is known, the player's draws and the hole card are exchangeable, so the
player's next card is drawn from the whole unseen shoe, standing uses the
unnormalised dealer chances, and a bust is worth ``-P(no blackjack)`` of the
shoe after the busting card. The joint value is ``P(no blackjack)`` times
the conditional value, and that factor is the same for every choice at a
decision, so maximising the one is maximising the other. Dividing by
``P(no blackjack)`` at the start gives the EV conditioned on a clean peek.
Where the dealer has not checked, the blackjack is an outcome that beats
every hand. (Checked
against a brute-force solver that deals the hole card first and reasons
about it by Bayes' rule, ``tests/ev/exact/test_exact_player.py``, and against
Wizard of Odds, Blackjack Appendix 9, to its six printed decimals.)

Units: every value is per unit of the hand's wager; a double risks two.

Letters as in :mod:`bjtrainer.ev.exact`: M = nodes (a hand of a family) and
L = some of them, U = up cards solved together, V = 10 point values, O = 7
dealer outcomes, X = 3,083 hands of the universe.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.cards import VALUE_RANKS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import V
from bjtrainer.ev.exact.dealer import (
    BLACKJACK,
    BUST,
    N_OUTCOMES,
    blackjack_card,
    dealer_outcomes,
    dealer_tree,
)
from bjtrainer.ev.exact.hands import BUSTED, hand_universe

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: ``on_progress(done, total)``: told after each step of a long solve, ``done``
#: from 1 up to ``total`` (whole steps of work, not time); plain, so a command
#: line progress bar and a TUI progress bar can both take it.
ProgressCallback = Callable[[int, int], None]

#: Marks "not a node of this family" in a child table.
NOT_IN_FAMILY = -2


def _stand_payoffs() -> FloatArray:
    """Shape (22, O): return of standing on a total (row) against each dealer outcome."""
    payoffs = np.zeros((22, N_OUTCOMES))
    for total in range(22):
        for final in range(17, 22):
            payoffs[total, final - 17] = np.sign(total - final) if total >= 17 else -1.0
        payoffs[total, BUST] = 1.0
        payoffs[total, BLACKJACK] = -1.0  # a dealer natural beats every non-natural hand
    return payoffs


#: Shape (22, O): +1 win, 0 push, -1 loss for a player total against a dealer outcome.
STAND_PAYOFFS = _stand_payoffs()


@dataclass(frozen=True)
class Family:
    """Hands grown by drawing from one starting hand, sharing a removal offset.

    Attributes
    ----------
    start : tuple[int, ...]
        Shape (V,): the starting hand's composition.
    offset : tuple[int, ...]
        Shape (V,): cards out of the base shoe besides the hand's own cards
        (may be negative where the base shoe already lacks the hand's cards).
    one_card : bool
        Split aces: the start takes exactly one card and stands.
    """

    start: tuple[int, ...]
    offset: tuple[int, ...]
    one_card: bool = False


@dataclass(frozen=True)
class FamilyValues:
    """Solved values of every node of a set of families, for each up card.

    Values are joint values (see the module docstring): joint with "no dealer
    blackjack" where the dealer has checked; divide by :attr:`mass` of the
    starting node to get conditional EVs. Units: the hand's wager.

    Attributes
    ----------
    hand : numpy.ndarray
        Shape (M,): universe index of the node's hand.
    removed : numpy.ndarray
        Shape (M, V): cards out of the base shoe at this node (hand + offset).
    base : numpy.ndarray
        Shape (U, V): the base shoe of each up card.
    peeked_card : tuple[int | None, ...]
        Shape (U,): the hole card that would make a blackjack, where the
        dealer has checked for one with this up card; else None.
    stand : numpy.ndarray
        Shape (M, U): value of standing.
    hit : numpy.ndarray
        Shape (M, U): value of drawing one card and then playing on to
        maximise EV (hit or stand); ``-inf`` where hitting is not allowed
        (a total of 21, a split ace).
    best : numpy.ndarray
        Shape (M, U): the better of stand and hit.
    double : numpy.ndarray
        Shape (M, U): value of doubling (two units, one card, stand) for
        every two-card hand, whether or not the rules allow it; ``-inf`` for
        other hands.
    mass : numpy.ndarray
        Shape (M, U): ``P(no dealer blackjack)`` for the shoe at this node
        where the dealer has checked, else 1 (0 for a node the shoe cannot hold).
    child : numpy.ndarray
        Shape (M, V): node after drawing each value; :data:`BUSTED` for a
        bust, :data:`NOT_IN_FAMILY` where the family does not continue.
    family_nodes : tuple[numpy.ndarray, ...]
        Per family, shape (X,): node index of each universe hand, -1 if none.
    """

    hand: IntArray
    removed: IntArray
    base: IntArray
    peeked_card: tuple[int | None, ...]
    stand: FloatArray
    hit: FloatArray
    best: FloatArray
    double: FloatArray
    mass: FloatArray
    child: IntArray
    family_nodes: tuple[IntArray, ...]

    def node(self, family: int, counts: Sequence[int]) -> int:
        """Node index of a hand composition in a family; raises ``KeyError`` if absent."""
        universe = hand_universe()
        found = int(self.family_nodes[family][universe.find(tuple(int(c) for c in counts))])
        if found < 0:
            raise KeyError(tuple(counts))
        return found

    def draw(self, nodes: IntArray) -> tuple[FloatArray, FloatArray]:
        """Chances of the next card, and the loss of a bust on it, for some nodes.

        Parameters
        ----------
        nodes : numpy.ndarray
            Shape (L,): node indices.

        Returns
        -------
        tuple[numpy.ndarray, numpy.ndarray]
            ``(chance, bust_loss)``, each of shape (L, U, V): the chance that
            the next card has each value, and ``P(no dealer blackjack)`` after
            drawing it (what a bust on that card loses per unit wagered; 1
            where the dealer has not checked).
        """
        left = self.base[None, :, :] - self.removed[nodes][:, None, :]  # (L, U, V)
        size = left.sum(axis=2, keepdims=True)  # (L, U, 1)
        left = np.maximum(left, 0).astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            chance = np.where(size > 0, left / size, 0.0)  # (L, U, V)
        loss = np.ones_like(chance)  # (L, U, V)
        for u, card in enumerate(self.peeked_card):
            if card is None:
                continue
            after = size[:, u, :] - 1.0  # (L, 1)
            blackjacks = left[:, u, card][:, None] - (np.arange(V) == card)[None, :]  # (L, V)
            with np.errstate(divide="ignore", invalid="ignore"):
                loss[:, u, :] = np.where(after > 0, 1.0 - np.maximum(blackjacks, 0.0) / after, 0.0)
        return chance, loss


def _family_members(family: Family) -> IntArray:
    universe = hand_universe()
    start = np.array(family.start, dtype=np.int64)  # (V,)
    members = np.flatnonzero(np.all(universe.counts >= start, axis=1))  # (members,)
    if family.one_card:
        members = members[universe.size[members] <= int(start.sum()) + 1]
    return members.astype(np.int64)


def _distinct_rows(removed: IntArray) -> tuple[IntArray, IntArray]:
    """Distinct rows of a small-int matrix and the inverse map, via one int64 key per row."""
    keys = (removed + 32) @ (64 ** np.arange(V, dtype=np.int64))  # (M,): entries lie in -32..31
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return removed[first], inverse.reshape(-1)


def solve_families(
    rules: Rules,
    ups: Sequence[int],
    shoes: npt.ArrayLike,
    families: Sequence[Family],
    on_progress: ProgressCallback | None = None,
) -> FamilyValues:
    """Solve stand, hit and double for every hand of every family.

    Parameters
    ----------
    rules : Rules
        Reads ``dealer_hits_soft_17`` and ``Rules.peeks_with``.
    ups : Sequence[int]
        U up-card value indices (0 = ace .. 9 = ten).
    shoes : array_like
        Shape (U, V): the base shoe for each up card, the up card removed.
    families : Sequence[Family]
        The families to solve.
    on_progress : ProgressCallback, optional
        Called after the dealer's outcomes for each up card and after the
        player's recursion: ``(1, U + 1)`` .. ``(U + 1, U + 1)``.

    Returns
    -------
    FamilyValues
    """
    universe = hand_universe()
    base = np.asarray(shoes, dtype=np.int64).reshape(len(ups), V)  # (U, V)
    peeked = [rules.peeks_with(VALUE_RANKS[up]) for up in ups]
    peeked_card = tuple(
        blackjack_card(up) if check else None for up, check in zip(ups, peeked, strict=True)
    )

    # Nodes of all families, and their children inside their family.
    hands_list, removed_list, lookups = [], [], []
    first = 0
    for family in families:
        members = _family_members(family)
        lookup = np.full(len(universe.counts), -1, dtype=np.int64)  # (X,)
        lookup[members] = first + np.arange(len(members))
        lookups.append(lookup)
        hands_list.append(members)
        removed_list.append(universe.counts[members] + np.array(family.offset, dtype=np.int64))
        first += len(members)
    hand = np.concatenate(hands_list)  # (M,)
    removed = np.concatenate(removed_list)  # (M, V)
    child = np.empty((len(hand), V), dtype=np.int64)  # (M, V)
    may_hit = universe.total[hand] < 21  # (M,)
    start = 0
    for family, members, lookup in zip(families, hands_list, lookups, strict=True):
        stop = start + len(members)
        raw = universe.child[members]  # (members, V)
        inside = lookup[np.maximum(raw, 0)]  # (members, V): -1 where not a member
        child[start:stop] = np.where(
            raw == BUSTED, BUSTED, np.where(inside < 0, NOT_IN_FAMILY, inside)
        )
        if family.one_card:
            may_hit[start:stop] &= universe.size[members] <= int(sum(family.start))
        start = stop

    # The dealer, once per distinct removal and up card; standing from it.
    distinct, which = _distinct_rows(removed)  # (B, V), (M,)
    stand = np.empty((len(ups), len(hand)))  # (U, M)
    mass = np.empty((len(ups), len(hand)))  # (U, M)
    payoffs = STAND_PAYOFFS[universe.total[hand]]  # (M, O)
    for u, up in enumerate(ups):
        shoe = base[u][None, :] - distinct  # (B, V)
        feasible = np.all(shoe >= 0, axis=1)  # (B,)
        outcomes = np.zeros((len(distinct), N_OUTCOMES))  # (B, O)
        tree = dealer_tree(up, rules.dealer_hits_soft_17, peeked[u])
        outcomes[feasible] = dealer_outcomes(tree, shoe[feasible])
        at_node = outcomes[which]  # (M, O)
        stand[u] = np.einsum("mo,mo->m", at_node, payoffs)
        mass[u] = at_node.sum(axis=1)
        if on_progress is not None:
            on_progress(u + 1, len(ups) + 1)
    stand = np.ascontiguousarray(stand.T)  # (M, U)
    mass = np.ascontiguousarray(mass.T)  # (M, U)
    values = FamilyValues(
        hand=hand,
        removed=removed,
        base=base,
        peeked_card=peeked_card,
        stand=stand,
        hit=np.full_like(stand, -np.inf),
        best=np.array(stand),
        double=np.full_like(stand, -np.inf),
        mass=mass,
        child=child,
        family_nodes=tuple(lookups),
    )

    # Backward recursion, from the highest hard sum down; then doubling.
    hard = universe.hard[hand]  # (M,)
    order = np.argsort(-hard, kind="stable")
    bounds = np.flatnonzero(np.r_[True, np.diff(hard[order]) != 0, True])
    for lo, hi in itertools.pairwise(bounds):
        level = order[lo:hi]
        level = level[may_hit[level]]
        if level.size:
            value = _one_card_then(values, level, values.best)  # (L, U)
            values.hit[level] = value
            values.best[level] = np.maximum(stand[level], value)
    pairs = np.flatnonzero(universe.size[hand] == 2)  # (L,): the two-card nodes
    values.double[pairs] = 2.0 * _one_card_then(values, pairs, stand)
    if on_progress is not None:
        on_progress(len(ups) + 1, len(ups) + 1)
    return values


def _one_card_then(values: FamilyValues, nodes: IntArray, then: FloatArray) -> FloatArray:
    """Value of drawing one card at ``nodes`` and then taking ``then`` (shape (M, U)).

    Returns shape (L, U); a bust loses one unit (times ``P(no blackjack)``).
    """
    chance, loss = values.draw(nodes)  # (L, U, V) each
    kids = values.child[nodes]  # (L, V)
    after = then[np.maximum(kids, 0)].transpose(0, 2, 1)  # (L, U, V)
    after = np.where((kids == BUSTED)[:, None, :], -loss, after)
    after = np.where((kids == NOT_IN_FAMILY)[:, None, :], 0.0, after)
    result: FloatArray = np.einsum("luv,luv->lu", chance, after)
    return result
