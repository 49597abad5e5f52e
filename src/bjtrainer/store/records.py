"""What the store keeps: one record class per table, plain data.

Runs, attempts, the review queue, daily answers and cards are the practice
tables; every graded answer, at the table or in a set, is an attempt
(:class:`AttemptRecord`). :class:`AnswerEffects` and :class:`SavedTable`
are what :meth:`bjtrainer.store.Store.record_answer` writes with an attempt.
The rules that fill them live in :mod:`bjtrainer.trainer.practice`
(``attempts``, ``review``, ``daily``, ``schedule``). Times are ISO 8601
strings of aware datetimes; local dates are ISO dates (``"2026-11-29"``) in
the user's time zone at the moment of writing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bjtrainer.engine.actions import Action

__all__ = [
    "AnswerEffects",
    "AttemptKind",
    "AttemptRecord",
    "CardRecord",
    "DailyAnswerRecord",
    "ReviewRecord",
    "RoundRecord",
    "RunKind",
    "RunRecord",
    "SavedTable",
]


class AttemptKind(StrEnum):
    """How an answer was given; the three kinds are counted apart.

    Source: ``docs/practice.md``, "Three kinds of answer, counted apart".
    """

    FIRST = "first"
    """The first answer to a decision, given without a Hint or Why shown."""
    AFTER_HINT = "after_hint"
    """The first answer to a decision, given after the Hint or Why was shown."""
    RETRY = "retry"
    """Any later answer to the same decision, after a miss."""


class RunKind(StrEnum):
    """What a run (one practice set) was."""

    FOCUS = "focus"
    """Focused practice on one topic: ten spots."""
    REVIEW = "review"
    """Mistakes & weak spots: spots of the review queue."""
    DAILY = "daily"
    """The daily five."""
    DUE = "due"
    """Spots the spaced-repetition schedule says are due, offered after the daily five."""
    CUSTOM = "custom"
    """Spots chosen by the caller (lessons, tests)."""


@dataclass(frozen=True)
class RunRecord:
    """One practice set, a *run*.

    Attributes
    ----------
    rules_id : str
        The table's rules id.
    kind : RunKind
    topic : str or None
        The topic id of a focused set (``bjtrainer.trainer.practice.topics.Topic``).
    daily_date : str or None
        The ISO date of a daily five.
    replay : bool
        A daily five that had first answers already on that date.
    spot_keys : tuple of str, shape (n_spots,)
        The target spots' keys, in play order.
    due_keys : tuple of str
        The keys among ``spot_keys`` that were served because they were due
        (they count against the daily limit of due spots).
    started_at : str
        ISO time the set started.
    local_date : str
        The user's local date when it started.
    finished_at : str or None
        ISO time every spot of the set was played; ``None`` while unfinished
        (a set left half-way stays unfinished).
    id : int or None
        The run number; runs are numbered in the order they start.
    """

    rules_id: str
    kind: RunKind
    spot_keys: tuple[str, ...]
    started_at: str
    local_date: str
    topic: str | None = None
    daily_date: str | None = None
    replay: bool = False
    due_keys: tuple[str, ...] = ()
    finished_at: str | None = None
    id: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AttemptRecord:
    """One graded answer in practice.

    Attributes
    ----------
    token : str
        Idempotency key: an answer with a token already stored is not
        stored again (a double key press is recorded once).
    decision_key : str
        Names the decision answered; a first answer and its retries share it.
    run_id : int or None
        The run it was given in; ``None`` for an answer at the ordinary table.
    position : int or None
        Index of the set's spot the decision belongs to (0-based).
    rules_id, spot_key : str
        The table and ``Spot.key`` of the decision.
    cards : tuple of str
        The hand's value ranks, canonical order.
    up : str
        The dealer's up card (value rank).
    split_hand : bool
    kind : AttemptKind
    action, best : Action
        The answer and the best legal action.
    accepted : bool
        The table's chart play, or within 0.02 of the best legal action's EV
        (``docs/numbers.md``, "9. Grading").
    ev_lost : float
        ``EV(best) - EV(action)``, units of the original wager, ``>= 0``.
    evs : Mapping[Action, float]
        EV of every legal action, units of the original wager.
    created_at : str
        ISO time of the answer (aware).
    local_date : str
        The user's local date of the answer.
    id : int or None
        Row id once stored.
    """

    token: str
    decision_key: str
    run_id: int | None
    position: int | None
    rules_id: str
    spot_key: str
    cards: tuple[str, ...]
    up: str
    split_hand: bool
    kind: AttemptKind
    action: Action
    best: Action
    accepted: bool
    ev_lost: float
    evs: Mapping[Action, float]
    created_at: str
    local_date: str
    id: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class RoundRecord:
    """One settled round at the table, in whole chips (``docs/export.md``, "Rounds").

    Kept from this version on; rounds settled before are not in the store.
    Practice-set hands are not rounds: they are played on practice tables,
    not with the player's chips.

    Attributes
    ----------
    rules_id : str
        The table's rules id.
    bet : int
        The original wager of the round.
    wagered : int
        Every chip put on the table in the round: the bet, doubles, split
        hands' wagers and the insurance stake.
    net : int
        Net change of the balance over the round (``RoundResult.net``).
    hand_nets : tuple of int, shape (n_hands,)
        Net chips of each hand, in play order.
    insurance_net : int
        ``2 * stake`` when insurance won, ``-stake`` when it lost, 0 if none.
    outcomes : tuple of str, shape (n_hands,)
        ``Outcome`` values (``"win"``, ``"bust"`` ...) of each hand.
    player_cards : tuple of str, shape (n_hands,)
        Each hand's cards, ranks separated by spaces (``"T 6 5"``).
    dealer_cards : str
        The dealer's cards, up card first (``"9 7 T"``).
    dealer_total : int or None
        The dealer's final total.
    balance_after : int
        The balance once the round was settled, in chips.
    created_at : str
        ISO time of the settlement (aware, the user's local time).
    local_date : str
        The user's local date of the settlement.
    id : int or None
        Row id once stored.
    """

    rules_id: str
    bet: int
    wagered: int
    net: int
    hand_nets: tuple[int, ...]
    insurance_net: int
    outcomes: tuple[str, ...]
    player_cards: tuple[str, ...]
    dealer_cards: str
    dealer_total: int | None
    balance_after: int
    created_at: str
    local_date: str
    id: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ReviewRecord:
    """A spot's row in the review queue (``docs/practice.md``, "Mistakes & weak spots").

    Attributes
    ----------
    rules_id, spot_key : str
    misses : int
        First answers that were wrong or given only after a hint, ever.
    entered_at : str
        ISO time the spot last entered the queue.
    last_miss_at : str
        ISO time of the last miss.
    done : int
        Unassisted correct answers counted toward leaving: 0 or 1 while
        queued, 2 once cleared.
    done_run_id : int or None
        The run of the counted correct answer.
    done_date : str or None
        The local date of the counted correct answer.
    cleared_at : str or None
        ISO time the spot left the queue; ``None`` while it is queued.
    """

    rules_id: str
    spot_key: str
    misses: int
    entered_at: str
    last_miss_at: str
    done: int = 0
    done_run_id: int | None = None
    done_date: str | None = None
    cleared_at: str | None = None

    @property
    def queued(self) -> bool:
        """Whether the spot is in the queue now."""
        return self.cleared_at is None


@dataclass(frozen=True)
class DailyAnswerRecord:
    """The first play of one spot of a day's daily five.

    Attributes
    ----------
    rules_id : str
    date : str
        The daily five's local date, ISO.
    position : int
        0..4, the spot's place in the day's five.
    spot_key : str
    accepted : bool
        Every first answer of that hand was accepted.
    hints : int
        First answers of that hand given after a Hint or Why.
    decisions : int
        First answers of that hand so far.
    run_id : int
        The run that played it first; later runs never change the row.
    answered_at : str
        ISO time of the first answer.
    """

    rules_id: str
    date: str
    position: int
    spot_key: str
    accepted: bool
    hints: int
    decisions: int
    run_id: int
    answered_at: str


@dataclass(frozen=True)
class CardRecord:
    """A learned spot's spaced-repetition card (``fsrs.Card`` as JSON).

    Attributes
    ----------
    rules_id, spot_key : str
    card : str
        ``fsrs.Card.to_json()``.
    due : str
        When the spot is due again, ISO, UTC.
    reviews : int
        Reviews so far, the first at graduation included.
    """

    rules_id: str
    spot_key: str
    card: str
    due: str
    reviews: int


@dataclass(frozen=True)
class AnswerEffects:
    """The rows one graded answer changes besides its attempt.

    Attributes
    ----------
    review : ReviewRecord or None
        The spot's review-queue row to insert or replace.
    card : CardRecord or None
        The spot's spaced-repetition card to insert or replace.
    daily : DailyAnswerRecord or None
        The daily five's row to insert or replace.
    """

    review: ReviewRecord | None = None
    card: CardRecord | None = None
    daily: DailyAnswerRecord | None = None


@dataclass(frozen=True)
class SavedTable:
    """A table's state to save under its rules id (one ``saved_tables`` row).

    Attributes
    ----------
    rules_id : str
    state : Mapping[str, Any]
        JSON-able: ``Table.to_state()`` and the session's own marks.
    revision : int or None
        Read back (:meth:`bjtrainer.store.Store.saved_table`): the row's
        revision. To save: the revision the state follows (the one loaded
        or last saved; 0 for a table never saved), checked in the write's
        transaction, which is refused with ``TableChangedError`` if the row
        moved on; ``None`` saves over whatever is there.
    settled : RoundRecord or None
        The round the move being saved settled, stored with the table in
        the same transaction (a ``rounds`` row); ``None`` when it settled none.
    """

    rules_id: str
    state: Mapping[str, Any]
    revision: int | None = None
    settled: RoundRecord | None = None
