"""Buttons that post a command up to the screen ("messages up").

Every button of the table is a :class:`CommandButton`: it never takes the
keyboard focus (so Enter always deals and never presses a focused button)
and, when clicked, posts :class:`CommandButton.Chosen` with its command,
the same word the keys use (``"deal"``, ``"hit"``, ``"bet"``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button

from bjtrainer.engine.actions import Action

#: Textual's button variants (its own alias is private).
ButtonVariant = Literal["default", "primary", "success", "warning", "error"]


class CommandButton(Button, can_focus=False):
    """A compact button standing for one command of the table."""

    class Chosen(Message):
        """A command was chosen with the mouse."""

        def __init__(self, command: str) -> None:
            super().__init__()
            self.command = command

    def __init__(self, label: str, command: str, *, variant: ButtonVariant = "default") -> None:
        super().__init__(label, variant=variant, id=f"cmd-{command}", compact=True)
        self.command = command

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Turn the press into a :class:`Chosen` message."""
        event.stop()
        self.post_message(self.Chosen(self.command))


#: The round's commands: (label, command, variant); commands are Action values or "deal".
ROUND_COMMANDS: tuple[tuple[str, str, ButtonVariant], ...] = (
    ("Deal ⏎", "deal", "success"),
    ("Hit H", Action.HIT.value, "primary"),
    ("Stand S", Action.STAND.value, "primary"),
    ("Double D", Action.DOUBLE.value, "default"),
    ("Split X", Action.SPLIT.value, "default"),
    ("Surrender R", Action.SURRENDER.value, "warning"),
    ("Insurance Y", Action.INSURANCE.value, "warning"),
    ("No insurance N", Action.NO_INSURANCE.value, "primary"),
)

#: The table's commands in the side panel.
TABLE_COMMANDS: tuple[tuple[str, str, ButtonVariant], ...] = (
    ("Bet… B", "bet", "default"),
    ("Refill free chips F", "refill", "default"),
    ("CASH OUT O", "cash_out", "error"),
    ("Hint ?", "hint", "default"),
    ("Why W", "why", "default"),
    ("Top five V", "board", "default"),
    ("New session… M", "new_session", "success"),
    ("Tables T", "tables", "default"),
    ("Help F1", "help", "default"),
)


def show_offered(buttons: Iterable[CommandButton], offered: frozenset[str]) -> None:
    """Show the buttons whose command is offered, hide the others."""
    for button in buttons:
        button.display = button.command in offered


class ActionBar(Horizontal):
    """The buttons of the round: deal and every player action.

    Only the commands in ``offered`` are shown: an action the rules do not
    allow now is not offered (issue 2, item 2).
    """

    offered: reactive[frozenset[str]] = reactive(frozenset())

    def compose(self) -> ComposeResult:
        for label, command, variant in ROUND_COMMANDS:
            yield CommandButton(label, command, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(CommandButton), offered)


class TableButtons(Vertical):
    """The side panel's buttons: bet, refill, CASH OUT, hint, why, board, tables, help.

    Only the commands in ``offered`` are shown.
    """

    offered: reactive[frozenset[str]] = reactive(
        frozenset(command for _, command, _ in TABLE_COMMANDS)
    )

    def compose(self) -> ComposeResult:
        for label, command, variant in TABLE_COMMANDS:
            yield CommandButton(label, command, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(CommandButton), offered)
