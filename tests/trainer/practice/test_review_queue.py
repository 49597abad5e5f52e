"""The review queue's exit rule, exactly as the practice page states it.

``docs/practice.md``, "Mistakes & weak spots: the review queue": a spot
enters the queue when the first answer to it was wrong, or was given only
after a hint. It leaves the queue after two unassisted correct answers,
given in two separate runs; a run is one practice set, and two runs count
as separate on different days or with at least one other set between them,
so two correct answers a minute apart clear nothing. A spot missed four
times or more links to its Why figures and its row of the strategy chart.

The first half drives the rule directly with answers; the second plays real
sets through the trainer, from stacked shoes, against a store.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.store import AttemptKind, ReviewRecord, Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.review import (
    ReviewAnswer,
    ReviewChange,
    queue_items,
    review_after,
    runs_apart,
)
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import (
    NOON,
    PRACTICE,
    best_answer,
    make_practice,
    play_through,
)

FIRST, HINT, RETRY = AttemptKind.FIRST, AttemptKind.AFTER_HINT, AttemptKind.RETRY
DAY = date(2026, 11, 29)
KEY = "practice|6,T|T|hand:1:0|stand+hit+double+surrender"


def answer(kind: AttemptKind, accepted: bool, run: int | None, day: date = DAY) -> ReviewAnswer:
    return ReviewAnswer(kind, accepted, run, day, f"{day.isoformat()}T12:00:00+01:00")


def no_sets_between(first: int, second: int) -> int:
    return 0


def one_set_between(first: int, second: int) -> int:
    return 1


def test_a_wrong_first_answer_enters_the_queue() -> None:
    record, change = review_after(None, "practice", KEY, answer(FIRST, False, 1), no_sets_between)
    assert change is ReviewChange.ENTERED
    assert record is not None and record.queued
    assert (record.misses, record.done) == (1, 0)


def test_a_correct_answer_only_after_a_hint_enters_the_queue() -> None:
    record, change = review_after(None, "practice", KEY, answer(HINT, True, 1), no_sets_between)
    assert change is ReviewChange.ENTERED
    assert record is not None and record.misses == 1


def test_a_correct_unassisted_answer_leaves_an_unqueued_spot_alone() -> None:
    record, change = review_after(None, "practice", KEY, answer(FIRST, True, 1), no_sets_between)
    assert (record, change) == (None, ReviewChange.NONE)


def queued() -> ReviewRecord:
    record, _ = review_after(None, "practice", KEY, answer(FIRST, False, 1), no_sets_between)
    assert record is not None
    return record


def test_two_correct_answers_in_the_same_run_count_once() -> None:
    record, change = review_after(
        queued(), "practice", KEY, answer(FIRST, True, 1), no_sets_between
    )
    assert change is ReviewChange.PROGRESS and record is not None and record.done == 1
    again, change = review_after(record, "practice", KEY, answer(FIRST, True, 1), one_set_between)
    assert change is ReviewChange.NONE
    assert again is not None and again.queued and again.done == 1


def test_the_next_set_on_the_same_day_does_not_clear() -> None:
    record, _ = review_after(queued(), "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    after, change = review_after(record, "practice", KEY, answer(FIRST, True, 3), no_sets_between)
    assert change is ReviewChange.NONE
    assert after is not None and after.queued and after.done == 1


def test_one_other_set_between_on_the_same_day_clears() -> None:
    record, _ = review_after(queued(), "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    after, change = review_after(record, "practice", KEY, answer(FIRST, True, 4), one_set_between)
    assert change is ReviewChange.CLEARED
    assert after is not None and not after.queued and after.done == 2


def test_the_next_set_on_another_day_clears() -> None:
    record, _ = review_after(queued(), "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    next_day = answer(FIRST, True, 3, DAY + timedelta(days=1))
    after, change = review_after(record, "practice", KEY, next_day, no_sets_between)
    assert change is ReviewChange.CLEARED
    assert after is not None and not after.queued


def test_a_hinted_answer_does_not_count_and_starts_the_count_again() -> None:
    record, _ = review_after(queued(), "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    after, change = review_after(record, "practice", KEY, answer(HINT, True, 4), one_set_between)
    assert change is ReviewChange.MISSED
    assert after is not None and after.queued
    assert (after.misses, after.done) == (2, 0)


def test_a_retry_never_counts() -> None:
    start = queued()
    record, change = review_after(start, "practice", KEY, answer(RETRY, True, 2), one_set_between)
    assert (record, change) == (start, ReviewChange.NONE)
    record, _ = review_after(start, "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    after, change = review_after(record, "practice", KEY, answer(RETRY, True, 5), one_set_between)
    assert (after, change) == (record, ReviewChange.NONE)


def test_answers_at_the_ordinary_table_send_in_but_never_clear() -> None:
    record, change = review_after(
        None, "practice", KEY, answer(FIRST, False, None), no_sets_between
    )
    assert change is ReviewChange.ENTERED
    after, change = review_after(
        record, "practice", KEY, answer(FIRST, True, None), one_set_between
    )
    assert (after, change) == (record, ReviewChange.NONE)


def test_a_spot_that_comes_back_keeps_its_misses() -> None:
    record, _ = review_after(queued(), "practice", KEY, answer(FIRST, True, 2), no_sets_between)
    cleared, _ = review_after(record, "practice", KEY, answer(FIRST, True, 4), one_set_between)
    back, change = review_after(cleared, "practice", KEY, answer(FIRST, False, 9), no_sets_between)
    assert change is ReviewChange.ENTERED
    assert back is not None and back.queued and (back.misses, back.done) == (2, 0)


def test_runs_apart() -> None:
    assert not runs_apart(3, DAY, 3, DAY + timedelta(days=1), 5)  # the same run
    assert not runs_apart(3, DAY, 4, DAY, 0)
    assert runs_apart(3, DAY, 5, DAY, 1)
    assert runs_apart(3, DAY, 4, DAY + timedelta(days=1), 0)


# Through real sets --------------------------------------------------------

SIXTEEN = Spot(
    "practice",
    ("T", "6"),
    "T",
    legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}),
)
TWENTY = Spot(
    "practice",
    ("T", "T"),
    "6",
    legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER}),
)
# Player T,6 against a ten up, 7 in the hole (no blackjack: the peek is clean).
SIXTEEN_DEAL = DealPlan(SIXTEEN, ("TS", "TH", "6D", "7C"))
TWENTY_DEAL = DealPlan(TWENTY, ("TS", "6H", "KD", "9C"))


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def play_sixteen(practice: object, action: Action) -> None:
    practice_set = practice.start_custom([SIXTEEN_DEAL])  # type: ignore[attr-defined]
    pending = practice_set.pending
    outcome = practice_set.answer(action, token=pending.token)
    if not outcome.applied:
        practice_set.play_on()
    play_through(practice_set)  # any later decision of the hand (after a hit)
    assert practice_set.finished


def filler_set(practice: object) -> None:
    play_through(practice.start_custom([TWENTY_DEAL]))  # type: ignore[attr-defined]


def progress(practice: object) -> list[tuple[str, int, str]]:
    return [(item.spot.key, item.misses, item.progress) for item in practice.review_queue()]  # type: ignore[attr-defined]


def test_a_mistake_is_cleared_over_two_runs_with_a_set_between(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    # Hard 16 v 10 at practice: surrender -0.5 beats stand -0.5404 by 0.040 > 0.02
    # (Wizard of Odds, Blackjack Appendix 1; docs/rules/practice.md, "Surrender").
    play_sixteen(practice, Action.STAND)
    assert progress(practice) == [(SIXTEEN.key, 1, "0 of 2 done")]
    clock.advance(timedelta(minutes=1))
    play_sixteen(practice, Action.SURRENDER)
    assert progress(practice) == [(SIXTEEN.key, 1, "1 of 2 done")]
    clock.advance(timedelta(minutes=1))
    play_sixteen(practice, Action.SURRENDER)  # the very next set, a minute later
    assert progress(practice) == [(SIXTEEN.key, 1, "1 of 2 done")]
    filler_set(practice)
    play_sixteen(practice, Action.SURRENDER)  # a finished set in between: cleared
    assert progress(practice) == []
    record = store.review_record("practice", SIXTEEN.key)
    assert record is not None and record.cleared_at is not None
    assert store.card_record("practice", SIXTEEN.key) is not None  # graduated: scheduled


def test_the_next_day_clears_without_a_set_between(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    play_sixteen(practice, Action.HIT)  # hit -0.5398 also gives up 0.040: a miss
    play_sixteen(practice, Action.SURRENDER)
    clock.advance(timedelta(days=1))
    play_sixteen(practice, Action.SURRENDER)
    assert progress(practice) == []


def test_an_abandoned_set_does_not_separate_two_runs(store: Store) -> None:
    practice = make_practice(store)
    play_sixteen(practice, Action.STAND)
    play_sixteen(practice, Action.SURRENDER)
    practice.start_custom([TWENTY_DEAL, TWENTY_DEAL])  # left after dealing: unfinished
    play_sixteen(practice, Action.SURRENDER)
    assert progress(practice) == [(SIXTEEN.key, 1, "1 of 2 done")]


def test_a_hint_or_a_retry_does_not_clear(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    play_sixteen(practice, Action.STAND)
    # A miss then a correct retry: the retry does not count.
    practice_set = practice.start_custom([SIXTEEN_DEAL])
    assert not practice_set.answer(Action.STAND).applied
    assert practice_set.answer(Action.SURRENDER).kind is AttemptKind.RETRY
    assert progress(practice) == [(SIXTEEN.key, 2, "0 of 2 done")]
    # A correct answer after the Hint: counts as a miss.
    clock.advance(timedelta(days=1))
    practice_set = practice.start_custom([SIXTEEN_DEAL])
    assert practice_set.hint_lines() == [
        "Hint: Surrender (EV -0.500).",
        "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
        "less than hitting is expected to lose (EV -0.540).",
    ]
    outcome = practice_set.answer(Action.SURRENDER)
    assert outcome.kind is AttemptKind.AFTER_HINT and outcome.grade.accepted
    assert outcome.review is ReviewChange.MISSED
    assert progress(practice) == [(SIXTEEN.key, 3, "0 of 2 done")]


def test_four_misses_link_to_the_why_figures_and_the_chart_row(store: Store) -> None:
    practice = make_practice(store)
    for count in range(1, 5):
        play_sixteen(practice, Action.STAND)
        (item,) = practice.review_queue()
        assert item.misses == count
        assert (item.study is not None) == (count >= 4)
    assert item.study is not None
    assert (item.study.cell.row, item.study.cell.up) == ("hard 16", "T")
    assert item.study.why[0] == "Bust on one more card: 61.5%."  # 8 of 13 ranks bust 16
    assert "Surrender -0.5000 (best)" in item.study.why[2]


def test_queue_items_skip_cleared_rows_and_other_tables(store: Store) -> None:
    practice = make_practice(store)
    play_sixteen(practice, Action.STAND)
    rows = store.review_records("practice", queued_only=False)
    assert len(queue_items(PRACTICE, rows)) == 1
    assert queue_items(PRACTICE.model_copy(update={"id": "other"}), rows) == []


def test_review_set_deals_the_queued_spots(store: Store) -> None:
    practice = make_practice(store)
    assert not practice.can_start_review()
    play_sixteen(practice, Action.STAND)
    assert practice.can_start_review()
    review = practice.start_review()
    assert [plan.target.key for plan in review.plans] == [SIXTEEN.key]
    pending = review.pending
    assert pending is not None and pending.spot.key == SIXTEEN.key
    assert best_answer(review, pending) is Action.SURRENDER
