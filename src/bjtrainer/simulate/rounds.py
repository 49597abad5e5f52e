"""Play arrays of rounds of basic strategy at once, in the order of a real round.

:func:`play_rounds` plays one round on each of a batch of *rows* (one row
per round; at a real shoe, one shoe per row) and returns each round's net.
Every step follows :class:`bjtrainer.engine.round.Round` ("Order of a
round", ``docs/rules/practice.md``): cards dealt player, up card, player,
hole card; insurance declined; the peek where ``Rules.peeks_with`` the up
card (a dealer blackjack then ends the round: a natural pushes, any other
hand loses); a natural paid at once unless an unchecked ace is up (then a
dealer natural pushes it); the chart's play of each hand in order, a split
hand getting its second card when its turn begins, split aces one card each
(split again only with RSA); late surrender giving half the bet back, except
where the dealer has not checked an ace or a ten up and has a blackjack,
which takes the whole bet (``early`` surrender gives half back even then);
the dealer drawing to 17 (hitting soft 17 at H17) only when a live hand is
left and the dealer has no blackjack; every hand settled against the
dealer's total, a hidden blackjack taking every wager. Nets are whole scale
units (:mod:`bjtrainer.simulate.plan`): ``Plan.unit`` per original wager.

Cards come from a *source*: :class:`InfiniteDeck` (each rank drawn on its
own, 1/13 each, so ten-values 4/13) or :class:`Shoes` (one shuffled
shoe per row, dealt from the front, the discards shuffled in behind the
cards on the table when a round runs a shoe dry, as ``Shoe.draw`` does).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from bjtrainer.simulate.plan import (
    CARDS,
    DOUBLE,
    HIT,
    NET_OFFSET,
    NEXT,
    SETTLED,
    SPLIT,
    STATES,
    Plan,
)

__all__ = ["InfiniteDeck", "Shoes", "Source", "full_shoe", "play_rounds"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: A final hand state for the hands a round never made (a bust, wager 0).
_NO_HAND = 31


class Source(Protocol):
    """Where a batch of rounds gets its cards (ranks 0 to 12, :mod:`~bjtrainer.simulate.plan`)."""

    def deal(self, rows: IntArray) -> IntArray:
        """Start a round on each row and deal its first four cards: the deal keys."""
        ...

    def draw(self, rows: IntArray) -> IntArray:
        """The next card of each row, in the order of ``rows`` (distinct rows)."""
        ...


class InfiniteDeck:
    """Independent draws: every rank with chance 1/13 (a ten-value 4/13), rows ignored.

    ``docs/numbers.md``, "1. Independent draws". Ranks are drawn uniformly
    with ``Generator.integers`` (exact); the four cards of a deal are
    independent and uniform, so their deal key is one uniform number.
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def deal(self, rows: IntArray) -> IntArray:
        """A uniform deal key for each row."""
        return self.rng.integers(0, CARDS**4, size=len(rows), dtype=np.int64)

    def draw(self, rows: IntArray) -> IntArray:
        """A fresh rank for each row."""
        return self.rng.integers(0, CARDS, size=len(rows), dtype=np.int64)


def full_shoe(decks: int) -> IntArray:
    """The ranks of ``decks`` decks of 52, in rank order (shape (52 * decks,))."""
    return np.tile(np.repeat(np.arange(CARDS, dtype=np.int64), 4), decks)


