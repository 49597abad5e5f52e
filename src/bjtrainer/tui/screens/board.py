"""The top-five board of a CASH OUT table (``night``).

The score of a cash-out goes on the top-five board (``docs/rules/night.md``,
"Cash-out and the board"). Shown after a score is entered (that entry
marked, and its place if it did not make the five) and with V at any time.
Any of Enter, Esc, V closes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, Static

from bjtrainer.store.board import BOARD_SIZE, BoardEntry
from bjtrainer.tui.screens.dialog import DialogScreen


@dataclass(frozen=True)
class BoardPicture:
    """What the board shows.

    Attributes
    ----------
    table_name : str
        The table's name, for the title.
    entries : tuple of BoardEntry
        The best scores, best first (at most :data:`BOARD_SIZE`).
    new_entry : BoardEntry or None
        The score just entered, marked on the board.
    new_place : int or None
        Its 1-based place among every score of the table.
    new_night : int or None
        Chips of the night that starts next, when a night just ended.
    luck_line : str or None
        The night that just ended: chips won, what the decisions were
        expected to win, luck (``TableSession.night_luck_line``).
    """

    table_name: str
    entries: tuple[BoardEntry, ...]
    new_entry: BoardEntry | None = None
    new_place: int | None = None
    new_night: int | None = None
    luck_line: str | None = None

    def note(self) -> str:
        """The line under the board: where the new score stands, what comes next."""
        parts: list[str] = []
        entry, place = self.new_entry, self.new_place
        if entry is not None and place is not None:
            if place <= BOARD_SIZE:
                parts.append(f"{entry.name}: {entry.score} chips, place {place}.")
            else:
                parts.append(
                    f"{entry.name}: {entry.score} chips, place {place}: not in the top five."
                )
        if self.luck_line is not None:
            parts.append(f"This night: {self.luck_line}")
        if self.new_night is not None:
            parts.append(f"A new night starts with {self.new_night} chips.")
        return " ".join(parts)


def board_table(picture: BoardPicture) -> RichTable:
    """The board as a Rich table: place, name, score (chips), date; the new entry in gold."""
    table = RichTable(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Name", min_width=20, no_wrap=True)
    table.add_column("Chips", justify="right", no_wrap=True)
    table.add_column("Date", no_wrap=True)
    new_id = picture.new_entry.id if picture.new_entry is not None else None
    for place, entry in enumerate(picture.entries, start=1):
        style = "bj.key" if entry.id == new_id else ""
        # Text, not a str: a name is shown as typed, never read as Rich markup.
        table.add_row(
            str(place), Text(entry.name), str(entry.score), entry.created_at[:10], style=style
        )
    for place in range(len(picture.entries) + 1, BOARD_SIZE + 1):
        table.add_row(str(place), Text("-", style="dim"), "", "")
    return table


class BoardScreen(DialogScreen[None]):
    """Draws a :class:`BoardPicture`.

    Parameters
    ----------
    picture : BoardPicture
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,v", "close", "Close", key_display="Esc")
    ]

    def __init__(self, picture: BoardPicture) -> None:
        super().__init__()
        self.picture = picture

    def compose(self) -> ComposeResult:
        with Vertical(id="board-dialog"):
            yield Label(f"Top five · {self.picture.table_name}", id="board-title")
            yield Static(board_table(self.picture), id="board-table")
            yield Static(Text(self.picture.note()), id="board-note")

    def on_mount(self) -> None:
        self.query_one("#board-dialog").border_subtitle = "Enter or Esc closes"

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
