"""Helpers of the practice tests: a clock, a trainer and a way to play a set through."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.sets import PendingDecision, PracticeSet

PRACTICE = PRESETS["practice"]
COPENHAGEN = ZoneInfo("Europe/Copenhagen")

#: Noon on the example date of ``docs/practice.md``, "Daily five", Copenhagen time.
NOON = datetime(2026, 11, 29, 12, 0, tzinfo=COPENHAGEN)


def make_practice(
    store: Store,
    *,
    rules: Rules = PRACTICE,
    clock: ManualClock | None = None,
    seed: int = 7,
) -> Practice:
    """A trainer on ``store`` with a manual clock at :data:`NOON` and a seeded generator."""
    return Practice(store, rules, clock or ManualClock(NOON), np.random.default_rng(seed))


def best_answer(practice_set: PracticeSet, pending: PendingDecision) -> Action:
    """The best legal action of the pending decision, from the EV layer's figures."""
    evs = practice_set.coach.evs(pending.spot)
    return max(evs, key=evs.__getitem__)


def worst_answer(practice_set: PracticeSet, pending: PendingDecision) -> Action:
    """The legal action with the lowest EV."""
    evs = practice_set.coach.evs(pending.spot)
    return min(evs, key=evs.__getitem__)


Chooser = Callable[[PracticeSet, PendingDecision], Action]


def play_through(practice_set: PracticeSet, choose: Chooser = best_answer) -> None:
    """Answer every decision of every spot with ``choose``; a miss is played on."""
    while True:
        pending = practice_set.pending
        if pending is None:
            if not practice_set.next_spot():
                return
            continue
        outcome = practice_set.answer(choose(practice_set, pending), token=pending.token)
        if not outcome.applied:
            practice_set.play_on()
