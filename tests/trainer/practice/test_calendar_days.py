"""Days are calendar days: a spot due in N days is due from local midnight.

``docs/practice.md``, "When a spot is due": a spot due in N days is due from
local midnight of the calendar date N days after the local date of the
review, whatever the hour of the review and across daylight-saving changes.

The dates of the changes in 2026 (IANA tz database):

- America/New_York springs forward on Sunday 8 March (02:00 EST -> 03:00
  EDT) and falls back on Sunday 1 November (02:00 EDT -> 01:00 EST);
  EST is UTC-5, EDT UTC-4.
- Europe/Copenhagen springs forward on Sunday 29 March (02:00 CET -> 03:00
  CEST) and falls back on Sunday 25 October (03:00 CEST -> 02:00 CET);
  CET is UTC+1, CEST UTC+2.

Every expected due time below is written out by hand in local time and in
UTC from those offsets.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from fsrs import Card, Rating, State

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import CardRecord, Store
from bjtrainer.trainer.clock import ManualClock, to_utc
from bjtrainer.trainer.practice.schedule import (
    SCHEDULER,
    card_of,
    due_records,
    graduate,
    review_card,
)
from bjtrainer.trainer.practice.topics import Topic, topic_spots
from tests.trainer.practice.practice_support import make_practice, play_through

PRACTICE = PRESETS["practice"]
NEW_YORK = ZoneInfo("America/New_York")
COPENHAGEN = ZoneInfo("Europe/Copenhagen")


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def reviewed_card(at: datetime) -> CardRecord:
    """A learned card last reviewed half an hour before ``at``, stability 3 days.

    fsrs itself (default parameters, no steps, no fuzz) schedules it, reviewed
    at ``at`` the same day: Good in 3 days, Again in 1 day (checked in
    :func:`test_the_crafted_card_gives_one_and_three_days`).
    """
    last = to_utc(at - timedelta(minutes=30))
    card = Card(
        card_id=1, state=State.Review, stability=3.0, difficulty=5.0, due=last, last_review=last
    )
    return CardRecord("practice", "k", card.to_json(), last.isoformat(), 3)


def test_the_crafted_card_gives_one_and_three_days() -> None:
    at = datetime(2026, 6, 1, 21, 30, tzinfo=UTC)
    card = card_of(reviewed_card(at))
    good, _ = SCHEDULER.review_card(card, Rating.Good, review_datetime=at)
    again, _ = SCHEDULER.review_card(card, Rating.Again, review_datetime=at)
    assert good.due - at == timedelta(days=3)
    assert again.due - at == timedelta(days=1)


# (zone, the evening before the change at 21:30, rating, due local date, due in UTC)
DST_CASES = [
    # New York, spring forward on 8 March.
    (NEW_YORK, date(2026, 3, 7), Rating.Again, date(2026, 3, 8), datetime(2026, 3, 8, 5, 0)),
    (NEW_YORK, date(2026, 3, 7), Rating.Good, date(2026, 3, 10), datetime(2026, 3, 10, 4, 0)),
    # New York, fall back on 1 November.
    (NEW_YORK, date(2026, 10, 31), Rating.Again, date(2026, 11, 1), datetime(2026, 11, 1, 4, 0)),
    (NEW_YORK, date(2026, 10, 31), Rating.Good, date(2026, 11, 3), datetime(2026, 11, 3, 5, 0)),
    # Copenhagen, spring forward on 29 March.
    (COPENHAGEN, date(2026, 3, 28), Rating.Again, date(2026, 3, 29), datetime(2026, 3, 28, 23)),
    (COPENHAGEN, date(2026, 3, 28), Rating.Good, date(2026, 3, 31), datetime(2026, 3, 30, 22)),
    # Copenhagen, fall back on 25 October.
    (COPENHAGEN, date(2026, 10, 24), Rating.Again, date(2026, 10, 25), datetime(2026, 10, 24, 22)),
    (COPENHAGEN, date(2026, 10, 24), Rating.Good, date(2026, 10, 27), datetime(2026, 10, 26, 23)),
]


@pytest.mark.parametrize(("zone", "evening", "rating", "due_date", "due_utc"), DST_CASES)
def test_due_at_local_midnight_across_a_daylight_saving_change(
    zone: ZoneInfo, evening: date, rating: Rating, due_date: date, due_utc: datetime
) -> None:
    at = datetime(evening.year, evening.month, evening.day, 21, 30, tzinfo=zone)
    record = review_card(reviewed_card(at), rating, at)
    due = datetime.fromisoformat(record.due)
    local = due.astimezone(zone)
    assert (local.date(), local.hour, local.minute) == (due_date, 0, 0)  # not 23:00, not 01:00
    assert due == due_utc.replace(tzinfo=UTC)
    assert datetime.fromisoformat(record.due).tzinfo == UTC  # stored as UTC
    assert card_of(record).due == due  # the card and the column agree
    # Due from that midnight, not a minute before.
    assert due_records([record], (due - timedelta(minutes=1)).astimezone(zone)) == []
    assert due_records([record], due.astimezone(zone)) == [record]


@pytest.mark.parametrize("zone", [NEW_YORK, COPENHAGEN])
def test_an_evening_review_due_in_one_day_is_due_at_the_next_midnight(
    store: Store, zone: ZoneInfo
) -> None:
    at = datetime(2026, 11, 29, 21, 30, tzinfo=zone)
    key = topic_spots(PRACTICE, Topic.PAIRS)[0].key
    crafted = reviewed_card(at)
    record = review_card(
        CardRecord("practice", key, crafted.card, crafted.due, 3), Rating.Again, at
    )
    with store.transaction():
        store._put_card(record)
    clock = ManualClock(at)
    practice = make_practice(store, clock=clock)
    clock.set(datetime(2026, 11, 29, 23, 59, tzinfo=zone))
    assert practice.due_spots() == []
    clock.set(datetime(2026, 11, 30, 0, 0, tzinfo=zone))  # the next midnight, not 21:30
    assert [spot.key for spot in practice.due_spots()] == [key]
    assert practice.can_start_due()


def test_a_spot_graduated_at_night_is_due_from_midnight_two_days_on() -> None:
    # fsrs's first Good interval with default parameters is 2 days (stability 2.3065).
    at = datetime(2026, 11, 29, 23, 50, tzinfo=COPENHAGEN)
    record = graduate("practice", "k", at)
    assert datetime.fromisoformat(record.due) == datetime(2026, 12, 1, 0, 0, tzinfo=COPENHAGEN)
    assert due_records([record], datetime(2026, 11, 30, 23, 59, tzinfo=COPENHAGEN)) == []
    assert due_records([record], datetime(2026, 12, 1, 0, 0, tzinfo=COPENHAGEN)) == [record]


def test_a_stored_due_instant_is_read_as_its_local_date() -> None:
    # A card stored as fsrs left it: due at the review's hour, 21:30 CET on 30
    # November (20:30 UTC). It is due from local midnight of that date.
    old = CardRecord("practice", "k", "{}", "2026-11-30T20:30:00+00:00", 1)
    assert due_records([old], datetime(2026, 11, 29, 23, 59, tzinfo=COPENHAGEN)) == []
    assert due_records([old], datetime(2026, 11, 30, 0, 0, tzinfo=COPENHAGEN)) == [old]
    # The local date is the user's: 20:30 UTC is still 30 November in New
    # York (15:30), but 1 December in Tokyo (05:30).
    assert due_records([old], datetime(2026, 11, 30, 0, 0, tzinfo=NEW_YORK)) == [old]
    tokyo = ZoneInfo("Asia/Tokyo")
    assert due_records([old], datetime(2026, 11, 30, 23, 59, tzinfo=tokyo)) == []
    assert due_records([old], datetime(2026, 12, 1, 0, 0, tzinfo=tokyo)) == [old]


def test_a_stored_card_keeps_its_schedule_on_the_next_review() -> None:
    # An old card (fsrs's own due and last review at 21:30 CET, 2-day
    # interval) answered right at 00:05 on its due date: fsrs sees 2 calendar
    # days since the last review, as if answered at 21:30, and gives the
    # interval it gives after 2 days (8 with stability 2.3065), from midnight.
    last = datetime(2026, 11, 27, 20, 30, tzinfo=UTC)
    card = Card(
        card_id=1,
        state=State.Review,
        stability=2.3065,
        difficulty=5.0,
        due=last + timedelta(days=2),
        last_review=last,
    )
    old = CardRecord("practice", "k", card.to_json(), card.due.isoformat(), 1)
    at = datetime(2026, 11, 29, 0, 5, tzinfo=COPENHAGEN)
    record = review_card(old, Rating.Good, at)
    assert datetime.fromisoformat(record.due) == datetime(2026, 12, 7, 0, 0, tzinfo=COPENHAGEN)
    assert card_of(record).last_review == to_utc(at)


def test_fsrs_counts_calendar_days_since_the_last_review() -> None:
    # Missed at 21:30 (due the next day), then answered right at 00:05: one
    # calendar day later, so fsrs gives what it gives one day on (2 days for
    # this card), not its same-day figure (1 day).
    at = datetime(2026, 3, 28, 21, 30, tzinfo=COPENHAGEN)
    missed = review_card(reviewed_card(at), Rating.Again, at)
    assert datetime.fromisoformat(missed.due) == datetime(2026, 3, 29, 0, 0, tzinfo=COPENHAGEN)
    missed_card = card_of(missed)
    assert missed_card.last_review == to_utc(at)
    day_on, _ = SCHEDULER.review_card(
        missed_card, Rating.Good, review_datetime=to_utc(at) + timedelta(days=1)
    )
    assert day_on.due - to_utc(at) == timedelta(days=3)  # 1 day on, then 2 days
    early = review_card(missed, Rating.Good, datetime(2026, 3, 29, 0, 5, tzinfo=COPENHAGEN))
    assert datetime.fromisoformat(early.due) == datetime(2026, 3, 31, 0, 0, tzinfo=COPENHAGEN)


def test_a_second_review_the_same_day_is_a_same_day_review() -> None:
    # 00:10 and 23:50 of the 25-hour day in Copenhagen are 24 h 40 min apart
    # but one date: fsrs sees 0 days, as for two reviews an hour apart.
    first = datetime(2026, 10, 25, 0, 10, tzinfo=COPENHAGEN)
    missed = review_card(reviewed_card(first), Rating.Again, first)
    late = review_card(missed, Rating.Good, datetime(2026, 10, 25, 23, 50, tzinfo=COPENHAGEN))
    soon = review_card(missed, Rating.Good, datetime(2026, 10, 25, 1, 10, tzinfo=COPENHAGEN))
    assert late.due == soon.due
    assert card_of(late).stability == card_of(soon).stability


def daily_streak_over(store: Store, zone: ZoneInfo, first: datetime, steps: list[timedelta]) -> int:
    clock = ManualClock(first)
    practice = make_practice(store, clock=clock)
    play_through(practice.start_daily())
    for step in steps:
        clock.advance(step)
        play_through(practice.start_daily())
    return practice.daily_status().streak


def test_streak_across_the_new_york_fall_back(store: Store) -> None:
    # 23:30 EDT on 31 October, then 25 h later 23:30 EST on 1 November (the
    # 25-hour day), then 00:10 on 3 November (a day after that): three dates.
    first = datetime(2026, 10, 31, 23, 30, tzinfo=NEW_YORK)
    clock = ManualClock(first)
    practice = make_practice(store, clock=clock)
    play_through(practice.start_daily())
    assert practice.daily_status().streak == 1
    clock.advance(timedelta(hours=25))
    assert practice.today() == date(2026, 11, 1) and clock().hour == 23
    play_through(practice.start_daily())
    assert practice.daily_status().streak == 2
    clock.advance(timedelta(hours=24, minutes=40))  # 00:10 on the 3rd: the 2nd was skipped
    assert practice.today() == date(2026, 11, 3)
    assert practice.daily_status().streak == 0
    clock.set(datetime(2026, 11, 2, 23, 59, tzinfo=NEW_YORK))  # the 2nd, still open
    assert practice.daily_status().streak == 2


def test_streak_across_the_new_york_spring_forward(store: Store) -> None:
    # 00:30 EST on 7 March, then 23:30 EDT on 8 March (a 23-hour day): 46 h
    # elapsed, two consecutive dates.
    streak = daily_streak_over(
        store, NEW_YORK, datetime(2026, 3, 7, 0, 30, tzinfo=NEW_YORK), [timedelta(hours=46)]
    )
    assert streak == 2


def test_streak_across_the_copenhagen_fall_back(store: Store) -> None:
    # 00:10 on 25 October (the 25-hour day) and 00:05 on the 26th: 24 h 55 min
    # apart, one date each.
    streak = daily_streak_over(
        store,
        COPENHAGEN,
        datetime(2026, 10, 24, 0, 5, tzinfo=COPENHAGEN),
        [timedelta(hours=24, minutes=5), timedelta(hours=24, minutes=55)],
    )
    assert streak == 3
