"""Textual bindings from a key list of :mod:`bjtrainer.tui.keys`.

One list per screen feeds both its bindings (and so the footer) and its help
screen, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.tui.keys import KeyInfo


def bindings_of(keys: Sequence[KeyInfo]) -> list[BindingType]:
    """One :class:`~textual.binding.Binding` per key entry, footer flag and display kept."""
    return [
        Binding(
            both_cases(key.keys), key.action, key.label, show=key.footer, key_display=key.display
        )
        for key in keys
    ]


def both_cases(keys: str) -> str:
    """``"t,o"`` -> ``"t,T,o,O"``: a letter key works with Shift or Caps Lock too."""
    names: list[str] = []
    for name in keys.split(","):
        for variant in (name, name.upper()) if len(name) == 1 and name.isalpha() else (name,):
            if variant not in names:
                names.append(variant)
    return ",".join(names)


def table_has_play(rules: Rules, parameters: tuple[object, ...]) -> bool:
    """Whether the table offers the play of a ``play('...')`` key at all.

    Surrender and the insurance answers exist only where the rules offer
    them (``Rules.surrender``, ``Rules.insurance``); every other play does.
    """
    if not parameters:
        return True
    if parameters[0] == Action.SURRENDER.value:
        return rules.surrender != "none"
    if parameters[0] in (Action.INSURANCE.value, Action.NO_INSURANCE.value):
        return rules.insurance != "none"
    return True
