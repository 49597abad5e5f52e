"""Spaced repetition for learned spots, with the ``fsrs`` package.

"Graduated spots are not forgotten: a spaced-repetition schedule (the
``fsrs`` package, correct = Good, wrong = Again) sets when each learned spot
is due again, and due spots are mixed into focused practice and offered
after the daily five, never as a wall of reviews (at most ten a day)"
(``docs/practice.md``, "Due spots: learned spots come back").

- A spot gets a card when it leaves the review queue (it *graduates*); the
  graduating answer is its first review, rated Good.
- Every later first answer to the spot reviews the card: an unassisted
  correct answer is ``Rating.Good``; a wrong answer, or one given after a
  hint, is ``Rating.Again`` (the miss also sends the spot back to the
  review queue). Retries review nothing.
- A spot in the review queue is drilled there and is never served as due.
- At most :data:`DUE_PER_DAY` due spots are served per local day and
  table; a focused set mixes in at most :data:`DUE_PER_FOCUS_SET` of them.

Decided here: the scheduler has no learning or relearning steps (those are
minutes long and meant for flash cards seen many times a session; a spot
reaches the schedule only after two correct runs), so every interval is in
whole days; and fuzzing is off, because ``fsrs`` fuzzes with Python's
global random state and the trainer draws randomness only from the
generator it is given.

Days are calendar days (``docs/practice.md``, "When a spot is due"): fsrs
keeps its formulas and intervals, and only the date arithmetic around it
is the user's local calendar.

- **fsrs sees dates.** Each review is shown to fsrs on a calendar clock:
  the review and the card's last review each become midnight UTC of their
  local date in the user's zone (:func:`_on_calendar`), so the days fsrs
  counts since the last review are calendar days (an answer at 00:05 to a
  spot missed at 21:30 is one day later, not a same-day review), and the
  interval fsrs returns is a whole number of days.
- **Due from local midnight.** The interval in days,
  :func:`interval_days` (``due - review`` over 24 h, rounded to the
  nearest whole day, at least 1), is added to the local date of the
  review; the spot is due from :func:`~bjtrainer.trainer.clock.local_midnight`
  of that date. The stored card and the ``due`` column hold real instants
  (UTC): the last review is the answer's instant, the due time that
  midnight.
- **Read as a date.** A card is due when the local date of its stored due
  instant, in the user's zone now, is today or earlier (:func:`due_on`).
  Cards stored before this rule (due at the review's hour, N x 24 h later)
  are read the same way, so they fall due at midnight of their date.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from copy import copy
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from fsrs import Card, Rating, Scheduler

from bjtrainer.store.records import AttemptKind, CardRecord
from bjtrainer.trainer.clock import local_date, local_midnight, to_utc

__all__ = [
    "DUE_PER_DAY",
    "DUE_PER_FOCUS_SET",
    "SCHEDULER",
    "card_of",
    "due_on",
    "due_records",
    "graduate",
    "interval_days",
    "rating_for",
    "review_card",
]

#: Due spots served at most per local day and table
#: (``docs/practice.md``, "Due spots: learned spots come back").
DUE_PER_DAY = 10

#: Due spots a focused set of ten mixes in at most (decided here).
DUE_PER_FOCUS_SET = 3

#: The scheduler: default FSRS parameters, desired retention 0.9, whole-day
#: intervals (no learning or relearning steps), no fuzzing.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def rating_for(kind: AttemptKind, accepted: bool) -> Rating:
    """``Rating.Good`` for an unassisted correct first answer, ``Rating.Again`` otherwise.

    Raises
    ------
    ValueError
        For a retry: retries review nothing.
    """
    if kind is AttemptKind.RETRY:
        raise ValueError("A retry does not review a card.")
    return Rating.Good if kind is AttemptKind.FIRST and accepted else Rating.Again


def _card_id(rules_id: str, spot_key: str) -> int:
    """A stable card id from the spot (53 bits, so it survives JSON readers)."""
    digest = hashlib.sha256(f"{rules_id}\n{spot_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def card_of(record: CardRecord) -> Card:
    """The ``fsrs.Card`` a record holds."""
    return Card.from_json(record.card)


def interval_days(interval: timedelta) -> int:
    """An fsrs interval as whole days: ``interval`` over 24 h, rounded, at least 1.

    fsrs's intervals without learning steps are whole days already (on the
    calendar clock of the module docstring exactly so); the rounding only
    guards a fraction.

    Examples
    --------
    >>> interval_days(timedelta(days=3))
    3
    >>> interval_days(timedelta(hours=2))
    1
    """
    return max(1, int(interval / timedelta(days=1) + 0.5))


def _on_calendar(moment: datetime, zone: tzinfo) -> datetime:
    """``moment``'s local date in ``zone`` as midnight UTC: fsrs's calendar clock."""
    return datetime.combine(moment.astimezone(zone).date(), time(), tzinfo=UTC)


def _review(card: Card, rating: Rating, at: datetime) -> Card:
    """``card`` reviewed with ``rating`` at ``at``, counted in calendar days (module docstring).

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    real = to_utc(at)  # checks that ``at`` is aware
    zone = at.tzinfo
    assert zone is not None
    shown = copy(card)
    if shown.last_review is not None:
        shown.last_review = _on_calendar(shown.last_review, zone)
    today = _on_calendar(at, zone)
    reviewed, _ = SCHEDULER.review_card(shown, rating, review_datetime=today)
    days = interval_days(reviewed.due - today)
    reviewed.last_review = real
    reviewed.due = to_utc(local_midnight(local_date(at) + timedelta(days=days), zone))
    return reviewed


