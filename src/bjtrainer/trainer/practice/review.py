"""Mistakes & weak spots: the review queue and its exit rule.

The rule (``docs/practice.md``, "Mistakes & weak spots: the review
queue"): a review hand needs two independent correct answers in separate
runs to leave the queue.

- A spot **enters** the queue when its first answer is wrong, or is given
  only after a hint (Hint or Why shown first). Each such answer is a *miss*;
  the queue tells the two apart: a right answer given only after a hint is
  *hinted*, not *missed* (:attr:`QueueItem.hinted`).
- It **leaves** after two unassisted correct answers (``AttemptKind.FIRST``
  and accepted) given in two separate runs, a run being one practice set;
  the two runs must be on different local days, or have at least one other
  finished set between them. Two correct answers a minute apart do not
  clear it.
- Answers after a hint and retries never count toward leaving; answers at
  the ordinary table (not in a run) never do either, though a miss there
  still sends the spot in.

Decided here, where the rule is silent:

- A miss while queued starts the count again ("0 of 2 done"): the two
  correct answers must follow the last miss.
- Two correct answers in the same run count once; a second run that is
  the very next set on the same day leaves the count at 1 (the first
  correct answer keeps its run and date, so a later qualifying run still
  clears the spot).
- "Another set between them" is any practice set, at any table, that was
  played to its end (an abandoned set does not separate anything).
- A spot missed :data:`STUDY_AFTER_MISSES` (4) times or more links to its
  Why figures and its chart row, and stays in the drill.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from bjtrainer.engine.rules import Rules
from bjtrainer.store.records import AttemptKind, AttemptRecord, ReviewRecord
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.practice.attempts import is_miss
from bjtrainer.trainer.practice.cells import ChartCell, cell_of
from bjtrainer.trainer.spots import Spot, parse_spot_key

__all__ = [
    "CORRECT_RUNS_TO_LEAVE",
    "STUDY_AFTER_MISSES",
    "QueueItem",
    "ReviewAnswer",
    "ReviewChange",
    "StudyLink",
    "hinted_counts",
    "is_hinted",
    "queue_items",
    "review_after",
    "runs_apart",
]

#: Unassisted correct answers, in separate runs, that take a spot out of the queue.
CORRECT_RUNS_TO_LEAVE = 2

#: Misses after which a queued spot links to its Why figures and chart row.
STUDY_AFTER_MISSES = 4


class ReviewChange(StrEnum):
    """What an answer did to the spot's place in the queue."""

    NONE = "none"
    """Nothing: not queued and not a miss, a retry, or a correct answer that does not count."""
    ENTERED = "entered"
    """The spot entered the queue (a miss on a spot that was not queued)."""
    MISSED = "missed"
    """A miss on a queued spot: one more miss, and the count starts again."""
    PROGRESS = "progress"
    """The first of the two correct answers: "1 of 2 done"."""
    CLEARED = "cleared"
    """The second correct answer, in a separate run: the spot left the queue."""


@dataclass(frozen=True)
class ReviewAnswer:
    """The facts of one answer that the queue rule reads.

    Attributes
    ----------
    kind : AttemptKind
    accepted : bool
    run_id : int or None
        The run it was given in; ``None`` at the ordinary table.
    local_date : date
        The user's local date of the answer.
    at : str
        ISO time of the answer.
    """

    kind: AttemptKind
    accepted: bool
    run_id: int | None
    local_date: date
    at: str


def runs_apart(
    first_run: int, first_date: date, second_run: int, second_date: date, finished_between: int
) -> bool:
    """Whether two runs are separate enough for the exit rule.

    Parameters
    ----------
    first_run, second_run : int
        Run numbers (runs are numbered as they start).
    first_date, second_date : date
        Local dates of the two correct answers.
    finished_between : int
        Finished sets numbered strictly between the two runs.

    Returns
    -------
    bool
        Different runs, and on different local days or with at least one
        finished set between them.
    """
    if first_run == second_run:
        return False
    return first_date != second_date or finished_between >= 1


