"""Mistakes & weak spots through the screens: a miss enters the queue, two runs clear it.

``docs/practice.md``, "Mistakes & weak spots: the review queue": a spot
whose first answer was wrong enters the review queue; it leaves the queue
after two unassisted correct answers given in two separate runs; a run is
one practice set, and two runs count as separate on different days or with
at least one other set between them; the queue shows each spot with its
misses and "1 of 2 done"; a spot missed four times or more links to its Why
figures and its row of the strategy chart. ``docs/practice.md``, "Due spots:
learned spots come back": a spot that left the queue comes back when the
spaced-repetition schedule says it is due, as a due set.

The chart row expected for hard 16 is Wizard of Odds' "4-Deck to 8-Deck
Blackjack Strategy" (dealer stands on soft 17, DAS, late surrender):
stand against 2-6, hit against 7 and 8, surrender (else hit) against 9, T, A.
The bust chance of hard 16 on one more card is 8/13 = 61.5% (a 6, 7, 8, 9
or ten-value card; independent draws, each rank 1/13, tens 4/13).
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest
from textual.widgets import OptionList

from bjtrainer.engine.actions import Action
from bjtrainer.ev import analyse
from bjtrainer.store import RunKind, Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.grading import grade
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.spots import Spot
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.review_queue import ReviewQueueScreen
from tests.tui.practice_tui_support import (
    ACTION_KEYS,
    NOON,
    PRACTICE,
    always_best,
    play_set,
    practice_app,
    set_screen,
    worst_action,
)
from tests.tui.tui_support import SIZE, text_of


def queue_prompts(screen: ReviewQueueScreen) -> list[str]:
    listing = screen.query_one(OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


@pytest.mark.slow
async def test_a_mistake_is_cleared_from_the_queue_over_two_runs(store: Store) -> None:
    clock = ManualClock(NOON)
    app = practice_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")  # hard totals: the first decision answered wrong
        pending = set_screen(app).practice_set.pending
        assert pending is not None
        missed = pending.spot
        await pilot.press(ACTION_KEYS[worst_action(PRACTICE, pending)])
        # Leave the set (Enter), past the summary of the one answer: the miss stays recorded.
        await pilot.press("escape", "enter", "escape")
        assert isinstance(app.screen, NewSessionScreen)
        await pilot.press("7")
        queue = app.screen
        assert isinstance(queue, ReviewQueueScreen)
        assert [item.spot.key for item in queue.items] == [missed.key]
        (line,) = queue_prompts(queue)
        assert "missed 1" in line and "0 of 2 done" in line and "drill it" in line

        # Run 1: a review set of the one queued spot, answered right. R is the table's
        # Surrender: it starts nothing here; Enter does.
        await pilot.press("r")
        assert app.screen is queue
        shown = [b.binding for b in queue.active_bindings.values() if b.binding.show]
        assert [(b.key_display, b.description) for b in shown if b.action == "review"] == [
            ("Enter", "Review set")
        ]  # the footer shows it, though the focused list binds Enter too
        await pilot.press("enter")
        review = set_screen(app).practice_set
        assert review.kind is RunKind.REVIEW and review.size == 1
        assert review.target.key == missed.key
        await play_set(pilot, always_best(PRACTICE))
        await pilot.press("escape")
        assert app.screen is queue
        (line,) = queue_prompts(queue)
        assert "1 of 2 done" in line

        # Run 2, the next day: the spot leaves the queue.
        clock.advance(timedelta(days=1))
        await pilot.press("enter")
        await play_set(pilot, always_best(PRACTICE))
        await pilot.press("escape")
        assert queue.items == []
        assert "The review queue is empty" in text_of(queue.query_one("#queue-about"))
        assert store.review_records("practice") == []

        # Learned: a month later the schedule has it due; 9 in the menu plays it.
        clock.advance(timedelta(days=30))
        await pilot.press("escape")
        assert isinstance(app.screen, NewSessionScreen)
        await pilot.press("9")
        due = set_screen(app).practice_set
        assert due.kind is RunKind.DUE
        assert [plan.target.key for plan in due.plans] == [missed.key]
        await play_set(pilot, always_best(PRACTICE))
    kinds = [run.kind for run in store.runs("practice")]
    assert kinds == [RunKind.FOCUS, RunKind.REVIEW, RunKind.REVIEW, RunKind.DUE]


@pytest.mark.slow
async def test_a_spot_missed_four_times_shows_its_why_and_chart_row(store: Store) -> None:
    # Hard 16 (T,6) against a T, stood on four times at the table: each a miss.
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
    spot = Spot("practice", ("T", "6"), "T", legal=legal)
    verdict = grade(analyse(PRACTICE, spot.to_hand_spot()), Action.DOUBLE, legal)
    assert not verdict.accepted
    recorder = Practice(store, PRACTICE, ManualClock(NOON), np.random.default_rng(0))
    for number in range(4):
        recorder.record_table_answer(spot, verdict, hint_shown=False, token=f"t{number}")
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "7")
        queue = app.screen
        assert isinstance(queue, ReviewQueueScreen)
        (line,) = queue_prompts(queue)
        assert "missed 4" in line and "study" in line
        about = text_of(queue.query_one("#queue-about"))
        assert "Bust on one more card: 61.5%." in about
        codes = about.split("\nhard 16")[1].split("\n")[0].split()
        assert codes == ["S", "S", "S", "S", "S", "H", "H", "Rh", "Rh", "Rh"]
        assert "Rh surrender if allowed, else hit" in about


@pytest.mark.slow
async def test_a_right_answer_after_a_hint_is_listed_as_hinted(store: Store) -> None:
    """Hard 16 v T surrendered after a Hint (right: -0.5 beats hit -0.5398), twice,
    then stood on once (wrong); 11 v 6 hit (wrong: double +0.6674 beats hit
    +0.3336 by far more than 0.02, Appendix 5). The lines line up."""
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
    sixteen = Spot("practice", ("T", "6"), "T", legal=legal)
    eleven = Spot("practice", ("6", "5"), "6", legal=legal)
    recorder = Practice(store, PRACTICE, ManualClock(NOON), np.random.default_rng(0))
    surrendered = grade(analyse(PRACTICE, sixteen.to_hand_spot()), Action.SURRENDER, legal)
    stood = grade(analyse(PRACTICE, sixteen.to_hand_spot()), Action.STAND, legal)
    hit = grade(analyse(PRACTICE, eleven.to_hand_spot()), Action.HIT, legal)
    assert surrendered.accepted and not stood.accepted and not hit.accepted
    recorder.record_table_answer(sixteen, surrendered, hint_shown=True, token="t1")
    recorder.record_table_answer(sixteen, surrendered, hint_shown=True, token="t2")
    recorder.record_table_answer(sixteen, stood, hint_shown=False, token="t3")
    recorder.record_table_answer(eleven, hit, hint_shown=False, token="t4")
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "7")
        queue = app.screen
        assert isinstance(queue, ReviewQueueScreen)
        first, second = queue_prompts(queue)
        assert first.startswith("6,T v T (hard 16)") and " missed 1, hinted 2   0 of 2" in first
        assert second.startswith("5,6 v 6 (hard 11)") and " missed 1 " in second
        assert "hinted" not in second
        assert first.index("0 of 2 done") == second.index("0 of 2 done")
        about = text_of(queue.query_one("#queue-about"))
        assert "Missed 1 time, right only after a hint 2 times; 0 of 2 done." in about


@pytest.mark.slow
async def test_the_summary_of_a_clearing_review_run_says_when_the_spot_comes_back(
    store: Store,
) -> None:
    """Hard 16 v T missed on 11-29, right on 11-30, right again on 12-01: cleared.

    Graduated Good on 12-01, the spot is due from 12-03: fsrs's first Good
    interval is 2 days with its default parameters, no learning steps and no
    fuzz (``docs/practice.md``, "When a spot is due").
    """
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
    sixteen = Spot("practice", ("T", "6"), "T", legal=legal)
    deal = DealPlan(sixteen, ("TS", "TH", "6D", "7C"))
    clock = ManualClock(NOON)
    recorder = Practice(store, PRACTICE, clock, np.random.default_rng(0))
    for action in (Action.STAND, Action.SURRENDER):
        practice_set = recorder.start_custom([deal])
        outcome = practice_set.answer(action)
        if not outcome.applied:
            practice_set.play_on()
        clock.advance(timedelta(days=1))
    app = practice_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "7", "enter")
        assert set_screen(app).practice_set.kind is RunKind.REVIEW
        await play_set(pilot, always_best(PRACTICE))
        cleared = text_of(app.screen.query_one("#summary-cleared"))
    assert cleared.splitlines() == [
        "Cleared from the review queue: 1 spot. The schedule brings it back:",
        "  6,T v T (hard 16): back on 2026-12-03 (in 2 days)",
    ]
