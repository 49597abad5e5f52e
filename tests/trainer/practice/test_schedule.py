"""Spaced repetition of learned spots with fsrs.

``docs/practice.md``, "Due spots: learned spots come back": a
spaced-repetition schedule (the fsrs package, correct = Good, wrong =
Again) sets when each learned spot is due again, and due spots are mixed
into focused practice and offered after the daily five, never as a wall of
reviews (at most ten a day).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import PracticeError
from bjtrainer.store import AttemptKind, CardRecord, Store
from bjtrainer.trainer.clock import ManualClock, to_utc
from bjtrainer.trainer.practice.schedule import (
    DUE_PER_DAY,
    card_of,
    due_records,
    graduate,
    rating_for,
    review_card,
)
from bjtrainer.trainer.practice.topics import Topic, topic_spots, topics_of
from tests.trainer.practice.practice_support import NOON, make_practice, play_through

PRACTICE = PRESETS["practice"]


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def test_ratings() -> None:
    assert rating_for(AttemptKind.FIRST, True) is Rating.Good
    assert rating_for(AttemptKind.FIRST, False) is Rating.Again
    assert rating_for(AttemptKind.AFTER_HINT, True) is Rating.Again
    with pytest.raises(ValueError):
        rating_for(AttemptKind.RETRY, True)


def test_graduation_matches_fsrs_itself() -> None:
    at = NOON  # 12:00 CET on 29 November
    record = graduate("practice", "k", at)
    # The same review made directly with fsrs, no learning steps, no fuzz.
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    expected, _ = scheduler.review_card(Card(card_id=1, due=to_utc(at)), Rating.Good, to_utc(at))
    card = card_of(record)
    assert card.stability == expected.stability and card.difficulty == expected.difficulty
    assert expected.due - to_utc(at) == timedelta(days=2)
    # Due from local midnight two dates on: 00:00 CET on 1 December.
    assert card.due == datetime.fromisoformat(record.due) == datetime(2026, 11, 30, 23, tzinfo=UTC)
    assert card.last_review == to_utc(at)
    assert record.reviews == 1
    later = review_card(record, Rating.Good, datetime.fromisoformat(record.due))
    again = review_card(later, Rating.Again, datetime.fromisoformat(later.due))
    assert later.reviews == 2 and again.reviews == 3
    good_gap = datetime.fromisoformat(later.due) - datetime.fromisoformat(record.due)
    again_gap = datetime.fromisoformat(again.due) - datetime.fromisoformat(later.due)
    assert good_gap > datetime.fromisoformat(record.due) - to_utc(at)  # intervals grow
    assert again_gap < good_gap  # a miss shortens it


def test_due_records_are_the_due_dates_up_to_today_oldest_first() -> None:
    base = to_utc(NOON)  # 12:00 CET on 29 November
    records = [
        CardRecord("practice", key, "{}", (base + timedelta(hours=hours)).isoformat(), 1)
        for key, hours in (("a", -5), ("b", 3), ("c", -30), ("d", 0), ("e", 12))
    ]
    # "b" (15:00) is due today; "e" is due from midnight (00:00 on the 30th).
    assert [r.spot_key for r in due_records(records, NOON)] == ["c", "a", "d", "b"]
    assert [r.spot_key for r in due_records(records, NOON, exclude={"c"})] == ["a", "d", "b"]


def learned(store: Store, keys: list[str], due_in: timedelta) -> None:
    for key in keys:
        record = graduate("practice", key, NOON - timedelta(days=30))
        due = (to_utc(NOON) + due_in).isoformat()
        with store.transaction():  # a learned card, as graduating the spot would leave it
            store._put_card(CardRecord("practice", key, record.card, due, 1))


def test_at_most_ten_due_spots_a_day(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    pairs = [spot.key for spot in topic_spots(PRACTICE, Topic.PAIRS)[:15]]
    learned(store, pairs, timedelta(hours=-1))
    assert len(practice.due_spots()) == DUE_PER_DAY
    due_set = practice.start_due()
    assert due_set.size == DUE_PER_DAY
    play_through(due_set)
    assert practice.due_spots() == []
    assert not practice.can_start_due()
    with pytest.raises(PracticeError, match="served today"):
        practice.start_due()
    clock.advance(timedelta(days=1))
    assert 0 < len(practice.due_spots()) <= DUE_PER_DAY


def test_nothing_due_cannot_start(store: Store) -> None:
    practice = make_practice(store)
    learned(store, [topic_spots(PRACTICE, Topic.PAIRS)[0].key], timedelta(days=2))
    with pytest.raises(PracticeError, match="No learned spot is due"):
        practice.start_due()


def test_a_focused_set_mixes_in_at_most_three_due_spots_of_its_topic(store: Store) -> None:
    practice = make_practice(store)
    pairs = [spot.key for spot in topic_spots(PRACTICE, Topic.PAIRS)[:6]]
    soft = [spot.key for spot in topic_spots(PRACTICE, Topic.SOFT)[:6]]
    learned(store, pairs + soft, timedelta(hours=-1))
    practice_set = practice.start_focus(Topic.PAIRS)
    keys = [plan.target.key for plan in practice_set.plans]
    assert len(keys) == 10
    assert len(set(keys) & set(pairs)) >= 3
    run = store.run(practice_set.run_id)
    assert run is not None and len(run.due_keys) == 3 and set(run.due_keys) <= set(pairs)
    assert all(Topic.PAIRS in topics_of(PRACTICE, plan.target) for plan in practice_set.plans)
    assert {item.topic: item.due for item in practice.topics()}[Topic.SOFT] == 6


def test_a_queued_spot_is_never_served_as_due(store: Store) -> None:
    practice = make_practice(store)
    spot = topic_spots(PRACTICE, Topic.STIFF)[0]
    learned(store, [spot.key], timedelta(hours=-1))
    assert [s.key for s in practice.due_spots()] == [spot.key]
    practice_set = practice.start_custom([spot])
    pending = practice_set.pending
    while pending is not None and pending.spot.key != spot.key:
        practice_set.answer(Action.NO_INSURANCE)
        pending = practice_set.pending
    assert pending is not None
    evs = practice_set.coach.evs(pending.spot)
    worst = min(evs, key=evs.__getitem__)
    practice_set.answer(worst)  # a miss: back to the queue, card rated Again
    assert [item.spot.key for item in practice.review_queue()] == [spot.key]
    assert practice.due_spots() == []
    card = store.card_record("practice", spot.key)
    assert card is not None and card.reviews == 2
