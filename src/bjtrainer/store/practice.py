"""The store's practice tables: runs, attempts, the review queue, daily answers, cards.

A mixin of :class:`bjtrainer.store.Store`, kept apart from the settings and
saved-table methods. Its public writes are the events of a run (started,
finished), each one transaction. The rows one answer writes (the attempt,
the queue row, the card, the daily row) have private writers, called by
:meth:`bjtrainer.store.Store.record_answer` inside its one transaction.

An attempt is unique by its ``token`` (a unique index): writing the same
answer twice, as a double key press would, stores it once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from bjtrainer.engine.actions import Action
from bjtrainer.errors import StoreError
from bjtrainer.store.records import (
    AttemptKind,
    AttemptRecord,
    CardRecord,
    DailyAnswerRecord,
    ReviewRecord,
    RunKind,
    RunRecord,
)
from bjtrainer.store.summary import AnswerSummary, count_attempt, read_summary, rebuild

__all__ = ["PracticeStore"]


def _json_keys(values: tuple[str, ...]) -> str:
    return json.dumps(list(values))


def _run_from_row(row: Mapping[str, Any]) -> RunRecord:
    return RunRecord(
        rules_id=row["rules_id"],
        kind=RunKind(row["kind"]),
        spot_keys=tuple(json.loads(row["spot_keys"])),
        started_at=row["started_at"],
        local_date=row["local_date"],
        topic=row["topic"],
        daily_date=row["daily_date"],
        replay=bool(row["replay"]),
        due_keys=tuple(json.loads(row["due_keys"])),
        finished_at=row["finished_at"],
        id=int(row["id"]),
    )


#: The columns of an ``attempts`` row a new answer writes (every one but ``id``).
ATTEMPT_COLUMNS = (
    "token",
    "decision_key",
    "run_id",
    "position",
    "rules_id",
    "spot_key",
    "cards",
    "up",
    "split_hand",
    "kind",
    "action",
    "best",
    "accepted",
    "ev_lost",
    "evs",
    "created_at",
    "local_date",
)


def _attempt_row(attempt: AttemptRecord) -> dict[str, Any]:
    return {
        "token": attempt.token,
        "decision_key": attempt.decision_key,
        "run_id": attempt.run_id,
        "position": attempt.position,
        "rules_id": attempt.rules_id,
        "spot_key": attempt.spot_key,
        "cards": json.dumps(list(attempt.cards)),
        "up": attempt.up,
        "split_hand": int(attempt.split_hand),
        "kind": attempt.kind.value,
        "action": attempt.action.value,
        "best": attempt.best.value,
        "accepted": int(attempt.accepted),
        "ev_lost": float(attempt.ev_lost),
        "evs": json.dumps({action.value: ev for action, ev in attempt.evs.items()}),
        "created_at": attempt.created_at,
        "local_date": attempt.local_date,
    }


def _attempt_from_row(row: Mapping[str, Any]) -> AttemptRecord:
    return AttemptRecord(
        token=row["token"],
        decision_key=row["decision_key"],
        run_id=None if row["run_id"] is None else int(row["run_id"]),
        position=None if row["position"] is None else int(row["position"]),
        rules_id=row["rules_id"],
        spot_key=row["spot_key"],
        cards=tuple(json.loads(row["cards"])),
        up=row["up"],
        split_hand=bool(row["split_hand"]),
        kind=AttemptKind(row["kind"]),
        action=Action(row["action"]),
        best=Action(row["best"]),
        accepted=bool(row["accepted"]),
        ev_lost=float(row["ev_lost"]),
        evs={Action(name): float(ev) for name, ev in json.loads(row["evs"]).items()},
        created_at=row["created_at"],
        local_date=row["local_date"],
        id=int(row["id"]),
    )


def _review_from_row(row: Mapping[str, Any]) -> ReviewRecord:
    return ReviewRecord(
        rules_id=row["rules_id"],
        spot_key=row["spot_key"],
        misses=int(row["misses"]),
        entered_at=row["entered_at"],
        last_miss_at=row["last_miss_at"],
        done=int(row["done"]),
        done_run_id=None if row["done_run_id"] is None else int(row["done_run_id"]),
        done_date=row["done_date"],
        cleared_at=row["cleared_at"],
    )


def _daily_from_row(row: Mapping[str, Any]) -> DailyAnswerRecord:
    return DailyAnswerRecord(
        rules_id=row["rules_id"],
        date=row["date"],
        position=int(row["position"]),
        spot_key=row["spot_key"],
        accepted=bool(row["accepted"]),
        hints=int(row["hints"]),
        decisions=int(row["decisions"]),
        run_id=int(row["run_id"]),
        answered_at=row["answered_at"],
    )


def _card_from_row(row: Mapping[str, Any]) -> CardRecord:
    return CardRecord(
        rules_id=row["rules_id"],
        spot_key=row["spot_key"],
        card=row["card"],
        due=row["due"],
        reviews=int(row["reviews"]),
    )


class PracticeStore:
    """Practice methods of :class:`~bjtrainer.store.Store` (a mixin; needs ``db``).

    Reads raise :class:`~bjtrainer.errors.StoreError` when the database
    cannot be read or a row cannot be decoded; writes raise it when the
    database cannot be written.
    """

    db: Any

    if TYPE_CHECKING:

        def _guard(self, doing: str) -> AbstractContextManager[None]: ...

        def _write(self, doing: str = "write") -> AbstractContextManager[None]: ...

    def _rows(self, table: str, where: str | None, params: list[Any], order_by: str) -> list[Any]:
        with self._guard("read"):
            return list(self.db.table(table).rows_where(where, params, order_by=order_by))

    def _decode(self, what: str, rows: list[Any], decode: Any) -> list[Any]:
        try:
            return [decode(row) for row in rows]
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(f"A stored {what} is unreadable: {exc}.") from exc

    # Runs

    def start_run(self, run: RunRecord) -> int:
        """Store a new run; return its number (runs are numbered as they start).

        ``run.id`` and ``run.finished_at`` are ignored.
        """
        row = {
            "rules_id": run.rules_id,
            "kind": run.kind.value,
            "topic": run.topic,
            "daily_date": run.daily_date,
            "replay": int(run.replay),
            "spot_keys": _json_keys(run.spot_keys),
            "due_keys": _json_keys(run.due_keys),
            "started_at": run.started_at,
            "local_date": run.local_date,
            "finished_at": None,
        }
        with self._write():
            run_id = self.db.table("runs").insert(row).last_pk
        if not isinstance(run_id, int):  # pragma: no cover - sqlite always assigns an int
            raise StoreError("The store did not return a number for the new run.")
        return run_id

    def finish_run(self, run_id: int, finished_at: str) -> None:
        """Mark a run finished (every spot played) at ISO time ``finished_at``.

        A run already finished keeps its first finishing time.
        """
        with self._write():
            self.db.execute(
                "update runs set finished_at = ? where id = ? and finished_at is null",
                [finished_at, run_id],
            )

    def run(self, run_id: int) -> RunRecord | None:
        """The run numbered ``run_id``, or ``None``."""
        rows = self._rows("runs", "id = ?", [run_id], "id")
        found: list[RunRecord] = self._decode("run", rows, _run_from_row)
        return found[0] if found else None

    def runs(self, rules_id: str | None = None) -> list[RunRecord]:
        """Every run, oldest first; only one table's if ``rules_id`` is given."""
        where, params = ("rules_id = ?", [rules_id]) if rules_id is not None else (None, [])
        found: list[RunRecord] = self._decode(
            "run", self._rows("runs", where, params, "id"), _run_from_row
        )
        return found

    def finished_runs_between(self, first_run_id: int, second_run_id: int) -> int:
        """Finished runs numbered strictly between the two (at any table)."""
        low, high = sorted((first_run_id, second_run_id))
        with self._guard("read"):
            row = self.db.execute(
                "select count(*) from runs where id > ? and id < ? and finished_at is not null",
                [low, high],
            ).fetchone()
        return int(row[0])

    def due_served_on(self, rules_id: str, local_date: str) -> int:
        """Due spots served in runs of ``rules_id`` started on ``local_date`` (ISO)."""
        runs = self._rows("runs", "rules_id = ? and local_date = ?", [rules_id, local_date], "id")
        return sum(len(json.loads(row["due_keys"])) for row in runs)

    # Attempts

    def _add_attempt(self, attempt: AttemptRecord) -> bool:
        """Store an answer unless its token is stored already (inside a write).

        Returns
        -------
        bool
            True if it was stored, False if an answer with the same
            ``token`` was there (nothing written).
        """
        if self.attempt(attempt.token) is not None:
            return False
        row_id = self.db.table("attempts").insert(_attempt_row(attempt)).last_rowid
        count_attempt(self.db.conn, attempt, int(row_id))
        return True

    def record_attempts(self, attempts: Iterable[AttemptRecord]) -> int:
        """Store many answers at once, without their effects: one transaction.

        The bulk path (an import, a benchmark's history): the rows are
        written with ``executemany``, an answer whose token is stored
        already is skipped, and the running totals of the tables written
        to are then recomputed from every stored answer
        (:func:`bjtrainer.store.summary.rebuild`), so they read as if each
        answer had come through :meth:`~bjtrainer.store.Store.record_answer`.
        Nothing else changes: no review-queue row, card or daily-five row.

        Returns
        -------
        int
            Answers stored.

        Raises
        ------
        StoreError
            If the store cannot be written; nothing is kept then.
        """
        columns = list(ATTEMPT_COLUMNS)
        sql = (
            f"insert or ignore into attempts ({', '.join(columns)}) "
            f"values ({', '.join('?' for _ in columns)})"
        )
        tables: set[str] = set()

        def values() -> Iterator[list[Any]]:
            for attempt in attempts:  # streamed: a million answers never sit in memory at once
                tables.add(attempt.rules_id)
                row = _attempt_row(attempt)
                yield [row[name] for name in columns]

        with self._write():
            conn = self.db.conn
            before = conn.total_changes
            conn.executemany(sql, values())
            stored = conn.total_changes - before
            if tables:
                rebuild(conn, sorted(tables))
        return int(stored)

    def answer_summary(self, rules_id: str) -> AnswerSummary:
        """The running totals of a table's answers (:mod:`bjtrainer.store.summary`).

        A few hundred rows, whatever the number of answers: what the stats,
        the weighted draw and the review queue read.
        """
        with self._guard("read"):
            try:
                return read_summary(self.db.conn, rules_id)
            except ValueError as exc:
                raise StoreError(f"A stored answer total is unreadable: {exc}.") from exc

    def attempt(self, token: str) -> AttemptRecord | None:
        """The answer stored under ``token``, or ``None``."""
        rows = self._rows("attempts", "token = ?", [token], "id")
        found: list[AttemptRecord] = self._decode("attempt", rows, _attempt_from_row)
        return found[0] if found else None

    def attempts(
        self,
        rules_id: str | None = None,
        *,
        run_id: int | None = None,
        spot_key: str | None = None,
    ) -> list[AttemptRecord]:
        """Stored answers, oldest first, filtered by table, run and spot when given."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("rules_id", rules_id), ("run_id", run_id), ("spot_key", spot_key)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        rows = self._rows("attempts", " and ".join(clauses) or None, params, "id")
        found: list[AttemptRecord] = self._decode("attempt", rows, _attempt_from_row)
        return found

    # The review queue

    def review_record(self, rules_id: str, spot_key: str) -> ReviewRecord | None:
        """The queue row of a spot (queued or cleared), or ``None`` if it never entered."""
        rows = self._rows(
            "review_queue", "rules_id = ? and spot_key = ?", [rules_id, spot_key], "rowid"
        )
        found: list[ReviewRecord] = self._decode("review row", rows, _review_from_row)
        return found[0] if found else None

    def _put_review(self, record: ReviewRecord) -> None:
        """Insert or replace a spot's queue row (inside a write)."""
        row = {
            "rules_id": record.rules_id,
            "spot_key": record.spot_key,
            "misses": record.misses,
            "entered_at": record.entered_at,
            "last_miss_at": record.last_miss_at,
            "done": record.done,
            "done_run_id": record.done_run_id,
            "done_date": record.done_date,
            "cleared_at": record.cleared_at,
        }
        self.db.table("review_queue").upsert(row, pk=("rules_id", "spot_key"))

    def review_records(self, rules_id: str, *, queued_only: bool = True) -> list[ReviewRecord]:
        """A table's queue rows, most misses first, then the oldest entry first."""
        where = "rules_id = ?" + (" and cleared_at is null" if queued_only else "")
        rows = self._rows("review_queue", where, [rules_id], "misses desc, entered_at, spot_key")
        found: list[ReviewRecord] = self._decode("review row", rows, _review_from_row)
        return found

    # The daily five

    def daily_answer(self, rules_id: str, date: str, position: int) -> DailyAnswerRecord | None:
        """The first play of one spot of a day's five, or ``None``."""
        rows = self._rows(
            "daily_answers",
            "rules_id = ? and date = ? and position = ?",
            [rules_id, date, position],
            "position",
        )
        found: list[DailyAnswerRecord] = self._decode("daily answer", rows, _daily_from_row)
        return found[0] if found else None

    def _put_daily(self, record: DailyAnswerRecord) -> None:
        """Insert or replace the first play of one spot of a day's five (inside a write)."""
        row = {
            "rules_id": record.rules_id,
            "date": record.date,
            "position": record.position,
            "spot_key": record.spot_key,
            "accepted": int(record.accepted),
            "hints": record.hints,
            "decisions": record.decisions,
            "run_id": record.run_id,
            "answered_at": record.answered_at,
        }
        self.db.table("daily_answers").upsert(row, pk=("rules_id", "date", "position"))

    def daily_answers(self, rules_id: str, date: str | None = None) -> list[DailyAnswerRecord]:
        """A table's daily first plays, by date then position; one day's if ``date``."""
        where, params = "rules_id = ?", [rules_id]
        if date is not None:
            where, params = where + " and date = ?", [rules_id, date]
        rows = self._rows("daily_answers", where, params, "date, position")
        found: list[DailyAnswerRecord] = self._decode("daily answer", rows, _daily_from_row)
        return found

    # Spaced-repetition cards

    def card_record(self, rules_id: str, spot_key: str) -> CardRecord | None:
        """A learned spot's card, or ``None``."""
        rows = self._rows(
            "review_cards", "rules_id = ? and spot_key = ?", [rules_id, spot_key], "rowid"
        )
        found: list[CardRecord] = self._decode("card", rows, _card_from_row)
        return found[0] if found else None

    def _put_card(self, record: CardRecord) -> None:
        """Insert or replace a learned spot's card (inside a write)."""
        row = {
            "rules_id": record.rules_id,
            "spot_key": record.spot_key,
            "card": record.card,
            "due": record.due,
            "reviews": record.reviews,
        }
        self.db.table("review_cards").upsert(row, pk=("rules_id", "spot_key"))

    def card_records(self, rules_id: str) -> list[CardRecord]:
        """A table's cards, the soonest due first."""
        rows = self._rows("review_cards", "rules_id = ?", [rules_id], "due, spot_key")
        found: list[CardRecord] = self._decode("card", rows, _card_from_row)
        return found
