"""The decisions a player can make, named with the field's terms."""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    """A player decision. The value is the word used in JSON and the store."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    NO_INSURANCE = "no_insurance"


#: The decisions of a hand (not the insurance answer), in display order.
HAND_ACTIONS: tuple[Action, ...] = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)

#: The two answers to the insurance offer.
INSURANCE_ACTIONS: tuple[Action, ...] = (Action.INSURANCE, Action.NO_INSURANCE)
