"""The local SQLite store: settings, the saved table, graded answers.

Modelled on simonw/llm's log store: a thin class over a
``sqlite_utils.Database`` that applies the numbered migrations of
:mod:`bjtrainer.store.migrations` when it opens. The file runs in WAL mode
with a busy timeout, so two open windows never lose a write.

There is one public write per event, and each is one transaction: a
process killed between two writes leaves the last committed state, never
half of one. A graded answer is :meth:`Store.record_answer`: the attempt,
its review-queue row, its card, its daily-five row, and the saved table or
the end of the run, together. A write opens with ``BEGIN IMMEDIATE``, which takes the write
lock at once and so waits on the busy timeout while another window writes
(a deferred ``BEGIN`` that reads first would fail at once in WAL mode when
the other window commits in between); a write inside an open transaction
is a savepoint of it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bjtrainer import paths
from bjtrainer.errors import StoreError
from bjtrainer.store.migrations import MIGRATIONS
from bjtrainer.store.practice import PracticeStore
from bjtrainer.store.records import AnswerEffects, AttemptRecord, SavedTable

#: How long a write waits for another connection's lock, in milliseconds.
BUSY_TIMEOUT_MS = 5000


def _location(db: Database) -> str:
    """The file behind ``db`` for messages, or ``"(in memory)"``."""
    try:
        rows = db.conn.execute("PRAGMA database_list").fetchall()
    except sqlite3.Error:
        return "(unknown file)"
    for _, name, filename in rows:
        if name == "main":
            return str(filename) if filename else "(in memory)"
    return "(unknown file)"


class Store(PracticeStore):
    """Everything bjtrainer keeps between runs, in one SQLite database.

    The practice tables (runs, attempts, review queue, daily answers,
    cards) are read and written by the :class:`PracticeStore` methods.

    Parameters
    ----------
    db : sqlite_utils.Database
        An open database. Pending migrations are applied on construction,
        then WAL mode and a busy timeout of ``BUSY_TIMEOUT_MS`` are set.

    Raises
    ------
    StoreError
        If the database cannot be read (not an SQLite file, corrupt,
        unreadable) or its schema cannot be brought up to date.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        with self._guard("open"):
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.enable_wal()
            MIGRATIONS.apply(db)

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open (or create) the store file.

        Parameters
        ----------
        path : Path, optional
            The database file; default ``bjtrainer.paths.store_path()``
            (``$BJTRAINER_HOME/bjtrainer.db`` or the user data directory).

        Raises
        ------
        StoreError
            If the file or its directory cannot be created or read, or the
            file is not a bjtrainer store.
        """
        try:
            target = paths.store_path() if path is None else path
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the bjtrainer store directory: {exc}.") from exc
        try:
            db = Database(target)
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot open the bjtrainer store {target}: {exc}.") from exc
        try:
            return cls(db)
        except StoreError:
            db.close()
            raise

    @classmethod
    def memory(cls) -> Store:
        """A store in memory, for tests and throw-away sessions."""
        return cls(Database(memory=True))

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"Cannot {doing} the bjtrainer store {_location(self.db)}: {exc}. "
                f"Move the file away (or set {paths.HOME_ENV}) to start a new store."
            ) from exc

    @contextmanager
    def _write(self, doing: str = "write") -> Iterator[None]:
        """One transaction opened with ``BEGIN IMMEDIATE``, or a savepoint inside an open one.

        Commits when the block ends, rolls back (everything of the block)
        when it raises.

        Raises
        ------
        StoreError
            If the database cannot be written (a lock held longer than the
            busy timeout included); nothing of the block is kept.
        """
        with self._guard(doing):
            conn = self.db.conn
            if conn.in_transaction:
                with self.db.atomic():
                    yield
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self.db.rollback()
                raise
            try:
                conn.execute("COMMIT")
            except BaseException:
                self.db.rollback()
                raise

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Group the writes of one event that has no write of its own: all commit, or none.

        Raises
        ------
        StoreError
            If the database cannot be written; nothing of the group is kept.
        """
        with self._write():
            yield

    @property
    def location(self) -> str:
        """The file behind the store, for messages: its path, or ``"(in memory)"``."""
        return _location(self.db)

    # Settings

    def get_setting(self, key: str, default: str | None = None) -> str | None:
        """The value of a setting, or ``default`` when it was never set."""
        with self._guard("read"):
            for row in self.db.table("settings").rows_where("key = ?", [key]):
                return str(row["value"])
        return default

    def set_setting(self, key: str, value: str) -> None:
        """Set a setting, replacing any earlier value (one transaction)."""
        with self._write():
            self.db.table("settings").upsert({"key": key, "value": value}, pk="key")

    # The saved table

    def keep_table_as(self, rules_id: str, key: str) -> str | None:
        """Copy the saved row of ``rules_id``, exactly as stored, under a new key.

        The row is copied as text, so an unreadable state (one that
        :meth:`load_table` cannot parse) is kept too. The row under
        ``rules_id`` is left as it was.

        Parameters
        ----------
        rules_id : str
            The id the table was saved under.
        key : str
            The new key; ``-2``, ``-3`` ... is added if it is taken.

        Returns
        -------
        str or None
            The key used, or ``None`` if nothing is saved under ``rules_id``.

        Raises
        ------
        StoreError
            If the store cannot be read or written; nothing is copied.
        """
        table = self.db.table("saved_tables")
        with self._write("keep a saved table aside in"):
            rows = list(table.rows_where("rules_id = ?", [rules_id]))
            if not rows:
                return None
            chosen, number = key, 1
            while table.count_where("rules_id = ?", [chosen]):
                number += 1
                chosen = f"{key}-{number}"
            table.insert({"rules_id": chosen, "state": rows[0]["state"]})
        return chosen

    def save_table(self, rules_id: str, state: Mapping[str, Any]) -> None:
        """Save a table's state (``Table.to_state()``), one row per rules id.

        The row is replaced in one transaction: after a crash, the store
        holds either the previous state or this one, whole.

        Raises
        ------
        TypeError, ValueError
            If ``state`` is not JSON-serialisable, or holds NaN or infinity
            (nothing is written).
        StoreError
            If the database cannot be written.
        """
        text = _state_text(state)
        with self._write():
            self._put_table(rules_id, text)

    def _put_table(self, rules_id: str, text: str) -> None:
        row = {"rules_id": rules_id, "state": text}
        self.db.table("saved_tables").upsert(row, pk="rules_id")

    def load_table(self, rules_id: str) -> dict[str, Any] | None:
        """The last state saved for ``rules_id``, or ``None`` if there is none.

        Raises
        ------
        StoreError
            If the database cannot be read or the saved row is not a JSON object.
        """
        with self._guard("read"):
            rows = list(self.db.table("saved_tables").rows_where("rules_id = ?", [rules_id]))
        if not rows:
            return None
        try:
            state = json.loads(rows[0]["state"])
        except (TypeError, ValueError) as exc:
            raise StoreError(f"The saved {rules_id!r} table is unreadable: {exc}.") from exc
        if not isinstance(state, dict):
            raise StoreError(f"The saved {rules_id!r} table is not a JSON object.")
        return state

    # A graded answer

    def record_answer(
        self,
        attempt: AttemptRecord,
        effects: Callable[[], AnswerEffects] | None = None,
        *,
        table: SavedTable | None = None,
        run_finished_at: str | None = None,
    ) -> bool:
        """Record one graded answer and all it changes, in one transaction.

        Parameters
        ----------
        attempt : AttemptRecord
            The answer; ``attempt.token`` is its idempotency key.
        effects : callable returning AnswerEffects, optional
            Called inside the transaction, after the attempt is stored, to
            say which review-queue row, card and daily-five row change; it
            may read the store (its reads see this transaction). Not called
            when the token was stored already.
        table : SavedTable, optional
            The table after the answer, saved in the same transaction
            (always, even when the token was stored already: the table in
            play moved on either way).
        run_finished_at : str, optional
            ISO time at which the answer finished its run (the last hand of
            a set settled): the run is marked finished in the same
            transaction, as :meth:`finish_run` does.

        Returns
        -------
        bool
            True if the attempt was stored; False when an answer with the
            same token was there (a double key press): then only ``table``
            is written.

        Raises
        ------
        TypeError, ValueError
            If ``table.state`` is not JSON-serialisable; nothing is written.
        StoreError
            If the store cannot be written; nothing of the answer is kept.
            Errors raised by ``effects`` roll the answer back too.
        """
        text = _state_text(table.state) if table is not None else None
        with self._write():
            stored = self._add_attempt(attempt)
            if stored and effects is not None:
                change = effects()
                if change.review is not None:
                    self._put_review(change.review)
                if change.card is not None:
                    self._put_card(change.card)
                if change.daily is not None:
                    self._put_daily(change.daily)
            if table is not None and text is not None:
                self._put_table(table.rules_id, text)
            if run_finished_at is not None and attempt.run_id is not None:
                self.finish_run(attempt.run_id, run_finished_at)
        return stored


def _state_text(state: Mapping[str, Any]) -> str:
    """A saved state as compact JSON; NaN and infinity are refused (``ValueError``)."""
    return json.dumps(state, separators=(",", ":"), allow_nan=False)
