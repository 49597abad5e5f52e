"""Recording one graded answer: the attempt and everything it changes, together.

An answer touches up to four tables: ``attempts`` (the answer itself),
``review_queue`` (:mod:`~bjtrainer.trainer.practice.review`), ``review_cards``
(:mod:`~bjtrainer.trainer.practice.schedule`) and, in a daily five,
``daily_answers`` (:mod:`~bjtrainer.trainer.practice.daily`). They are written in one
transaction (issue 3: "writes that belong together go in one transaction"),
and only if the attempt's idempotency token is new: "answering the same
decision twice (a double key press) records it once".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bjtrainer.store import AttemptKind, AttemptRecord, Store
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
    store: Store, attempt: AttemptRecord, at: datetime, daily: DailyPlace | None = None
) -> Recorded:
    """Store an answer and its effects in one transaction.

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

    Returns
    -------
    Recorded

    Raises
    ------
    StoreError
        If the store cannot be written; nothing is kept then.
    """
    with store.transaction():
        if not store.add_attempt(attempt):
            return Recorded(stored=False, review=ReviewChange.NONE)
        rules_id, key = attempt.rules_id, attempt.spot_key
        before = store.review_record(rules_id, key)
        answer = ReviewAnswer(
            kind=attempt.kind,
            accepted=attempt.accepted,
            run_id=attempt.run_id,
            local_date=date.fromisoformat(attempt.local_date),
            at=attempt.created_at,
        )
        after, change = review_after(before, rules_id, key, answer, store.finished_runs_between)
        if after is not None and change is not ReviewChange.NONE:
            store.put_review_record(after)
        if is_first_answer(attempt.kind):
            card = store.card_record(rules_id, key)
            if card is not None:
                rating = rating_for(attempt.kind, attempt.accepted)
                store.put_card_record(review_card(card, rating, at))
            elif change is ReviewChange.CLEARED:
                store.put_card_record(graduate(rules_id, key, at))
            if daily is not None and attempt.run_id is not None:
                row = daily_update(
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
                if row is not None:
                    store.put_daily_answer(row)
    return Recorded(stored=True, review=change)
