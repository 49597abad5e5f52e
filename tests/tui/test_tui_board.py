"""The top-five board in the store: order, ties, places, names.

``docs/rules/night.md``, "Cash-out and the board": the CASH OUT balance "is
your score and goes on the top-five board"; highest score first, an earlier
entry before a later one on a tie; names of 1 to 20 characters.
The expected orders below are sorted by hand from the scores entered.
"""

from __future__ import annotations

import pytest

from bjtrainer.store import Store
from bjtrainer.store.board import BOARD_SIZE, MAX_NAME_LENGTH, Board, check_name


def stamp(minute: int) -> str:
    return f"2025-01-02T22:{minute:02d}:00+00:00"


def test_the_five_best_highest_first_earliest_first_on_a_tie(store: Store) -> None:
    board = Board(store)
    scores = [("Ann", 300), ("Ben", 950), ("Cy", 300), ("Dee", 0), ("Eli", 1200), ("Fay", 40)]
    entries = [
        board.record("night", name, score, stamp(i)) for i, (name, score) in enumerate(scores)
    ]
    board.record("custom", "Gus", 5000, stamp(9))  # another table's board
    top = board.top("night")
    assert len(top) == BOARD_SIZE
    assert [(e.name, e.score) for e in top] == [
        ("Eli", 1200),
        ("Ben", 950),
        ("Ann", 300),
        ("Cy", 300),
        ("Fay", 40),
    ]
    assert [board.place(entry) for entry in entries] == [3, 2, 4, 6, 1, 5]
    assert [e.name for e in board.top("custom")] == ["Gus"]


def test_names_are_cleaned_and_checked(store: Store) -> None:
    assert check_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert Board(store).record("night", " Bo ", 7, stamp(0)).name == "Bo"
    with pytest.raises(ValueError, match="Enter a name"):
        check_name("   ")
    with pytest.raises(ValueError, match=f"at most {MAX_NAME_LENGTH}"):
        check_name("x" * (MAX_NAME_LENGTH + 1))
    with pytest.raises(ValueError, match="control"):
        check_name("a\x07b")


@pytest.mark.parametrize("score", [-1, 2.5, True])
def test_a_score_is_whole_chips_at_least_zero(store: Store, score: object) -> None:
    with pytest.raises(ValueError, match="whole number of chips"):
        Board(store).record("night", "Ann", score, stamp(0))  # type: ignore[arg-type]
    assert Board(store).top("night") == []
