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
runs
    One row per practice set (see :class:`bjtrainer.store.RunRecord`).
attempts
    One row per graded answer in practice, unique by its idempotency
    ``token`` (see :class:`bjtrainer.store.AttemptRecord`).
review_queue
    One row per spot that ever entered the review queue
    (see :class:`bjtrainer.store.ReviewRecord`).
daily_answers
    The first play of each spot of each day's daily five
    (see :class:`bjtrainer.store.DailyAnswerRecord`).
review_cards
    One spaced-repetition card per learned spot
    (see :class:`bjtrainer.store.CardRecord`).
board
    One row per score entered on the top-five board of a CASH OUT table
    (see :class:`bjtrainer.store.board.BoardEntry`).
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


@MIGRATIONS()
def m003_create_runs_and_attempts(db: Database) -> None:
    """Create ``runs`` (practice sets) and ``attempts`` (graded answers, unique by token)."""
    runs = db.table("runs")
    runs.create(
        {
            "id": int,
            "rules_id": str,
            "kind": str,
            "topic": str,
            "daily_date": str,
            "replay": int,
            "spot_keys": str,
            "due_keys": str,
            "started_at": str,
            "local_date": str,
            "finished_at": str,
        },
        pk="id",
        not_null={
            "rules_id",
            "kind",
            "replay",
            "spot_keys",
            "due_keys",
            "started_at",
            "local_date",
        },
    )
    runs.create_index(["rules_id", "local_date"])
    attempts = db.table("attempts")
    attempts.create(
        {
            "id": int,
            "token": str,
            "decision_key": str,
            "run_id": int,
            "position": int,
            "rules_id": str,
            "spot_key": str,
            "cards": str,
            "up": str,
            "split_hand": int,
            "kind": str,
            "action": str,
            "best": str,
            "accepted": int,
            "ev_lost": float,
            "evs": str,
            "created_at": str,
            "local_date": str,
        },
        pk="id",
        not_null={
            "token",
            "decision_key",
            "rules_id",
            "spot_key",
            "cards",
            "up",
            "split_hand",
            "kind",
            "action",
            "best",
            "accepted",
            "ev_lost",
            "evs",
            "created_at",
            "local_date",
        },
        foreign_keys=[("run_id", "runs", "id")],
    )
    attempts.create_index(["token"], unique=True)
    attempts.create_index(["rules_id", "spot_key"])
    attempts.create_index(["run_id"])
    attempts.create_index(["rules_id", "local_date"])


@MIGRATIONS()
def m004_create_review_queue(db: Database) -> None:
    """Create ``review_queue``: one row per spot that entered the queue, keyed by rules and spot."""
    db.table("review_queue").create(
        {
            "rules_id": str,
            "spot_key": str,
            "misses": int,
            "entered_at": str,
            "last_miss_at": str,
            "done": int,
            "done_run_id": int,
            "done_date": str,
            "cleared_at": str,
        },
        pk=("rules_id", "spot_key"),
        not_null={"misses", "entered_at", "last_miss_at", "done"},
    )


@MIGRATIONS()
def m005_create_daily_answers(db: Database) -> None:
    """Create ``daily_answers``: the first play of each spot of a day's daily five."""
    db.table("daily_answers").create(
        {
            "rules_id": str,
            "date": str,
            "position": int,
            "spot_key": str,
            "accepted": int,
            "hints": int,
            "decisions": int,
            "run_id": int,
            "answered_at": str,
        },
        pk=("rules_id", "date", "position"),
        not_null={"spot_key", "accepted", "hints", "decisions", "run_id", "answered_at"},
    )


@MIGRATIONS()
def m006_create_review_cards(db: Database) -> None:
    """Create ``review_cards``: one ``fsrs`` card per learned spot, indexed by due time."""
    cards = db.table("review_cards")
    cards.create(
        {"rules_id": str, "spot_key": str, "card": str, "due": str, "reviews": int},
        pk=("rules_id", "spot_key"),
        not_null={"card", "due", "reviews"},
    )
    cards.create_index(["rules_id", "due"])


@MIGRATIONS()
def m010_create_board(db: Database) -> None:
    """Create ``board``: one row per score entered on a table's top-five board."""
    board = db.table("board")
    board.create(
        {"id": int, "rules_id": str, "name": str, "score": int, "created_at": str},
        pk="id",
        not_null={"rules_id", "name", "score", "created_at"},
    )
    board.create_index(["rules_id", "score"])
