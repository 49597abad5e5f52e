"""Across many random rounds, the coach has a figure for every action the round allows.

The engine decides what is legal (``Round.legal_actions``) and the EV layer
what the rules allow in a spot; at every decision of random play at the
``practice`` table the two must agree, so every answer can be graded.
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.wording import in_display_order

PRACTICE = PRESETS["practice"]


@pytest.mark.slow
def test_every_legal_action_of_random_rounds_is_graded() -> None:
    rng = np.random.default_rng(20261129)
    shoe = Shoe(PRACTICE, np.random.default_rng(7))
    coach = Coach(PRACTICE)
    answered = 0
    insurance_answers = 0
    splits = 0
    resplits_offered = 0
    for _ in range(3000):
        if shoe.needs_shuffle():
            shoe.shuffle()
        round = Round(PRACTICE, shoe, Bankroll(int(rng.integers(10, 60))), 10)
        while round.phase is not Phase.SETTLED:
            legal = in_display_order(round.legal_actions())
            spot = coach.spot(round)
            assert spot is not None and spot.legal == frozenset(legal)
            if round.phase is Phase.INSURANCE:
                assert coach.analysis(spot) is None
                evs = coach.insurance_evs(spot)
                assert evs is not None and set(evs) == set(legal) <= set(INSURANCE_ACTIONS)
            else:
                analysis = coach.analysis(spot)
                assert analysis is not None
                assert tuple(analysis.evs) == legal
                assert analysis.evs[analysis.best] == max(analysis.evs.values())
                hand = round.hands[round.active]
                resplits_offered += hand.from_split and Action.SPLIT in legal
            action = legal[int(rng.integers(len(legal)))]
            answer = coach.answer(round, action)
            verdict = answer.grade
            assert answer.spot == spot and tuple(verdict.evs) == legal
            assert verdict.accepted == (
                verdict.ev_lost <= 0.02 + 1e-12 or action == verdict.chart_action
            )
            splits += action is Action.SPLIT
            insurance_answers += action in INSURANCE_ACTIONS
            round.apply(action)
            answered += 1
    assert answered > 3000
    assert insurance_answers > 0
    assert splits > 30  # the sample does reach split hands ...
    assert resplits_offered > 0  # ... and resplits
