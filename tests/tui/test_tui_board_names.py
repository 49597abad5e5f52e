"""Top-five names are shown exactly as typed, never read as Rich markup.

CASH OUT puts the score on the top-five board with a name
(``docs/rules/night.md``, "Cash-out and the board")."""

from __future__ import annotations

from bjtrainer.store.board import BoardEntry
from bjtrainer.tui.screens.board import BoardPicture, board_table


def test_a_name_that_looks_like_markup_is_shown_as_typed() -> None:
    from rich.console import Console
    from rich.theme import Theme

    from bjtrainer.tui.views.tones import TONES

    entry = BoardEntry(
        id=1, rules_id="night", name="[bold]Zed[/] [x]", score=500, created_at="2026-11-29"
    )
    picture = BoardPicture(table_name="Night", entries=(entry,), new_entry=entry, new_place=1)
    console = Console(width=80, record=True, theme=Theme(TONES))  # the app's named styles
    console.print(board_table(picture))
    assert "[bold]Zed[/] [x]" in console.export_text()
