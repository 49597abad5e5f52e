"""A saved table that cannot be restored: kept aside unchanged, a new table, one notice.

``docs/playing.md``, "Nothing is lost": the table is saved after every
action and comes back after a restart, and a saved table that can no longer
be restored is never overwritten: it is kept aside, unchanged, under a key
of its own with the time, a new table starts, and the table says where the
old one was kept. Here: when it cannot be restored (a state the engine
cannot replay, or a row that is not even JSON), a new table starts either
way, the old row is copied byte for byte to
``<rules id>.unrestorable-<local time>`` and the notice names that key and
the store file. The new table is saved at once in its place, so the next
start is quiet and nothing is copied twice.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from bjtrainer.errors import StoreError
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.screens.table import TableScreen
from tests.tui.tui_support import PRACTICE, SIZE, AppFactory, fixed_clock, notices, text_of

#: The key of a practice table found unrestorable at the tests' fixed clock
#: (2025-01-02 03:04:05).
KEPT = "practice.unrestorable-20250102T030405"
NOT_JSON = '{"format": 1, "balance": 7'  # cut short: not JSON


def raw_rows(store: Store) -> dict[str, str]:
    """Every saved-table row exactly as stored, by key."""
    rows = store.db.table("saved_tables").rows
    return {str(row["rules_id"]): str(row["state"]) for row in rows}


def write_raw(store: Store, rules_id: str, text: str) -> None:
    store.db.table("saved_tables").upsert({"rules_id": rules_id, "state": text}, pk="rules_id")


async def check_start(app_of: AppFactory, store_path: Path, raw: str, reason: str) -> None:
    """Start on a store holding ``raw`` for practice; check the notice and the rows."""
    with Store.open(store_path) as store:
        write_raw(store, "practice", raw)
        app = app_of([], on=store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.session.table.balance == 1000 and app.session.table.round is None
            shown = notices(app)
            assert len(shown) == 1
            assert reason in shown[0] and "a new table starts" in shown[0]
            assert repr(KEPT) in shown[0] and str(store_path) in shown[0]
            rows = raw_rows(store)
            assert rows[KEPT] == raw  # byte for byte
            assert store.load_table("practice") == app.session.table.to_state()  # saved at once

    with Store.open(store_path) as store:  # the next start: quiet, nothing copied again
        app = app_of([], on=store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert notices(app) == []
            assert sorted(raw_rows(store)) == ["practice", KEPT]


@pytest.mark.slow
async def test_a_state_the_engine_cannot_replay(build_app: AppFactory, store_path: Path) -> None:
    await check_start(build_app, store_path, '{"format":999}', "could not be restored")


@pytest.mark.slow
async def test_a_row_that_is_not_json(build_app: AppFactory, store_path: Path) -> None:
    await check_start(build_app, store_path, NOT_JSON, "not readable JSON")


def test_a_second_failure_in_the_same_second_gets_its_own_key(store: Store) -> None:
    for _ in range(2):
        write_raw(store, "practice", NOT_JSON)
        session = TableSession.open(store, PRACTICE, np.random.default_rng(0), fixed_clock)
        assert session.restore_problem is not None
    rows = raw_rows(store)
    assert rows[KEPT] == rows[f"{KEPT}-2"] == NOT_JSON
    assert repr(f"{KEPT}-2") in (session.restore_problem or "")


def test_a_store_that_cannot_be_read_is_still_an_error(store_path: Path) -> None:
    store = Store.open(store_path)
    store.save_table("practice", {"format": 999})
    store.close()  # every read now fails in sqlite3 itself, not in the saved text
    with pytest.raises(StoreError):
        TableSession.open(store, PRACTICE, np.random.default_rng(0), fixed_clock)
    with pytest.raises(sqlite3.ProgrammingError):
        store.db.execute("select 1")


@pytest.mark.slow
async def test_the_sit_down_screen_shows_an_unreadable_table(
    build_app: AppFactory, store: Store
) -> None:
    write_raw(store, "practice", NOT_JSON)
    app = build_app([], rules=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)
        about = text_of(app.screen.query_one("#table-about"))
        assert "cannot be read" in about
        await pilot.click("#sit")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert any(repr(KEPT) in notice for notice in notices(app))
    assert raw_rows(store)[KEPT] == NOT_JSON
