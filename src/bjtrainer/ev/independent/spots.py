"""The independent-draw figures of one decision: :func:`analyse`.

Letters as in :mod:`bjtrainer.ev.independent`: U = 10 up cards, T = 22
totals, H = 22 hard sums, A = 2 ace flag. Which spots can occur and which
actions the rules allow come from :mod:`bjtrainer.ev.spot`; every figure is
a look-up in the :class:`~bjtrainer.ev.independent.solution.Solution` of the
table, solved once per :class:`Rules` (``docs/numbers.md``, sections 1 to 7).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.ev.independent.draws import ACE, BUST_NEXT, CARD_PROBS, TEN
from bjtrainer.ev.independent.solution import solve
from bjtrainer.ev.spot import HandSpot, check_spot, surrender_ev


@dataclass(frozen=True)
class SpotAnalysis:
    """The figures behind the Hint and the Why of one spot.

    Every expected return is per unit of the hand's original wager, for
    independent draws (each rank 1/13, ten-values 4/13), never reading the
    hole card or the shoe.

    Attributes
    ----------
    evs : Mapping[Action, float]
        Expected return of every action the rules allow in this spot (chips
        not considered), in display order stand, hit, double, split,
        surrender. A double risks two units; surrender is -0.5; split is the
        change in the expected return of the round (see
        :mod:`bjtrainer.ev.independent.split`).
    best : Action
        The action with the highest EV (the first in display order on a tie).
    bust_next : float
        Chance of busting on one more card.
    stand_win, stand_push, stand_loss : float
        Chances of winning, pushing and losing if the player stands now; a
        dealer blackjack, where still possible, is a loss. They sum to 1.
    dealer_checked : bool
        The dealer has checked for blackjack (an ace or ten up at a table
        that peeks with it): the figures are conditioned on no blackjack.
    hidden_blackjack : bool
        A dealer blackjack is still possible (an ace or ten up, not
        checked); its chance is part of every figure.
    """

    evs: Mapping[Action, float]
    best: Action
    bust_next: float
    stand_win: float
    stand_push: float
    stand_loss: float
    dealer_checked: bool
    hidden_blackjack: bool


def analyse(rules: Rules, spot: HandSpot) -> SpotAnalysis:
    """Expected returns and chances for one decision.

    Parameters
    ----------
    rules : Rules
        The table. Its values are solved once (:func:`~bjtrainer.ev.independent.solution.solve`)
        and looked up.
    spot : HandSpot
        The decision.

    Returns
    -------
    SpotAnalysis
        EVs in units of the original wager of this hand, the best action,
        the bust chance on one more card, the stand outcome chances and the
        peek state. With an ace or ten up, figures are conditioned on no
        dealer blackjack where the dealer has checked, and include it
        otherwise (``docs/numbers.md``, "2. The dealer's final total").

    Raises
    ------
    InvalidSpotError
        One-line message, for a spot that cannot occur as a decision
        (:func:`bjtrainer.ev.spot.check_spot` lists the cases).
    """
    checked = check_spot(rules, spot)
    hand, up = checked.hand, checked.up
    solution = solve(rules)
    total = hand.total
    evs: dict[Action, float] = {}
    for action in checked.actions:
        if action is Action.STAND:
            evs[action] = solution.stand_lookup[up][total]
        elif action is Action.HIT:
            evs[action] = solution.hit_lookup[up][hand.hard][hand.ace]
        elif action is Action.DOUBLE:
            evs[action] = solution.double_lookup[up][hand.hard][hand.ace]
        elif action is Action.SPLIT:
            rank, hands = hand.indices[0], spot.hands_in_round
            pending = spot.pending_split_hands
            after = solution.split_lookup[hands + 1][pending + 2][up][rank]
            evs[action] = after - solution.split_lookup[hands][pending][up][rank]
        else:
            hole_blackjack = CARD_PROBS[TEN] if up == ACE else CARD_PROBS[ACE]
            evs[action] = surrender_ev(rules, spot.up, float(hole_blackjack))
    best = max(evs, key=evs.__getitem__)
    win, push, loss = solution.outcomes_lookup[up][total]
    return SpotAnalysis(
        evs=evs,
        best=best,
        bust_next=BUST_NEXT[hand.hard],
        stand_win=win,
        stand_push=push,
        stand_loss=loss,
        dealer_checked=solution.checked[up],
        hidden_blackjack=solution.hidden_blackjack[up],
    )
