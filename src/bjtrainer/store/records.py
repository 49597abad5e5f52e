"""What the store keeps of each graded decision."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from bjtrainer.engine.actions import Action


class DecisionKind(StrEnum):
    """Which question a decision answered."""

    DECISION = "decision"
    """A hand decision: stand, hit, double, split or surrender."""
    INSURANCE = "insurance"
    """The answer to the insurance offer (dealer ace up)."""


@dataclass(frozen=True)
class DecisionRecord:
    """One graded decision, as recorded in the ``decisions`` table.

    Attributes
    ----------
    rules_id : str
        The table's rules id, e.g. ``"practice"``.
    spot_key : str
        ``Spot.key`` of the decision (:mod:`bjtrainer.trainer.spots`): the key
        of the review queue and of every statistic.
    cards : tuple of str, shape (n_cards,)
        The player's cards as value ranks (J, Q, K written T), canonical order.
    up : str
        The dealer's up card as a value rank.
    split_hand : bool
        Whether the hand came from a split.
    legal : tuple of Action
        The actions the round allowed, in display order.
    action : Action
        The action the player took.
    evs : Mapping[Action, float]
        Expected return of every action the rules allow in this spot, in units
        of the original wager (independent draws; see ``docs/numbers.md``).
    best : Action
        The legal action with the highest EV.
    ev_lost : float
        ``EV(best) - EV(action)`` in units of the original wager, ``>= 0``.
    accepted : bool
        Whether the grade accepted the action (within the 2% tolerance of
        ``003_2bdd88f24671a4ec.txt``, or the table's chart play).
    hint_shown : bool
        Whether a hint or the Why panel was shown before the answer.
    created_at : str
        ISO 8601 time of the answer, from the clock injected into the coach.
    kind : DecisionKind
        ``"decision"`` for a hand decision, ``"insurance"`` for the insurance answer.
    id : int or None
        Row id once stored; ``None`` before. Not part of equality.
    """

    rules_id: str
    spot_key: str
    cards: tuple[str, ...]
    up: str
    split_hand: bool
    legal: tuple[Action, ...]
    action: Action
    evs: Mapping[Action, float]
    best: Action
    ev_lost: float
    accepted: bool
    hint_shown: bool
    created_at: str
    kind: DecisionKind = DecisionKind.DECISION
    id: int | None = field(default=None, compare=False)
