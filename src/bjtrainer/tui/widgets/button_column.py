"""A column or a row of command buttons, for the practice screens.

Like the table's :class:`~bjtrainer.tui.widgets.buttons.TableButtons`, each
button is a :class:`~bjtrainer.tui.widgets.buttons.CommandButton` that posts
its command up to the screen ("messages up"); the screen sets ``offered``
("attributes down") and only those buttons are shown. The commands are given
by the screen instead of fixed.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.tui.widgets.buttons import ButtonVariant, CommandButton, show_offered

#: One button: (label, command, variant).
Command = tuple[str, str, ButtonVariant]


class _Commands(Widget):
    """Command buttons; only the commands in ``offered`` are shown.

    Parameters
    ----------
    commands : sequence of (label, command, variant)
        The buttons in order, e.g. ``("Retry T", "retry", "warning")``.
    """

    offered: reactive[frozenset[str]] = reactive(frozenset())

    def __init__(self, commands: Sequence[Command], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.commands = tuple(commands)

    def compose(self) -> ComposeResult:
        for label, command, variant in self.commands:
            yield CommandButton(label, command, variant=variant)

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(CommandButton), offered)


class CommandColumn(_Commands):
    """Buttons one under the other (laid out as Textual's ``Vertical``)."""

    DEFAULT_CSS = """
    CommandColumn {
        width: 1fr;
        height: 1fr;
        layout: vertical;
        overflow: hidden hidden;
    }
    """


class CommandRow(_Commands):
    """Buttons side by side (laid out as Textual's ``Horizontal``)."""

    DEFAULT_CSS = """
    CommandRow {
        width: 1fr;
        height: 1fr;
        layout: horizontal;
        overflow: hidden hidden;
    }
    """
