"""The shoe: ``rules.decks`` decks shuffled with a seeded generator.

Every card of a round is drawn from the shoe, and every shuffle uses the
``numpy.random.Generator`` the shoe was given; nothing reads global random
state. Between rounds the table reshuffles once fewer than
``1 - rules.penetration`` of the shoe is left, a quarter for the six-deck
presets, or before every round when ``rules.shuffle_every_round``
(``docs/rules/<table>.md``, "Shoe and penetration").

The shoe never holds a card twice. Its order is always the whole shoe:
the discards (dealt in earlier rounds since the shuffle), the cards on the
table (dealt in this round, since :meth:`Shoe.start_round`) and the cards
still to deal, in that order. A round that runs the shoe dry (a deep cut
with few decks, ``docs/custom-tables.md``, "Every field") has the discards
shuffled in behind the cards on the table to finish it
(:meth:`Shoe.reshuffle_discards`); the cards on the table stay where they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from bjtrainer.engine.cards import RANKS, SUITS, Card, full_deck, parse_rank
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidCardError, SavedStateError

__all__ = ["Shoe", "parse_card"]

_BY_CODE: dict[str, Card] = {rank + suit: Card(rank, suit) for rank in RANKS for suit in SUITS}


def parse_card(card: Card | str) -> Card:
    """A card from a :class:`Card`, a code (``"AS"``, ``"TH"``) or a bare rank.

    A bare rank (``"A"``, ``"7"``, ``"K"``, ``"10"``) becomes the card of that
    rank in spades.

    Raises
    ------
    InvalidCardError
        If the text is neither a card code nor a rank.
    """
    if isinstance(card, Card):
        return card
    try:
        return Card.from_code(card)
    except InvalidCardError:
        return Card(parse_rank(card), "S")


class Shoe:
    """An ordered shoe of cards, dealt from the front.

    Parameters
    ----------
    rules : Rules
        Reads ``decks``, ``penetration`` and ``shuffle_every_round``.
    rng : numpy.random.Generator
        The only source of randomness; every shuffle draws from it.

    Attributes
    ----------
    rules : Rules
    rng : numpy.random.Generator
    """

    def __init__(self, rules: Rules, rng: np.random.Generator) -> None:
        self.rules = rules
        self.rng = rng
        self._order: list[Card] = []
        self._dealt = 0
        self._stacked = 0
        self._round_from = 0  # the first card of the round in play; those before are discards
        self.shuffle()

    @classmethod
    def stacked(
        cls,
        rules: Rules,
        cards: Sequence[Card | str],
        rng: np.random.Generator | None = None,
    ) -> Shoe:
        """A shoe that deals ``cards`` first, in order, then a shuffled shoe.

        For tests and lessons. The stacked cards are put in front of a whole
        freshly shuffled shoe of ``rules.decks`` decks, so :attr:`size` is
        ``len(cards) + 52 * rules.decks``. While stacked cards are still to be
        dealt the shoe never asks for a reshuffle.

        Parameters
        ----------
        rules : Rules
        cards : sequence of Card or str
            Card codes (``"AS"``) or bare ranks (suit spades), dealt in this
            order. A round deals player, up card, player, hole card, then
            cards in the order they are drawn.
        rng : numpy.random.Generator, optional
            Shuffles the shoe behind the stack and every later shuffle;
            default ``np.random.default_rng(0)``.

        Raises
        ------
        InvalidCardError
            If a card is neither a code nor a rank.
        """
        front = [parse_card(card) for card in cards]
        shoe = cls(rules, rng if rng is not None else np.random.default_rng(0))
        shoe._set_order(front + shoe._order)
        shoe._stacked = len(front)
        return shoe

    @property
    def size(self) -> int:
        """Cards in the shoe when it was last shuffled (stacked cards included)."""
        return len(self._order)

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt."""
        return len(self._order) - self._dealt

    @property
    def seen(self) -> list[Card]:
        """Cards dealt since the last shuffle, in order (a copy).

        After :meth:`reshuffle_discards` these are the cards of the round in
        play and those dealt after them: the discards are back in the shoe.
        """
        return self._order[: self._dealt]

    @property
    def discards(self) -> list[Card]:
        """Cards dealt in earlier rounds since the last shuffle, in order (a copy)."""
        return self._order[: self._round_from]

    @property
    def on_table(self) -> list[Card]:
        """Cards dealt since :meth:`start_round`, in order (a copy): the round's cards."""
        return self._order[self._round_from : self._dealt]

    @property
    def undealt(self) -> list[Card]:
        """Cards still to deal, in order (a copy). Tests only: nothing on screen reads it."""
        return self._order[self._dealt :]

    def start_round(self) -> None:
        """A round begins: every card dealt so far is a discard from now on.

        :class:`~bjtrainer.engine.round.Round` calls it before its first card.
        """
        self._round_from = self._dealt

    def draw(self) -> Card:
        """Deal the next card.

        A shoe that is dry in the middle of a round first has its discards
        shuffled in behind the cards on the table (:meth:`reshuffle_discards`),
        so the round finishes and no card is ever in play twice.
        """
        if self._dealt >= len(self._order):
            self.reshuffle_discards()
        card = self._order[self._dealt]
        self._dealt += 1
        return card

    def reshuffle_discards(self) -> None:
        """Shuffle the discards back in, behind the cards on the table.

        The order becomes the round's cards (dealt, in the order they were
        dealt) then the discards in a new order drawn from :attr:`rng`, so
        :attr:`seen` is the round's cards and the shoe stays the whole shoe.
        A replay from the same generator state makes the same order.

        Raises
        ------
        RuntimeError
            If there is no discard to shuffle: every card of the shoe on the
            table at once, which no round can do (a round holds fewer than
            52 cards: each hand stops by 21 or on its first bust).
        """
        discards = self.discards
        if not discards:
            raise RuntimeError("The shoe is dry and every card is on the table.")
        table = self.on_table
        order = self.rng.permutation(len(discards))
        self._set_order(table + [discards[int(i)] for i in order])
        self._dealt = len(table)
        self._round_from = 0
        self._stacked = 0

    def needs_shuffle(self) -> bool:
        """Whether the table must reshuffle before the next round.

        True when ``rules.shuffle_every_round``, or when fewer than
        ``(1 - rules.penetration) * size`` cards are left (fewer than 78 of
        312 for the six-deck presets, ``docs/rules/practice.md``, "Shoe and
        penetration"), or when no card is left (``penetration`` 1). A shoe
        from which nothing has been dealt since its shuffle, or that still
        holds stacked cards, never needs one.
        """
        if self._dealt == 0 or self._dealt < self._stacked:
            return False
        if self.rules.shuffle_every_round or self.cards_left == 0:
            return True
        # Exact: penetration as the decimal it was written as (0.75 = 3/4).
        kept = 1 - Fraction(repr(self.rules.penetration))
        return self.cards_left < kept * self.size

    def shuffle(self) -> None:
        """Gather every card and shuffle a full shoe of ``rules.decks`` decks.

        Clears :attr:`seen` and any stacked cards.
        """
        cards = full_deck() * self.rules.decks
        order = self.rng.permutation(len(cards))
        self._set_order([cards[int(i)] for i in order])
        self._dealt = 0
        self._stacked = 0
        self._round_from = 0

    def _set_order(self, order: list[Card]) -> None:
        self._order = order
        self._codes = "".join(card.code for card in order)

    def to_state(self) -> dict[str, Any]:
        """The shoe as JSON-able data (the generator's state is not included).

        Returns
        -------
        dict
            ``{"order": str, "dealt": int, "stacked": int}``: ``order`` is
            every card since the shuffle as two-character codes run together
            (``"AS9DTH..."``), ``dealt`` how many were dealt, ``stacked`` how
            many leading cards were stacked.
        """
        return {
            "order": self._codes,
            "dealt": self._dealt,
            "stacked": self._stacked,
        }

    @classmethod
    def from_state(cls, rules: Rules, state: dict[str, Any], rng: np.random.Generator) -> Shoe:
        """Rebuild a shoe from :meth:`to_state` data; ``rng`` serves later shuffles.

        Raises
        ------
        SavedStateError
            If the data is not a shoe state.
        """
        try:
            codes = state["order"]
            dealt = state["dealt"]
            stacked = state["stacked"]
            if not isinstance(codes, str) or len(codes) % 2:
                raise TypeError(f"order is {codes!r:.40}")
            order = [_BY_CODE[codes[i : i + 2]] for i in range(0, len(codes), 2)]
        except (KeyError, TypeError) as exc:
            raise SavedStateError(f"Not a saved shoe: {exc}") from None
        for name, value in (("dealt", dealt), ("stacked", stacked)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SavedStateError(f"Not a saved shoe: {name} is {value!r}.")
            if not 0 <= value <= len(order):
                raise SavedStateError(f"Not a saved shoe: {name} {value} is out of range.")
        shoe = cls.__new__(cls)
        shoe.rules = rules
        shoe.rng = rng
        shoe._set_order(order)
        shoe._dealt = dealt
        shoe._stacked = stacked
        # Between rounds every dealt card is a discard; a round in play is
        # replayed from its start (Table.from_state), which calls start_round.
        shoe._round_from = dealt
        return shoe
