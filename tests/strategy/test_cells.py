"""Which chart cell a hand reads (:mod:`bjtrainer.strategy.cells`).

The reading follows Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"
("If you can't split because of a limit on re-splitting, then look up your
hand as a hard total"); the codes checked are that published six-deck S17
DAS late-surrender chart (16 v T surrender, A,7 v 2 stand, 8,8 split).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from bjtrainer.engine.hand import evaluate
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidCardError
from bjtrainer.strategy import ROWS, Chart, Code, build_chart
from bjtrainer.strategy.cells import HAND_ROWS, column_of, hand_cell

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


@pytest.fixture(scope="module")
def practice() -> Chart:
    return build_chart(PRESETS["practice"])


# Which cell a hand reads


@pytest.mark.parametrize(
    ("cards", "up", "may_split", "row", "column"),
    [
        (["T", "6"], "K", False, "hard 16", "T"),
        (["T", "2", "4"], "9", False, "hard 16", "9"),  # three cards read the total too
        (["8", "8"], "6", True, "pair 8", "6"),
        (["8", "8"], "6", False, "hard 16", "6"),  # no split allowed: the hard total
        (["K", "Q"], "A", True, "pair T", "A"),
        (["A", "7"], "2", False, "soft 18", "2"),
        (["7", "A"], "5", False, "soft 18", "5"),
        (["A", "5", "T"], "7", False, "hard 16", "7"),  # the ace counts 1 now
        (["A", "A"], "4", True, "pair A", "4"),
    ],
)
def test_a_hand_reads_its_pair_row_if_it_may_split_else_its_total(
    cards: list[str], up: str, may_split: bool, row: str, column: str
) -> None:
    spot = hand_cell(cards, up, may_split=may_split)
    assert (spot.row, spot.column) == (row, column)
    assert spot.describe() == f"Your hand: {row} against {column}."


@pytest.mark.parametrize(
    ("cards", "hand", "play"),
    [
        (["A", "A"], "soft 12", "hit"),  # split aces used up: no soft 12 row
        (["2", "2"], "hard 4", "hit"),
        (["T", "5", "6"], "hard 21", "stand"),
        (["A", "4", "6"], "soft 21", "stand"),
    ],
)
def test_a_hand_without_a_row_says_what_the_chart_does(
    cards: list[str], hand: str, play: str
) -> None:
    spot = hand_cell(cards, "9", may_split=False)
    assert spot.row is None and spot.hand == hand
    assert spot.describe() == f"Your hand, {hand} against 9, has no row: the chart says {play}."


def test_every_hand_below_21_has_a_name_of_hand_rows_and_the_chart_rows_keep_their_order() -> None:
    names = set()
    for count in (2, 3):
        for cards in combinations_with_replacement(RANKS, count):
            if evaluate(cards).total < 21:
                for may_split in (False, True):
                    names.add(hand_cell(cards, "5", may_split=may_split).hand)
    assert names == set(HAND_ROWS)
    assert [row for row in HAND_ROWS if row in ROWS] == list(ROWS)
    assert [row for row in HAND_ROWS if row not in ROWS] == ["hard 4", "soft 12"]


@pytest.mark.parametrize(
    ("cards", "up", "may_split", "code"),
    [
        (["T", "6"], "K", False, Code.SURRENDER_HIT),
        (["A", "7"], "2", False, Code.STAND),
        (["8", "8"], "6", True, Code.SPLIT),
        (["2", "2"], "9", False, Code.HIT),  # hard 4: no row, hit
        (["A", "A"], "9", False, Code.HIT),  # soft 12: no row, hit
        (["T", "5", "6"], "9", False, Code.STAND),  # hard 21: stand
    ],
)
def test_the_code_of_a_cell(
    practice: Chart, cards: list[str], up: str, may_split: bool, code: Code
) -> None:
    assert hand_cell(cards, up, may_split=may_split).code(practice) is code


def test_only_hands_without_a_row_have_a_fixed_code() -> None:
    assert hand_cell(["T", "6"], "9", may_split=False).fixed_code is None
    assert hand_cell(["A", "A"], "9", may_split=False).fixed_code is Code.HIT
    assert hand_cell(["9", "A", "A"], "9", may_split=False).fixed_code is Code.STAND


def test_the_column_is_the_up_cards_value_and_a_bad_rank_is_refused() -> None:
    assert [column_of(rank) for rank in ("A", "2", "9", "T", "J", "Q", "K")] == [
        "A",
        "2",
        "9",
        "T",
        "T",
        "T",
        "T",
    ]
    with pytest.raises(InvalidCardError, match="Not a card: 'X'"):
        column_of("X")
    with pytest.raises(InvalidCardError, match="Not a card: '1'"):
        hand_cell(["T", "1"], "9", may_split=False)
