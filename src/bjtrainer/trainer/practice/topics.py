"""The six topics of focused practice and the spots each one deals.

The topics are those of ``docs/practice.md``, "Focused practice": hard
totals, soft totals, pairs, doubling, stiff hands (hard 12-16), surrender
and insurance.

A topic's candidates are *opening spots*: the player's first two cards (any
two value ranks but a natural) against each up card, with the actions the
rules allow (chips never limit them at a practice table), plus, for
surrender and insurance, the insurance question with an ace up. Which
topics a spot belongs to is decided by :func:`topics_of` alone, so the same
rule fills the focused sets and splits the statistics by topic:

- **hard totals**: a hard total and no split on offer;
- **soft totals**: a soft total and no split on offer;
- **pairs**: splitting is legal;
- **doubling**: doubling is legal and its EV is within
  :data:`CONTENDER_MARGIN` of the best legal action (the double is the play,
  or a real temptation: hard 8-11, most soft 13-19);
- **stiff hands 12-16**: a hard total of 12 to 16, pairs 6,6, 7,7, 8,8 included;
- **surrender and insurance**: the insurance question, or late surrender is
  legal and within :data:`CONTENDER_MARGIN` of the best.

Decided here: the margin that makes a double or a surrender "in play" is
0.10 of the original wager, five times the grading tolerance, wide enough to
take in every chart double and surrender of the four presets and the plays
next to them.
"""

from __future__ import annotations

import functools
from enum import StrEnum

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.cards import VALUE_RANKS
from bjtrainer.engine.hand import evaluate, is_natural
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import HandSpot, analyse, rules_actions
from bjtrainer.trainer.legal import legal_evs
from bjtrainer.trainer.spots import Spot, is_insurance_spot

__all__ = [
    "CONTENDER_MARGIN",
    "TOPIC_TITLES",
    "Topic",
    "insurance_spots",
    "opening_spots",
    "topic_spots",
    "topics_of",
]

#: How close (units of the original wager) a double or surrender must be to
#: the best legal action to put a spot in the doubling or surrender topic.
CONTENDER_MARGIN = 0.10


class Topic(StrEnum):
    """A focused-practice topic. The value is the id used in the store and in JSON."""

    HARD = "hard"
    SOFT = "soft"
    PAIRS = "pairs"
    DOUBLING = "doubling"
    STIFF = "stiff"
    SURRENDER_INSURANCE = "surrender_insurance"


#: Each topic's title as a player reads it, in menu order.
TOPIC_TITLES: dict[Topic, str] = {
    Topic.HARD: "Hard totals",
    Topic.SOFT: "Soft totals",
    Topic.PAIRS: "Pairs",
    Topic.DOUBLING: "Doubling",
    Topic.STIFF: "Stiff hands 12-16",
    Topic.SURRENDER_INSURANCE: "Surrender and insurance",
}


def _within(evs: dict[Action, float], action: Action) -> bool:
    return action in evs and max(evs.values()) - evs[action] <= CONTENDER_MARGIN


def topics_of(rules: Rules, spot: Spot) -> frozenset[Topic]:
    """The topics a spot belongs to (see the module docstring).

    Parameters
    ----------
    rules : Rules
        The spot's table; the doubling and surrender topics read its EVs.
    spot : Spot
        Any decision: an opening hand, a hand after a hit or a split, or the
        insurance question.

    Returns
    -------
    frozenset of Topic
        Never empty: every hand is in exactly one of hard totals, soft
        totals and pairs, and maybe in others too.

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur as a decision under ``rules``.
    """
    if is_insurance_spot(spot):
        return frozenset({Topic.SURRENDER_INSURANCE})
    value = evaluate(spot.cards)
    pair = Action.SPLIT in spot.legal
    found: set[Topic] = set()
    if pair:
        found.add(Topic.PAIRS)
    elif value.soft:
        found.add(Topic.SOFT)
    else:
        found.add(Topic.HARD)
    if not value.soft and 12 <= value.total <= 16:
        found.add(Topic.STIFF)
    if Action.DOUBLE in spot.legal or Action.SURRENDER in spot.legal:
        evs = legal_evs(analyse(rules, spot.to_hand_spot()).evs, spot.legal)
        if _within(evs, Action.DOUBLE):
            found.add(Topic.DOUBLING)
        if _within(evs, Action.SURRENDER):
            found.add(Topic.SURRENDER_INSURANCE)
    return frozenset(found)


def _two_card_hands() -> tuple[tuple[str, str], ...]:
    """Every two-card hand of value ranks but the natural, canonical order."""
    hands = []
    for i, first in enumerate(VALUE_RANKS):
        for second in VALUE_RANKS[i:]:
            if not is_natural((first, second)):
                hands.append((first, second))
    return tuple(hands)


@functools.lru_cache(maxsize=16)
def opening_spots(rules: Rules) -> tuple[Spot, ...]:
    """Every opening hand decision of a table: 54 two-card hands x 10 up cards.

    Returns
    -------
    tuple of Spot, shape (540,)
        Hands in canonical order (A,A; A,2; ...; T,T; the natural A,T left
        out), each against up cards A, 2..9, T; ``legal`` is what the rules
        allow on the first two cards (``bjtrainer.ev.rules_actions``).
    """
    spots = []
    for cards in _two_card_hands():
        for up in VALUE_RANKS:
            legal = rules_actions(rules, HandSpot(cards=cards, up=up))
            spots.append(Spot(rules.id, cards, up, legal=frozenset(legal)))
    return tuple(spots)


@functools.lru_cache(maxsize=16)
def insurance_spots(rules: Rules) -> tuple[Spot, ...]:
    """The insurance question for every opening hand against an ace.

    Returns
    -------
    tuple of Spot, shape (54,) or (0,)
        Empty when the table offers no insurance (``rules.insurance == "none"``,
        the ``home`` table, ``docs/rules/home.md``, "Insurance").
    """
    if rules.insurance == "none":
        return ()
    return tuple(
        Spot(rules.id, cards, "A", legal=frozenset(INSURANCE_ACTIONS))
        for cards in _two_card_hands()
    )


@functools.lru_cache(maxsize=128)
def topic_spots(rules: Rules, topic: Topic) -> tuple[Spot, ...]:
    """The candidate spots of a topic at a table, in a fixed order.

    Returns
    -------
    tuple of Spot
        Opening spots with ``topic in topics_of(rules, spot)``; for
        surrender and insurance, the insurance questions follow. Empty
        when the table has nothing of the topic (``home`` has neither
        surrender nor insurance).
    """
    spots = [spot for spot in opening_spots(rules) if topic in topics_of(rules, spot)]
    if topic is Topic.SURRENDER_INSURANCE:
        spots.extend(insurance_spots(rules))
    return tuple(spots)
