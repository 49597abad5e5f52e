"""The bet chooser: a modal with an input, the allowed range and quick buttons.

B (or "Bet… B") opens it between rounds. The range is the table's
(``docs/rules/practice.md``, "Chips and bets": whole chips 1 to 1000, never
more than the balance).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from bjtrainer.inputs import ascii_digits, shown, strip_spaces
from bjtrainer.tui.screens.dialog import DialogScreen

#: The most digits an amount is read with (more is more chips than any table holds).
MOST_DIGITS = 18


class _QuickButton(Button, can_focus=False):
    """A +/- button that leaves the focus in the input."""

    def __init__(self, label: str, delta: int | None, *, to: int | None = None) -> None:
        super().__init__(label, compact=True, classes="quick")
        self.delta = delta
        self.to = to


class BetScreen(DialogScreen[int | None]):
    """Ask for the next bet; dismiss with the amount (chips) or ``None`` when cancelled.

    Parameters
    ----------
    bet : int
        The current bet, the input's starting value.
    limits : tuple of int
        ``(lowest, highest, step)`` allowed now, in chips.
    problem : callable
        The engine's check: returns the sentence saying why an amount is
        not allowed, or ``None`` when it is.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="Esc")
    ]

    #: The dialog's title, its OK button and the footer's word for Enter (a
    #: subclass asks for another amount).
    HEADING: ClassVar[str] = "Choose the bet for the next deal"
    OK_LABEL: ClassVar[str] = "Set bet ⏎"
    OK_WORD: ClassVar[str] = "Set bet"

    def __init__(
        self, bet: int, limits: tuple[int, int, int], problem: Callable[[int], str | None]
    ) -> None:
        super().__init__()
        self.bet = bet
        self.lowest, self.highest, self.step = limits
        self.problem = problem
        # Before the input's own Enter, so that the footer shows it, first.
        enter = Binding("enter", "submit", self.OK_WORD, key_display="Enter", priority=True)
        self._bindings.key_to_bindings = {"enter": [enter], **self._bindings.key_to_bindings}

    def compose(self) -> ComposeResult:
        step = self.step
        with Vertical(id="bet-dialog"):
            yield Label(self.HEADING, id="bet-title")
            yield Static(
                f"Whole chips from {self.lowest} to {self.highest}"
                + (f", in steps of {step}" if step > 1 else "")
                + ".",
                id="bet-range",
            )
            yield Input(str(self.bet), id="bet-input", select_on_focus=True)
            yield Static("", id="bet-error")
            with Horizontal(id="bet-quick"):
                yield _QuickButton("Min", None, to=self.lowest)
                yield _QuickButton(f"-{10 * step}", -10 * step)
                yield _QuickButton(f"-{step}", -step)
                yield _QuickButton(f"+{step}", step)
                yield _QuickButton(f"+{10 * step}", 10 * step)
                yield _QuickButton("Max", None, to=self.highest)
            with Horizontal(id="bet-buttons"):
                yield Button(self.OK_LABEL, variant="success", id="bet-ok", compact=True)
                yield Button("Cancel Esc", id="bet-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def parse(self, text: str) -> tuple[int | None, str]:
        """Read an amount: ``(chips, "")`` or ``(None, the error sentence)``.

        The amount is written with the digits 0 to 9, spaces or tabs around
        it allowed (:func:`bjtrainer.inputs.ascii_digits`): ``"٣"`` or
        ``"²"`` is no amount, and a control character or 10,000 characters
        get the sentence too, quoting the text short
        (``docs/playing.md``, "Typing a bet, a name or a path").
        """
        cleaned = strip_spaces(text)
        wanted = f"enter a number from {self.lowest} to {self.highest}"
        if not cleaned:
            return None, f"Enter a number of chips from {self.lowest} to {self.highest}."
        if not ascii_digits(cleaned):
            digits = " with the digits 0-9" if any(char.isdigit() for char in cleaned) else ""
            return None, f"{shown(cleaned)} is not a whole number of chips: {wanted}{digits}."
        if len(cleaned.lstrip("0")) > MOST_DIGITS:
            return None, f"{shown(cleaned)} is more chips than any table holds: {wanted}."
        amount = int(cleaned)
        problem = self.problem(amount)
        return (None, problem) if problem else (amount, "")

    def _show_error(self, message: str) -> None:
        error = self.query_one("#bet-error", Static)
        error.update(message)
        error.set_class(bool(message), "-shown")

    def action_submit(self) -> None:
        """Take the amount typed, or say why not (Enter, as the OK button)."""
        if not self.press_focused_button():
            self._submit()

    def _submit(self) -> None:
        amount, error = self.parse(self.query_one(Input).value)
        if amount is None:
            self._show_error(error)
            return
        self.dismiss(amount)

    @on(Input.Submitted)
    def _on_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    @on(Input.Changed)
    def _on_changed(self) -> None:
        self._show_error("")

    @on(Button.Pressed)
    def _on_button(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        if button.id == "bet-ok":
            self._submit()
        elif button.id == "bet-cancel":
            self.dismiss(None)
        elif isinstance(button, _QuickButton):
            self._quick(button)

    def _quick(self, button: _QuickButton) -> None:
        field = self.query_one(Input)
        typed = strip_spaces(field.value)
        fits = ascii_digits(typed) and len(typed.lstrip("0")) <= MOST_DIGITS
        current = int(typed) if fits else self.bet
        target = button.to if button.to is not None else current + (button.delta or 0)
        field.value = str(min(max(target, self.lowest), self.highest))

    def action_cancel(self) -> None:
        """Close without changing the bet."""
        self.dismiss(None)
