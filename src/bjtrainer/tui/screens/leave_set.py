"""Leaving a practice set before its end: ask first.

Esc in a set that is not finished asks "Leave the set? Your answers so far
are kept." Y leaves (the set screen then shows the summary of the answers
given so far), N or Esc goes back to the set (``docs/practice.md``, "Keys of
the practice screens"). Every answer was recorded when it was given, so
leaving loses none; a set left before its end stays unfinished in the store.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

#: The question, as the dialog shows it.
LEAVE_QUESTION = "Leave the set? Your answers so far are kept."


class LeaveSetScreen(ModalScreen[bool]):
    """Ask whether to leave the set; dismiss with ``True`` (Y) or ``False`` (N, Esc).

    Parameters
    ----------
    answered : int
        Decisions answered so far (first answers), shown under the question.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,Y", "leave", "Leave", key_display="Y"),
        Binding("n,N", "stay", "Stay", key_display="N"),
        Binding("escape", "stay", "Stay"),
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
                yield Button("Leave Y", variant="warning", id="leave-yes", compact=True)
                yield Button("Stay N", id="leave-no", compact=True)

    def action_leave(self) -> None:
        """Leave the set."""
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
