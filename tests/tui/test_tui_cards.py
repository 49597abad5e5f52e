"""The three card designs (``docs/playing.md``, "Sitting down"), drawn without Textual.

Classic: suit symbols, hearts and diamonds red. Four-colour: one colour per
suit as on a four-colour deck (spades black, hearts red, diamonds blue,
clubs green). Plain ASCII: "AS", "TH" in [ ] brackets, nothing outside
ASCII, for terminals without Unicode.
"""

from __future__ import annotations

import pytest
from rich.text import Text

from bjtrainer.engine.cards import RANKS, SUITS, Card
from bjtrainer.tui.views.cards import (
    CARD_DESIGNS,
    card_design,
    card_label,
    card_row,
    face_style,
    plain_rich,
    plain_text,
)
from bjtrainer.tui.views.tones import TONES

EVERY_CARD = [Card(rank, suit) for rank in RANKS for suit in SUITS]


def test_ascii_is_codes_in_brackets_and_nothing_else() -> None:
    row = card_row([Card("A", "S"), Card("T", "H"), None], design="ascii").plain
    assert row == "[AS] [TH] [##]"
    every = card_row(EVERY_CARD, design="ascii").plain
    assert every.isascii() and every.count("[") == 52


def test_classic_and_four_colour_draw_the_same_faces() -> None:
    for design in ("classic", "four_colour"):
        row = card_row([Card("T", "H"), None], design=design)  # type: ignore[arg-type]
        assert row.plain.splitlines() == ["╭───╮╭───╮", "│10♥││░░░│", "╰───╯╰───╯"]
    assert card_label(Card("K", "S")) == "K♠" and card_label(Card("K", "S"), "ascii") == "KS"


def test_suit_colours() -> None:
    def colour(suit: str, design: str) -> str:  # the style the named one stands for
        return TONES[face_style(Card("7", suit), design)]  # type: ignore[arg-type]

    assert colour("H", "classic") == colour("D", "classic") != colour("S", "classic")
    assert colour("S", "classic") == colour("C", "classic")
    four = {suit: colour(suit, "four_colour") for suit in SUITS}
    assert len(set(four.values())) == 4  # one colour per suit
    assert "blue" in four["D"] and "green" in four["C"] and "red" in four["H"]


def test_design_names() -> None:
    assert list(CARD_DESIGNS) == ["classic", "four_colour", "ascii"]
    assert card_design("ascii") == "ascii"
    with pytest.raises(ValueError, match="No card design 'neon'"):
        card_design("neon")


def test_plain_rich_keeps_each_piece_style() -> None:
    text = Text.assemble(("✔ ", "bj.good"), "Hit ", ("…", "bold"))
    plain = plain_rich(text)
    assert plain.plain == "OK Hit ..."
    assert [(span.start, span.end, span.style) for span in plain.spans] == [
        (0, 3, "bj.good"),
        (7, 10, "bold"),
    ]


def test_plain_text() -> None:
    assert (
        plain_text("✘ Hit gives up 0.114 · Deal ⏎ Bet…")
        == "X Hit gives up 0.114 - Deal Enter Bet..."
    )
    assert plain_text("♠").isascii()


@pytest.mark.parametrize(
    ("design", "compact", "widths"),
    [
        ("classic", False, [15, 15, 15]),  # three lines of three 5-cell boxes
        ("four_colour", False, [15, 15, 15]),
        ("classic", True, [11]),  # one line: 4 cells a card, the last gap dropped
        ("ascii", False, [14]),  # "[AS] [TH] [##]"
        ("ascii", True, [14]),
    ],
)
def test_a_row_of_three_cards_is_as_wide_as_its_docstring_says(
    design: str, compact: bool, widths: list[int]
) -> None:
    cards = [Card("A", "S"), Card("T", "H"), None]
    row = card_row(cards, compact=compact, design=card_design(design))
    assert [len(line) for line in row.plain.split("\n")] == widths
