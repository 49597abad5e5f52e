"""The words and number formats every trainer line uses.

EVs are in units of the original wager, signed, with 3 decimals
(``-0.540``, ``+0.000``); chances are percentages with one decimal
(``61.5%``).
"""

from __future__ import annotations

from collections.abc import Iterable

from bjtrainer.engine.actions import HAND_ACTIONS, INSURANCE_ACTIONS, Action

#: Every action in the order the trainer lists them: stand, hit, double,
#: split, surrender, then the two insurance answers.
DISPLAY_ORDER: tuple[Action, ...] = HAND_ACTIONS + INSURANCE_ACTIONS

ACTION_LABELS: dict[Action, str] = {
    Action.STAND: "Stand",
    Action.HIT: "Hit",
    Action.DOUBLE: "Double",
    Action.SPLIT: "Split",
    Action.SURRENDER: "Surrender",
    Action.INSURANCE: "Insurance",
    Action.NO_INSURANCE: "No insurance",
}


#: The verb of each action, for sentences such as "Cannot take insurance: ...".
ACTION_VERBS: dict[Action, str] = {
    Action.HIT: "hit",
    Action.STAND: "stand",
    Action.DOUBLE: "double",
    Action.SPLIT: "split",
    Action.SURRENDER: "surrender",
    Action.INSURANCE: "take insurance",
    Action.NO_INSURANCE: "decline insurance",
}


def label(action: Action) -> str:
    """The action as a player reads it: ``"Hit"``, ``"No insurance"``."""
    return ACTION_LABELS[action]


def in_display_order(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The distinct actions of ``actions`` in :data:`DISPLAY_ORDER`."""
    chosen = set(actions)
    return tuple(action for action in DISPLAY_ORDER if action in chosen)


def join_labels(actions: Iterable[Action]) -> str:
    """``"Stand"``, ``"Stand and Hit"``, ``"Stand, Hit and Double"``."""
    names = [label(action) for action in actions]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def signed(value: float, decimals: int = 3) -> str:
    """An EV with its sign: ``-0.540``, ``+0.123``; a negative zero prints ``+0.000``."""
    text = f"{value:+.{decimals}f}"
    return "+" + text[1:] if float(text) == 0 else text


def percent(chance: float) -> str:
    """A chance in [0, 1] as a percentage with one decimal: ``0.615`` -> ``"61.5%"``."""
    return f"{100 * chance:.1f}%"