def _record(rules_id: str, spot_key: str, card: Card, reviews: int) -> CardRecord:
    return CardRecord(
        rules_id=rules_id,
        spot_key=spot_key,
        card=card.to_json(),
        due=to_utc(card.due).isoformat(),
        reviews=reviews,
    )


def graduate(rules_id: str, spot_key: str, at: datetime) -> CardRecord:
    """A new card for a spot leaving the review queue, reviewed Good at ``at``.

    Parameters
    ----------
    rules_id, spot_key : str
    at : datetime
        The graduating answer's time (aware, in the user's time zone).

    Returns
    -------
    CardRecord
        Due from local midnight of the date fsrs's first Good interval
        (2 days with the default parameters) after ``at``'s local date.

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    card = Card(card_id=_card_id(rules_id, spot_key), due=to_utc(at))
    return _record(rules_id, spot_key, _review(card, Rating.Good, at), 1)


def review_card(record: CardRecord, rating: Rating, at: datetime) -> CardRecord:
    """The card after one review at ``at`` (aware, in the user's time zone).

    The card is due from local midnight of the date fsrs's interval after
    ``at``'s local date (module docstring).

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    reviewed = _review(card_of(record), rating, at)
    return _record(record.rules_id, record.spot_key, reviewed, record.reviews + 1)


def due_on(record: CardRecord, zone: tzinfo) -> date:
    """The local date from which a card is due: its stored due instant's date in ``zone``."""
    return datetime.fromisoformat(record.due).astimezone(zone).date()


def due_records(
    records: Iterable[CardRecord], at: datetime, *, exclude: Iterable[str] = ()
) -> list[CardRecord]:
    """Cards due on ``at``'s local date (due on it or earlier), the longest overdue first.

    Parameters
    ----------
    records : iterable of CardRecord
    at : datetime
        Now (aware, in the user's time zone): its local date is today.
    exclude : iterable of str
        Spot keys to leave out (the spots in the review queue).

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    today = local_date(at)
    zone = at.tzinfo
    assert zone is not None
    skip = set(exclude)
    due = [
        record
        for record in records
        if record.spot_key not in skip and due_on(record, zone) <= today
    ]
    return sorted(due, key=lambda record: (datetime.fromisoformat(record.due), record.spot_key))
