"""The injected clock: local dates across midnight and daylight-saving changes.

Issue 3, "How it is built": "The clock is injected: the local date comes
from the user's time zone, and a test moves it across midnight and across a
daylight-saving change (a one-day interval must not become zero or two
days)". Copenhagen (the Danish seed 002_d3bfe4c3d11df71d.txt) moves its
clocks on 2026-03-29 (02:00 -> 03:00, a 23-hour day) and 2026-10-25
(03:00 -> 02:00, a 25-hour day): EU summer time, last Sunday of March and
of October, at 01:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bjtrainer.store import Store
from bjtrainer.trainer.clock import (
    ManualClock,
    SystemClock,
    days_between,
    local_date,
    now,
    system_zone,
    to_utc,
)
from bjtrainer.trainer.practice.daily import daily_spots
from tests.trainer.practice.practice_support import COPENHAGEN, make_practice


def test_midnight_turns_the_local_date() -> None:
    clock = ManualClock(datetime(2026, 11, 28, 23, 59, tzinfo=COPENHAGEN))
    before = local_date(clock())
    after = local_date(clock.advance(timedelta(minutes=2)))
    assert before == date(2026, 11, 28)
    assert after == date(2026, 11, 29)
    assert days_between(before, after) == 1


def test_local_midnight_not_utc_midnight_decides_the_date() -> None:
    # 20:00 in New York on 28 November is 01:00 UTC on the 29th.
    clock = ManualClock(datetime(2026, 11, 29, 1, 0, tzinfo=UTC), "America/New_York")
    assert local_date(clock()) == date(2026, 11, 28)
    assert clock().utcoffset() == timedelta(hours=-5)


def test_a_one_day_interval_over_the_spring_change_is_one_day() -> None:
    clock = ManualClock(datetime(2026, 3, 28, 23, 30, tzinfo=COPENHAGEN))
    first = clock()
    second = clock.advance(timedelta(hours=23))  # the 29th has 23 hours
    assert second.hour == 23 and second.minute == 30
    assert second.utcoffset() == timedelta(hours=2)  # summer time
    # Elapsed time (compared in UTC) would call it 0 days; the calendar says 1.
    assert (to_utc(second) - to_utc(first)).days == 0
    assert days_between(local_date(first), local_date(second)) == 1


def test_a_one_day_interval_over_the_autumn_change_is_one_day() -> None:
    clock = ManualClock(datetime(2026, 10, 24, 0, 10, tzinfo=COPENHAGEN))
    first = clock()
    # To 23:50 on the 25th: 47 h 40 min of wall time, 48 h 40 min elapsed
    # (the 25th has 25 hours).
    second = clock.advance(timedelta(hours=48, minutes=40))
    assert (second.day, second.hour, second.minute) == (25, 23, 50)
    assert (to_utc(second) - to_utc(first)).days == 2
    assert days_between(local_date(first), local_date(second)) == 1


def test_the_long_autumn_day_is_still_one_date() -> None:
    clock = ManualClock(datetime(2026, 10, 25, 0, 10, tzinfo=COPENHAGEN))
    first = clock()
    second = clock.advance(timedelta(hours=24, minutes=40))  # 23:50 the same day
    assert (to_utc(second) - to_utc(first)).days == 1
    assert local_date(second) == local_date(first) == date(2026, 10, 25)
    assert days_between(local_date(first), local_date(second)) == 0


def test_the_daily_five_changes_at_local_midnight_and_only_then() -> None:
    with Store.memory() as store:
        clock = ManualClock(datetime(2026, 3, 28, 23, 59, tzinfo=COPENHAGEN))
        practice = make_practice(store, clock=clock)
        late = practice.daily_spots(practice.today())
        clock.advance(timedelta(minutes=2))
        early = practice.daily_spots(practice.today())
        clock.advance(timedelta(hours=22))  # 23:01 on the 23-hour day: still the 29th
        assert practice.today() == date(2026, 3, 29)
        assert practice.daily_spots(practice.today()) == early
        assert late == daily_spots(practice.rules, date(2026, 3, 28))
        assert early == daily_spots(practice.rules, date(2026, 3, 29))
        assert late != early


def test_naive_times_are_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        ManualClock(datetime(2026, 11, 29, 12, 0))
    with pytest.raises(ValueError, match="naive"):
        now(lambda: datetime(2026, 11, 29, 12, 0))
    with pytest.raises(ValueError):
        local_date(datetime(2026, 11, 29, 12, 0))
    with pytest.raises(ValueError):
        to_utc(datetime(2026, 11, 29, 12, 0))
    with pytest.raises(ValueError, match="Unknown time zone"):
        ManualClock(datetime(2026, 11, 29, 12, 0, tzinfo=UTC), "Nowhere/Atlantis")


def test_to_utc_gives_the_utc_singleton_fsrs_requires() -> None:
    moment = to_utc(datetime(2026, 7, 1, 14, 0, tzinfo=COPENHAGEN))
    assert moment.tzinfo is UTC
    assert moment.hour == 12  # summer time is UTC+2


def test_system_clock_reads_the_zone_from_tz(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    assert system_zone() == ZoneInfo("Asia/Tokyo")
    clock = SystemClock()
    assert clock().utcoffset() == timedelta(hours=9)
    assert SystemClock(COPENHAGEN).zone == COPENHAGEN


def test_manual_clock_set_jumps() -> None:
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC), COPENHAGEN)
    shown = clock.set(datetime(2026, 6, 1, 10, 0, tzinfo=UTC))
    assert shown.hour == 12 and shown.tzinfo == COPENHAGEN
