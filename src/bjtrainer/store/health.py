"""Is a store file a bjtrainer store this version can open? Checked before anything writes to it.

``docs/playing.md``, "A store that cannot be opened": a store file that is
empty, cut short, damaged, not a database, another program's database, from
a newer bjtrainer, or unreadable is never opened as new and never written;
the message says what is wrong and where the file is, and the file is left
as it is. :meth:`bjtrainer.store.Store.open` runs :func:`check_file` on the
bytes before SQLite sees the file, and :func:`check_store` on the database
before the first write (WAL mode, migrations). ``bjtrainer doctor`` reads
the whole report (:func:`diagnose`, ``PRAGMA integrity_check``) and, when
asked, moves a broken file aside (:func:`move_aside`).

Every message is one line naming the file.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from sqlite_utils import Database

from bjtrainer import __version__, paths
from bjtrainer.errors import BrokenStoreError
from bjtrainer.store.migrations import MIGRATIONS

#: The first 16 bytes of every SQLite 3 database file.
SQLITE_MAGIC = b"SQLite format 3\x00"
#: The length of an SQLite file's header, in bytes: a shorter file is cut short.
HEADER_SIZE = 100
#: The files SQLite keeps beside a database, moved aside with it.
SIDE_FILES = ("-wal", "-shm", "-journal")
#: ``strftime`` format of the time in the name of a file moved aside.
ASIDE_STAMP = "%Y%m%dT%H%M%S"

#: SQLite's primary result codes that say a file is damaged.
DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

_RESET = "`bjtrainer doctor --reset` moves it aside and starts a new store"
_KEPT = "it was left as it is"


@cache
def known_migrations() -> tuple[str, ...]:
    """The names of the migrations this version of bjtrainer has, in order."""
    return tuple(migration.name for migration in MIGRATIONS.pending(Database(memory=True)))


def check_file(path: Path) -> None:
    """Refuse a store file whose bytes are not an SQLite database (nothing is written).

    A missing file passes: :meth:`~bjtrainer.store.Store.open` creates it.

    Raises
    ------
    BrokenStoreError
        If ``path`` is a folder, cannot be read, is empty (0 bytes), is
        shorter than an SQLite header or does not start with one.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _unreadable(path, exc) from exc
    if stat.S_ISDIR(mode):
        raise BrokenStoreError(
            f"The bjtrainer store {path} is a folder, not a file: {_KEPT}; move it away, "
            f"or set {paths.HOME_ENV} to another folder."
        )
    try:
        with path.open("rb") as stream:
            head = stream.read(HEADER_SIZE)
    except OSError as exc:
        raise _unreadable(path, exc) from exc
    if not head:
        raise BrokenStoreError(
            f"The bjtrainer store {path} is empty (0 bytes), so it holds no saved play: "
            f"{_KEPT}; {_RESET}."
        )
    if not head.startswith(SQLITE_MAGIC[: len(head)]):
        raise BrokenStoreError(
            f"The bjtrainer store {path} is not an SQLite database: {_KEPT}; {_RESET}."
        )
    if len(head) < HEADER_SIZE:
        raise BrokenStoreError(
            f"The bjtrainer store {path} is cut short (only {len(head)} bytes): {_KEPT}; {_RESET}."
        )


def _unreadable(path: Path, exc: OSError) -> BrokenStoreError:
    reason = (exc.strerror or str(exc)).lower()
    return BrokenStoreError(
        f"Cannot read the bjtrainer store {path}: {reason}. It was left as it is; give your "
        f"user read and write access to it, or set {paths.HOME_ENV} to another folder."
    )


