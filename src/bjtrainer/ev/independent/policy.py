"""The expected return of a round when the player plays their own way at some spots.

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, C = 10
card values.

:func:`round_ev` of :mod:`~bjtrainer.ev.independent.house_edge` is the
return under best play. A *policy* here names, for some hands of the first
hand of a round (its cards, whatever their number, and the up card), the
play made there; every other hand is played best. The return is exact in
the model of ``bjtrainer edge`` (independent draws, no insurance,
``docs/numbers.md``, "14. House edge per round" and "18. Your own house
edge"):

- a hand whose play is named and is not a hit is worth that play's EV from
  :func:`~bjtrainer.ev.independent.spots.analyse` (a double, a stand, a
  surrender, a split played best after it);
- a hit, named or best, is worth the chance-weighted value of each hand it
  can make, each played by the policy in turn, so a deviation three cards
  deep counts with the chance of reaching it along the policy's own plays;
- a hand whose play is not named, and no hand it can reach by hitting is
  named either, is worth its best play (no recursion).

The round's return is the best-play return plus, for each up card and each
first two cards that are not a natural, their chance (the up card's, times
no dealer blackjack where the dealer has checked, times the two cards')
times the change in the hand's value. A hand reached only after a split is
played best whatever the policy says (its value is inside the split's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.dealer import dealer_table
from bjtrainer.ev.independent.draws import (
    ACE,
    BLACKJACK,
    CARD_POINTS,
    CARD_PROBS,
    INDEX_RANK,
    RANK_INDEX,
    TEN,
    C,
)
from bjtrainer.ev.independent.house_edge import round_ev
from bjtrainer.ev.independent.solution import solve
from bjtrainer.ev.independent.spots import analyse
from bjtrainer.ev.spot import HandSpot

__all__ = ["Policy", "hand_value", "policy_round_ev"]

#: Plays named per hand: ``(cards, up)`` to the action, cards as ranks in any order.
Policy = Mapping[tuple[tuple[str, ...], str], Action]

_Hand = tuple[int, ...]  # value indices, sorted


def _normal(policy: Policy) -> dict[int, dict[_Hand, Action]]:
    """The policy by up-card index, each hand as its sorted value indices."""
    found: dict[int, dict[_Hand, Action]] = {}
    for (cards, up), action in policy.items():
        hand = tuple(sorted(RANK_INDEX[rank] for rank in cards))
        found.setdefault(RANK_INDEX[up], {})[hand] = action
    return found


class _Values:
    """The value of each hand against one up card under a policy, memoised."""

    def __init__(self, rules: Rules, up: int, plays: Mapping[_Hand, Action]) -> None:
        self.rules, self.up, self.plays = rules, up, plays
        self.named = [Counter(hand) for hand in plays]
        self.memo: dict[_Hand, tuple[float, float]] = {}

    def _leads_to_named(self, hand: _Hand) -> bool:
        have = Counter(hand)
        return any(all(named[c] >= n for c, n in have.items()) for named in self.named)

    def value(self, hand: _Hand) -> tuple[float, float]:
        """(value under the policy, value under best play) of a hand, units of its wager."""
        if hand in self.memo:
            return self.memo[hand]
        hard = int(sum(CARD_POINTS[card] for card in hand))
        solution = solve(self.rules)
        if hard > 21:
            found = (-1.0, -1.0)
        else:
            total = hard + 10 if ACE in hand and hard + 10 <= 21 else hard
            if total == 21 and len(hand) > 2:  # no decision: the hand stands
                stand = float(solution.stand_lookup[self.up][21])
                found = (stand, stand)
            else:
                found = self._decide(hand)
        self.memo[hand] = found
        return found

    def _decide(self, hand: _Hand) -> tuple[float, float]:
        spot = HandSpot(cards=tuple(INDEX_RANK[card] for card in hand), up=INDEX_RANK[self.up])
        evs = analyse(self.rules, spot).evs
        best = max(evs.values())
        if not self._leads_to_named(hand):
            return best, best
        play = self.plays.get(hand)
        if play is None or play not in evs:
            play = max(evs, key=evs.__getitem__)
        if play is not Action.HIT:
            return float(evs[play]), best
        mine = 0.0
        for card in range(C):
            child = tuple(sorted((*hand, card)))
            mine += float(CARD_PROBS[card]) * self.value(child)[0]
        return mine, best


def hand_value(rules: Rules, cards: tuple[str, ...], up: str, policy: Policy) -> float:
    """A first hand's expected return under ``policy``, units of its original wager.

    Parameters
    ----------
    rules : Rules
    cards : tuple of str
        The hand's ranks (two or more, not a natural).
    up : str
        The up card's rank.
    policy : Policy

    Returns
    -------
    float
        Conditioned on no dealer blackjack where the dealer has checked,
        as the figures of :func:`~bjtrainer.ev.independent.spots.analyse`.

    Raises
    ------
    InvalidSpotError
        If the hand cannot be a decision.
    """
    normal = _normal(policy)
    index = RANK_INDEX[up]
    hand = tuple(sorted(RANK_INDEX[rank] for rank in cards))
    return _Values(rules, index, normal.get(index, {})).value(hand)[0]


def policy_round_ev(rules: Rules, policy: Policy) -> float:
    """The round's expected return when the first hand is played by ``policy``.

    Parameters
    ----------
    rules : Rules
        The table.
    policy : Policy
        The plays named, by the first hand's cards and the up card (see the
        module docstring); an empty policy is best play.

    Returns
    -------
    float
        Units of the original wager per round, unconditional, as
        ``round_ev(rules).expected_return`` (which it equals for an empty
        policy); insurance is never taken.

    Raises
    ------
    InvalidSpotError
        If a named hand holds a card that is not a rank.
    """
    total = round_ev(rules).expected_return
    solution = solve(rules)
    blackjack = dealer_table(rules.dealer_hits_soft_17)[0, :, BLACKJACK]  # (U,)
    for up, plays in _normal(policy).items():
        values = _Values(rules, up, plays)
        reach = float(CARD_PROBS[up])
        if solution.checked[up]:
            reach *= 1.0 - float(blackjack[up])
        change = 0.0
        for first in range(C):
            for second in range(first, C):
                if {first, second} == {ACE, TEN}:
                    continue
                mine, best = values.value((first, second))
                if mine != best:
                    chance = float(CARD_PROBS[first] * CARD_PROBS[second])
                    change += chance * (1 if first == second else 2) * (mine - best)
        total += reach * change
    return total
