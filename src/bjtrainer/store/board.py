"""The top-five board of tables with CASH OUT (the ``night`` table).

``docs/rules/night.md``, "Cash-out and the board": "CASH OUT gets you up
from the table with the chips you have. That number is your score and goes
on the top-five board"; ``docs/rules/README.md``, rows "leave the table" and
"out of chips" (below the minimum bet the night is over and what is left is
the score).

Every score entered is kept (table ``board``, migration
``m010_create_board``); the board shows the five best of one rules id,
highest score first, an earlier entry before a later one on a tie.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bjtrainer.errors import StoreError
from bjtrainer.store.store import Store

__all__ = ["BOARD_SIZE", "MAX_NAME_LENGTH", "Board", "BoardEntry", "check_name"]

#: Entries shown on the board (``docs/rules/night.md``, "Cash-out and the board").
BOARD_SIZE = 5
#: Longest name accepted, in characters (decided here: fits the board's column).
MAX_NAME_LENGTH = 20


@dataclass(frozen=True)
class BoardEntry:
    """One score on the board.

    Attributes
    ----------
    id : int
        Row id, unique in the store.
    rules_id : str
        The table the night was played at (``"night"``).
    name : str
        The name entered with the score.
    score : int
        Chips held when the night ended (CASH OUT, or below the minimum bet).
    created_at : str
        ISO 8601 time the score was entered.
    """

    id: int
    rules_id: str
    name: str
    score: int
    created_at: str


def check_name(name: str) -> str:
    """The name as it goes on the board: trimmed, inner spaces collapsed.

    Raises
    ------
    ValueError
        If the name is empty, longer than :data:`MAX_NAME_LENGTH`
        characters, or holds a control character; the message is a sentence
        to show the player.
    """
    # Control characters first: str.split() would read some (\x1c to \x1f) as spaces.
    if any(unicodedata.category(char).startswith("C") and char != "\t" for char in name):
        raise ValueError("A name cannot hold control characters.")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("Enter a name for the board.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(
            f"A name has at most {MAX_NAME_LENGTH} characters; this one has {len(cleaned)}."
        )
    return cleaned


def _entry(row: Mapping[str, Any]) -> BoardEntry:
    return BoardEntry(
        id=int(row["id"]),
        rules_id=str(row["rules_id"]),
        name=str(row["name"]),
        score=int(row["score"]),
        created_at=str(row["created_at"]),
    )


class Board:
    """The scores of one store, read and written in transactions.

    Parameters
    ----------
    store : Store
        An open store (its migrations create the ``board`` table).
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def record(self, rules_id: str, name: str, score: int, created_at: str) -> BoardEntry:
        """Enter a score (one transaction, or part of the caller's).

        Parameters
        ----------
        rules_id : str
        name : str
            Checked and cleaned by :func:`check_name`.
        score : int
            Chips, whole and not negative.
        created_at : str
            ISO 8601 time of the entry.

        Returns
        -------
        BoardEntry
            The entry as stored, with its id.

        Raises
        ------
        ValueError
            If the name is not valid (:func:`check_name`) or the score is
            not a whole number of chips at least 0.
        StoreError
            If the database cannot be written.
        """
        cleaned = check_name(name)
        if isinstance(score, bool) or not isinstance(score, int) or score < 0:
            raise ValueError(f"A score is a whole number of chips, at least 0; got {score!r}.")
        row: dict[str, str | int] = {
            "rules_id": rules_id,
            "name": cleaned,
            "score": score,
            "created_at": created_at,
        }
        with self.store.transaction():  # BEGIN IMMEDIATE, or part of the caller's
            row_id = self.store.db.table("board").insert(row).last_pk
        if not isinstance(row_id, int):  # pragma: no cover - sqlite always assigns an int
            raise StoreError("The store did not return an id for the board entry.")
        return BoardEntry(
            id=row_id, rules_id=rules_id, name=cleaned, score=score, created_at=created_at
        )

    def top(self, rules_id: str, limit: int = BOARD_SIZE) -> list[BoardEntry]:
        """The best ``limit`` scores of a table: highest first, then the earliest.

        Raises
        ------
        StoreError
            If the database cannot be read.
        """
        try:
            rows = self.store.db.table("board").rows_where(
                "rules_id = ?", [rules_id], order_by="score desc, id", limit=limit
            )
            return [_entry(row) for row in rows]
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"Cannot read the top-five board: {exc}.") from exc

    def place(self, entry: BoardEntry) -> int:
        """The 1-based place of an entry among every score of its table.

        Entries with a higher score, or the same score entered earlier,
        come before it.

        Raises
        ------
        StoreError
            If the database cannot be read.
        """
        try:
            rows = self.store.db.execute(
                "select count(*) from board where rules_id = ? "
                "and (score > ? or (score = ? and id < ?))",
                [entry.rules_id, entry.score, entry.score, entry.id],
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"Cannot read the top-five board: {exc}.") from exc
        return int(rows[0][0]) + 1
