"""Textual bindings from a key list of :mod:`bjtrainer.tui.keys`.

One list per screen feeds both its bindings (and so the footer) and its help
screen, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from bjtrainer.tui.keys import KeyInfo


def bindings_of(keys: Sequence[KeyInfo]) -> list[BindingType]:
    """One :class:`~textual.binding.Binding` per key entry, footer flag and display kept."""
    return [
        Binding(key.keys, key.action, key.label, show=key.footer, key_display=key.display)
        for key in keys
    ]
