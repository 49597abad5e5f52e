"""The footer of every screen: Textual's ``Footer``, its keys updated in place.

Textual's ``Footer`` mounts a fresh ``FooterKey`` for every key each time a
screen refreshes its bindings, and binds each key's ``compact`` to the
footer's (``data_bind``): a watcher the footer keeps until its own
``compact`` changes, which in this app it never does. The table refreshes
its bindings after every key press (its footer shows only the keys that work
now, :meth:`bjtrainer.tui.screens.play_base.PlayScreen.check_action`), so
each round mounted some twenty keys and kept every old one alive.

:class:`KeysFooter` draws the same keys in the same order and style, but
keeps its key widgets: when what it shows changes, the first keys take the
new bindings, a key is mounted only when more are shown than ever before,
and the keys left over are hidden. The same bindings again cost nothing.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

# Textual exports only Footer; its keys live in the private module.
from textual.widgets._footer import FooterKey

#: What the footer shows of one binding: the binding, whether it works now, its tooltip.
Shown = tuple[Binding, bool, str]


class LiveKey(FooterKey):
    """A footer key that can be given another binding (:meth:`show`).

    Parameters
    ----------
    key, key_display, description, action, disabled, tooltip, classes
        As Textual's ``FooterKey``.
    """

    def __init__(
        self,
        key: str,
        key_display: str,
        description: str,
        action: str,
        *,
        disabled: bool = False,
        tooltip: str = "",
        classes: str = "",
    ) -> None:
        super().__init__(
            key, key_display, description, action, disabled, tooltip=tooltip, classes=classes
        )
        #: Whether the binding works now (a click on a key that does not rings the bell).
        self.works = not disabled

    @on(events.MouseDown)
    def _pressed(self, event: events.MouseDown) -> None:
        """Press the key, or ring the bell when it does not work now (as ``FooterKey``)."""
        event.prevent_default()  # FooterKey's handler reads the flag it was made with
        if self.works:
            self.app.simulate_key(self.key)
        else:
            self.app.bell()

    def show(self, binding: Binding, key_display: str, description: str, shown: Shown) -> None:
        """Show ``binding`` (``shown``: the binding, whether it works now, its tooltip)."""
        _, enabled, tooltip = shown
        now = (binding.key, key_display, description, binding.action, enabled, tooltip or None)
        was = (self.key, self.key_display, self.description, self.action, self.works, self.tooltip)
        if now == was and "display" not in self.styles.inline.get_rules():
            return  # the same key, shown: nothing to draw again
        self.key = binding.key
        self.key_display = key_display
        self.description = description
        self.action = binding.action
        self.works = enabled
        self.set_class(not enabled, "-disabled")
        self.tooltip = tooltip or None
        self.styles.clear_rule("display")  # shown, unless the stylesheet hides it
        self.refresh(layout=True)


class KeysFooter(Footer):
    """Textual's ``Footer`` (same keys, same look) whose key widgets are reused.

    Parameters
    ----------
    compact : bool
        Textual's compact footer (every screen of this app uses it).
    """

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._drawn: tuple[Shown, ...] | None = None  # what the keys show now

    def compose(self) -> ComposeResult:
        """Nothing yet: the keys are mounted by the first update (:meth:`bindings_changed`)."""
        yield from ()

    def watch_compact(self, compact: bool) -> None:
        for key in self.query_children(LiveKey):
            key.compact = compact

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Update the keys (the screen's signal calls this once its current message is handled)."""
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        active = self.screen.active_bindings
        keys = tuple(
            (binding, enabled, tooltip)
            for (_, binding, enabled, tooltip) in active.values()
            if binding.show
        )
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        with_palette = palette is not None and self.show_command_palette
        with_palette = with_palette and self.app.ENABLE_COMMAND_PALETTE
        drawn = keys + ((palette[1:],) if palette is not None and with_palette else ())
        if drawn == self._drawn:
            return
        self._drawn = drawn
        self._show_keys(keys)
        self._show_palette(palette[1:] if palette is not None and with_palette else None)

    def _show_keys(self, keys: tuple[Shown, ...]) -> None:
        """The keys in order, as ``Footer.compose`` draws them (one key per action)."""
        by_action: dict[str, Shown] = {}
        for shown in keys:
            by_action.setdefault(shown[0].action, shown)
        views = [
            key for key in self.query_children(LiveKey) if not key.has_class("-command-palette")
        ]
        missing: list[LiveKey] = []
        for index, shown in enumerate(by_action.values()):
            binding = shown[0]
            display = self.app.get_key_display(binding)
            if index < len(views):
                views[index].show(binding, display, binding.description, shown)
            else:
                missing.append(self._new_key(binding, display, binding.description, shown))
        for view in views[len(by_action) :]:
            view.display = False
        if missing:
            self.mount_all(missing)

    def _show_palette(self, shown: Shown | None) -> None:
        """The command palette's key, docked on the right (``Footer.compose``'s last key)."""
        found = [key for key in self.query_children(LiveKey) if key.has_class("-command-palette")]
        if shown is None:
            for key in found:
                key.display = False
            return
        binding, enabled, _ = shown
        tooltip = binding.tooltip or binding.description
        display = self.app.get_key_display(binding)
        if found:
            found[0].show(binding, display, binding.description, (binding, enabled, tooltip))
        else:
            key = self._new_key(binding, display, binding.description, (binding, enabled, tooltip))
            key.add_class("-command-palette")
            self.mount(key)

    def _new_key(self, binding: Binding, display: str, description: str, shown: Shown) -> LiveKey:
        _, enabled, tooltip = shown
        key = LiveKey(
            binding.key, display, description, binding.action, disabled=not enabled, tooltip=tooltip
        )
        key.set_reactive(FooterKey.compact, self.compact)  # no watcher: the class by hand
        key.set_class(self.compact, "-compact")
        return key
