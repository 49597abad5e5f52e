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
    ``to_state()`` as JSON, with the session's hint mark), ``revision``
    (added by ``m013``: 1 for a new row, one more at every save).
decisions
    Created by ``m002``: one row per graded answer at the table. Its rows are
    folded into ``attempts`` and the table dropped by ``m011``.
runs
    One row per practice set (see :class:`bjtrainer.store.RunRecord`).
attempts
    One row per graded answer, at the table (``run_id`` null) or in a
    practice set, unique by its idempotency ``token`` (see
    :class:`bjtrainer.store.AttemptRecord`).
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
answer_spots, answer_wrong_plays, answer_days, answer_tables
    Created by ``m014``: the running totals of the answers, per spot, per
    day and per table (:mod:`bjtrainer.store.summary`).
rounds
    Created by ``m015``: one row per round settled at the table (see
    :class:`bjtrainer.store.RoundRecord`).

Every column of every table is described in ``docs/export.md``, "The store".
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlite_utils import Database, Migrations

from bjtrainer.store.summary import create_summary_tables, rebuild

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


#: Largest gap between a ``decisions`` row and the table attempt written
#: with it in the same transaction (two readings of the clock), in seconds.
_SAME_ANSWER_SECONDS = 2.0


def _moment(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _same_time(first: str, second: str) -> bool:
    if first == second:
        return True
    one, other = _moment(first), _moment(second)
    if one is None or other is None or (one.tzinfo is None) != (other.tzinfo is None):
        return False
    return abs((one - other).total_seconds()) <= _SAME_ANSWER_SECONDS


def _attempt_of_decision(row: dict[str, Any]) -> dict[str, Any]:
    """The ``attempts`` row of a ``decisions`` row that has none.

    A table answer is a first answer, after a hint when one was shown; its
    EVs are those of the legal actions (the decision kept every action the
    rules allow); the local date is the date of its own time stamp.
    """
    token = f"decisions/{row['id']}"
    evs = json.loads(row["evs"])
    legal = json.loads(row["legal"])
    moment = _moment(row["created_at"])
    return {
        "token": token,
        "decision_key": token,
        "run_id": None,
        "position": None,
        "rules_id": row["rules_id"],
        "spot_key": row["spot_key"],
        "cards": row["cards"],
        "up": row["up"],
        "split_hand": row["split_hand"],
        "kind": "after_hint" if row["hint_shown"] else "first",
        "action": row["action"],
        "best": row["best"],
        "accepted": row["accepted"],
        "ev_lost": row["ev_lost"],
        "evs": json.dumps({name: evs[name] for name in legal if name in evs}),
        "created_at": row["created_at"],
        "local_date": (
            moment.date().isoformat() if moment is not None else str(row["created_at"])[:10]
        ),
    }


@MIGRATIONS()
def m011_fold_decisions_into_attempts(db: Database) -> None:
    """Fold the ``decisions`` rows into ``attempts``, then drop ``decisions``.

    A table answer wrote a ``decisions`` row and, in the same transaction,
    an ``attempts`` row (``run_id`` null) of the same table, spot and action
    within two seconds; such a pair is kept once, as the attempt. A
    decision without its attempt (answers given before table answers were
    counted in practice) becomes an attempt with the token
    ``decisions/<id>``.
    """
    if "decisions" not in db.table_names():  # pragma: no cover - m002 always ran first
        return
    unmatched: dict[tuple[str, str, str], list[str]] = {}
    for attempt in db.table("attempts").rows_where("run_id is null", order_by="id"):
        group = (attempt["rules_id"], attempt["spot_key"], attempt["action"])
        unmatched.setdefault(group, []).append(attempt["created_at"])
    folded = []
    for decision in db.table("decisions").rows_where(order_by="id"):
        group = (decision["rules_id"], decision["spot_key"], decision["action"])
        times = unmatched.get(group, [])
        at = decision["created_at"]
        match = next((i for i, other in enumerate(times) if _same_time(other, at)), None)
        if match is None:
            folded.append(_attempt_of_decision(decision))
        else:
            del times[match]
    if folded:
        db.table("attempts").insert_all(folded)
    db.table("decisions").drop()


@MIGRATIONS()
def m012_hint_mark_into_saved_tables(db: Database) -> None:
    """Move the ``hint_shown:<rules id>`` settings rows into the saved tables.

    A Hint or Why shown for the pending decision of a table is marked in its
    saved state (``"hint_shown": true``, see
    :class:`bjtrainer.trainer.session.TableSession`); a mark of ``"1"`` is
    copied into the saved table of that rules id, when there is one, and
    every such settings row is deleted.
    """
    settings = db.table("settings")
    saved = db.table("saved_tables")
    rows = list(settings.rows_where("key like ?", ["hint_shown:%"]))
    for row in rows:
        rules_id = str(row["key"]).removeprefix("hint_shown:")
        if row["value"] != "1":
            continue
        for table in saved.rows_where("rules_id = ?", [rules_id]):
            try:
                state = json.loads(table["state"])
            except (TypeError, ValueError):
                continue  # an unreadable save is kept aside as it is when the table opens
            if isinstance(state, dict):
                state["hint_shown"] = True
                text = json.dumps(state, separators=(",", ":"), allow_nan=False)
                saved.update(rules_id, {"state": text})
    for row in rows:
        settings.delete(row["key"])


@MIGRATIONS()
def m013_saved_table_revision(db: Database) -> None:
    """Add ``saved_tables.revision``: 1 for every row saved so far.

    A save bumps it in the same transaction; a window saves only over the
    revision it loaded (:meth:`bjtrainer.store.Store.save_table`).
    """
    db.table("saved_tables").add_column("revision", int, not_null_default=1)


@MIGRATIONS()
def m014_answer_totals(db: Database) -> None:
    """Create the running totals of the answers and fill them from ``attempts``.

    ``answer_spots``, ``answer_wrong_plays``, ``answer_days`` and
    ``answer_tables`` (:mod:`bjtrainer.store.summary`) hold the sums the
    stats, the weighted draw and the review queue read; from here on every
    stored answer adds to them in its own transaction. An index on
    ``attempts (rules_id, decision_key, kind)`` finds a decision's earlier
    retry.
    """
    create_summary_tables(db.conn)
    rebuild(db.conn)


@MIGRATIONS()
def m015_create_rounds(db: Database) -> None:
    """Create ``rounds``: one row per round settled at the table, indexed by table and date.

    The columns are those of :class:`bjtrainer.store.RoundRecord`;
    ``hand_nets``, ``outcomes`` and ``player_cards`` are JSON lists.
    Rounds settled before this migration were never kept.
    """
    rounds = db.table("rounds")
    rounds.create(
        {
            "id": int,
            "rules_id": str,
            "bet": int,
            "wagered": int,
            "net": int,
            "hand_nets": str,
            "insurance_net": int,
            "outcomes": str,
            "player_cards": str,
            "dealer_cards": str,
            "dealer_total": int,
            "balance_after": int,
            "created_at": str,
            "local_date": str,
        },
        pk="id",
        not_null={
            "rules_id",
            "bet",
            "wagered",
            "net",
            "hand_nets",
            "insurance_net",
            "outcomes",
            "player_cards",
            "dealer_cards",
            "balance_after",
            "created_at",
            "local_date",
        },
    )
    rounds.create_index(["rules_id", "local_date"])
