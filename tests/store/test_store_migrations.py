"""Migrations: applied once, in order, idempotent on reopen.

The store's migrations: ``docs/architecture.md``, "Storage and the faces".
"""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

from bjtrainer.engine.actions import Action
from bjtrainer.store import BUSY_TIMEOUT_MS, AttemptKind, Store
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
    "m011_fold_decisions_into_attempts",
    "m012_hint_mark_into_saved_tables",
    "m013_saved_table_revision",
    "m014_answer_totals",
    "m015_create_rounds",
]


def applied_names(db: Database) -> list[str]:
    return [row["name"] for row in db.query("select name from _sqlite_migrations order by id")]


def test_new_store_applies_every_migration_once(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.db")
    assert applied_names(store.db) == RELEASED
    assert MIGRATIONS.pending(store.db) == []
    assert {"settings", "saved_tables", "attempts"} <= set(store.db.table_names())
    assert "decisions" not in store.db.table_names()  # folded into attempts by m011
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
    assert "attempts" in store.db.table_names()
    assert store.get_setting("theme") == "dark"
    store.close()


def test_file_store_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s.db")
    assert store.db.journal_mode == "wal"
    assert store.db.execute("PRAGMA busy_timeout").fetchone()[0] == BUSY_TIMEOUT_MS
    store.close()


def test_memory_store_has_the_same_schema(tmp_path: Path) -> None:
    with Store.memory() as memory, Store.open(tmp_path / "s.db") as on_disk:
        for name in ("settings", "saved_tables", "attempts"):
            assert memory.db.table(name).columns_dict == on_disk.db.table(name).columns_dict


# Two table answers as m002's ``decisions`` table held them: 16 v 10 hit after
# a hint, with doubling not allowed (too few chips) though the rules allow it;
# and insurance taken at night, which was counted in practice too (its attempt
# was written in the same transaction, a fraction of a second later).
SIXTEEN = {
    "kind": "decision",
    "rules_id": "practice",
    "spot_key": "practice|6,T|T|hand:1:0|stand+hit+surrender",
    "cards": '["6", "T"]',
    "up": "T",
    "split_hand": 0,
    "legal": '["stand", "hit", "surrender"]',
    "action": "hit",
    "evs": '{"stand": -0.5404, "hit": -0.5398, "double": -1.0797, "surrender": -0.5}',
    "best": "surrender",
    "ev_lost": 0.0398,
    "accepted": 0,
    "hint_shown": 1,
    "created_at": "2026-11-29T23:30:00+01:00",
}
INSURED = {
    **SIXTEEN,
    "kind": "insurance",
    "rules_id": "night",
    "spot_key": "night|T,T|A|hand:1:0|insurance+no_insurance",
    "cards": '["T", "T"]',
    "up": "A",
    "legal": '["insurance", "no_insurance"]',
    "action": "insurance",
    "evs": '{"insurance": -0.038461538461538464, "no_insurance": 0.0}',
    "best": "no_insurance",
    "ev_lost": 1 / 26,
    "hint_shown": 0,
    "created_at": "2026-11-29T15:00:05.000100+00:00",
}
INSURED_TOKEN = f"table/2026-11-29T15:00:05.000400+00:00/4/{INSURED['spot_key']}"
INSURED_ATTEMPT = {
    "token": INSURED_TOKEN,
    "decision_key": INSURED_TOKEN,
    "run_id": None,
    "position": None,
    "rules_id": "night",
    "spot_key": INSURED["spot_key"],
    "cards": '["T", "T"]',
    "up": "A",
    "split_hand": 0,
    "kind": "first",
    "action": "insurance",
    "best": "no_insurance",
    "accepted": 0,
    "ev_lost": 1 / 26,
    "evs": INSURED["evs"],
    "created_at": "2026-11-29T15:00:05.000400+00:00",
    "local_date": "2026-11-29",
}


def test_the_decisions_table_is_folded_into_attempts(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m011_fold_decisions_into_attempts")
    db.table("decisions").insert_all([SIXTEEN, INSURED, {**SIXTEEN, "hint_shown": 0}])
    db.table("attempts").insert(INSURED_ATTEMPT)
    db.close()

    with Store.open(path) as store:
        assert "decisions" not in store.db.table_names()
        insured, sixteen, again = store.attempts()
        # The insurance answer was in attempts already: it is kept once, as it was.
        assert insured.token == INSURED_ATTEMPT["token"]
        assert store.attempts("night") == [insured]
        # The other two had no attempt: each becomes one, a first answer at the table.
        assert (sixteen.token, again.token) == ("decisions/1", "decisions/3")
        assert sixteen.decision_key == "decisions/1"
        assert (sixteen.run_id, sixteen.position) == (None, None)
        assert sixteen.kind is AttemptKind.AFTER_HINT  # the hint was shown first
        assert again.kind is AttemptKind.FIRST
        assert sixteen.spot_key == SIXTEEN["spot_key"]
        assert (sixteen.cards, sixteen.up, sixteen.split_hand) == (("6", "T"), "T", False)
        assert (sixteen.action, sixteen.best) == (Action.HIT, Action.SURRENDER)
        assert not sixteen.accepted and sixteen.ev_lost == 0.0398
        # An attempt keeps the legal actions' EVs: doubling was not allowed.
        assert sixteen.evs == {Action.STAND: -0.5404, Action.HIT: -0.5398, Action.SURRENDER: -0.5}
        assert sixteen.created_at == "2026-11-29T23:30:00+01:00"
        assert sixteen.local_date == "2026-11-29"  # the answer's own (local) date


def test_the_hint_mark_moves_from_settings_into_the_saved_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m012_hint_mark_into_saved_tables")
    db.table("settings").insert_all(
        [
            {"key": "hint_shown:practice", "value": "1"},  # a hint seen, then the app stopped
            {"key": "hint_shown:night", "value": "0"},
            {"key": "hint_shown:guide", "value": "1"},  # no saved table to carry it
            {"key": "card_design", "value": "classic"},
        ]
    )
    db.table("saved_tables").insert_all(
        [
            {"rules_id": "practice", "state": '{"balance":990}'},
            {"rules_id": "night", "state": '{"balance":500}'},
        ]
    )
    db.close()

    with Store.open(path) as store:
        assert store.load_table("practice") == {"balance": 990, "hint_shown": True}
        assert store.load_table("night") == {"balance": 500}
        assert store.load_table("guide") is None
        keys = [row["key"] for row in store.db.table("settings").rows]
        assert keys == ["card_design"]  # the loose rows are gone
