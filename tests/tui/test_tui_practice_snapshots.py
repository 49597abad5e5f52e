"""Snapshots of the practice screens (pytest-textual-snapshot), one per screen.

The clock (a ManualClock at noon, 2026-11-29, Copenhagen), the seed and the
terminal (100 x 34) are fixed, so the daily five, the focused sets and their
shoes are the same on every run. Regenerate after a deliberate change with
``pytest tests/tui/test_tui_practice_snapshots.py --snapshot-update`` and look
at the SVGs in ``tests/tui/__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import numpy as np
import pytest
from textual.pilot import Pilot

from bjtrainer.engine.actions import Action
from bjtrainer.ev import analyse
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.grading import grade
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.sets import PendingDecision
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.spots import Spot
from tests.tui.practice_tui_support import (
    ACTION_KEYS,
    NOON,
    PRACTICE,
    best_action,
    play_set,
    practice_app,
    set_screen,
    worst_action,
)
from tests.tui.tui_support import SIZE

SnapCompare = Callable[..., bool]


def first_wrong(pending: PendingDecision, index: int) -> Action:
    return (worst_action if index == 0 else best_action)(PRACTICE, pending)


async def miss_first(pilot: Pilot[None]) -> None:
    """Open a stiff-hands set and answer its first decision wrong."""
    await pilot.press("m", "5")
    pending = set_screen(pilot.app).practice_set.pending  # type: ignore[arg-type]
    assert pending is not None
    await pilot.press(ACTION_KEYS[worst_action(PRACTICE, pending)])


def study_store(store: Store) -> None:
    """Hard 16 v T stood on four times at the table, and 11 v 6 hit once."""
    recorder = Practice(store, PRACTICE, ManualClock(NOON), np.random.default_rng(0))
    misses = (
        (("T", "6"), "T", Action.STAND, 4),
        (("5", "6"), "6", Action.HIT, 1),
    )
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
    for cards, up, action, times in misses:
        spot = Spot("practice", cards, up, legal=legal)
        verdict = grade(analyse(PRACTICE, spot.to_hand_spot()), action, legal)
        for number in range(times):
            recorder.record_table_answer(spot, verdict, hint_shown=False, token=f"{up}{number}")


def stats_store(store: Store) -> None:
    """Two days of focused sets: hard totals with two wrong answers, then soft totals right."""
    clock = ManualClock(NOON - timedelta(days=1))
    practice = Practice(store, PRACTICE, clock, np.random.default_rng(3))
    for topic, wrong in ((Topic.HARD, 2), (Topic.SOFT, 0)):
        practice_set = practice.start_focus(topic)
        given = 0
        while True:
            pending = practice_set.pending
            if pending is None:
                if not practice_set.next_spot():
                    break
                continue
            choose = worst_action if given < wrong else best_action
            outcome = practice_set.answer(choose(PRACTICE, pending), token=pending.token)
            given += 1
            if not outcome.applied:
                practice_set.play_on()
        clock.advance(timedelta(days=1))


@pytest.mark.slow
def test_new_session_menu(snap_compare: SnapCompare, store: Store) -> None:
    assert snap_compare(practice_app(store), press=["m", "down", "down"], terminal_size=SIZE)


@pytest.mark.slow
def test_set_after_a_miss(snap_compare: SnapCompare, store: Store) -> None:
    assert snap_compare(practice_app(store), run_before=miss_first, terminal_size=SIZE)


@pytest.mark.slow
def test_set_summary(snap_compare: SnapCompare, store: Store) -> None:
    study_store(store)  # two queued spots: a short review set

    async def play(pilot: Pilot[None]) -> None:
        await pilot.press("m", "7", "enter")
        await play_set(pilot, first_wrong)

    assert snap_compare(practice_app(store), run_before=play, terminal_size=SIZE)


def test_review_queue_with_a_spot_to_study(snap_compare: SnapCompare, store: Store) -> None:
    study_store(store)
    assert snap_compare(practice_app(store), press=["m", "7"], terminal_size=SIZE)


@pytest.mark.slow
def test_daily_five_after_playing(snap_compare: SnapCompare, store: Store) -> None:
    async def play(pilot: Pilot[None]) -> None:
        await pilot.press("m", "8", "enter")
        await play_set(pilot, first_wrong)
        await pilot.press("escape")

    assert snap_compare(practice_app(store), run_before=play, terminal_size=SIZE)


@pytest.mark.slow
def test_stats(snap_compare: SnapCompare, store: Store) -> None:
    stats_store(store)
    assert snap_compare(practice_app(store), press=["m", "0"], terminal_size=SIZE)
