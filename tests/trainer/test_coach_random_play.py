"""Across many random rounds, the coach has a figure for every action the round allows.

The engine decides what is legal (``Round.legal_actions``) and the EV layer
what the rules allow in a spot; at every decision of random play at the
``practice`` table the two must agree, so every answer can be graded.
"""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import DecisionKind, Store
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.wording import in_display_order

PRACTICE = PRESETS["practice"]


def test_every_legal_action_of_random_rounds_is_graded_and_recorded() -> None:
    rng = np.random.default_rng(20261129)
    shoe = Shoe(PRACTICE, np.random.default_rng(7))
    answered = 0
    splits = 0
    resplits_offered = 0
    with Store.memory() as store:
        coach = Coach(PRACTICE, store, clock=lambda: datetime(2026, 11, 29, tzinfo=UTC))
        for _ in range(3000):
            if shoe.needs_shuffle():
                shoe.shuffle()
            round = Round(PRACTICE, shoe, Bankroll(int(rng.integers(10, 60))), 10)
            while round.phase is not Phase.SETTLED:
                legal = in_display_order(round.legal_actions())
                if round.phase is Phase.INSURANCE:
                    assert coach.analysis(round) is None
                    evs = coach.insurance_evs(round)
                    assert evs is not None and set(evs) == set(legal) <= set(INSURANCE_ACTIONS)
                else:
                    analysis = coach.analysis(round)
                    assert analysis is not None
                    assert tuple(analysis.evs) == legal
                    assert analysis.evs[analysis.best] == max(analysis.evs.values())
                    hand = round.hands[round.active]
                    resplits_offered += hand.from_split and Action.SPLIT in legal
                action = legal[int(rng.integers(len(legal)))]
                verdict = coach.answer(round, action)
                assert verdict.accepted == (verdict.ev_lost <= 0.02 + 1e-12)
                splits += action is Action.SPLIT
                round.apply(action)
                answered += 1
        records = store.decisions()
    assert len(records) == answered
    assert splits > 30  # the sample does reach split hands ...
    assert resplits_offered > 0  # ... and resplits
    assert {record.kind for record in records} == {DecisionKind.DECISION, DecisionKind.INSURANCE}
