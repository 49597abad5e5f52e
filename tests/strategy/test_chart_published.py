"""The computed charts against published basic strategy.

Six decks, S17, DAS, late surrender (the ``practice`` table), written here
from two published sources that agree cell by cell:

- Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"
  (wizardofodds.com/games/blackjack/strategy/4-decks/), its strategy in text
  form for S17 with surrender: "Surrender hard 16 (but not a pair of 8s) vs.
  dealer 9, 10, or A, and hard 15 vs. dealer 10. Always split aces and 8s.
  Never split 5s and 10s. Split 2s and 3s against a dealer 4-7, and against a
  2 or 3 if DAS is allowed. Split 4s only if DAS is allowed and the dealer
  shows a 5 or 6. Split 6s against a dealer 3-6, and against a 2 if DAS is
  allowed. Split 7s against a dealer 2-7. Split 9s against a dealer 2-6 or
  8-9. Double hard 9 vs. dealer 3-6. Double hard 10 except against a dealer
  10 or A. Double hard 11 except against a dealer A. Double soft 13 or 14 vs.
  dealer 5-6. ..." The "if DAS is allowed" splits are the ``Ph`` cells.
- The full grid "basic strategy table for 3 or more decks, dealer stands on
  soft 17, double on any 2 cards, double after split allowed, dealer peeks
  for blackjack, and blackjack pays 3:2" with SU = surrender
  (blackjack-hand-odds.blogspot.com/2009/04/table-of-what-to-do-in-each-blackjack.html).
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import COLUMNS, ROWS, Chart, build_chart
from bjtrainer.strategy.codes import Code

# Columns: 2 3 4 5 6 7 8 9 T A
PUBLISHED_SIX_DECK_S17_DAS_LS = """
hard 5   H  H  H  H  H  H  H  H  H  H
hard 6   H  H  H  H  H  H  H  H  H  H
hard 7   H  H  H  H  H  H  H  H  H  H
hard 8   H  H  H  H  H  H  H  H  H  H
hard 9   H  Dh Dh Dh Dh H  H  H  H  H
hard 10  Dh Dh Dh Dh Dh Dh Dh Dh H  H
hard 11  Dh Dh Dh Dh Dh Dh Dh Dh Dh H
hard 12  H  H  S  S  S  H  H  H  H  H
hard 13  S  S  S  S  S  H  H  H  H  H
hard 14  S  S  S  S  S  H  H  H  H  H
hard 15  S  S  S  S  S  H  H  H  Rh H
hard 16  S  S  S  S  S  H  H  Rh Rh Rh
hard 17  S  S  S  S  S  S  S  S  S  S
hard 18  S  S  S  S  S  S  S  S  S  S
hard 19  S  S  S  S  S  S  S  S  S  S
hard 20  S  S  S  S  S  S  S  S  S  S
soft 13  H  H  H  Dh Dh H  H  H  H  H
soft 14  H  H  H  Dh Dh H  H  H  H  H
soft 15  H  H  Dh Dh Dh H  H  H  H  H
soft 16  H  H  Dh Dh Dh H  H  H  H  H
soft 17  H  Dh Dh Dh Dh H  H  H  H  H
soft 18  S  Ds Ds Ds Ds S  S  H  H  H
soft 19  S  S  S  S  S  S  S  S  S  S
soft 20  S  S  S  S  S  S  S  S  S  S
pair 2   Ph Ph P  P  P  P  H  H  H  H
pair 3   Ph Ph P  P  P  P  H  H  H  H
pair 4   H  H  H  Ph Ph H  H  H  H  H
pair 5   Dh Dh Dh Dh Dh Dh Dh Dh H  H
pair 6   Ph P  P  P  P  H  H  H  H  H
pair 7   P  P  P  P  P  P  H  H  H  H
pair 8   P  P  P  P  P  P  P  P  P  P
pair 9   P  P  P  P  P  S  P  P  S  S
pair T   S  S  S  S  S  S  S  S  S  S
pair A   P  P  P  P  P  P  P  P  P  P
"""


def parse(text: str) -> dict[str, dict[str, Code]]:
    chart = {}
    for line in text.strip().splitlines():
        words = line.split()
        row, codes = f"{words[0]} {words[1]}", words[2:]
        chart[row] = {column: Code(code) for column, code in zip(COLUMNS, codes, strict=True)}
    return chart


@pytest.fixture(scope="module")
def practice() -> Chart:
    return build_chart(PRESETS["practice"])


def test_published_chart_covers_every_row() -> None:
    assert tuple(parse(PUBLISHED_SIX_DECK_S17_DAS_LS)) == ROWS


def test_practice_chart_matches_the_published_chart_cell_by_cell(practice: Chart) -> None:
    published = parse(PUBLISHED_SIX_DECK_S17_DAS_LS)
    different = [
        f"{row} v {column}: published {published[row][column].value}, "
        f"computed {practice.code(row, column).value}"
        for row in ROWS
        for column in COLUMNS
        if practice.code(row, column) is not published[row][column]
    ]
    assert different == []


@pytest.mark.parametrize(
    ("row", "column", "code"),
    [
        ("hard 11", "A", Code.HIT),
        ("hard 16", "9", Code.SURRENDER_HIT),
        ("hard 16", "T", Code.SURRENDER_HIT),
        ("hard 16", "A", Code.SURRENDER_HIT),
        ("hard 15", "T", Code.SURRENDER_HIT),
        ("soft 18", "2", Code.STAND),
        ("soft 13", "5", Code.DOUBLE_HIT),
        ("soft 15", "4", Code.DOUBLE_HIT),
    ],
)
def test_the_cells_issue_5_names(practice: Chart, row: str, column: str, code: Code) -> None:
    """11 v A hit; 16 v 9, T, A and 15 v T surrender; A,7 v 2 stand; A,2 v 5 and A,4 v 4 double."""
    assert practice.code(row, column) is code


@pytest.mark.slow
def test_without_surrender_the_surrender_cells_hit() -> None:
    """``guide`` has no surrender: "surrender if allowed, otherwise hit" cells hit."""
    guide = build_chart(PRESETS["guide"])
    published = parse(PUBLISHED_SIX_DECK_S17_DAS_LS)
    for row in ROWS:
        for column in COLUMNS:
            want = published[row][column]
            if want is Code.SURRENDER_HIT:
                want = Code.HIT
            assert guide.code(row, column) is want, (row, column)


def test_single_deck_seven_seven_against_ten_is_a_stand() -> None:
    """7,7 v 10 is a stand at one deck, a clear hit with independent draws.

    ``docs/numbers.md``, "The chart play" (and "11. The shoe-aware figures")."""
    home = build_chart(PRESETS["home"])
    assert home.code("pair 7", "T") is Code.STAND
    assert home.code("hard 14", "T") is Code.HIT
