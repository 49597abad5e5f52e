"""A broken or foreign store file is refused with one line, and its bytes are kept.

``docs/playing.md``, "A store that cannot be opened": an empty, cut-short,
damaged, foreign or newer store is never opened as new and never written;
a store that cannot be written is played on in memory, and nothing already
saved is lost.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import StoreError
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession
from tests.store.broken_stores import (
    BROKEN,
    FUTURE_MIGRATION,
    fixed_clock,
    folder_listing,
    make_good_store,
)


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_store_is_refused_in_one_line_and_left_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    write, says = BROKEN[kind]
    path = tmp_path / "bjtrainer.db"
    write(path)
    before = folder_listing(path)
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    message = str(caught.value)
    assert says in message
    assert str(path) in message
    assert "\n" not in message
    assert type(caught.value).__name__ == "BrokenStoreError"
    assert folder_listing(path) == before  # not a byte written, no -wal or -shm left


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_store_is_refused_again_on_the_next_open(tmp_path: Path, kind: str) -> None:
    write, says = BROKEN[kind]
    path = tmp_path / "bjtrainer.db"
    write(path)
    for _ in range(2):
        with pytest.raises(StoreError, match=re.escape(says)):
            Store.open(path)


def test_a_store_from_a_newer_bjtrainer_says_to_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    BROKEN["from a newer bjtrainer"][0](path)
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    assert "newer bjtrainer" in str(caught.value)
    assert "upgrade bjtrainer" in str(caught.value)


def test_an_unreadable_store_is_refused_and_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bjtrainer.db"
    make_good_store(path)
    before = folder_listing(path)
    path.chmod(0)
    if os.geteuid() == 0:  # root reads any file: make the read fail as it would for a user
        real_open = Path.open

        def refuse(self: Path, *args: object, **kwargs: object) -> object:
            if self == path:
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    message = str(caught.value)
    assert "permission denied" in message
    assert str(path) in message
    monkeypatch.undo()
    path.chmod(0o644)
    assert folder_listing(path) == before


def test_a_good_store_still_opens_with_its_table(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    balance = make_good_store(path)
    with Store.open(path) as store:
        assert store.get_setting("card_design") == "ascii"
        saved = store.load_table("practice")
        assert saved is not None and saved["balance"] == balance


def test_a_new_store_is_created_whole_with_nothing_left_beside_it(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    with Store.open(path) as store:
        assert store.get_setting("card_design") is None
    assert sorted(item.name for item in tmp_path.iterdir()) == ["bjtrainer.db"]
    with Store.open(path) as again:  # and it opens again as a bjtrainer store
        again.set_setting("card_design", "classic")


def assert_kept(path: Path, before: dict[str, bytes]) -> None:
    """The store file's bytes are as they were; a reader may leave an empty -wal and a -shm."""
    after = folder_listing(path)
    assert after[path.name] == before[path.name]
    assert set(after) - set(before) <= {f"{path.name}-wal", f"{path.name}-shm"}
    assert after.get(f"{path.name}-wal", b"") == b""


def _read_only_connect(path: Path) -> sqlite3.Connection:
    """The connection a user gets to a file they may read but not write (``mode=ro``)."""
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)


def test_a_store_that_cannot_be_written_plays_on_in_memory_and_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As root, chmod does not stop a write: the store's connection is opened
    # read-only (mode=ro) instead, as SQLite opens a file a user cannot write.
    path = tmp_path / "bjtrainer.db"
    balance = make_good_store(path)
    before = folder_listing(path)
    monkeypatch.setattr("bjtrainer.store.store._connect", _read_only_connect)
    with Store.open(path) as store:
        session = TableSession.open(
            store, PRESETS["practice"], np.random.default_rng(9), fixed_clock
        )
        assert session.table.balance == balance  # the saved table is read
        with pytest.raises(StoreError) as caught:
            store.set_setting("card_design", "classic")
        message = str(caught.value)
        assert str(path) in message and "read-only" in message
        assert "nothing" in message and "saved" in message
        assert store.unsaved == message
        store.set_setting("card_design", "classic")  # now in memory
        assert store.get_setting("card_design") == "classic"
        assert store.location == str(path)
    assert_kept(path, before)
    with Store.open(path) as reopened:  # what was saved is all still there
        assert reopened.get_setting("card_design") == "ascii"


def test_a_read_only_data_folder_opens_in_memory_with_a_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As root every folder is writable: os.access is told the folder is not.
    path = tmp_path / "bjtrainer.db"
    balance = make_good_store(path)
    before = folder_listing(path)
    real_access = os.access

    def read_only_folder(where: object, mode: int, **kwargs: object) -> bool:
        if mode & os.W_OK and Path(str(where)) in (tmp_path, path):
            return False
        return real_access(where, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", read_only_folder)
    with Store.open(path) as store:
        assert store.unsaved is not None
        assert str(tmp_path) in store.unsaved and "read-only" in store.unsaved
        saved = store.load_table("practice")
        assert saved is not None and saved["balance"] == balance
        store.set_setting("card_design", "four-colour")  # kept in memory
        assert store.get_setting("card_design") == "four-colour"
    monkeypatch.undo()
    assert_kept(path, before)


def test_a_full_disk_keeps_what_was_saved_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    make_good_store(path)
    with Store.open(path) as store:
        session = TableSession.open(
            store, PRESETS["practice"], np.random.default_rng(9), fixed_clock
        )
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full: no page more
        saved_before = store.load_table("practice")
        with pytest.raises(StoreError) as caught:
            store.set_setting("notes", "x" * 50_000)
        assert "full" in str(caught.value) and str(path) in str(caught.value)
        assert store.load_table("practice") == saved_before
        store.set_setting("notes", "x" * 50_000)  # in memory now
        session.table.bet = 5
        session.save()  # the table in memory plays on
    with Store.open(path) as reopened:
        assert reopened.get_setting("notes") is None
        assert reopened.load_table("practice") == saved_before
        assert reopened.get_setting("card_design") == "ascii"


def test_a_store_that_is_newer_names_the_migration_in_the_message(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    BROKEN["an old store from a newer bjtrainer"][0](path)
    with pytest.raises(StoreError, match=FUTURE_MIGRATION):
        Store.open(path)
    conn = sqlite3.connect(path)  # our own migrations did not run on it
    names = [row[0] for row in conn.execute("select name from _sqlite_migrations order by id")]
    conn.close()
    assert names == ["m001_create_settings_and_tables", FUTURE_MIGRATION]


def test_windows_starting_together_on_a_new_folder_share_one_whole_store(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    barrier = threading.Barrier(4)

    def start(number: int) -> str | None:
        barrier.wait()
        with Store.open(path) as store:
            store.set_setting(f"window-{number}", "open")
            return store.get_setting(f"window-{number}")

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(start, range(4))) == ["open"] * 4
    assert sorted(item.name for item in tmp_path.iterdir()) == ["bjtrainer.db"]
    with Store.open(path) as store:
        names = [row["name"] for row in store.db.query("select name from _sqlite_migrations")]
        assert len(names) == len(set(names))  # each migration once: one store, not four
        assert [store.get_setting(f"window-{number}") for number in range(4)] == ["open"] * 4


def test_a_read_only_folder_without_a_store_plays_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bjtrainer.db"
    real_access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda where, mode, **kw: False if mode & os.W_OK else real_access(where, mode, **kw),
    )
    with Store.open(path) as store:
        assert store.unsaved is not None and str(tmp_path) in store.unsaved
        assert "kept as it is" not in store.unsaved  # there is no file to keep
        store.set_setting("card_design", "classic")
    assert list(tmp_path.iterdir()) == []
