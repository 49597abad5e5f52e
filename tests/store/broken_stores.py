"""Store files of every broken kind, for the store, CLI and TUI tests (imported by name).

``docs/playing.md``, "A store that cannot be opened": a store file that is
empty, cut short, damaged, not a database, another program's database or
from a newer bjtrainer is never opened as new and never written.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from sqlite_utils import Database

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.store.migrations import MIGRATIONS
from bjtrainer.trainer.session import TableSession

#: A migration name no version of bjtrainer so far has.
FUTURE_MIGRATION = "m099_from_a_newer_bjtrainer"
#: The size of one page of a store file (SQLite's default page size).
PAGE = 4096


def fixed_clock() -> datetime:
    return datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)


def make_good_store(path: Path) -> int:
    """A healthy store at ``path`` with a saved practice table mid-round; returns its balance."""
    with Store.open(path) as store:
        session = TableSession.open(
            store, PRESETS["practice"], np.random.default_rng(3), fixed_clock
        )
        session.deal()
        store.set_setting("card_design", "ascii")
        return session.table.balance


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _cut_in_header(path: Path) -> None:
    make_good_store(path)
    path.write_bytes(path.read_bytes()[:60])


def _cut_at_a_page(path: Path) -> None:
    make_good_store(path)
    whole = path.read_bytes()
    assert len(whole) >= 6 * PAGE  # the cut below leaves some pages out
    path.write_bytes(whole[: len(whole) // 2 // PAGE * PAGE])


def _cut_mid_page(path: Path) -> None:
    make_good_store(path)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 3])


def _text(path: Path) -> None:
    path.write_bytes(b"these bytes are not an SQLite database\n" * 200)


def _damaged_page(path: Path) -> None:
    """A store whose header is fine but whose second page is overwritten with noise."""
    make_good_store(path)
    whole = bytearray(path.read_bytes())
    whole[PAGE : 2 * PAGE] = bytes(range(256)) * (PAGE // 256)
    path.write_bytes(bytes(whole))


def _future(path: Path) -> None:
    make_good_store(path)
    _add_future_migration(path)


def _future_of_an_old_store(path: Path) -> None:
    """An old store (only m001) that a newer bjtrainer changed: our m002... must not run on it."""
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m002_create_decisions")
    db.close()
    _add_future_migration(path)


def _add_future_migration(path: Path) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "insert into _sqlite_migrations (migration_set, name, applied_at) values (?, ?, ?)",
            ("bjtrainer", FUTURE_MIGRATION, "2030-01-01 00:00:00+00:00"),
        )
    conn.close()


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("create table photos (id integer primary key, taken text)")
        conn.execute("insert into photos (taken) values ('2024-05-01')")
    conn.close()


def _no_tables(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("pragma user_version = 7")  # writes the header page, no table
    conn.close()


#: Kind -> (writes that kind of file at the path, a word its message must hold).
BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "empty": (_empty, "empty (0 bytes)"),
    "cut in the header": (_cut_in_header, "cut short"),
    "cut at a page": (_cut_at_a_page, "damaged"),
    "cut mid-page": (_cut_mid_page, "damaged"),
    "a damaged page": (_damaged_page, "damaged"),
    "not a database": (_text, "not an SQLite database"),
    "from a newer bjtrainer": (_future, FUTURE_MIGRATION),
    "an old store from a newer bjtrainer": (_future_of_an_old_store, FUTURE_MIGRATION),
    "another program's database": (_foreign, "not a bjtrainer store"),
    "a database with no tables": (_no_tables, "not a bjtrainer store"),
}


def folder_listing(path: Path) -> dict[str, bytes]:
    """Every file of ``path``'s folder and its bytes (the store, and any -wal or -shm)."""
    return {item.name: item.read_bytes() for item in sorted(path.parent.iterdir())}
