"""The check at open of a large store: every table but the history, each with its indexes.

``bjtrainer.store.health``: a file above ``WHOLE_CHECK_BYTES`` is checked at
open table by table, leaving out the answers and the rounds, which grow
with the history (a whole ``quick_check`` reads every page). The
threshold is lowered to 0 here so that a small store counts as large. A
page of noise is written over the root page of one table, found in
``sqlite_master``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bjtrainer.errors import BrokenStoreError, StoreError
from bjtrainer.store import Store, health
from bjtrainer.store.health import diagnose
from tests.store.broken_stores import make_good_store


def damage_table(path: Path, table: str) -> None:
    """Overwrite the root page of ``table`` with noise."""
    with sqlite3.connect(path) as conn:
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        (root,) = conn.execute(
            "select rootpage from sqlite_master where name = ?", [table]
        ).fetchone()
    conn.close()
    whole = bytearray(path.read_bytes())
    whole[(root - 1) * size : root * size] = bytes(range(256)) * (size // 256)
    path.write_bytes(bytes(whole))


@pytest.fixture(autouse=True)
def every_store_is_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "WHOLE_CHECK_BYTES", 0)


def test_a_damaged_table_of_a_large_store_is_refused_at_open(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    make_good_store(path)
    damage_table(path, "saved_tables")
    before = path.read_bytes()
    with pytest.raises(BrokenStoreError, match="damaged"):
        Store.open(path)
    assert path.read_bytes() == before


def test_damage_in_the_answers_of_a_large_store_is_found_when_read_and_by_the_doctor(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bjtrainer.db"
    make_good_store(path)
    damage_table(path, "attempts")
    with Store.open(path) as store:  # the answers are not read at open
        assert store.get_setting("card_design") == "ascii"
        with pytest.raises(StoreError, match="doctor"):
            store.attempts()
    assert diagnose(path).problem is not None