def damaged(where: str, exc: sqlite3.DatabaseError) -> BrokenStoreError | None:
    """The error to raise for SQLite's ``exc``, if it says the file is damaged; else ``None``.

    SQLite's "database disk image is malformed" (``SQLITE_CORRUPT``) and
    "file is not a database" (``SQLITE_NOTADB``) are damage; a lock, a full
    disk or a read-only file are not.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    if not isinstance(code, int) or code & 0xFF not in DAMAGE_CODES:
        return None
    return BrokenStoreError(f"The bjtrainer store {where} is damaged ({exc}): {_KEPT}; {_RESET}.")


#: Above this size, in bytes, a store is checked at open table by table and
#: its history tables (:data:`HISTORY_TABLES`) are left to ``bjtrainer
#: doctor``: a whole ``quick_check`` reads every page, about half a second
#: of CPU for a million answers (``docs/practice.md``, "Stats").
WHOLE_CHECK_BYTES = 64 * 2**20
#: The tables that grow with every answer and every round.
HISTORY_TABLES = frozenset({"attempts", "rounds"})


def _quick_check(db: Database) -> list[str]:
    """``PRAGMA quick_check``'s lines: of the whole file, or of each table but the history.

    A file of at most :data:`WHOLE_CHECK_BYTES` is checked whole; a larger
    one table by table (each with its indexes), leaving out
    :data:`HISTORY_TABLES`. A damaged page there is found when it is read
    or written (reported as damaged, naming ``bjtrainer doctor``), and by
    the doctor's ``integrity_check``.
    """
    pages = int(db.execute("PRAGMA page_count").fetchone()[0])
    size = pages * int(db.execute("PRAGMA page_size").fetchone()[0])
    if size <= WHOLE_CHECK_BYTES:
        return [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    for name in db.table_names():
        if name in HISTORY_TABLES:
            continue
        quoted = name.replace('"', '""')
        verdict = [row[0] for row in db.execute(f'PRAGMA quick_check("{quoted}")').fetchall()]
        if verdict != ["ok"]:
            return verdict
    return ["ok"]


def check_store(db: Database, where: str, *, existing: bool) -> None:
    """Refuse a database bjtrainer must not write to; only reads (``PRAGMA quick_check``).

    The check of a large store leaves out the history tables
    (:func:`_quick_check`).

    Parameters
    ----------
    db : sqlite_utils.Database
        The database, opened and not yet written.
    where : str
        The file, for the message.
    existing : bool
        Whether the file was there before this start: then a database with
        no bjtrainer migrations is refused rather than made a new store
        (an empty new database passes when ``existing`` is false).

    Raises
    ------
    BrokenStoreError
        If the database is damaged, is another program's (or holds no
        bjtrainer table at all, when ``existing``), or has a migration this
        version does not know (a newer bjtrainer wrote it).
    sqlite3.DatabaseError
        Any other SQLite error (a lock held past the busy timeout, say),
        for the caller to report.
    """
    try:
        verdict = _quick_check(db)
        tables = db.table_names()
        applied = [migration.name for migration in MIGRATIONS.applied(db)]
    except sqlite3.DatabaseError as exc:
        problem = damaged(where, exc)
        if problem is None:
            raise
        raise problem from exc
    if verdict != ["ok"]:
        raise BrokenStoreError(
            f"The bjtrainer store {where} is damaged ({verdict[0]}): {_KEPT}; {_RESET}."
        )
    if not applied and (existing or tables):
        what = "it has no tables" if not tables else f"its tables are {', '.join(tables[:3])}"
        raise BrokenStoreError(
            f"The bjtrainer store {where} is an SQLite database but not a bjtrainer store "
            f"({what}): {_KEPT}; {_RESET}, or set {paths.HOME_ENV} to another folder."
        )
    unknown = [name for name in applied if name not in known_migrations()]
    if unknown:
        raise BrokenStoreError(
            f"The bjtrainer store {where} was written by a newer bjtrainer (it has the change "
            f"{unknown[0]}, which bjtrainer {__version__} does not know): {_KEPT}; upgrade "
            "bjtrainer to open it."
        )


def writable(path: Path) -> bool:
    """Whether this user may write the store file and create files beside it.

    Root may write anywhere but on a read-only file system; a write that
    fails anyway is caught when it happens (``docs/playing.md``, "A store
    that cannot be opened").
    """
    if not os.access(path.parent, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


def read_only_notice(path: Path) -> str:
    """The notice of a store this user cannot write (see :func:`writable`): one line."""
    if not os.access(path.parent, os.W_OK):
        kept = f", and {path} is kept as it is" if path.exists() else ""
        return (
            f"The data folder {path.parent} is read-only: you can play, but nothing is saved "
            f"in this window{kept}. Make the folder writable, or set {paths.HOME_ENV} to "
            "another folder, to save."
        )
    return (
        f"The bjtrainer store {path} is read-only: you can play, but nothing is saved in "
        "this window, and the file is kept as it is. Make it writable to save."
    )


def unwritable_reason(exc: sqlite3.DatabaseError) -> str | None:
    """Why SQLite's ``exc`` says the file cannot be written, or ``None`` if it says something else.

    ``SQLITE_FULL`` is a full disk; ``SQLITE_READONLY`` a read-only file,
    folder or file system; ``SQLITE_CANTOPEN`` a side file (-wal, -journal)
    that cannot be created.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    if not isinstance(code, int):
        return None
    return {
        sqlite3.SQLITE_FULL: "the disk is full",
        sqlite3.SQLITE_READONLY: "it is read-only",
        sqlite3.SQLITE_CANTOPEN: f"{exc} (a file beside it cannot be created)",
    }.get(code & 0xFF)


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write the file; in a read-only folder SQLite's -shm is skipped.

    SQLite reads a WAL database through a ``-shm`` file beside it; in a
    folder where it cannot create one, the file is opened ``immutable``
    (no lock, no side file), which is safe there: no bjtrainer can write
    to a folder this user cannot write to either, bar another user's.

    Raises
    ------
    sqlite3.Error
        If the file cannot be read.
    """
    uri = path.absolute().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.OperationalError as exc:
        code = getattr(exc, "sqlite_errorcode", 0)
        conn.close()
        if code & 0xFF not in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
            raise
        conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
    return conn


@dataclass
class Diagnosis:
    """What ``bjtrainer doctor`` found in a store file (nothing was written to find it).

    Attributes
    ----------
    path : Path
    exists : bool
    size : int
        Bytes of the file (0 when it does not exist).
    problem : str or None
        Why bjtrainer refuses to open the file (one line), or ``None``.
    integrity : list of str
        ``PRAGMA integrity_check``'s lines (``["ok"]`` for a sound file; at
        most 20); empty when the file could not be checked.
    applied, pending, unknown : list of str
        Migrations applied to the file; this version's not yet applied
        (the app applies them at the next start); applied ones this version
        does not know.
    saved : dict of str to str
        Each saved table's row, rules id -> the state as stored (JSON text).
    writable : bool
        Whether this user may write the file and its folder.
    """

    path: Path
    exists: bool
    size: int = 0
    problem: str | None = None
    integrity: list[str] = field(default_factory=list)
    applied: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    saved: dict[str, str] = field(default_factory=dict)
    writable: bool = True


def diagnose(path: Path) -> Diagnosis:
    """Check the store file at ``path`` from a connection that only reads; never writes to it.

    Nothing is raised for a problem of the file: it is reported in
    :attr:`Diagnosis.problem` (the message :meth:`~bjtrainer.store.Store.open` would raise).
    ``PRAGMA integrity_check`` reads the whole file.
    """
    if not path.exists() and not path.is_symlink():
        return Diagnosis(path, exists=False, writable=writable(path))
    found = Diagnosis(path, exists=True, writable=writable(path))
    try:
        found.size = path.stat().st_size
        check_file(path)
    except (OSError, BrokenStoreError) as exc:
        found.problem = str(exc)
        return found
    where = str(path)
    try:
        db = Database(_connect_to_check(path, found.writable))
    except sqlite3.DatabaseError as exc:
        problem = damaged(where, exc)
        found.problem = str(problem) if problem else f"Cannot read {where}: {exc}."
        return found
    try:
        found.integrity = [
            str(row[0]) for row in db.execute("PRAGMA integrity_check(20)").fetchall()
        ]
        found.applied = [migration.name for migration in MIGRATIONS.applied(db)]
        found.unknown = [name for name in found.applied if name not in known_migrations()]
        found.pending = [name for name in known_migrations() if name not in found.applied]
        if "saved_tables" in db.table_names():
            rows = db.execute("select rules_id, state from saved_tables order by rules_id")
            found.saved = {str(rules_id): str(state) for rules_id, state in rows.fetchall()}
        check_store(db, where, existing=True)
    except BrokenStoreError as exc:
        found.problem = str(exc)
    except sqlite3.DatabaseError as exc:
        problem = damaged(where, exc)
        found.problem = str(problem) if problem else f"Cannot read {where}: {exc}."
    finally:
        db.close()
    return found


def _connect_to_check(path: Path, can_write: bool) -> sqlite3.Connection:
    """A connection that only reads: ``query_only``, or read-only where this user cannot write.

    Where the user may write, the connection is an ordinary one that
    refuses every write statement, so that closing it removes the -wal and
    -shm files SQLite created for reading (a read-only connection leaves them).

    Raises
    ------
    sqlite3.DatabaseError
        If the file cannot be read.
    """
    if not can_write:
        return connect_read_only(path)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA query_only = 1")
        conn.execute("PRAGMA schema_version").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


def move_aside(path: Path, stamp: str) -> Path:
    """Rename the store file (and its -wal, -shm, -journal) to ``<name>.broken-<stamp>`` beside it.

    ``-2``, ``-3`` ... is added when that name is taken. Nothing is deleted.

    Returns
    -------
    Path
        Where the store file now is.

    Raises
    ------
    OSError
        If the files cannot be renamed (a read-only folder, say); those
        already renamed keep their new names.
    """
    base = path.with_name(f"{path.name}.broken-{stamp}")
    target, number = base, 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *SIDE_FILES)):
        number += 1
        target = base.with_name(f"{base.name}-{number}")
    path.rename(target)
    for suffix in SIDE_FILES:
        side = Path(f"{path}{suffix}")
        if side.exists():
            side.rename(Path(f"{target}{suffix}"))
    return target
