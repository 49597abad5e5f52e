"""The help screen: every key of the table, and what Hint, Why and grades mean.

The table screen passes the keys its table has (no CASH OUT at practice,
no surrender at night, ...); by default every key is listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from bjtrainer.tui.keys import TABLE_KEYS, KeyInfo
from bjtrainer.tui.screens.dialog import DialogScreen

#: The notes under the keys (``docs/playing.md``, "Hint, Why and the grade line").
NOTES = (
    "Hint: the legal play with the highest expected return (EV), and why it beats the "
    "second-best. Why: the chance to bust on one more card, the win/push/loss chances "
    "if you stand, and every legal play's EV in units of the bet, from independent "
    "draws (each rank 1/13, tens 4/13), never the hole card or the shoe order. A "
    "decision is accepted when its EV is within 0.02 of the best; its grade names the "
    "spot, gives the reason, and is marked (after a hint) after a Hint, a Why or the "
    "chart (G). Buttons do what the keys do; the table is saved after every action."
)


def keys_table(keys: Sequence[KeyInfo] = TABLE_KEYS) -> RichTable:
    """A two-column table of the listed ``keys`` and what each does."""
    table = RichTable(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Key", style="bj.key", no_wrap=True)
    table.add_column("What it does")
    for key in keys:
        if key.listed:
            table.add_row(key.display, key.help)
    table.add_row("Esc", "Close this screen or the bet chooser")
    table.add_row("Ctrl+P", "Command palette: this screen's commands, the theme")
    return table


class HelpScreen(DialogScreen[None]):
    """Lists the keys (default every one of :data:`bjtrainer.tui.keys.TABLE_KEYS`).

    Esc or F1 closes it; Q quits the app, as at the table.

    Parameters
    ----------
    keys : sequence of KeyInfo, optional
        The keys to list: those the table has.
    notes : str, optional
        The paragraph under the keys (default :data:`NOTES`, the table's).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close", key_display="Esc"),
        Binding("q,Q", "quit", "Quit", show=False),  # Q quits here too, as at the table
    ]

    def __init__(self, keys: Sequence[KeyInfo] = TABLE_KEYS, *, notes: str = NOTES) -> None:
        super().__init__()
        self.keys = tuple(keys)
        self.notes = notes

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog"):
            yield Static(keys_table(self.keys), id="help-keys")
            yield Static(self.notes, id="help-notes")

    def on_mount(self) -> None:
        self.query_one("#help-dialog").border_title = "Help"
        self.query_one("#help-dialog").border_subtitle = "Esc closes"

    def action_close(self) -> None:
        """Return to the table."""
        self.dismiss(None)

    def action_quit(self) -> None:
        """Quit, as Q does on the screen behind (the table was saved after its last action)."""
        self.app.exit()
