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
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime

from fsrs import Card, Rating, Scheduler

from bjtrainer.store.records import AttemptKind, CardRecord
from bjtrainer.trainer.clock import to_utc

__all__ = [
    "DUE_PER_DAY",
    "DUE_PER_FOCUS_SET",
    "SCHEDULER",
    "card_of",
    "due_records",
    "graduate",
    "rating_for",
    "review_card",
]

#: Due spots served at most per local day and table (``docs/practice.md``, "Due spots").
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
        The graduating answer's time (aware).

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    when = to_utc(at)
    card = Card(card_id=_card_id(rules_id, spot_key), due=when)
    reviewed, _ = SCHEDULER.review_card(card, Rating.Good, review_datetime=when)
    return _record(rules_id, spot_key, reviewed, 1)


def review_card(record: CardRecord, rating: Rating, at: datetime) -> CardRecord:
    """The card after one review at ``at``.

    Raises
    ------
    ValueError
        If ``at`` is naive.
    """
    reviewed, _ = SCHEDULER.review_card(card_of(record), rating, review_datetime=to_utc(at))
    return _record(record.rules_id, record.spot_key, reviewed, record.reviews + 1)


def due_records(
    records: Iterable[CardRecord], at: datetime, *, exclude: Iterable[str] = ()
) -> list[CardRecord]:
    """Cards due at ``at`` (due time not after it), the longest overdue first.

    Parameters
    ----------
    records : iterable of CardRecord
    at : datetime
        Now (aware).
    exclude : iterable of str
        Spot keys to leave out (the spots in the review queue).
    """
    now = to_utc(at)
    skip = set(exclude)
    due = [
        record
        for record in records
        if record.spot_key not in skip and datetime.fromisoformat(record.due) <= now
    ]
    return sorted(due, key=lambda record: (datetime.fromisoformat(record.due), record.spot_key))
