"""Cards, ranks and their point values.

A rank is one character of ``"A23456789TJQK"``; ten, jack, queen and king
are the ten-value ranks. A card is a rank and a suit (``"S" "H" "D" "C"``);
suits never matter to play, only to how a card is drawn.

Source: ``docs/rules/practice.md``, "Cards and totals" (the same at every
table): number cards count at face value; J, Q and K count as 10; an ace
counts as 11 when that does not bust the hand, otherwise as 1.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bjtrainer.errors import InvalidCardError
from bjtrainer.inputs import SEPARATORS, shown, strip_spaces

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
TEN_RANKS: frozenset[str] = frozenset({"T", "J", "Q", "K"})

#: Point value of each rank, the ace counted as 1.
RANK_VALUE: dict[str, int] = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}

#: The ten distinct point values in EV order: index 0 is the ace, 9 is ten.
VALUE_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


class Card(NamedTuple):
    """One playing card, e.g. ``Card("A", "S")`` for the ace of spades."""

    rank: str
    suit: str

    @property
    def value(self) -> int:
        """Point value, ace as 1, ten-value ranks as 10."""
        return RANK_VALUE[self.rank]

    @property
    def code(self) -> str:
        """Two-character code, rank then suit: ``"AS"``, ``"TH"``."""
        return self.rank + self.suit

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Parse a two-character code such as ``"QD"``.

        Raises
        ------
        InvalidCardError
            If the code is not a rank followed by a suit.
        """
        if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
            raise InvalidCardError(f"Not a card code: {shown(code)} (expected e.g. 'AS', 'TH').")
        return cls(code[0], code[1])

    def __str__(self) -> str:
        return self.code


def rank_value(rank: str) -> int:
    """Point value of a rank (ace 1, ten-value 10).

    Raises
    ------
    InvalidCardError
        If ``rank`` is not one of ``RANKS``.
    """
    try:
        return RANK_VALUE[rank]
    except KeyError:
        raise InvalidCardError(f"Not a card: {shown(rank)}.") from None


def value_rank(rank: str) -> str:
    """The rank that stands for this rank's point value: J, Q, K become T."""
    return "T" if RANK_VALUE[rank] == 10 else rank


#: The cards a user may type, as the messages name them.
_CARDS_TYPED = "Cards are A, 2-9, T (or 10), J, Q, K."

#: What separates typed cards: spaces, tabs and commas (no other blank or control character).
_CARD_SEPARATORS = re.compile(f"[{SEPARATORS},]+")


def parse_rank(text: str) -> str:
    """Parse one rank as a user types it: ``A 2..9 T J Q K``, ``10`` for T.

    Lower case is accepted, and spaces or tabs around it. The digits are
    the ASCII ones: ``"٣"`` or ``"²"`` is not a 3 or a 2.

    Raises
    ------
    InvalidCardError
        With a one-line message for anything else (an empty text, a control
        character, 10,000 characters: quoted short, :func:`bjtrainer.inputs.shown`).
    """
    token = strip_spaces(text)
    if token == "10":
        return "T"
    if len(token) == 1 and token.isascii() and token.upper() in RANKS:
        return token.upper()
    raise InvalidCardError(f"Not a card: {shown(token)}. {_CARDS_TYPED}")


def parse_ranks(text: str) -> list[str]:
    """Parse ranks separated by spaces, tabs or commas, e.g. ``"T 6"``, ``"A,7"``.

    Raises
    ------
    InvalidCardError
        If a token is not a card (:func:`parse_rank`; a control character
        separates nothing: ``"T\\x1c6"`` is one token), or there is no card
        at all.
    """
    tokens = [t for t in _CARD_SEPARATORS.split(text) if t]
    if not tokens:
        raise InvalidCardError(f"No cards given. {_CARDS_TYPED}")
    return [parse_rank(t) for t in tokens]


def full_deck() -> list[Card]:
    """The 52 cards of one deck, in a fixed order (suit by suit)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]
