"""What the rules allow a hand: hit, double, split, resplit aces, surrender.

The one statement of the rules' side of every player decision, read by
:class:`~bjtrainer.engine.round.Round` (which adds the round's own
conditions: the phase, and chips to cover a double or a split) and by the EV
spot code (:func:`bjtrainer.ev.spot.rules_actions`, chips not
considered). Each ``*_problem`` function returns the sentence saying why
not, or None when the rules allow it. Source: ``docs/rules/<table>.md``,
sections "Hit, stand and 21", "Doubling", "Splits" and "Surrender".

A hand is its ranks in the order dealt (``"A"``, ``"2"`` .. ``"9"``,
``"T"``, ``"J"``, ``"Q"``, ``"K"``), whether a split made it
(``from_split``), and how many hands the player has in the round
(``hands``, this one included).
"""

from __future__ import annotations

from collections.abc import Sequence

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.hand import evaluate
from bjtrainer.engine.rules import Rules

__all__ = [
    "allowed_actions",
    "doubling_problem",
    "hitting_problem",
    "splitting_problem",
    "surrendering_problem",
]

_DOUBLE_ON_WORDS: dict[str, str] = {
    "any": "any two cards",
    "below_21": "two-card totals below 21",
    "9_to_11": "two-card totals of 9 to 11",
    "10_to_11": "two-card totals of 10 or 11",
}


def _split_aces(ranks: Sequence[str], from_split: bool) -> bool:
    return from_split and bool(ranks) and ranks[0] == "A"


def hitting_problem(ranks: Sequence[str], *, from_split: bool) -> str | None:
    """Why the hand may not take a card: split aces take one card each; at 21 it stood."""
    if _split_aces(ranks, from_split):
        return "Cannot hit: split aces take one card each."
    total = evaluate(ranks).total
    if total >= 21:
        return f"Cannot hit: the hand already totals {total}."
    return None


def doubling_problem(rules: Rules, ranks: Sequence[str], *, from_split: bool) -> str | None:
    """Why the hand may not double: first two cards, ``double_on``, DAS, never split aces."""
    if len(ranks) != 2:
        return f"Cannot double: the hand already has {len(ranks)} cards."
    if _split_aces(ranks, from_split):
        return "Cannot double: split aces take one card each."
    if from_split and not rules.double_after_split:
        return "Cannot double: this table does not allow doubling after a split."
    total = evaluate(ranks).total
    if not rules.may_double_total(total):
        allowed = _DOUBLE_ON_WORDS[rules.double_on]
        return (
            f"Cannot double: this table allows doubling only on {allowed} "
            f"(the hand totals {total})."
        )
    return None


def splitting_problem(
    rules: Rules, ranks: Sequence[str], *, from_split: bool, hands: int
) -> str | None:
    """Why the hand may not split: a pair of equal value, ``max_split_hands``, RSA."""
    if len(ranks) != 2:
        return f"Cannot split: only a hand of two cards can be split (this one has {len(ranks)})."
    first, second = ranks
    if RANK_VALUE[first] != RANK_VALUE[second]:
        return f"Cannot split: the two cards have different values ({first} and {second})."
    if rules.max_split_hands < 2:
        return "Cannot split: this table does not allow splitting."
    if hands >= rules.max_split_hands:
        return f"Cannot split: this table allows at most {rules.max_split_hands} hands."
    if _split_aces(ranks, from_split) and not rules.resplit_aces:
        return "Cannot split: split aces cannot be split again."
    return None


def surrendering_problem(
    rules: Rules, ranks: Sequence[str], *, from_split: bool, hands: int
) -> str | None:
    """Why the hand may not surrender: late surrender, first two cards of the original hand."""
    if rules.surrender == "none":
        return "Cannot surrender: this table does not offer surrender."
    if from_split or hands > 1:
        return "Cannot surrender: only the original hand may surrender, not a split hand."
    if len(ranks) != 2:
        return f"Cannot surrender: only on the first two cards (the hand has {len(ranks)})."
    return None


def allowed_actions(
    rules: Rules, ranks: Sequence[str], *, from_split: bool, hands: int
) -> tuple[Action, ...]:
    """The actions the rules allow the hand, chips not considered.

    Returns
    -------
    tuple of Action
        In display order: stand (always), hit, double, split, surrender,
        each where its ``*_problem`` is None.
    """
    actions = [Action.STAND]
    if hitting_problem(ranks, from_split=from_split) is None:
        actions.append(Action.HIT)
    if doubling_problem(rules, ranks, from_split=from_split) is None:
        actions.append(Action.DOUBLE)
    if splitting_problem(rules, ranks, from_split=from_split, hands=hands) is None:
        actions.append(Action.SPLIT)
    if surrendering_problem(rules, ranks, from_split=from_split, hands=hands) is None:
        actions.append(Action.SURRENDER)
    return tuple(actions)
