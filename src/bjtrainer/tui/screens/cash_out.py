"""CASH OUT and the end of the night: the score and a name for the board.

"CASH OUT gets you up from the table with the chips you have. That number
is your score and goes on the top-five board"; "If you run out of chips and
can't cover the 5 minimum, the night is over" (``docs/rules/night.md``,
"Cash-out and the board" and "Out of chips").
The screen shows the score and asks for a name (the last one filled in);
Enter enters it, Esc goes back to the table.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from bjtrainer.store.board import MAX_NAME_LENGTH, check_name
from bjtrainer.tui.screens.dialog import DialogScreen


class CashOutScreen(DialogScreen[str | None]):
    """Ask for the name to enter with the score; dismiss with it, or ``None``.

    Parameters
    ----------
    score : int
        The balance, chips: the night's score.
    night_over : bool
        The balance is below the minimum bet (the night ended by itself),
        rather than a CASH OUT.
    name : str
        The name filled in (the last one entered).
    new_night : int
        Chips of the next night (``Rules.starting_chips``).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the input's own Enter, so that the footer shows it.
        Binding("enter", "submit", "Save score", key_display="Enter", priority=True),
        Binding("escape", "cancel", "Back", key_display="Esc"),
    ]

    def __init__(self, score: int, *, night_over: bool, name: str, new_night: int) -> None:
        super().__init__()
        self.score = score
        self.night_over = night_over
        self.player_name = name
        self.new_night = new_night

    def compose(self) -> ComposeResult:
        heading = "The night is over" if self.night_over else "CASH OUT"
        why = (
            "You cannot cover the minimum bet. "
            if self.night_over
            else "You get up from the table with the chips you have. "
        )
        with Vertical(id="cash-dialog"):
            yield Label(heading, id="cash-title")
            yield Static(
                f"{why}Your score: {self.score} chips.\n"
                f"Enter a name for the top-five board (at most {MAX_NAME_LENGTH} characters); "
                f"a new night starts with {self.new_night} chips.",
                id="cash-text",
            )
            # No max_length: Textual would drop a longer paste without a word;
            # check_name says what is wrong with it instead.
            yield Input(self.player_name, id="cash-name")
            yield Static("", id="cash-error")
            with Horizontal(id="cash-buttons"):
                yield Button("Save score ⏎", variant="success", id="cash-ok", compact=True)
                yield Button("Back Esc", id="cash-back", compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def action_submit(self) -> None:
        """Enter the name typed (Enter, as the OK button)."""
        if not self.press_focused_button():
            self._submit()

    def _submit(self) -> None:
        """Enter the name, or say why not (``check_name``: empty, too long, control characters)."""
        text = self.query_one(Input).value
        try:
            check_name(text)
        except ValueError as exc:
            self.query_one("#cash-error", Static).update(str(exc))
            return
        self.dismiss(text)

    @on(Input.Submitted)
    def _on_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    @on(Input.Changed)
    def _on_changed(self) -> None:
        self.query_one("#cash-error", Static).update("")

    @on(Button.Pressed)
    def _on_button(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cash-ok":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Back to the table; nothing is entered."""
        self.dismiss(None)
