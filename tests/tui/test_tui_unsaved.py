"""A store that cannot be written: a notice, and the table in memory plays on.

``docs/playing.md``, "A store that cannot be opened": with a read-only data
folder or file, or a disk that fills up, the app says that nothing more is
saved, the table keeps playing in memory, and nothing already saved is lost.

Tests run as root, where chmod does not stop a write: a read-only folder is
what ``os.access`` says, and a file that refuses writes is opened through a
read-only connection (``mode=ro``), as SQLite opens a file a user cannot write.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from tests.store.broken_stores import make_good_store
from tests.tui.tui_support import SIZE, AppFactory, notices

# T,6 v 7 (hole 9): a hand to play; then 5 for the player.
CARDS = ["TS", "7H", "6D", "9C", "5D", "4S", "3H"]


def _settled_store(path: Path) -> bytes:
    """A good store whose practice table is between rounds; returns the file's bytes."""
    make_good_store(path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("delete from saved_tables")
    conn.close()
    return path.read_bytes()


@pytest.mark.slow
async def test_a_read_only_data_folder_gives_a_notice_and_the_table_plays(
    build_app: AppFactory, store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _settled_store(store_path)
    real_access = os.access

    def read_only(where: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(str(where)) in (store_path, store_path.parent):
            return False
        return real_access(where, mode, **kwargs)

    monkeypatch.setattr(os, "access", read_only)
    with Store.open(store_path) as store:
        app = build_app(CARDS, on=store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert store.unsaved is not None
            assert store.unsaved in notices(app)
            assert str(store_path.parent) in store.unsaved
            await pilot.press("enter")  # deal
            await pilot.press("h")  # hit: 16 + 5
            round_ = app.session.table.round
            assert round_ is not None and len(round_.hands[0].cards) == 3
            assert app.is_running
    assert store_path.read_bytes() == before


@pytest.mark.slow
async def test_a_store_that_refuses_a_write_gives_a_notice_and_plays_on_in_memory(
    build_app: AppFactory, store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _settled_store(store_path)

    def read_only_connect(path: Path) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    monkeypatch.setattr("bjtrainer.store.store._connect", read_only_connect)
    with Store.open(store_path) as store:
        assert store.unsaved is None  # nothing says so until a write fails
        app = build_app(CARDS, on=store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")  # the deal's save fails: nothing is dealt
            await pilot.pause()
            assert app.session.table.round is None
            assert store.unsaved is not None and "read-only" in store.unsaved
            assert notices(app) == [store.unsaved]
            await pilot.press("enter")  # the same key again: dealt, in memory
            round_ = app.session.table.round
            assert round_ is not None and round_.phase is Phase.PLAYER
            await pilot.press("s")
            assert app.session.table.round is not None
            assert app.session.table.round.phase is Phase.SETTLED
            assert app.is_running
    assert store_path.read_bytes() == before
