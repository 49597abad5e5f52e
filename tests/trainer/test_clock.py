"""The injected clock: local dates across midnight and daylight-saving changes.

The clock is injected (``docs/practice.md``, "When a spot is due"): the
local date comes from the user's time zone, and a test moves it across
midnight and across a daylight-saving change (a one-day interval must not
become zero or two days). Copenhagen moves its clocks on 2026-03-29
(02:00 -> 03:00, a 23-hour day) and 2026-10-25 (03:00 -> 02:00, a 25-hour
day): EU summer time, last Sunday of March and of October, at 01:00 UTC.
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
    local_midnight,
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


def test_the_app_clock_is_in_a_named_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fixed offset (-04:00 in October) would put local midnight after the
    # New York fall back at 23:00 EST the day before.
    from bjtrainer.tui.app import local_now

    monkeypatch.setenv("TZ", "America/New_York")
    assert local_now().tzinfo == ZoneInfo("America/New_York")


@pytest.mark.parametrize(
    ("zone", "day", "shown"),
    [
        ("America/New_York", date(2026, 3, 8), "2026-03-08T00:00:00-05:00"),  # springs forward
        ("America/New_York", date(2026, 3, 9), "2026-03-09T00:00:00-04:00"),
        ("America/New_York", date(2026, 11, 2), "2026-11-02T00:00:00-05:00"),  # after fall back
        ("Europe/Copenhagen", date(2026, 3, 30), "2026-03-30T00:00:00+02:00"),
        ("Europe/Copenhagen", date(2026, 10, 26), "2026-10-26T00:00:00+01:00"),
        # Santiago skips midnight on 6 September 2026 (24:00 -> 01:00): the
        # day starts at the change.
        ("America/Santiago", date(2026, 9, 6), "2026-09-06T01:00:00-03:00"),
        # Havana falls back at 01:00 on 1 November 2026: midnight happens
        # twice, and the day starts at the first.
        ("America/Havana", date(2026, 11, 1), "2026-11-01T00:00:00-04:00"),
    ],
)
def test_local_midnight_is_the_first_instant_of_the_date(zone: str, day: date, shown: str) -> None:
    midnight = local_midnight(day, ZoneInfo(zone))
    assert midnight.isoformat() == shown
    assert local_date(midnight) == day
    # One microsecond earlier, as an instant (aware arithmetic in one zone is wall time).
    before = (to_utc(midnight) - timedelta(microseconds=1)).astimezone(ZoneInfo(zone))
    assert local_date(before) == day - timedelta(days=1)


def test_a_tz_naming_no_zone_falls_back_to_the_systems_offset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TZ", "Nowhere/Atlantis")
    zone = system_zone()
    now = datetime.now(UTC)
    assert zone.utcoffset(now) == now.astimezone().utcoffset()


def test_tz_with_a_leading_colon_names_a_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", ":Europe/Copenhagen")  # the POSIX form
    assert system_zone() == COPENHAGEN
