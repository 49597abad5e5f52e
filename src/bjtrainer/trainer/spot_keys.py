"""Reading a spot back from its key, and the two kinds of decision a key names.

``Spot.key`` (:mod:`bjtrainer.trainer.spots`) is what the store keeps for
every answer, queue row and card; practice needs the spot itself again to
deal it, grade it and explain it. The key holds every field of the spot, so
:func:`parse_spot_key` is its exact inverse:
``parse_spot_key(spot.key) == spot``.
"""

from __future__ import annotations

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.errors import InvalidSpotError
from bjtrainer.trainer.spots import Spot

__all__ = ["is_insurance_spot", "parse_spot_key"]


def is_insurance_spot(spot: Spot) -> bool:
    """Whether the spot is the insurance question (its legal actions are the two answers)."""
    return bool(spot.legal) and spot.legal <= frozenset(INSURANCE_ACTIONS)


def parse_spot_key(key: str) -> Spot:
    """The spot a key was made from.

    Parameters
    ----------
    key : str
        ``"rules|cards|up|hand:1:0|legal"`` as ``Spot.key`` writes it, e.g.
        ``"practice|6,T|T|hand:1:0|stand+hit+double+surrender"``. The rules
        id may itself contain ``|``: the other four fields are read from
        the right.

    Returns
    -------
    Spot

    Raises
    ------
    InvalidSpotError
        If the text is not a spot key (wrong number of fields, a card or
        action that does not exist, a split field that is not
        ``hand|split:<hands>:<pending>``).
    """
    parts = key.rsplit("|", 4)
    if len(parts) != 5:
        raise InvalidSpotError(f"Not a spot key: {key!r}.")
    rules_id, cards, up, where, legal = parts
    try:
        place, hands, pending = where.split(":")
        if place not in ("hand", "split"):
            raise ValueError(f"{place!r} is neither 'hand' nor 'split'")
        actions = frozenset(Action(name) for name in legal.split("+") if name)
        return Spot(
            rules_id=rules_id,
            cards=tuple(card for card in cards.split(",") if card),
            up=up,
            split_hand=place == "split",
            hands_in_round=int(hands),
            pending_split_hands=int(pending),
            legal=actions,
        )
    except ValueError as exc:
        raise InvalidSpotError(f"Not a spot key: {key!r} ({exc}).") from None
