"""The injected clock and the user's local calendar date.

Practice follows the local calendar: the daily five is fixed by the user's
local date, in the user's time zone (``docs/practice.md``, "Daily five").
Nothing in the trainer reads the system clock: every
part takes a :class:`Clock`, a callable returning an *aware* datetime in the
user's time zone, so tests move time across midnight and across a
daylight-saving change.

Days are counted on calendar dates (:func:`days_between`), never by dividing
elapsed time: the day a clock springs forward has 23 hours and the day it
falls back 25, and a one-day interval must still be exactly one day. A day
starts at :func:`local_midnight` (``docs/practice.md``, "When a spot is due").
"""

from __future__ import annotations

import functools
import os
import warnings
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "Clock",
    "ManualClock",
    "SystemClock",
    "days_between",
    "local_date",
    "local_midnight",
    "now",
    "system_zone",
    "to_utc",
]


class Clock(Protocol):
    """Anything that returns the current time as an aware datetime.

    The datetime is in the user's time zone, so ``clock().date()`` is the
    local calendar date. A plain function such as
    ``lambda: datetime.now(system_zone())`` is a clock; so are
    :class:`SystemClock` and :class:`ManualClock`. The table session
    (``bjtrainer.trainer.session.TableSession``) takes the same kind of callable.
    The zone should be a named one (``ZoneInfo``): with a fixed offset such
    as ``datetime.now().astimezone()`` gives, the local midnight of a date
    after a daylight-saving change is an hour off.
    """

    def __call__(self) -> datetime:
        """The current time, timezone-aware, in the user's time zone."""
        ...


def _zone_from_name(name: str) -> tzinfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def system_zone() -> tzinfo:
    """The user's time zone as zoneinfo knows it, found by tzlocal.

    tzlocal reads the ``TZ`` environment variable (an IANA name such as
    ``Europe/Copenhagen``, or a zone file), then the system's settings
    (``/etc/timezone``, the ``/etc/localtime`` link, systemd's, and the
    Windows registry elsewhere). Looked up once per value of ``TZ``.

    Returns
    -------
    tzinfo
        A ``ZoneInfo`` (which knows daylight-saving changes); when tzlocal
        finds no named zone (``TZ`` names none), the current fixed UTC
        offset of the system.
    """
    return _zone_for(os.environ.get("TZ", ""))


@functools.lru_cache(maxsize=8)
def _zone_for(tz: str) -> tzinfo:
    del tz  # the cache key: tzlocal reads TZ itself
    import tzlocal  # on first use only: nothing on the start-up path of the commands

    try:
        with warnings.catch_warnings():
            # "Can not find any timezone configuration, defaulting to UTC" and
            # offset mismatches: the zone it returns is still the best known.
            warnings.simplefilter("ignore")
            return tzlocal.reload_localzone()
    except (ZoneInfoNotFoundError, ValueError, OSError):
        offset = datetime.now().astimezone().tzinfo
        return offset if offset is not None else UTC


class SystemClock:
    """The real time in the user's time zone.

    Parameters
    ----------
    zone : tzinfo, optional
        The user's time zone; default :func:`system_zone`.
    """

    def __init__(self, zone: tzinfo | None = None) -> None:
        self.zone = zone if zone is not None else system_zone()

    def __call__(self) -> datetime:
        """The current time in :attr:`zone`."""
        return datetime.now(self.zone)


class ManualClock:
    """A clock that moves only when told to: for tests and snapshots.

    It keeps an instant (UTC) and shows it in ``zone``, so :meth:`advance`
    adds elapsed time and the local wall time follows the zone's
    daylight-saving rules.

    Parameters
    ----------
    start : datetime
        The first instant; must be timezone-aware.
    zone : tzinfo or str, optional
        The user's time zone (a ``tzinfo`` or an IANA name); default the
        zone of ``start``.

    Raises
    ------
    ValueError
        If ``start`` is naive, or ``zone`` is a name zoneinfo does not know.
    """

    def __init__(self, start: datetime, zone: tzinfo | str | None = None) -> None:
        if start.tzinfo is None or start.utcoffset() is None:
            raise ValueError(f"The clock needs an aware datetime, got naive {start.isoformat()}.")
        if isinstance(zone, str):
            found = _zone_from_name(zone)
            if found is None:
                raise ValueError(f"Unknown time zone {zone!r}.")
            zone = found
        self.zone: tzinfo = zone if zone is not None else start.tzinfo
        self._instant = start.astimezone(UTC)

    def __call__(self) -> datetime:
        """The current instant, shown in :attr:`zone`."""
        return self._instant.astimezone(self.zone)

    def advance(self, elapsed: timedelta) -> datetime:
        """Let ``elapsed`` real time pass; return the new local time."""
        self._instant += elapsed
        return self()

    def set(self, moment: datetime) -> datetime:
        """Jump to ``moment`` (aware); return it in the clock's zone.

        Raises
        ------
        ValueError
            If ``moment`` is naive.
        """
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise ValueError(f"The clock needs an aware datetime, got naive {moment.isoformat()}.")
        self._instant = moment.astimezone(UTC)
        return self()


def now(clock: Clock) -> datetime:
    """Read ``clock`` and check that the time is aware.

    Raises
    ------
    ValueError
        If the clock returned a naive datetime (its local date would be a guess).
    """
    moment = clock()
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(
            f"The clock returned a naive datetime ({moment.isoformat()}); "
            "it must carry the user's time zone."
        )
    return moment


def local_date(moment: datetime) -> date:
    """The calendar date of an aware datetime in its own (the user's) time zone.

    Raises
    ------
    ValueError
        If ``moment`` is naive.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"A local date needs an aware datetime, got {moment.isoformat()}.")
    return moment.date()


def local_midnight(day: date, zone: tzinfo) -> datetime:
    """The first instant of the calendar date ``day`` in ``zone``: its local midnight.

    Counted on the calendar, so it is 00:00 local time on either side of a
    daylight-saving change. Where a zone's clocks skip midnight (spring
    forward at 24:00, as in America/Santiago) the day starts at the change,
    shown as 01:00; where midnight happens twice, at the first.

    Returns
    -------
    datetime
        Aware, in ``zone``.

    Examples
    --------
    >>> from zoneinfo import ZoneInfo
    >>> local_midnight(date(2026, 3, 10), ZoneInfo("America/New_York")).isoformat()
    '2026-03-10T00:00:00-04:00'
    """
    return datetime.combine(day, time(), tzinfo=zone).astimezone(UTC).astimezone(zone)


def days_between(earlier: date, later: date) -> int:
    """Calendar days from ``earlier`` to ``later`` (negative if ``later`` is earlier).

    Counted on dates, so the day of a daylight-saving change is one day like
    any other.
    """
    return later.toordinal() - earlier.toordinal()


def to_utc(moment: datetime) -> datetime:
    """An aware datetime as UTC (``tzinfo is datetime.UTC``), as ``fsrs`` requires.

    Raises
    ------
    ValueError
        If ``moment`` is naive.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"Cannot convert a naive datetime to UTC: {moment.isoformat()}.")
    return moment.astimezone(UTC)
