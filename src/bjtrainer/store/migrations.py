"""The numbered schema migrations of the store.

Each migration is a function ``mNNN_what_it_does(db)`` registered on
:data:`MIGRATIONS` (``sqlite_utils.Migrations``), applied once, in order, and
recorded in the ``_sqlite_migrations`` table. A released migration is never
edited: a change of schema is a new, higher-numbered migration.

Tables
------
settings
    One row per setting: ``key`` (primary key), ``value`` (text).
saved_tables
    One row per rules id: ``rules_id`` (primary key), ``state`` (the table's
    ``to_state()`` as JSON).
decisions
    One row per graded decision (see :class:`bjtrainer.store.DecisionRecord`).
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

MIGRATIONS = Migrations("bjtrainer")


@MIGRATIONS()
def m001_create_settings_and_tables(db: Database) -> None:
    """Create ``settings`` (key/value) and ``saved_tables`` (one JSON state per rules id)."""
    db.table("settings").create({"key": str, "value": str}, pk="key", not_null={"value"})
    db.table("saved_tables").create(
        {"rules_id": str, "state": str}, pk="rules_id", not_null={"state"}
    )


@MIGRATIONS()
def m002_create_decisions(db: Database) -> None:
    """Create ``decisions``: one row per graded decision, indexed by rules id and spot key."""
    decisions = db.table("decisions")
    decisions.create(
        {
            "id": int,
            "kind": str,
            "rules_id": str,
            "spot_key": str,
            "cards": str,
            "up": str,
            "split_hand": int,
            "legal": str,
            "action": str,
            "evs": str,
            "best": str,
            "ev_lost": float,
            "accepted": int,
            "hint_shown": int,
            "created_at": str,
        },
        pk="id",
        not_null={
            "kind",
            "rules_id",
            "spot_key",
            "cards",
            "up",
            "split_hand",
            "legal",
            "action",
            "evs",
            "best",
            "ev_lost",
            "accepted",
            "hint_shown",
            "created_at",
        },
    )
    decisions.create_index(["rules_id", "spot_key"])
    decisions.create_index(["created_at"])
