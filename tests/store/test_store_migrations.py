"""Migrations: applied once, in order, idempotent on reopen (shared/DESIGN.md, "The store")."""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

from bjtrainer.store import BUSY_TIMEOUT_MS, Store
from bjtrainer.store.migrations import MIGRATIONS

# The schema history as released; a released migration is never renamed or edited.
RELEASED = [
    "m001_create_settings_and_tables",
    "m002_create_decisions",
    "m003_create_runs_and_attempts",
    "m004_create_review_queue",
    "m005_create_daily_answers",
    "m006_create_review_cards",
    "m010_create_board",
]


def applied_names(db: Database) -> list[str]:
    return [row["name"] for row in db.query("select name from _sqlite_migrations order by id")]


def test_new_store_applies_every_migration_once(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.db")
    assert applied_names(store.db) == RELEASED
    assert MIGRATIONS.pending(store.db) == []
    assert {"settings", "saved_tables", "decisions"} <= set(store.db.table_names())
    store.close()


def test_reopening_applies_nothing_again_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    first = Store.open(path)
    first.set_setting("card_design", "classic")
    stamps = list(first.db.query("select name, applied_at from _sqlite_migrations"))
    first.close()

    second = Store.open(path)
    assert list(second.db.query("select name, applied_at from _sqlite_migrations")) == stamps
    assert second.get_setting("card_design") == "classic"
    second.close()


def test_an_older_store_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m002_create_decisions")
    db.table("settings").insert({"key": "theme", "value": "dark"})
    assert "decisions" not in db.table_names()
    db.close()

    store = Store.open(path)
    assert applied_names(store.db) == RELEASED
    assert "decisions" in store.db.table_names()
    assert store.get_setting("theme") == "dark"
    store.close()


def test_file_store_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.db")
    assert store.db.journal_mode == "wal"
    assert store.db.execute("PRAGMA busy_timeout").fetchone()[0] == BUSY_TIMEOUT_MS
    store.close()


def test_memory_store_has_the_same_schema(tmp_path: Path) -> None:
    with Store.memory() as memory, Store.open(tmp_path / "s.db") as on_disk:
        for name in ("settings", "saved_tables", "decisions"):
            assert memory.db.table(name).columns_dict == on_disk.db.table(name).columns_dict