def review_after(
    record: ReviewRecord | None,
    rules_id: str,
    spot_key: str,
    answer: ReviewAnswer,
    finished_between: Callable[[int, int], int],
) -> tuple[ReviewRecord | None, ReviewChange]:
    """Apply the queue rule to one answer.

    Parameters
    ----------
    record : ReviewRecord or None
        The spot's queue row before the answer (queued or cleared), or
        ``None`` if it never entered.
    rules_id, spot_key : str
        The spot.
    answer : ReviewAnswer
    finished_between : callable (int, int) -> int
        Finished runs numbered strictly between two run numbers
        (``Store.finished_runs_between``).

    Returns
    -------
    (ReviewRecord or None, ReviewChange)
        The row to store (unchanged when the change is ``NONE``) and what
        happened.
    """
    if answer.kind is AttemptKind.RETRY:
        return record, ReviewChange.NONE
    if is_miss(answer.kind, answer.accepted):
        if record is None or not record.queued:
            misses = record.misses + 1 if record is not None else 1
            entered = ReviewRecord(rules_id, spot_key, misses, answer.at, answer.at)
            return entered, ReviewChange.ENTERED
        missed = replace(
            record,
            misses=record.misses + 1,
            last_miss_at=answer.at,
            done=0,
            done_run_id=None,
            done_date=None,
        )
        return missed, ReviewChange.MISSED
    if record is None or not record.queued or answer.run_id is None:
        return record, ReviewChange.NONE
    if record.done == 0 or record.done_run_id is None or record.done_date is None:
        counted = replace(
            record, done=1, done_run_id=answer.run_id, done_date=answer.local_date.isoformat()
        )
        return counted, ReviewChange.PROGRESS
    apart = runs_apart(
        record.done_run_id,
        date.fromisoformat(record.done_date),
        answer.run_id,
        answer.local_date,
        finished_between(record.done_run_id, answer.run_id),
    )
    if not apart:
        return record, ReviewChange.NONE
    cleared = replace(record, done=CORRECT_RUNS_TO_LEAVE, cleared_at=answer.at)
    return cleared, ReviewChange.CLEARED


@dataclass(frozen=True)
class StudyLink:
    """Where a much-missed spot points: its chart cell and its Why figures.

    Attributes
    ----------
    cell : ChartCell
        The chart row and up-card column (``"hard 16"``, ``"T"``).
    why : tuple of str
        The Why panel's lines for the spot (``bjtrainer.trainer.explain``).
    """

    cell: ChartCell
    why: tuple[str, ...]


@dataclass(frozen=True)
class QueueItem:
    """One spot of the visible review queue.

    Attributes
    ----------
    spot : Spot
    misses : int
        Misses so far, both kinds: wrong first answers and right answers
        given only after a hint.
    done : int
        Correct answers counted toward leaving (0 or 1).
    entered_at : str
        ISO time the spot entered the queue.
    study : StudyLink or None
        Set when ``misses >= STUDY_AFTER_MISSES``.
    hinted : int
        Of the misses, the right answers given only after a hint
        (:func:`is_hinted`); at most ``misses``.
    """

    spot: Spot
    misses: int
    done: int
    entered_at: str
    study: StudyLink | None = None
    hinted: int = 0

    @property
    def wrong(self) -> int:
        """Of the misses, the wrong answers (a wrong answer after a hint included)."""
        return self.misses - self.hinted

    @property
    def progress(self) -> str:
        """``"0 of 2 done"`` or ``"1 of 2 done"``."""
        return f"{self.done} of {CORRECT_RUNS_TO_LEAVE} done"

    @property
    def cell(self) -> ChartCell:
        """The spot's chart cell."""
        return cell_of(self.spot)


def is_hinted(kind: AttemptKind, accepted: bool) -> bool:
    """A miss that was a right answer: accepted, but given only after a hint."""
    return kind is AttemptKind.AFTER_HINT and accepted


def hinted_counts(attempts: Iterable[AttemptRecord]) -> dict[str, int]:
    """Right answers given only after a hint, per spot key (:func:`is_hinted`).

    Every such answer was a miss of its spot, at the table or in a run
    (:func:`review_after`), so the count is the hinted share of the spot's
    ``misses``, ever.
    """
    counts: dict[str, int] = {}
    for attempt in attempts:
        if is_hinted(attempt.kind, attempt.accepted):
            counts[attempt.spot_key] = counts.get(attempt.spot_key, 0) + 1
    return counts


def queue_items(
    rules: Rules, records: list[ReviewRecord], hinted: Mapping[str, int] | None = None
) -> list[QueueItem]:
    """The queued rows of ``rules`` as :class:`QueueItem`, in the order given.

    Cleared rows and rows of other tables are left out. ``hinted`` maps a
    spot key to its hinted misses (:func:`hinted_counts`); a count above the
    row's misses is capped at them.

    Raises
    ------
    InvalidSpotError
        If a stored key cannot be read back as a spot of these rules.
    """
    coach = Coach(rules)
    items = []
    for record in records:
        if not record.queued or record.rules_id != rules.id:
            continue
        spot = parse_spot_key(record.spot_key)
        study = None
        if record.misses >= STUDY_AFTER_MISSES:
            study = StudyLink(cell_of(spot), tuple(coach.why(spot)))
        hints = min(record.misses, (hinted or {}).get(record.spot_key, 0))
        items.append(QueueItem(spot, record.misses, record.done, record.entered_at, study, hints))
    return items
