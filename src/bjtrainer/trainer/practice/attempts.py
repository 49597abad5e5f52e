"""The three kinds of answer, and what each one counts for.

Every graded answer in practice is one of three kinds, counted apart
(``docs/practice.md``, "Three kinds of answer, counted apart"):

========================== ===================================================
kind                        what it is
========================== ===================================================
``AttemptKind.FIRST``       the first answer to a decision, no Hint or Why shown
``AttemptKind.AFTER_HINT``  the first answer, given after the Hint or Why
``AttemptKind.RETRY``       any later answer to the same decision, after a miss
========================== ===================================================

Only first unassisted answers count toward accuracy and toward leaving the
review queue. A *miss* is a first answer that was wrong, or that came only
after a hint: that is what sends a spot to the review queue
(``docs/practice.md``, "Mistakes & weak spots: the review queue") and what
the weighted draw of focused practice favours.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bjtrainer.store.records import AttemptKind, AttemptRecord
from bjtrainer.store.summary import AnswerSummary

__all__ = [
    "AttemptCounts",
    "AttemptKind",
    "SpotHistory",
    "attempt_kind",
    "count_attempts",
    "counts_for_accuracy",
    "histories_of",
    "is_first_answer",
    "is_miss",
    "spot_histories",
]


def attempt_kind(*, first_answer: bool, hint_shown: bool) -> AttemptKind:
    """The kind of an answer.

    Parameters
    ----------
    first_answer : bool
        No answer was given to this decision before.
    hint_shown : bool
        The Hint or the Why panel was shown for this decision before the answer.

    Returns
    -------
    AttemptKind
        ``RETRY`` for any answer after the first (a hint makes no
        difference then), else ``AFTER_HINT`` or ``FIRST``.
    """
    if not first_answer:
        return AttemptKind.RETRY
    return AttemptKind.AFTER_HINT if hint_shown else AttemptKind.FIRST


def is_first_answer(kind: AttemptKind) -> bool:
    """Whether the answer was the first to its decision (``FIRST`` or ``AFTER_HINT``)."""
    return kind is not AttemptKind.RETRY


def counts_for_accuracy(kind: AttemptKind) -> bool:
    """Whether the answer counts toward accuracy and the review queue (``FIRST`` only)."""
    return kind is AttemptKind.FIRST


def is_miss(kind: AttemptKind, accepted: bool) -> bool:
    """A first answer that was wrong, or given only after a hint. Retries are never misses."""
    if kind is AttemptKind.RETRY:
        return False
    return kind is AttemptKind.AFTER_HINT or not accepted


@dataclass(frozen=True)
class AttemptCounts:
    """The three kinds of answer, counted apart.

    Attributes
    ----------
    first : int
        First unassisted answers.
    first_right : int
        Of those, the accepted ones.
    after_hint : int
        First answers given after a Hint or Why.
    retry : int
        Retries.
    """

    first: int = 0
    first_right: int = 0
    after_hint: int = 0
    retry: int = 0

    @property
    def decisions(self) -> int:
        """Decisions answered: every first answer, unassisted or not."""
        return self.first + self.after_hint

    @property
    def accuracy(self) -> float | None:
        """Share of first unassisted answers accepted, 0..1; ``None`` before any."""
        return self.first_right / self.first if self.first else None


def count_attempts(attempts: Iterable[AttemptRecord]) -> AttemptCounts:
    """Count answers by kind."""
    first = first_right = after_hint = retry = 0
    for attempt in attempts:
        if attempt.kind is AttemptKind.FIRST:
            first += 1
            first_right += attempt.accepted
        elif attempt.kind is AttemptKind.AFTER_HINT:
            after_hint += 1
        else:
            retry += 1
    return AttemptCounts(first, first_right, after_hint, retry)


@dataclass(frozen=True)
class SpotHistory:
    """What a user has done with one spot, from their first answers.

    Attributes
    ----------
    seen : int
        First answers (unassisted or after a hint).
    misses : int
        First answers that were misses (:func:`is_miss`).
    """

    seen: int = 0
    misses: int = 0


def histories_of(summary: AnswerSummary) -> dict[str, SpotHistory]:
    """Each answered spot key's :class:`SpotHistory`, from a table's running totals.

    The same as :func:`spot_histories` of every answer of the table, read
    from ``Store.answer_summary`` (one row per spot).
    """
    return {
        key: SpotHistory(spot.seen, spot.misses) for key, spot in summary.spots.items() if spot.seen
    }


def spot_histories(attempts: Iterable[AttemptRecord]) -> dict[str, SpotHistory]:
    """Each spot key's :class:`SpotHistory`; spots never answered are absent."""
    seen: dict[str, int] = {}
    misses: dict[str, int] = {}
    for attempt in attempts:
        if not is_first_answer(attempt.kind):
            continue
        key = attempt.spot_key
        seen[key] = seen.get(key, 0) + 1
        misses[key] = misses.get(key, 0) + is_miss(attempt.kind, attempt.accepted)
    return {key: SpotHistory(seen[key], misses[key]) for key in seen}
