"""The base of every dialog: a modal screen with a footer of its own keys.

Textual's ``Footer`` shows the bindings of the screen it sits on. A dialog
is drawn over the screen it was opened from, whose footer stays visible
under it and would list keys that do nothing while the dialog is open
(``Enter Deal  B Bet ...`` under the bet dialog). A :class:`DialogScreen`
mounts its own :class:`~bjtrainer.tui.widgets.footer.KeysFooter`, docked at
the bottom over the one below, so the last line reads the dialog's keys
(``Enter Set bet  Esc Cancel``; ``docs/playing.md``, "Keys").
"""

from __future__ import annotations

from typing import TypeVar

from textual import events, on
from textual.screen import ModalScreen
from textual.widgets import Button

from bjtrainer.tui.widgets.footer import KeysFooter

#: What the dialog gives back when it is dismissed.
ResultType = TypeVar("ResultType")


class DialogScreen(ModalScreen[ResultType]):
    """A ``ModalScreen`` whose footer shows its own keys (those with ``show=True``).

    A subclass composes its dialog as usual; the footer is mounted after it.
    A dialog that shows Enter in its footer binds it with ``priority=True``
    (before the focused input's or button's own Enter, which the footer
    would show instead: nothing) and calls :meth:`press_focused_button`
    first, so that Enter on a focused button still presses that button.
    """

    def press_focused_button(self) -> bool:
        """Press the focused button, as Enter on it does; ``False`` when no button has the focus."""
        focused = self.focused
        if isinstance(focused, Button):
            focused.press()
            return True
        return False

    @on(events.Mount)
    def _mount_footer(self) -> None:
        footer = KeysFooter(compact=True)
        self.mount(footer)
        # The screen's bindings were announced before the footer listened.
        self.call_after_refresh(footer.bindings_changed, self)
