"""Card faces drawn as three-line boxes with suit symbols.

A row of cards is a :class:`rich.text.Text` of three lines, each card five
cells wide; hearts and diamonds are red, spades and clubs black, and a
face-down hole card (``None``) shows its back.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from bjtrainer.engine.cards import Card

#: Suit letter -> symbol.
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: frozenset[str] = frozenset({"H", "D"})

CARD_WIDTH = 5
COMPACT_WIDTH = 4
FACE_BLACK = "black on white"
FACE_RED = "bold red3 on white"
BACK = "bright_white on dark_blue"


def rank_label(rank: str) -> str:
    """The rank as printed on a card face: ``"10"`` for ``"T"``, else the rank."""
    return "10" if rank == "T" else rank


def card_label(card: Card) -> str:
    """Rank and suit symbol, e.g. ``"K♠"``, ``"10♥"``."""
    return rank_label(card.rank) + SUIT_SYMBOLS[card.suit]


def _card_lines(card: Card | None) -> tuple[tuple[str, str], ...]:
    if card is None:
        return (("╭───╮", BACK), ("│░░░│", BACK), ("╰───╯", BACK))
    style = FACE_RED if card.suit in RED_SUITS else FACE_BLACK
    return (("╭───╮", style), (f"│{card_label(card):>3}│", style), ("╰───╯", style))


def card_row(cards: Sequence[Card | None], *, compact: bool = False) -> Text:
    """Draw cards side by side.

    Parameters
    ----------
    cards
        The cards, left to right; ``None`` is a face-down card.
    compact
        One line per row instead of three: each card is its label on the
        card colour (``COMPACT_WIDTH`` cells), for rounds with many hands.

    Returns
    -------
    Text
        Three lines, ``CARD_WIDTH * len(cards)`` cells wide; compact: one
        line, ``COMPACT_WIDTH * len(cards)`` cells wide (the last card's gap
        dropped).
    """
    if compact:
        return _compact_row(cards)
    row = Text()
    faces = [_card_lines(card) for card in cards]
    for line in range(3):
        if line:
            row.append("\n")
        for face in faces:
            text, style = face[line]
            row.append(text, style=style)
    return row


def _compact_row(cards: Sequence[Card | None]) -> Text:
    row = Text()
    for index, card in enumerate(cards):
        if index:
            row.append(" ")
        if card is None:
            row.append("░░░", style=BACK)
        else:
            style = FACE_RED if card.suit in RED_SUITS else FACE_BLACK
            row.append(f"{card_label(card):>3}", style=style)
    return row


def cards_inline(cards: Sequence[Card]) -> str:
    """Cards on one line for messages, e.g. ``"8♠ 8♥"``."""
    return " ".join(card_label(card) for card in cards)
