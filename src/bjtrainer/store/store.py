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
is a savepoint of it. A lock held past the busy timeout raises
:class:`~bjtrainer.errors.StoreBusyError`, and nothing of the write is kept.

Each saved table carries a revision, bumped by every save in the save's
transaction. A window saves over the revision it loaded or last saved
(a compare-and-set); when another window saved in between, the save is
refused with :class:`~bjtrainer.errors.TableChangedError` and nothing of
it is written (``docs/playing.md``, "Two windows").
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bjtrainer import paths
from bjtrainer.errors import CannotSaveError, StoreBusyError, StoreError, TableChangedError
from bjtrainer.store.health import (
    check_file,
    check_store,
    connect_read_only,
    damaged,
    read_only_notice,
    unwritable_reason,
    writable,
)
from bjtrainer.store.history import round_row
from bjtrainer.store.migrations import MIGRATIONS
from bjtrainer.store.practice import PracticeStore
from bjtrainer.store.records import AnswerEffects, AttemptRecord, RoundRecord, SavedTable

#: How long a write waits for another connection's lock, in milliseconds.
BUSY_TIMEOUT_MS = 5000
#: Seconds between two tries of a write waiting for another connection's lock.
LOCK_POLL_S = 0.001


def _connect(path: Path) -> sqlite3.Connection:
    """The read-write connection to an existing store file (replaced in tests)."""
    return sqlite3.connect(path)


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
        An open database. It is checked first, without writing
        (:func:`bjtrainer.store.health.check_store`); then WAL mode and a
        busy timeout of ``BUSY_TIMEOUT_MS`` are set and pending migrations
        applied.
    existing : bool, optional
        Whether ``db`` is a file that was there before: an SQLite database
        with no bjtrainer migration is then refused, not made a new store.

    Attributes
    ----------
    unsaved : str or None
        Why nothing more is saved (a read-only store, a full disk), as one
        line for a notice; ``None`` while every write reaches the file.
        Once set, the store plays on in an in-memory copy of the file and
        the file is no longer written (``docs/playing.md``, "A store that
        cannot be opened").

    Raises
    ------
    BrokenStoreError
        If the database is damaged, another program's, or from a newer
        bjtrainer (a migration this version does not know); nothing is written.
    StoreError
        If the database cannot be read or its schema cannot be brought up
        to date.
    """

    def __init__(self, db: Database, *, existing: bool = False) -> None:
        self.db = db
        #: Why this window no longer saves (one line for a notice), or ``None``.
        self.unsaved: str | None = None
        self._file: Path | None = None  # the file, once ``db`` is an in-memory copy of it
        with self._guard("open"):
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            check_store(db, self.location, existing=existing)  # before anything is written
            db.enable_wal()
            pending = MIGRATIONS.pending(db)
        if pending:  # under the write lock: two windows opening a new file take turns
            with self._write("open"):
                MIGRATIONS.apply(db)

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open the store file, or create it whole; check it before anything is written.

        A file that is there is checked first (its bytes, then the database:
        :mod:`bjtrainer.store.health`) and refused if it is broken, foreign
        or newer; nothing is written to it then, not even WAL mode. A new
        file is built beside the path under a temporary name and linked
        into place, so the path never holds half a store. A store this
        user cannot write (a read-only file or data folder) is played in an
        in-memory copy: :attr:`unsaved` says so (``docs/playing.md``, "A
        store that cannot be opened").

        Parameters
        ----------
        path : Path, optional
            The database file; default ``bjtrainer.paths.store_path()``
            (``$BJTRAINER_HOME/bjtrainer.db`` or the user data directory).

        Raises
        ------
        BrokenStoreError
            If the file is a folder, unreadable, empty, cut short, damaged,
            not an SQLite database, another program's, or from a newer
            bjtrainer; it is left as it is.
        StoreError
            If the directory cannot be created or the file cannot be opened.
        """
        try:
            target = paths.store_path() if path is None else path
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the bjtrainer store directory: {exc}.") from exc
        check_file(target)
        if not writable(target):
            return cls._in_memory_copy(target, read_only_notice(target))
        if not target.exists():
            cls._create(target)
        try:
            db = Database(_connect(target))
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot open the bjtrainer store {target}: {exc}.") from exc
        try:
            return cls(db, existing=True)
        except CannotSaveError as exc:  # WAL mode or a migration could not be written
            db.close()
            return cls._in_memory_copy(target, str(exc))
        except BaseException:
            db.close()
            raise

    @classmethod
    def _create(cls, target: Path) -> None:
        """Create a new store at ``target``: built under a temporary name, then linked there.

        When another window created the file meanwhile, theirs is kept.

        Raises
        ------
        StoreError
            If the file cannot be created.
        """
        built = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.new")
        try:  # created as SQLite creates a file: 0o644 less the umask
            os.close(os.open(built, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except OSError as exc:
            raise StoreError(
                f"Cannot create the bjtrainer store {target}: {exc.strerror or exc}."
            ) from exc
        try:
            with Database(built) as db:
                cls(db)  # every migration, in WAL mode; closing removes its -wal
            try:
                os.link(built, target)
            except FileExistsError:
                pass  # another window was first: open its store
            except OSError:  # a file system without hard links
                if not target.exists():
                    os.replace(built, target)
        except OSError as exc:
            raise StoreError(
                f"Cannot create the bjtrainer store {target}: {exc.strerror or exc}."
            ) from exc
        finally:
            for leftover in (built, Path(f"{built}-wal"), Path(f"{built}-shm")):
                leftover.unlink(missing_ok=True)

    @classmethod
    def _in_memory_copy(cls, target: Path, notice: str) -> Store:
        """The store of a file this window cannot write: checked, then copied into memory.

        Raises
        ------
        BrokenStoreError
            If the file is broken, foreign or newer (see :meth:`open`).
        StoreError
            If it cannot be read.
        """
        memory = sqlite3.connect(":memory:")
        if target.exists():
            try:
                source = connect_read_only(target)
            except sqlite3.Error as exc:
                memory.close()
                raise StoreError(f"Cannot open the bjtrainer store {target}: {exc}.") from exc
            try:
                check_store(Database(source), str(target), existing=True)
                source.backup(memory)
            except sqlite3.Error as exc:
                memory.close()
                raise StoreError(f"Cannot read the bjtrainer store {target}: {exc}.") from exc
            except BaseException:
                memory.close()
                raise
            finally:
                source.close()
        store = cls(Database(memory))
        store._file, store.unsaved = target, notice
        return store

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
            if _busy(exc):
                raise StoreBusyError(
                    f"The bjtrainer store {_location(self.db)} is busy: another bjtrainer "
                    f"window or command kept it locked for {BUSY_TIMEOUT_MS / 1000:g} s. "
                    "Nothing was changed; try again."
                ) from exc
            cannot = unwritable_reason(exc)
            if cannot is not None:  # the next write goes to memory (``_write``)
                self.unsaved = (
                    f"Cannot save to the bjtrainer store {self.location}: {cannot}. This window "
                    "plays on, but nothing more is saved; what was saved before is kept."
                )
                raise CannotSaveError(self.unsaved) from exc
            problem = damaged(self.location, exc)  # names ``bjtrainer doctor``
            if problem is not None:
                raise problem from exc
            raise StoreError(
                f"Cannot {doing} the bjtrainer store {_location(self.db)}: {exc}. "
                "Nothing was changed; `bjtrainer doctor` checks the store and says what to do."
            ) from exc

    @contextmanager
    def _write(self, doing: str = "write") -> Iterator[None]:
        """One transaction opened with ``BEGIN IMMEDIATE``, or a savepoint inside an open one.

        Commits when the block ends, rolls back (everything of the block)
        when it raises.

        Raises
        ------
        StoreBusyError
            If another connection held the write lock for the whole busy
            timeout; nothing of the block is kept.
        StoreError
            If the database cannot be written; nothing of the block is kept.
        CannotSaveError
            If the file cannot be written (a full disk, a read-only file);
            the next write goes to an in-memory copy (:attr:`unsaved`).
        """
        if self.unsaved is not None and self._file is None and not self.db.conn.in_transaction:
            self._play_on_in_memory()
        with self._guard(doing):
            conn = self.db.conn
            if conn.in_transaction:
                with self.db.atomic():
                    yield
                return
            _begin_immediate(conn)
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
        if self._file is not None:
            return str(self._file)
        return _location(self.db)

    def _play_on_in_memory(self) -> None:
        """Write to an in-memory copy of the file's committed state from now on (see ``unsaved``).

        Raises
        ------
        StoreError
            If the file cannot be read to copy it; the store stays on the file.
        """
        where = Path(self.location)
        memory = sqlite3.connect(":memory:")
        try:
            with self._guard("copy into memory"):
                self.db.conn.backup(memory)
        except BaseException:
            memory.close()
            raise
        self.db.close()
        self.db, self._file = Database(memory), where

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

    def save_table(
        self,
        rules_id: str,
        state: Mapping[str, Any],
        *,
        revision: int | None = None,
        settled: RoundRecord | None = None,
    ) -> int:
        """Save a table's state (``Table.to_state()``), one row per rules id.

        The row is replaced in one transaction: after a crash, the store
        holds either the previous state or this one, whole. Every save bumps
        the row's revision by one (a new row starts at 1).

        Parameters
        ----------
        rules_id : str
        state : Mapping[str, Any]
        revision : int, optional
            The revision this state follows (the one loaded or last saved;
            0 for a table never saved): a compare-and-set, checked under the
            write lock. ``None`` saves over whatever is there.
        settled : RoundRecord, optional
            The round the saved move settled: stored in the same transaction
            (``SavedTable.settled``).

        Returns
        -------
        int
            The row's new revision.

        Raises
        ------
        TypeError, ValueError
            If ``state`` is not JSON-serialisable, or holds NaN or infinity
            (nothing is written).
        TableChangedError
            If the row's revision is not ``revision``: another window saved
            the table since (nothing is written).
        StoreBusyError
            If another connection held the write lock past the busy timeout.
        StoreError
            If the database cannot be written.
        """
        text = _state_text(state)
        with self._write():
            return self._put_table(SavedTable(rules_id, state, revision, settled), text)

    def table_revision(self, rules_id: str) -> int:
        """The revision of the table saved for ``rules_id``; 0 when none is saved.

        One indexed read, cheap enough before every move.

        Raises
        ------
        StoreError
            If the database cannot be read.
        """
        with self._guard("read"):
            row = self.db.execute(
                "select revision from saved_tables where rules_id = ?", [rules_id]
            ).fetchone()
        return int(row[0]) if row is not None else 0

    def _check_revision(self, table: SavedTable) -> int:
        """The row's revision (inside a write); raises if it is not ``table.revision``."""
        current = self.table_revision(table.rules_id)
        if table.revision is not None and current != table.revision:
            raise TableChangedError(
                f"The saved {table.rules_id!r} table was changed by another window "
                f"(revision {current}, this one follows {table.revision}); nothing was written."
            )
        return current

    def _put_table(self, table: SavedTable, text: str) -> int:
        """Write the row (inside a write) after :meth:`_check_revision`; its new revision.

        The round it settled (``table.settled``), if any, is stored with it.
        """
        revision = self._check_revision(table) + 1
        row = {"rules_id": table.rules_id, "state": text, "revision": revision}
        self.db.table("saved_tables").upsert(row, pk="rules_id")
        if table.settled is not None:
            self.db.table("rounds").insert(round_row(table.settled))
        return revision

    def load_table(self, rules_id: str) -> dict[str, Any] | None:
        """The last state saved for ``rules_id``, or ``None`` if there is none.

        Raises
        ------
        StoreError
            If the database cannot be read or the saved row is not a JSON object.
        """
        saved = self.saved_table(rules_id)
        return dict(saved.state) if saved is not None else None

    def saved_table(self, rules_id: str) -> SavedTable | None:
        """The state saved for ``rules_id`` and its revision (one read), or ``None``.

        Raises
        ------
        StoreError
            If the database cannot be read or the saved row is not a JSON object.
        """
        with self._guard("read"):
            row = self.db.execute(
                "select state, revision from saved_tables where rules_id = ?", [rules_id]
            ).fetchone()
        if row is None:
            return None
        try:
            state = json.loads(row[0])
        except (TypeError, ValueError) as exc:
            raise StoreError(f"The saved {rules_id!r} table is unreadable: {exc}.") from exc
        if not isinstance(state, dict):
            raise StoreError(f"The saved {rules_id!r} table is not a JSON object.")
        return SavedTable(rules_id, state, int(row[1]))

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
            play moved on either way). With a ``revision``, the save is a
            compare-and-set, checked before anything is written.
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
        TableChangedError
            If the saved table is not at ``table.revision`` (another window
            played it): nothing of the answer is kept.
        StoreBusyError
            If another connection held the write lock past the busy timeout;
            nothing of the answer is kept.
        StoreError
            If the store cannot be written; nothing of the answer is kept.
            Errors raised by ``effects`` roll the answer back too.
        """
        text = _state_text(table.state) if table is not None else None
        with self._write():
            if table is not None:
                self._check_revision(table)  # before any work: a stale window writes nothing
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
                self._put_table(table, text)
            if run_finished_at is not None and attempt.run_id is not None:
                self.finish_run(attempt.run_id, run_finished_at)
        return stored


def _begin_immediate(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``, trying again every :data:`LOCK_POLL_S` for up to the busy timeout.

    SQLite's own busy handler waits longer and longer between tries (up to
    100 ms), so a window that writes back to back could keep another one
    waiting for seconds; trying every millisecond takes the lock at the
    first gap. The connection's ``busy_timeout`` (:data:`BUSY_TIMEOUT_MS`)
    is how long it tries; it is 0 meanwhile and set back afterwards (for
    every other wait).

    Raises
    ------
    sqlite3.OperationalError
        "database is locked" once the busy timeout has passed, or any other
        error of the statement.
    """
    timeout_ms = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
    deadline = time.monotonic() + timeout_ms / 1000
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not _busy(exc) or time.monotonic() >= deadline:
                    raise
            time.sleep(LOCK_POLL_S)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {timeout_ms}")


def _busy(exc: sqlite3.DatabaseError) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" (``SQLITE_BUSY`` or ``SQLITE_LOCKED``)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc)


def _state_text(state: Mapping[str, Any]) -> str:
    """A saved state as compact JSON; NaN and infinity are refused (``ValueError``)."""
    return json.dumps(state, separators=(",", ":"), allow_nan=False)
