"""Recording one graded answer: the attempt and everything it changes, in one write.

An answer touches up to five tables: ``attempts`` (the answer itself),
``review_queue`` (:mod:`~bjtrainer.trainer.practice.review`), ``review_cards``
(:mod:`~bjtrainer.trainer.practice.schedule`), in a daily five
``daily_answers`` (:mod:`~bjtrainer.trainer.practice.daily`), and at the table
``saved_tables`` (the table after the answer). They are written by one
store call, :meth:`bjtrainer.store.Store.record_answer`, in one transaction;
the queue, card and daily rows only when the attempt's idempotency token is
new, so answering the same decision twice (a double key press) records it
once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bjtrainer.store import (
    AnswerEffects,
    AttemptKind,
    AttemptRecord,
    CardRecord,
    DailyAnswerRecord,
    ReviewRecord,
    SavedTable,
    Store,
)
from bjtrainer.trainer.practice.attempts import is_first_answer
from bjtrainer.trainer.practice.daily import daily_update
from bjtrainer.trainer.practice.review import ReviewAnswer, ReviewChange, review_after
from bjtrainer.trainer.practice.schedule import graduate, rating_for, review_card

__all__ = ["DailyPlace", "Recorded", "record_answer"]


@dataclass(frozen=True)
class DailyPlace:
    """Where an answer sits in a daily five.

    Attributes
    ----------
    day : date
        The daily five's local date.
    position : int
        The hand's place in the five, 0..4.
    target_key : str
        The key of the hand's daily spot (the row is keyed by it).
    """

    day: date
    position: int
    target_key: str


@dataclass(frozen=True)
class Recorded:
    """What recording an answer did.

    Attributes
    ----------
    stored : bool
        False when an answer with the same token was stored already; then
        nothing at all was written.
    review : ReviewChange
        The answer's effect on the review queue.
    """

    stored: bool
    review: ReviewChange


def record_answer(
    store: Store,
    attempt: AttemptRecord,
    at: datetime,
    daily: DailyPlace | None = None,
    *,
    table: SavedTable | None = None,
    run_finished_at: str | None = None,
) -> Recorded:
    """Store an answer, its effects and the table after it: one store write.

    Parameters
    ----------
    store : Store
    attempt : AttemptRecord
        The graded answer; ``attempt.token`` is the idempotency key.
    at : datetime
        The answer's time (aware), for the spaced-repetition card.
    daily : DailyPlace, optional
        Set when the answer was given in a daily five and is a first answer
        of one of its hands.
    table : SavedTable, optional
        The table after the answer, saved in the same transaction.
    run_finished_at : str, optional
        ISO time at which the answer finished its run, marked in the same
        transaction.

    Returns
    -------
    Recorded

    Raises
    ------
    StoreError
        If the store cannot be written; nothing is kept then.
    """
    changes: list[ReviewChange] = []

    def effects() -> AnswerEffects:
        review, change = _review_row(store, attempt)
        changes.append(change)
        card = _card(store, attempt, at, change) if is_first_answer(attempt.kind) else None
        return AnswerEffects(review=review, card=card, daily=_daily_row(store, attempt, daily))

    stored = store.record_answer(attempt, effects, table=table, run_finished_at=run_finished_at)
    return Recorded(stored=stored, review=changes[0] if stored else ReviewChange.NONE)


def _review_row(store: Store, attempt: AttemptRecord) -> tuple[ReviewRecord | None, ReviewChange]:
    """The spot's queue row after the answer (``None``: unchanged) and what changed."""
    rules_id, key = attempt.rules_id, attempt.spot_key
    answer = ReviewAnswer(
        kind=attempt.kind,
        accepted=attempt.accepted,
        run_id=attempt.run_id,
        local_date=date.fromisoformat(attempt.local_date),
        at=attempt.created_at,
    )
    before = store.review_record(rules_id, key)
    after, change = review_after(before, rules_id, key, answer, store.finished_runs_between)
    if after is None or change is ReviewChange.NONE:
        return None, change
    return after, change


def _card(
    store: Store, attempt: AttemptRecord, at: datetime, change: ReviewChange
) -> CardRecord | None:
    """A first answer reviews a learned spot's card; leaving the queue graduates the spot."""
    rules_id, key = attempt.rules_id, attempt.spot_key
    card = store.card_record(rules_id, key)
    if card is not None:
        return review_card(card, rating_for(attempt.kind, attempt.accepted), at)
    if change is ReviewChange.CLEARED:
        return graduate(rules_id, key, at)
    return None


def _daily_row(
    store: Store, attempt: AttemptRecord, daily: DailyPlace | None
) -> DailyAnswerRecord | None:
    """The daily five's row after a first answer in one of its hands, or ``None``."""
    if daily is None or attempt.run_id is None or not is_first_answer(attempt.kind):
        return None
    rules_id = attempt.rules_id
    return daily_update(
        store.daily_answer(rules_id, daily.day.isoformat(), daily.position),
        rules_id=rules_id,
        day=daily.day,
        position=daily.position,
        spot_key=daily.target_key,
        run_id=attempt.run_id,
        accepted=attempt.accepted,
        after_hint=attempt.kind is AttemptKind.AFTER_HINT,
        at=attempt.created_at,
    )
