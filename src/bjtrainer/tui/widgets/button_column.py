"""A column or a row of choice buttons, for the practice screens.

Like the table's :class:`~bjtrainer.tui.widgets.buttons.TableButtons`, each
button is a :class:`~bjtrainer.tui.widgets.buttons.ChoiceButton` that posts
its choice up to the screen ("messages up"); the screen sets ``offered``
("attributes down") and only those buttons are shown. The buttons are given
by the screen instead of fixed.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.tui.widgets.buttons import ButtonSpec, ChoiceButton, show_offered


class _Buttons(Widget):
    """Choice buttons; only the choices in ``offered`` are shown.

    Parameters
    ----------
    buttons : sequence of (label, choice, variant)
        The buttons in order, e.g. ``("Retry A", "retry", "warning")``.
    """

    offered: reactive[frozenset[str]] = reactive(frozenset())

    def __init__(self, buttons: Sequence[ButtonSpec], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.buttons = tuple(buttons)

    def compose(self) -> ComposeResult:
        for label, choice, variant in self.buttons:
            yield ChoiceButton(label, choice, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(ChoiceButton), offered)


class ButtonColumn(_Buttons):
    """Buttons one under the other (laid out as Textual's ``Vertical``)."""

    DEFAULT_CSS = """
    ButtonColumn {
        width: 1fr;
        height: 1fr;
        layout: vertical;
        overflow: hidden hidden;
    }
    """


class ButtonRow(_Buttons):
    """Buttons side by side (laid out as Textual's ``Horizontal``)."""

    DEFAULT_CSS = """
    ButtonRow {
        width: 1fr;
        height: 1fr;
        layout: horizontal;
        overflow: hidden hidden;
    }
    """
