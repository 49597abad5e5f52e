"""A set that clears spots from the review queue says which, and when they come back.

``docs/practice.md``, "Mistakes & weak spots: the review queue" and "When a
spot is due": a queued spot leaves after two unassisted correct answers in
runs on different days; it then graduates to the spaced-repetition
schedule, reviewed Good, and is due from local midnight of the date fsrs's
first Good interval after the clearing answer's local date. The interval is
asked of fsrs itself here (default parameters, no learning steps, no fuzz),
not of the trainer.

Hard 16 (T,6) against a ten at ``practice``: surrender (-0.5) is the one
accepted answer, standing (-0.5404) is wrong (Wizard of Odds, Blackjack
Appendix 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from bjtrainer.engine.actions import Action
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.review import ReviewChange
from bjtrainer.trainer.practice.sets import PracticeSet
from bjtrainer.trainer.spots import Spot
from bjtrainer.tui.views.practice import cleared_lines, comes_back
from tests.trainer.practice.practice_support import NOON, make_practice

S, H, D, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER
SIXTEEN = Spot("practice", ("T", "6"), "T", legal=frozenset({S, H, D, R}))
SIXTEEN_DEAL = DealPlan(SIXTEEN, ("TS", "TH", "6D", "7C"))  # 7 in the hole: a clean peek


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def first_good_interval(on: date) -> int:
    """Days fsrs gives a new card reviewed Good on ``on`` (its calendar clock: midnight UTC)."""
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    review = datetime.combine(on, time(), tzinfo=UTC)
    card, _ = scheduler.review_card(Card(), Rating.Good, review_datetime=review)
    return round((card.due - review) / timedelta(days=1))


def answer(
    practice: Practice, plans: list[DealPlan], actions: list[Action]
) -> tuple[PracticeSet, list[ReviewChange]]:
    """Play ``actions`` as the first answers of a custom set of ``plans``."""
    practice_set = practice.start_custom(plans)
    changes = []
    for action in actions:
        if practice_set.pending is None:
            assert practice_set.next_spot()
        outcome = practice_set.answer(action)
        changes.append(outcome.review)
        if not outcome.applied:
            practice_set.play_on()
    return practice_set, changes


def queued_with_one_done(store: Store) -> tuple[Practice, ManualClock]:
    """Hard 16 v T missed on day 1, answered right on day 2: "1 of 2 done"."""
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    assert answer(practice, [SIXTEEN_DEAL], [S])[1] == [ReviewChange.ENTERED]
    clock.advance(timedelta(days=1))
    assert answer(practice, [SIXTEEN_DEAL], [R])[1] == [ReviewChange.PROGRESS]
    clock.advance(timedelta(days=1))
    return practice, clock


def test_a_review_run_that_clears_a_spot_says_when_it_comes_back(store: Store) -> None:
    practice, clock = queued_with_one_done(store)
    today = clock().date()
    assert today == date(2026, 12, 1)  # NOON is 2026-11-29, two days on
    review = practice.start_review()
    pending = review.pending
    assert pending is not None and pending.spot.key == SIXTEEN.key
    outcome = review.answer(R, token=pending.token)
    assert outcome.review is ReviewChange.CLEARED
    (cleared,) = review.summary().cleared
    days = first_good_interval(today)
    assert days == 2  # fsrs's first Good interval with its default parameters
    assert cleared.spot.key == SIXTEEN.key
    assert cleared.due == today + timedelta(days=days) == date(2026, 12, 3)
    assert practice.review_queue() == []
    assert cleared_lines(review.summary().cleared, today) == [
        "Cleared from the review queue: 1 spot. The schedule brings it back:",
        "  6,T v T (hard 16): back on 2026-12-03 (in 2 days)",
    ]
    # Two days on the spot is due again: served as a due spot.
    clock.advance(timedelta(days=days))
    assert [spot.key for spot in practice.due_spots()] == [SIXTEEN.key]


def test_a_set_that_clears_nothing_lists_nothing(store: Store) -> None:
    practice, _ = queued_with_one_done(store)
    practice_set = practice.start_custom([SIXTEEN_DEAL])
    assert practice_set.answer(S).review is ReviewChange.MISSED
    assert practice_set.summary().cleared == ()
    assert cleared_lines((), date(2026, 12, 1)) == []


def test_a_spot_cleared_then_missed_in_the_same_set_is_not_listed(store: Store) -> None:
    practice, _ = queued_with_one_done(store)
    practice_set, changes = answer(practice, [SIXTEEN_DEAL, SIXTEEN_DEAL], [R, S])
    assert changes == [ReviewChange.CLEARED, ReviewChange.ENTERED]
    assert practice_set.summary().cleared == ()
    assert [item.spot.key for item in practice.review_queue()] == [SIXTEEN.key]


def test_the_return_date_in_words() -> None:
    today = date(2026, 12, 1)
    assert comes_back(date(2026, 12, 1), today) == "back on 2026-12-01 (today)"
    assert comes_back(date(2026, 12, 2), today) == "back on 2026-12-02 (tomorrow)"
    assert comes_back(date(2026, 12, 11), today) == "back on 2026-12-11 (in 10 days)"
