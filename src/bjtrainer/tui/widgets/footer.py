"""The footer of the screens that change their keys as you play: one line, drawn in place.

Textual's ``Footer`` mounts a ``FooterKey`` widget per key each time a
screen refreshes its bindings. The table refreshes its bindings after every
key press (its footer shows only the keys that work now,
:meth:`bjtrainer.tui.screens.play_base.PlayScreen.check_action`), so each
press laid out and drew some ten key widgets, and the number of keys shown
changed the layout of the whole screen.

:class:`KeysFooter` is Textual's ``Footer`` (its place, colours and compact
style) holding a single :class:`KeysLine`: the keys are drawn as one line of
text, in the order and with the styles of ``FooterKey``, so new bindings
cost a repaint of one row and never a layout. A click on a key presses it
(or rings the bell when it does not work now), the key under the mouse is
highlighted and its tooltip shown, as with Textual's keys. The command
palette's key is not drawn: F1 names Ctrl+P (``docs/playing.md``, "Keys").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

#: How a key that does not work now is drawn (``FooterKey.-disabled``).
DIM = Style(dim=True)


def foreground(style: Style) -> Style:
    """``style`` without its background: the line's own background shows under every key."""
    return Style(color=style.color, bold=style.bold, dim=style.dim, italic=style.italic)


@dataclass(frozen=True)
class FooterEntry:
    """One key as the footer draws it.

    Attributes
    ----------
    key : str
        The key pressed by a click (Textual's key name, ``"question_mark"``).
    display : str
        How the key is written (``"?"``, ``"Enter"``).
    description : str
        What it does (``"Hint"``).
    works : bool
        Whether it works now; a key that does not is drawn dim.
    tooltip : str
        Shown when the mouse rests on the key, or empty.
    """

    key: str
    display: str
    description: str
    works: bool = True
    tooltip: str = ""


class KeysLine(Widget):
    """The keys of a :class:`KeysFooter`, drawn as one line (set ``entries``).

    Each entry is drawn as ``FooterKey`` draws it: the key in the key style,
    then its description (compact: ``"S Stand"`` and a space between
    keys). :meth:`spans` says which cells each entry takes.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keys-line--key",
        "keys-line--description",
        "keys-line--hover",
    }
    DEFAULT_CSS = """
    KeysLine {
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        .keys-line--key {
            color: $footer-key-foreground;
            text-style: bold;
        }
        .keys-line--description {
            color: $footer-description-foreground;
        }
        .keys-line--hover {
            background: $block-hover-background;
        }
    }
    """

    entries: reactive[tuple[FooterEntry, ...]] = reactive(())
    compact: reactive[bool] = reactive(True)
    _hovered: reactive[int | None] = reactive(None)

    def spans(self) -> list[tuple[FooterEntry, int, int]]:
        """Each entry with the cells it takes, ``(entry, start, end)`` from the line's left edge.

        Cells from ``start`` up to (not including) ``end``; an entry past
        the line's width is cut off when drawn.
        """
        spans: list[tuple[FooterEntry, int, int]] = []
        x = 0
        for entry in self.entries:
            width = sum(cell_len(part) for part, _ in self._parts(entry))
            spans.append((entry, x, x + width))
            x += width + self._gap
        return spans

    @property
    def _gap(self) -> int:
        """The blank cells between two keys (``FooterKey``'s right margin when compact)."""
        return 1 if self.compact else 0

    def _parts(self, entry: FooterEntry) -> tuple[tuple[str, str], ...]:
        """The key and the description, padded as ``FooterKey`` pads them, with their class."""
        if self.compact:
            key = entry.display
            description = f" {entry.description}" if entry.description else ""
        else:
            key = f" {entry.display} "
            description = f"{entry.description} " if entry.description else ""
        return (key, "keys-line--key"), (description, "keys-line--description")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop", end="")
        styles = {
            component: foreground(self.get_component_rich_style(component))
            for component in ("keys-line--key", "keys-line--description")
        }
        for index, entry in enumerate(self.entries):
            if index and self._gap:
                text.append(" " * self._gap)
            start = len(text)
            for part, component in self._parts(entry):
                if part:
                    style = styles[component]
                    text.append(part, style=style + DIM if not entry.works else style)
            if index == self._hovered:
                text.stylize(self._hover_style(), start, len(text))
        text.stylize_before(self.rich_style)
        return text

    def _hover_style(self) -> Style:
        """The background of the key under the mouse: the hover shade laid over the line's own."""
        shade = self.get_component_styles("keys-line--hover").background
        _, background = self.background_colors
        return Style(bgcolor=(background + shade).rich_color)

    def _entry_at(self, x: int) -> int | None:
        for index, (_, start, end) in enumerate(self.spans()):
            if start <= x < end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Highlight the key under the mouse and show its tooltip."""
        index = self._entry_at(event.x)
        if index != self._hovered:
            self._hovered = index
            self.tooltip = self.entries[index].tooltip or None if index is not None else None

    def on_leave(self, event: events.Leave) -> None:
        self._hovered = None
        self.tooltip = None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Press the key clicked, or ring the bell when it does not work now (as ``FooterKey``)."""
        index = self._entry_at(event.x)
        if index is None:
            return
        entry = self.entries[index]
        if entry.works:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()

    def watch_entries(self) -> None:
        self._hovered = None  # the keys moved: the mouse is over another one, or none
        self.tooltip = None


class KeysFooter(Footer):
    """Textual's ``Footer`` (same place, same look) drawn as one :class:`KeysLine`.

    Parameters
    ----------
    compact : bool
        Textual's compact footer (every screen of this app uses it).
    """

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact, show_command_palette=False)

    def compose(self) -> ComposeResult:
        line = KeysLine()
        line.set_reactive(KeysLine.compact, self.compact)
        yield line

    def watch_compact(self, compact: bool) -> None:
        for line in self.query_children(KeysLine):
            line.compact = compact

    @property
    def line(self) -> KeysLine:
        """The line the keys are drawn on."""
        return self.query_one(KeysLine)

    def on_mount(self) -> None:
        """Draw the keys at once, so the screen's first frame has them (``Footer`` subscribes)."""
        self._draw(self.screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Draw the keys again (the screen's signal calls this once a message is handled)."""
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self._draw(screen)

    def _draw(self, screen: Screen[object]) -> None:
        """One entry per action, in the order of the screen's active bindings.

        As ``Footer.compose`` lists them; the same keys again cost nothing.
        """
        entries: dict[str, FooterEntry] = {}
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in entries:
                entries[binding.action] = FooterEntry(
                    key=binding.key,
                    display=self.app.get_key_display(binding),
                    description=binding.description,
                    works=enabled,
                    tooltip=tooltip,
                )
        self.line.entries = tuple(entries.values())
