"""The dealer's final totals for a finite shoe, exactly, for many shoes at once.

The dealer turns the hole card and draws to 17, standing on soft 17 (S17)
or hitting it (H17) as ``Rules.dealer_hits_soft_17`` says
(``docs/rules/practice.md``, "The dealer's turn"; every preset stands).
Cards are drawn without replacement from a shoe composition
(:mod:`bjtrainer.ev.exact.composition`).

Method. The dealer's possible draw sequences from an up card form a tree
whose internal nodes are the multisets of cards drawn so far (1444 nodes
over the ten up cards, S17). The tree depends only on the rules, so it is
built once (:func:`dealer_tree`) and then evaluated for a batch of shoe
compositions at once, one tree depth at a time, in numpy: the chance of
drawing card ``c`` from a node that has already drawn ``m`` cards of that
value, ``d`` cards in all, from a shoe with ``n_c`` of them and ``n`` in all,
is ``(n_c - m) / (n - d)``. Busts are never enumerated: the bust chance is
what is left over. This is the exact enumeration of every combinatorial
analyser (Eric Farmer's ``blackjack.cpp``, MGP's and k_c's analysers; Griffin,
*The Theory of Blackjack*, ch. 2), vectorised over compositions.

Peek. Where the dealer has checked the hole card (``Rules.peeks_with``), the
player acts knowing there is no blackjack. The batch function returns the
*unnormalised* chances ``P(final total and no blackjack)``: they sum to
``P(no blackjack)``, and dividing by that gives the distribution conditioned
on no blackjack (:func:`dealer_final_probabilities` does). The unnormalised
form is what the player's recursion needs to stay exact: the player's draws
come from the shoe before the hole card is known (see
:mod:`bjtrainer.ev.exact.player`). Where the dealer has not checked (a ten
up at ``night``), the blackjack is an outcome of its own, which takes every
wager.

Letters as in :mod:`bjtrainer.ev.exact`: V = 10 point values (A, 2..9, T);
O = 7 dealer outcomes (:data:`OUTCOMES`); B = compositions in a batch;
D = the factor-table depth (most cards of one value the dealer can hold,
plus one); Q_j = next-depth nodes with a ``j``-th incoming transition;
G = transitions that end the hand.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.composition import (
    ACE_INDEX,
    TEN_INDEX,
    Composition,
    V,
    check_composition,
    value_index,
)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Dealer outcomes, in the order of the last axis of every outcome array.
OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "blackjack")
N_OUTCOMES = len(OUTCOMES)
BUST = 5
BLACKJACK = 6

#: Compositions evaluated together; small enough that a depth's arrays stay in cache.
_CHUNK = 256

#: Final transitions per matrix product (see :class:`DealerStep`).
_FINAL_BLOCK = 192


@dataclass(frozen=True)
class DealerStep:
    """The transitions from one depth of the dealer tree to the next.

    The next depth's nodes are numbered by falling in-degree (how many
    (parent, card) pairs lead to them), so the ``j``-th incoming transition
    of every node that has one is a prefix of the nodes: summing the slots
    needs no scatter (a "segment sum" by slots, much faster in numpy than
    ``ufunc.reduceat`` on small groups).

    Attributes
    ----------
    slot_parent : tuple[numpy.ndarray, ...]
        Slot ``j`` has shape (Q_j,), Q_0 >= Q_1 >= ...: parent node (at this
        depth) of the ``j``-th transition into next-depth nodes 0 .. Q_j - 1.
        Q_0 is the number of next-depth nodes.
    slot_factor : tuple[numpy.ndarray, ...]
        Same shapes: row ``card * D + drawn`` of the factor table
        ``n_card - drawn`` (``drawn`` = cards of that value the dealer holds).
    final_blocks : tuple[tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray], ...]
        The transitions that end the dealer's hand, in blocks of at most
        :data:`_FINAL_BLOCK`: ``(parent, factor_row, outcome)`` of shapes
        (G,), (G,) and (O, G), ``outcome`` holding a 1 in the row of the
        outcome each transition ends in. Blocks keep every matrix product
        small enough to stay on one core (OpenBLAS threads larger ones).
    """

    slot_parent: tuple[IntArray, ...]
    slot_factor: tuple[IntArray, ...]
    final_blocks: tuple[tuple[IntArray, IntArray, FloatArray], ...]


@dataclass(frozen=True)
class DealerTree:
    """Every non-busting draw sequence of the dealer from one up card.

    Attributes
    ----------
    up : int
        Up-card value index (0 = ace .. 9 = ten).
    hits_soft_17 : bool
        H17 if true, S17 if false.
    peeked : bool
        The dealer has checked for blackjack: the hole-card draw that makes a
        blackjack is left out (its mass is excluded, not renormalised).
    steps : tuple[DealerStep, ...]
        One per depth (cards drawn after the up card, hole card first).
    factor_depth : int
        D: one more than the most cards of one value the dealer can draw.
    """

    up: int
    hits_soft_17: bool
    peeked: bool
    steps: tuple[DealerStep, ...]
    factor_depth: int


def blackjack_card(up: int) -> int | None:
    """The hole-card value index that makes a dealer blackjack with this up card, if any."""
    if up == ACE_INDEX:
        return TEN_INDEX
    if up == TEN_INDEX:
        return ACE_INDEX
    return None


def hole_blackjack_chance(unseen: Sequence[float], up: int) -> float:
    """Chance that the hole card, drawn from ``unseen``, makes a dealer blackjack.

    ``unseen`` holds counts by value index (shape (V,)); 0.0 for an up card of
    2 to 9, which cannot make one.
    """
    card = blackjack_card(up)
    left = float(sum(unseen))
    if card is None or left <= 0:
        return 0.0
    return float(unseen[card]) / left


def _dealer_stands(hard: int, has_ace: bool, hits_soft_17: bool) -> int | None:
    """Final total if the dealer stands on this hand, else None (keeps drawing)."""
    soft = has_ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 17 or (total == 17 and not (soft and hits_soft_17)):
        return total
    return None


@functools.lru_cache(maxsize=64)
def dealer_tree(up: int, hits_soft_17: bool, peeked: bool) -> DealerTree:
    """Build the dealer's draw tree for one up card (cached).

    Parameters
    ----------
    up : int
        Up-card value index, 0 (ace) .. 9 (ten).
    hits_soft_17 : bool
        H17 if true, S17 if false (``Rules.dealer_hits_soft_17``).
    peeked : bool
        The dealer has checked for blackjack with this up card
        (``Rules.peeks_with``); only matters for an ace or ten up.

    Returns
    -------
    DealerTree
    """
    bj_card = blackjack_card(up)
    level: dict[tuple[int, ...], int] = {(0,) * V: 0}
    raw_steps: list[tuple[list[list[tuple[int, int, int]]], list[tuple[int, int, int, int]]]] = []
    most = 0
    depth = 0
    while level:
        following: dict[tuple[int, ...], int] = {}
        incoming: list[list[tuple[int, int, int]]] = []  # per next node: (parent, card, drawn)
        finals: list[tuple[int, int, int, int]] = []  # (outcome, parent, card, drawn)
        for drawn, parent in level.items():
            hard = up + 1 + sum((i + 1) * k for i, k in enumerate(drawn))
            has_ace = up == ACE_INDEX or drawn[ACE_INDEX] > 0
            for card in range(V):
                if depth == 0 and card == bj_card and peeked:
                    continue  # the peek showed no blackjack: this mass is excluded
                if hard + card + 1 > 21:
                    continue  # bust: the remainder
                most = max(most, drawn[card])
                if depth == 0 and card == bj_card:
                    finals.append((BLACKJACK, parent, card, drawn[card]))
                    continue
                total = _dealer_stands(hard + card + 1, has_ace or card == ACE_INDEX, hits_soft_17)
                if total is not None:
                    finals.append((total - 17, parent, card, drawn[card]))
                    continue
                child = list(drawn)
                child[card] += 1
                index = following.setdefault(tuple(child), len(following))
                if index == len(incoming):
                    incoming.append([])
                incoming[index].append((parent, card, drawn[card]))
        # Renumber the next depth by falling in-degree (stable).
        order = sorted(range(len(incoming)), key=lambda i: -len(incoming[i]))
        renumber = {old: new for new, old in enumerate(order)}
        level = {key: renumber[old] for key, old in following.items()}
        raw_steps.append(([incoming[old] for old in order], finals))
        depth += 1
    factor_depth = most + 1
    steps = []
    for incoming, finals in raw_steps:
        widest = len(incoming[0]) if incoming else 0
        slot_parent, slot_factor = [], []
        for slot in range(widest):
            rows = [edges[slot] for edges in incoming if len(edges) > slot]
            slot_parent.append(np.array([r[0] for r in rows], dtype=np.int64))
            slot_factor.append(np.array([r[1] * factor_depth + r[2] for r in rows], dtype=np.int64))
        blocks = []
        for first in range(0, len(finals), _FINAL_BLOCK):
            block = finals[first : first + _FINAL_BLOCK]
            outcome = np.zeros((N_OUTCOMES, len(block)))  # (O, G)
            outcome[[r[0] for r in block], np.arange(len(block))] = 1.0
            parents = np.array([r[1] for r in block], dtype=np.int64)  # (G,)
            factors = np.array([r[2] * factor_depth + r[3] for r in block], dtype=np.int64)
            blocks.append((parents, factors, outcome))
        steps.append(
            DealerStep(
                slot_parent=tuple(slot_parent),
                slot_factor=tuple(slot_factor),
                final_blocks=tuple(blocks),
            )
        )
    return DealerTree(up, hits_soft_17, peeked, tuple(steps), factor_depth)


def _evaluate_chunk(tree: DealerTree, shoes: FloatArray) -> FloatArray:
    """Unnormalised outcome chances for one chunk; ``shoes`` has shape (V, B)."""
    width = shoes.shape[1]
    depth_k = tree.factor_depth
    factors = (shoes[:, None, :] - np.arange(depth_k, dtype=np.float64)[None, :, None]).reshape(
        V * depth_k, width
    )  # (V * D, B): n_c - drawn
    total = shoes.sum(axis=0)  # (B,)
    remaining = total[None, :] - np.arange(len(tree.steps) + 1, dtype=np.float64)[:, None]
    with np.errstate(divide="ignore"):
        inverse = np.where(remaining > 0, 1.0 / remaining, 0.0)  # (depths + 1, B): 1 / (n - d)
    result = np.zeros((N_OUTCOMES, width))  # (O, B)
    nodes = inverse[0][None, :]  # (1, B): the root, times 1 / n for the hole card
    for depth, step in enumerate(tree.steps):
        for parents, rows, outcome in step.final_blocks:
            flows = nodes.take(parents, axis=0)  # (G, B)
            flows *= factors.take(rows, axis=0)
            result += outcome @ flows
        if not step.slot_parent:
            break
        following = nodes.take(step.slot_parent[0], axis=0)  # (Q_0, B)
        following *= factors.take(step.slot_factor[0], axis=0)
        for parent, factor in zip(step.slot_parent[1:], step.slot_factor[1:], strict=True):
            more = nodes.take(parent, axis=0)  # (Q_j, B)
            more *= factors.take(factor, axis=0)
            following[: len(parent)] += more
        following *= inverse[depth + 1]
        nodes = following
    bj_card = blackjack_card(tree.up)
    if bj_card is not None and tree.peeked:
        with np.errstate(divide="ignore", invalid="ignore"):
            mass = np.where(total > 0, 1.0 - shoes[bj_card] / total, 0.0)  # (B,): P(no blackjack)
    else:
        mass = np.where(total > 0, 1.0, 0.0)  # (B,)
    result[BUST] = mass - result.sum(axis=0)
    return result


def dealer_outcomes(tree: DealerTree, shoes: npt.ArrayLike) -> FloatArray:
    """Exact dealer outcome chances for a batch of shoe compositions.

    Parameters
    ----------
    tree : DealerTree
        From :func:`dealer_tree`: up card, S17/H17, peeked or not.
    shoes : array_like
        Shape (B, V): the cards the hole card and the dealer's draws come
        from (the up card and every card seen already removed).

    Returns
    -------
    numpy.ndarray
        Shape (B, O): chances of the dealer's outcomes 17, 18, 19, 20, 21,
        bust, blackjack. For a peeked tree they are joint with "no
        blackjack" and sum to ``P(no blackjack)``, the blackjack entry is 0;
        otherwise they sum to 1. An empty shoe gives all zeros; should the
        shoe run out mid-draw, the missing mass counts as a bust.
    """
    batch = np.asarray(shoes, dtype=np.float64).reshape(-1, V)  # (B, V)
    columns = np.ascontiguousarray(batch.T)  # (V, B)
    out = np.empty((N_OUTCOMES, batch.shape[0]))  # (O, B)
    for start in range(0, batch.shape[0], _CHUNK):
        out[:, start : start + _CHUNK] = _evaluate_chunk(tree, columns[:, start : start + _CHUNK])
    return np.ascontiguousarray(out.T)


@functools.lru_cache(maxsize=65536)
def _cached_probabilities(
    up: int, composition: Composition, hits_soft_17: bool, peeked: bool
) -> tuple[float, ...]:
    joint = dealer_outcomes(dealer_tree(up, hits_soft_17, peeked), [composition])[0]  # (O,)
    mass = float(joint.sum())
    if mass > 0:
        joint = joint / mass
    return tuple(float(x) for x in joint)


def dealer_final_probabilities(
    rules: Rules, up: str, composition: Sequence[int]
) -> tuple[float, ...]:
    """The dealer's final-total distribution for a finite shoe (memoised).

    Parameters
    ----------
    rules : Rules
        Reads ``dealer_hits_soft_17`` and, through ``Rules.peeks_with``, whether
        the dealer has checked for blackjack with this up card.
    up : str
        The up-card rank (J, Q, K count as T).
    composition : Sequence[int]
        Shape (V,): the unseen cards the hole card and the draws come from
        (:func:`bjtrainer.ev.exact.composition.unseen_composition`).

    Returns
    -------
    tuple[float, ...]
        Shape (O,): chances of 17, 18, 19, 20, 21, bust, blackjack; they sum
        to 1. Where the dealer has checked, they are conditioned on no
        blackjack (the blackjack entry is 0). Results are memoised per
        composition (``functools.lru_cache``).

    Raises
    ------
    InvalidSpotError
        If the composition is not 10 non-negative counts.
    InvalidCardError
        If ``up`` is not a rank.
    """
    index = value_index(up)
    return _cached_probabilities(
        index, check_composition(composition), rules.dealer_hits_soft_17, rules.peeks_with(up)
    )
