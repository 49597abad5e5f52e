"""Card faces in three designs: classic, four-colour suits and plain ASCII.

The card design is chosen before sitting down (``docs/playing.md``,
"Sitting down"):

``classic``
    Three-line boxes with suit symbols; hearts and diamonds red, spades and
    clubs black.
``four_colour``
    The same boxes with a colour per suit, as on a four-colour deck:
    spades black, hearts red, diamonds blue, clubs green.
``ascii``
    Plain ASCII for terminals without Unicode: one line per card, rank and
    suit letter in square brackets (``[AS]``, ``[TH]``), ``[##]`` for the
    face-down hole card.

A face-down hole card (``None``) shows its back in every design. No Textual
here: rows are :class:`rich.text.Text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.text import Text

from bjtrainer.engine.cards import Card

CardDesign = Literal["classic", "four_colour", "ascii"]

#: Design id -> its name on the sit-down screen, in the order offered.
CARD_DESIGNS: dict[CardDesign, str] = {
    "classic": "Classic (suit symbols)",
    "four_colour": "Four-colour suits",
    "ascii": "Plain ASCII [AS] [TH]",
}
DEFAULT_DESIGN: CardDesign = "classic"

#: Suit letter -> symbol.
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: frozenset[str] = frozenset({"H", "D"})

#: Face and back styles: names of :data:`bjtrainer.tui.views.tones.TONES`, so the
#: theme in use gives their colours (``docs/playing.md``, "Themes").
FACE_BLACK = "card.black"
FACE_RED = "card.red"
BACK = "card.back"

#: Face style of each suit in the four-colour design.
FOUR_COLOUR_FACES: dict[str, str] = {
    "S": FACE_BLACK,
    "H": FACE_RED,
    "D": "card.blue",
    "C": "card.green",
}
#: Style of each suit in the ASCII design (no card ground: plain terminals).
ASCII_STYLES: dict[str, str] = {
    "S": "card.ascii-black",
    "H": "card.ascii-red",
    "D": "card.ascii-red",
    "C": "card.ascii-black",
}
ASCII_BACK = "[##]"


#: ASCII stand-ins for the other non-ASCII characters of the table screen
#: (grade marks, button glyphs), used with the ``ascii`` design.
ASCII_FALLBACKS: dict[str, str] = {
    "✔": "OK",
    "✘": "X",
    "…": "...",
    "⏎": "Enter",
    "·": "-",
    "⌫": "Bksp",
    "░": "#",
    "▼": "v",  # a drop-down's arrows
    "▲": "^",
}


def plain_text(text: str) -> str:
    """``text`` in ASCII: :data:`ASCII_FALLBACKS` replaced, anything else non-ASCII as ``?``."""
    for char, fallback in ASCII_FALLBACKS.items():
        text = text.replace(char, fallback)
    return text.encode("ascii", "replace").decode("ascii")


def plain_rich(text: Text) -> Text:
    """``text`` in ASCII (:func:`plain_text`), each piece keeping its styles."""
    if text.plain.isascii():
        return text
    cuts = sorted({edge for span in text.spans for edge in (span.start, span.end)})
    result = Text(style=text.style, justify=text.justify, no_wrap=text.no_wrap, end=text.end)
    for piece in text.divide(cuts):
        plain = Text(plain_text(piece.plain))
        for span in piece.spans:  # each one covers the whole piece: it was cut at every edge
            plain.stylize(span.style, 0, len(plain))
        result.append_text(plain)
    return result


def card_design(name: str) -> CardDesign:
    """Check a design id read from settings or typed in.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`CARD_DESIGNS`.
    """
    if name not in CARD_DESIGNS:
        known = ", ".join(CARD_DESIGNS)
        raise ValueError(f"No card design {name!r}: use one of {known}.")
    return name


def rank_label(rank: str) -> str:
    """The rank as printed on a card face: ``"10"`` for ``"T"``, else the rank."""
    return "10" if rank == "T" else rank


def card_label(card: Card, design: CardDesign = DEFAULT_DESIGN) -> str:
    """Rank and suit: ``"K♠"``, ``"10♥"``; in ASCII the card code, ``"KS"``, ``"TH"``."""
    if design == "ascii":
        return card.code
    return rank_label(card.rank) + SUIT_SYMBOLS[card.suit]


def face_style(card: Card, design: CardDesign = DEFAULT_DESIGN) -> str:
    """The named Rich style of a card face in ``design`` (``"card.red"``: see ``TONES``)."""
    if design == "ascii":
        return ASCII_STYLES[card.suit]
    if design == "four_colour":
        return FOUR_COLOUR_FACES[card.suit]
    return FACE_RED if card.suit in RED_SUITS else FACE_BLACK


def _card_lines(card: Card | None, design: CardDesign) -> tuple[tuple[str, str], ...]:
    if card is None:
        return (("╭───╮", BACK), ("│░░░│", BACK), ("╰───╯", BACK))
    style = face_style(card, design)
    return (("╭───╮", style), (f"│{card_label(card, design):>3}│", style), ("╰───╯", style))


def card_row(
    cards: Sequence[Card | None], *, compact: bool = False, design: CardDesign = DEFAULT_DESIGN
) -> Text:
    """Draw cards side by side.

    Parameters
    ----------
    cards
        The cards, left to right; ``None`` is a face-down card.
    compact
        One line per row instead of three: each card is its label on the
        card colour (4 cells with its gap), for rounds with many hands.
    design
        The card design (:data:`CARD_DESIGNS`).

    Returns
    -------
    Text
        Classic and four-colour: three lines, ``5 * len(cards)`` cells wide;
        compact: one line, ``4 * len(cards) - 1`` cells wide (the last
        card's gap dropped). ASCII, compact or not: one line,
        ``5 * len(cards) - 1`` cells wide, the last gap dropped.
    """
    if design == "ascii":
        return _ascii_row(cards)
    if compact:
        return _compact_row(cards, design)
    row = Text()
    faces = [_card_lines(card, design) for card in cards]
    for line in range(3):
        if line:
            row.append("\n")
        for face in faces:
            text, style = face[line]
            row.append(text, style=style)
    return row


def _compact_row(cards: Sequence[Card | None], design: CardDesign) -> Text:
    row = Text()
    for index, card in enumerate(cards):
        if index:
            row.append(" ")
        if card is None:
            row.append("░░░", style=BACK)
        else:
            row.append(f"{card_label(card, design):>3}", style=face_style(card, design))
    return row


def _ascii_row(cards: Sequence[Card | None]) -> Text:
    row = Text()
    for index, card in enumerate(cards):
        if index:
            row.append(" ")
        if card is None:
            row.append(ASCII_BACK)
        else:
            row.append(f"[{card_label(card, 'ascii')}]", style=face_style(card, "ascii"))
    return row
