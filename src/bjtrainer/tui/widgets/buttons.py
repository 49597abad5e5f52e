"""Buttons that post the player's choice up to the screen ("messages up").

Every button is a :class:`ChoiceButton`: it never takes the keyboard focus
(so Enter always deals and never presses a focused button) and stands for
one choice, the word the screen offers it by (``"deal"``, ``"hit"``,
``"bet"``, ``"chip_1"``, ...). A click posts :class:`ChoiceButton.Chosen`;
the screen runs the action the same key runs
(:class:`bjtrainer.tui.screens.play_base.ButtonScreen`). The screen sets
``offered`` ("attributes down") and only those buttons are shown.
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


#: One button: (label, choice, variant), e.g. ``("Retry A", "retry", "warning")``.
ButtonSpec = tuple[str, str, ButtonVariant]


class ChoiceButton(Button, can_focus=False):
    """A compact button standing for one choice of its screen; its id is ``button-<choice>``."""

    class Chosen(Message):
        """A choice was made with the mouse."""

        def __init__(self, choice: str) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, label: str, choice: str, *, variant: ButtonVariant = "default") -> None:
        super().__init__(label, variant=variant, id=f"button-{choice}", compact=True)
        self.choice = choice

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Turn the press into a :class:`Chosen` message."""
        event.stop()
        self.post_message(self.Chosen(self.choice))


#: The round's buttons; their choices are Action values or "deal".
ROUND_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Deal ⏎", "deal", "success"),
    ("Hit H", Action.HIT.value, "primary"),
    ("Stand S", Action.STAND.value, "primary"),
    ("Double D", Action.DOUBLE.value, "default"),
    ("Split X", Action.SPLIT.value, "default"),
    ("Surrender R", Action.SURRENDER.value, "warning"),
    ("Insure Y", Action.INSURANCE.value, "warning"),
    ("No insurance N", Action.NO_INSURANCE.value, "primary"),
)

#: The table's buttons in the side panel.
SIDE_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Bet… B", "bet", "default"),
    ("Refill free chips F", "refill", "default"),
    ("CASH OUT O", "cash_out", "error"),
    ("Hint ?", "hint", "default"),
    ("Why W", "why", "default"),
    ("Board V", "board", "default"),
    ("Train… M", "new_session", "success"),
    ("Tables T", "tables", "default"),
    ("Help F1", "help", "default"),
    ("Lessons L", "lessons", "default"),
)


def show_offered(buttons: Iterable[ChoiceButton], offered: frozenset[str]) -> None:
    """Show the buttons whose choice is offered, hide the others (each changed one only)."""
    for button in buttons:
        if button.display != (button.choice in offered):
            button.display = button.choice in offered


class ActionBar(Horizontal):
    """The buttons of the round: deal and every player action.

    Only the choices in ``offered`` are shown: an action the rules do not
    allow now is not offered.
    """

    offered: reactive[frozenset[str]] = reactive(frozenset())

    def compose(self) -> ComposeResult:
        for label, choice, variant in ROUND_BUTTONS:
            yield ChoiceButton(label, choice, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(ChoiceButton), offered)


class TableButtons(Vertical):
    """The side panel's buttons: bet, refill, CASH OUT, hint, why, board, tables, help, lessons.

    Only the choices in ``offered`` are shown.

    Parameters
    ----------
    choices : frozenset of str, optional
        The buttons this table can ever show (default all of
        :data:`SIDE_BUTTONS`); the others are not made (a table without
        CASH OUT has no such button), so each key press has fewer widgets
        to lay out and draw.
    id : str, optional
        The widget id.
    """

    offered: reactive[frozenset[str]] = reactive(frozenset(choice for _, choice, _ in SIDE_BUTTONS))

    def __init__(self, *, choices: frozenset[str] | None = None, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices = choices

    def compose(self) -> ComposeResult:
        for label, choice, variant in SIDE_BUTTONS:
            if self._choices is None or choice in self._choices:
                yield ChoiceButton(label, choice, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(ChoiceButton), offered)