class Shoes:
    """One shoe per row, each an order of its cards dealt from the front.

    Parameters
    ----------
    rng : numpy.random.Generator
        Every shuffle draws from it.
    cards : numpy.ndarray
        Shape (rows, size): each row's cards (ranks 0 to 12) in the order
        they are dealt: ``full_shoe(decks)`` shuffled (:meth:`shuffled`), or
        a stacked order for a test.

    Attributes
    ----------
    cards : numpy.ndarray
        Shape (rows, size), the order of every shoe.
    dealt : numpy.ndarray
        Shape (rows,): cards dealt from each shoe since its shuffle.
    """

    def __init__(self, rng: np.random.Generator, cards: IntArray) -> None:
        self.rng = rng
        self.cards = np.ascontiguousarray(cards, dtype=np.int64)
        self.size = self.cards.shape[1]
        self._flat = self.cards.reshape(-1)
        self.dealt = np.zeros(self.cards.shape[0], dtype=np.int64)
        self._round_from = np.zeros(self.cards.shape[0], dtype=np.int64)

    @classmethod
    def shuffled(cls, rng: np.random.Generator, rows: int, decks: int) -> Shoes:
        """``rows`` shoes of ``decks`` decks, each freshly shuffled."""
        shoes = cls(rng, np.tile(full_shoe(decks), (rows, 1)))
        shoes.shuffle(np.arange(rows))
        return shoes

    def shuffle(self, rows: IntArray) -> None:
        """Gather every card of these shoes and shuffle each (``Shoe.shuffle``)."""
        if len(rows):
            self.cards[rows] = self.rng.permuted(self.cards[rows], axis=1)
            self.dealt[rows] = 0
            self._round_from[rows] = 0

    def deal(self, rows: IntArray) -> IntArray:
        """The cards dealt so far become discards; deal player, up, player, hole."""
        self._round_from[rows] = self.dealt[rows]
        key = self.draw(rows)
        for _ in range(3):
            key = key * CARDS + self.draw(rows)
        return key

    def draw(self, rows: IntArray) -> IntArray:
        """The next card of each row's shoe; a dry shoe first gets its discards back.

        Raises
        ------
        RuntimeError
            If a shoe is dry with no discard (every card on the table).
        """
        dealt = self.dealt[rows]
        dry = dealt >= self.size
        if dry.any():
            for row in rows[dry]:
                self._reshuffle_discards(int(row))
            dealt = self.dealt[rows]
        self.dealt[rows] = dealt + 1
        cards: IntArray = self._flat[rows * self.size + dealt]
        return cards

    def _reshuffle_discards(self, row: int) -> None:
        """The round's cards stay in front; the discards follow in a new order."""
        start = int(self._round_from[row])
        if start == 0:
            raise RuntimeError("The shoe is dry and every card is on the table.")
        on_table = self.cards[row, start : self.dealt[row]].copy()
        discards = self.rng.permutation(self.cards[row, :start])
        self.cards[row] = np.concatenate([on_table, discards, self.cards[row, self.dealt[row] :]])
        self.dealt[row] = len(on_table)
        self._round_from[row] = 0

    def needs_shuffle(self, plan: Plan) -> BoolArray:
        """Per shoe, whether the table reshuffles before the next round (``Shoe.needs_shuffle``)."""
        left = self.size - self.dealt
        if plan.shuffle_every_round:
            return np.asarray(self.dealt > 0)
        return np.asarray((self.dealt > 0) & ((left < plan.reshuffle_below) | (left == 0)))


def _hit_until_done(
    plan: Plan, source: Source, rows: IntArray, up: IntArray, state: IntArray, at: IntArray
) -> None:
    """Hit the hands at positions ``at`` while the chart says hit (three cards or more)."""
    while at.size:
        state[at] = NEXT[state[at] * 16 + source.draw(rows[at])]
        at = at[plan.hits_on[up[at] * STATES + state[at]]]


