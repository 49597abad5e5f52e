"""A store that cannot be read gives StoreError with a clear message (the CLI prints it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bjtrainer.errors import BjTrainerError, StoreError
from bjtrainer.store import Store


def test_garbage_file_gives_store_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    path.write_bytes(b"these bytes are not an SQLite database\n" * 200)
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    message = str(caught.value)
    assert str(path) in message
    assert "not an SQLite database" in message
    assert "bjtrainer doctor --reset" in message  # tells the user how to start afresh
    assert isinstance(caught.value, BjTrainerError)
    # The file is left as it was for the user to inspect.
    assert path.read_bytes() == b"these bytes are not an SQLite database\n" * 200


def test_a_directory_in_place_of_the_file_gives_store_error(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    path.mkdir()
    with pytest.raises(StoreError, match="bjtrainer store"):
        Store.open(path)


def test_a_file_in_place_of_the_directory_gives_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("a file, not a directory")
    with pytest.raises(StoreError, match="directory"):
        Store.open(blocker / "bjtrainer.db")


def test_a_damaged_saved_table_gives_store_error(store: Store) -> None:
    store.db.table("saved_tables").insert({"rules_id": "practice", "state": "{not json"})
    store.db.table("saved_tables").insert({"rules_id": "night", "state": "[1, 2]"})
    with pytest.raises(StoreError, match="practice"):
        store.load_table("practice")
    with pytest.raises(StoreError, match="night"):
        store.load_table("night")


def test_an_unknown_database_error_never_says_to_move_the_store_away() -> None:
    """A healthy store is never to be moved aside (docs/playing.md, "A store that
    cannot be opened"): an error the store cannot name points to the doctor."""
    with Store.memory() as store, pytest.raises(StoreError) as caught, store._guard("write"):
        raise sqlite3.DatabaseError("something odd")
    message = str(caught.value)
    assert "something odd" in message and "bjtrainer doctor" in message
    assert "away" not in message.lower()
