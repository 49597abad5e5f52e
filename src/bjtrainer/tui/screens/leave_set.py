"""Leaving a practice set before its end: ask first.

Esc in a set that is not finished asks "Leave the set? Your answers so far
are kept." Enter leaves (the set screen then shows the summary of the
answers given so far), Esc goes back to the set (``docs/practice.md``, "Keys
of the practice screens"); Y and N are the insurance answers in the set, so
they answer nothing here. Every answer was recorded when it was given, so
leaving loses none; a set left before its end stays unfinished in the store.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from bjtrainer.tui.screens.dialog import DialogScreen

#: The question, as the dialog shows it.
LEAVE_QUESTION = "Leave the set? Your answers so far are kept."


class LeaveSetScreen(DialogScreen[bool]):
    """Ask whether to leave the set; dismiss with ``True`` (Enter) or ``False`` (Esc).

    Parameters
    ----------
    answered : int
        Decisions answered so far (first answers), shown under the question.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", "Leave", key_display="Enter", priority=True),
        Binding("escape", "stay", "Stay", key_display="Esc"),
    ]

    def __init__(self, answered: int) -> None:
        super().__init__()
        self.answered = answered

    def compose(self) -> ComposeResult:
        decisions = "decision" if self.answered == 1 else "decisions"
        detail = (
            f"{self.answered} {decisions} answered: their summary follows."
            if self.answered
            else "No decision answered yet."
        )
        with Vertical(id="leave-dialog"):
            yield Label(LEAVE_QUESTION, id="leave-title")
            yield Static(detail, id="leave-text")
            with Horizontal(id="leave-buttons"):
                yield Button("Leave ⏎", variant="warning", id="leave-yes", compact=True)
                yield Button("Stay Esc", id="leave-no", compact=True)

    def action_leave(self) -> None:
        """Leave the set (Enter on the Stay button presses that button)."""
        if not self.press_focused_button():
            self.dismiss(True)

    def action_stay(self) -> None:
        """Back to the set."""
        self.dismiss(False)

    @on(Button.Pressed, "#leave-yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave-no")
    def _no(self) -> None:
        self.dismiss(False)