def _play_splits(
    plan: Plan, source: Source, rows: IntArray, up: IntArray, pair: IntArray
) -> tuple[IntArray, IntArray]:
    """Play split rounds hand by hand; the final states and wagers, shape (n, max_hands).

    Each round starts with its pair split into two hands of one card; a
    hand draws its second card when its turn begins, then follows
    ``Plan.split_hand`` (split again, double, stand or hit) and
    ``Plan.hits_on``. Hands a round never made have a bust state and wager 0.
    """
    n, width = len(rows), plan.max_hands
    states = np.full((n, width), _NO_HAND, dtype=np.int64)
    wagers = np.zeros((n, width), dtype=np.int64)
    hands = np.full(n, 2, dtype=np.int64)
    current = np.zeros(n, dtype=np.int64)
    one_card = NEXT[pair]  # the state of a hand of the pair card alone
    state = one_card.copy()
    waiting = np.arange(n)  # positions whose current hand needs its second card
    while waiting.size:
        second = source.draw(rows[waiting])
        state[waiting] = NEXT[state[waiting] * 16 + second]
        full = (hands[waiting] >= width).astype(np.int64)
        index = ((up[waiting] * CARDS + pair[waiting]) * CARDS + second) * 2 + full
        action = plan.split_hand[index]
        again = waiting[action == SPLIT]
        hands[again] += 1
        state[again] = one_card[again]
        doubled = waiting[action == DOUBLE]
        if doubled.size:
            state[doubled] = NEXT[state[doubled] * 16 + source.draw(rows[doubled])]
        hitting = waiting[action == HIT]
        if hitting.size:
            state[hitting] = NEXT[state[hitting] * 16 + source.draw(rows[hitting])]
            more = plan.hits_on[up[hitting] * STATES + state[hitting]]
            _hit_until_done(plan, source, rows, up, state, hitting[more])
        played = action != SPLIT
        done = waiting[played]
        states[done, current[done]] = state[done]
        wagers[done, current[done]] = np.where(action[played] == DOUBLE, 2, 1)
        current[done] += 1
        state[done] = one_card[done]
        waiting = np.concatenate([again, done[current[done] < hands[done]]])
    return states, wagers


def play_rounds(plan: Plan, source: Source, rows: IntArray) -> IntArray:
    """Play one round of basic strategy on each row; each round's net.

    Parameters
    ----------
    plan : Plan
        The table's rules and chart (:func:`~bjtrainer.simulate.plan.make_plan`).
    source : Source
        The cards.
    rows : numpy.ndarray
        Distinct row indices of ``source``, one round each, shape (n,).

    Returns
    -------
    numpy.ndarray
        Shape (n,) int: the net of each round in scale units
        (``Plan.unit`` per original wager; insurance is never taken).
    """
    key = source.deal(rows)
    packed = plan.deal[key]
    action = packed & 7
    player = (packed >> 3) & 63
    dealer = (packed >> 9) & 127
    up = (key // CARDS**2) % CARDS

    doubled = np.flatnonzero(action == DOUBLE)
    if doubled.size:
        player[doubled] = NEXT[player[doubled] * 16 + source.draw(rows[doubled])]
    hitting = np.flatnonzero(action == HIT)
    if hitting.size:
        _hit_until_done(plan, source, rows, up, player, hitting)
    split = np.flatnonzero(action == SPLIT)
    states = wagers = np.zeros((0, 0), dtype=np.int64)
    if split.size:
        states, wagers = _play_splits(plan, source, rows[split], up[split], key[split] // CARDS**3)

    # The dealer draws where a hand is left to beat (not bust, not settled).
    live = (action < SPLIT) & ((player & 31) <= 21)
    if split.size:
        live[split] = ((states & 31) <= 21).any(axis=1)
    drawing = np.flatnonzero(live)
    drawing = drawing[plan.dealer_hits[dealer[drawing]]]
    while drawing.size:
        dealer[drawing] = NEXT[dealer[drawing] * 16 + source.draw(rows[drawing])]
        drawing = drawing[plan.dealer_hits[dealer[drawing]]]

    wager = 1 + (action == DOUBLE)
    net: IntArray = plan.sign[player * (STATES + 1) + dealer] * wager * plan.unit
    settled = action == SETTLED
    net[settled] = (packed[settled] >> 16) - NET_OFFSET
    if split.size:
        won = plan.sign[states * (STATES + 1) + dealer[split, None]] * wagers
        net[split] = plan.unit * won.sum(axis=1)
    return net
