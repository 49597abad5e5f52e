"""Shoe-aware figures: the exact EV of every legal action for the cards left.

The shoe-aware row of the Why panel (``docs/numbers.md``, "11. The
shoe-aware figures"): beside the independent-draw figures
(:func:`bjtrainer.ev.analyse`), the exact expected return of every action
the rules allow (:func:`bjtrainer.ev.spot.rules_actions`), for the cards
actually left in the shoe. The input is the
composition of the *unseen* cards, from the cards already shown since the
shuffle (:func:`bjtrainer.ev.exact.composition.unseen_composition`): the hole card
is unseen, so it is part of that composition, and neither the hole card
nor the order of the undealt cards is ever read.

Method: the exact finite-shoe recursion of :mod:`bjtrainer.ev.exact.player`
(card removal at every step, the dealer by :mod:`bjtrainer.ev.exact.dealer`,
conditioned on no blackjack where the dealer has checked) and the split
values of :mod:`bjtrainer.ev.exact.split` (exact with one split; resplits
by Eric Farmer's CDP method, ``docs/numbers.md``, "7. Splitting"). A split
from a hand that is itself a split hand counts only the hands still allowed
(``max_split_hands - hands_in_round + 1``); later one-card hands waiting
in the round are left out of its value.

Every EV is per unit of the hand's original wager: a double risks two
units, late surrender is exactly -0.5 (half the wager back, as the table
settles it), a split is the total return of the hands it makes.

Letters as in :mod:`bjtrainer.ev.exact`: V = 10 point values (A, 2..9, T).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.exact.composition import (
    Composition,
    V,
    check_composition,
    composition_of,
    value_index,
)
from bjtrainer.ev.exact.dealer import blackjack_card, hole_blackjack_chance
from bjtrainer.ev.exact.hands import BUSTED
from bjtrainer.ev.exact.player import Family, solve_families
from bjtrainer.ev.exact.split import (
    max_split_hands_for,
    split_families,
    split_hand_values,
    split_value,
)
from bjtrainer.ev.spot import HandSpot, rules_actions, surrender_ev


@dataclass(frozen=True)
class ShoeAnalysis:
    """Exact figures for one decision, for the cards left in the shoe.

    Attributes
    ----------
    evs : Mapping[Action, float]
        Exact expected return of every action the rules allow (chips not
        considered), in the order of :func:`bjtrainer.ev.rules_actions`,
        per unit of the hand's original wager.
    best : Action
        The action with the highest EV (the first in that order on a tie).
    bust_next : float
        Exact chance that one more card busts the hand.
    unseen : tuple[int, ...]
        Shape (V,): the unseen cards the figures come from (A, 2..9, T).
    dealer_checked : bool
        The dealer has checked for blackjack with this up card: figures are
        conditioned on no dealer blackjack.
    """

    evs: Mapping[Action, float]
    best: Action
    bust_next: float
    unseen: Composition
    dealer_checked: bool


def analyse_shoe(rules: Rules, spot: HandSpot, unseen: Sequence[int]) -> ShoeAnalysis:
    """Exact EV of every legal action of a spot, for a finite shoe.

    Parameters
    ----------
    rules : Rules
        The table (dealer rule, peek, doubling, splitting, surrender).
    spot : HandSpot
        The decision: the hand's cards, the up card, and its place in a split.
    unseen : Sequence[int]
        Shape (V,): counts of the cards not seen yet, A, 2..9, T (the undealt
        shoe plus the hole card; the player's cards and the up card are out).

    Returns
    -------
    ShoeAnalysis
        Results are memoised per (rules, spot, unseen).

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur as a decision (as
        :func:`bjtrainer.ev.analyse`), the composition is not 10 non-negative
        counts, or the unseen cards cannot follow a clean peek (an ace up
        and nothing but tens left, say).
    """
    legal = rules_actions(rules, spot)
    return _analyse(rules, spot, check_composition(unseen), legal)


@functools.lru_cache(maxsize=512)
def _analyse(
    rules: Rules, spot: HandSpot, unseen: Composition, legal: tuple[Action, ...]
) -> ShoeAnalysis:
    up = value_index(spot.up)
    cards = composition_of(spot.cards)
    if sum(unseen) < 1:
        raise InvalidSpotError("No unseen cards are left for the dealer's hole card.")
    families = [Family(start=cards, offset=tuple(-c for c in cards))]
    pair = value_index(spot.cards[0])
    most = 0
    if Action.SPLIT in legal:
        most = min(
            max_split_hands_for(rules, pair), rules.max_split_hands - spot.hands_in_round + 1
        )
        offset = tuple(-int(i == pair) for i in range(V))
        families.extend(split_families(pair, offset, most))
    values = solve_families(rules, [up], np.array([unseen]), families)
    root = values.node(0, cards)
    mass = float(values.mass[root, 0])
    if mass <= 0:
        raise InvalidSpotError(
            f"The unseen cards leave the dealer a certain blackjack under {spot.up}: "
            "no decision follows a clean peek."
        )
    evs: dict[Action, float] = {}
    for action in legal:
        if action is Action.STAND:
            evs[action] = float(values.stand[root, 0]) / mass
        elif action is Action.HIT:
            evs[action] = float(values.hit[root, 0]) / mass
        elif action is Action.DOUBLE:
            evs[action] = float(values.double[root, 0]) / mass
        elif action is Action.SURRENDER:
            evs[action] = surrender_ev(rules, spot.up, hole_blackjack_chance(unseen, up))
        else:
            hands = split_hand_values(
                rules,
                values,
                list(range(1, len(families))),
                pair,
                double_after_split=rules.double_after_split,
            )
            pairs_left = unseen[pair]
            evs[action] = float(
                split_value(hands, [pairs_left], [sum(unseen) - pairs_left], most)[0]
            )
    chance, no_blackjack = values.draw(np.array([root]))  # (1, 1, V) each
    busting = values.child[root] == BUSTED  # (V,)
    # P(next card busts | no dealer blackjack): the joint chance of the card and
    # of a hole card that is not a blackjack, over P(no blackjack) = mass.
    joint = chance[0, 0, busting] * no_blackjack[0, 0, busting]  # (busting cards,)
    bust_next = float(joint.sum()) / mass
    best = max(evs, key=evs.__getitem__)
    checked = blackjack_card(up) is not None and rules.peeks_with(spot.up)
    return ShoeAnalysis(
        evs=evs, best=best, bust_next=bust_next, unseen=unseen, dealer_checked=checked
    )
