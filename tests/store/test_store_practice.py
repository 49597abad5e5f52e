"""The practice tables of the store: runs, attempts, queue, daily answers, cards.

Numbered migrations; one public write per event, each one transaction; WAL
and a busy timeout so two open windows never lose a write. The writes of
one answer go in one transaction, and answering the same decision twice (a
double key press) records it once.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.errors import StoreError
from bjtrainer.store import (
    AnswerEffects,
    AttemptKind,
    AttemptRecord,
    CardRecord,
    DailyAnswerRecord,
    ReviewRecord,
    RunKind,
    RunRecord,
    SavedTable,
    Store,
)
from bjtrainer.trainer.practice.answers import DailyPlace, record_answer

KEY = "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
WHEN = datetime(2026, 11, 29, 12, 0, tzinfo=timezone(timedelta(hours=1)))


def attempt(token: str, *, accepted: bool = False, run_id: int | None = None) -> AttemptRecord:
    return AttemptRecord(
        token=token,
        decision_key=token,
        run_id=run_id,
        position=0 if run_id is not None else None,
        rules_id="practice",
        spot_key=KEY,
        cards=("6", "T"),
        up="T",
        split_hand=False,
        kind=AttemptKind.FIRST,
        action=Action.STAND,
        best=Action.SURRENDER,
        accepted=accepted,
        ev_lost=0.0 if accepted else 0.0404,
        evs={Action.STAND: -0.5404, Action.SURRENDER: -0.5},
        created_at=WHEN.isoformat(),
        local_date="2026-11-29",
    )


def run(kind: RunKind = RunKind.FOCUS, due: tuple[str, ...] = ()) -> RunRecord:
    return RunRecord(
        rules_id="practice",
        kind=kind,
        spot_keys=(KEY,),
        started_at=WHEN.isoformat(),
        local_date="2026-11-29",
        topic="stiff",
        due_keys=due,
    )


def test_practice_tables_exist_in_memory_and_on_disk(tmp_path: Path) -> None:
    names = ("runs", "attempts", "review_queue", "daily_answers", "review_cards")
    with Store.memory() as memory, Store.open(tmp_path / "s.db") as on_disk:
        for name in names:
            assert name in memory.db.table_names()
            assert memory.db.table(name).columns_dict == on_disk.db.table(name).columns_dict


def test_attempts_round_trip_and_are_unique_by_token(store: Store) -> None:
    assert store.record_answer(attempt("a"))
    assert not store.record_answer(attempt("a", accepted=True))  # the same token again
    (stored,) = store.attempts("practice")
    assert stored == attempt("a")
    assert stored.id is not None
    assert store.attempt("a") == attempt("a") and store.attempt("zz") is None
    assert store.attempts("guide") == []
    assert store.attempts(spot_key=KEY) == [attempt("a")]


def test_runs_numbering_finishing_and_sets_between(store: Store) -> None:
    first = store.start_run(run())
    second = store.start_run(run(RunKind.DAILY))
    third = store.start_run(run(due=("a", "b")))
    assert first < second < third
    assert store.finished_runs_between(first, third) == 0
    store.finish_run(second, "2026-11-29T12:05:00+01:00")
    store.finish_run(second, "2026-11-29T13:00:00+01:00")  # keeps the first time
    assert store.finished_runs_between(first, third) == 1
    assert store.finished_runs_between(third, first) == 1
    assert store.finished_runs_between(first, second) == 0
    found = store.run(second)
    assert found is not None and found.finished_at == "2026-11-29T12:05:00+01:00"
    assert found.kind is RunKind.DAILY and found.topic == "stiff"
    assert store.run(99) is None
    assert [r.id for r in store.runs("practice")] == [first, second, third]
    assert store.due_served_on("practice", "2026-11-29") == 2
    assert store.due_served_on("practice", "2026-11-30") == 0


def test_queue_daily_card_and_table_rows_round_trip(store: Store) -> None:
    row = ReviewRecord("practice", KEY, 2, "t0", "t1", 1, 4, "2026-11-29")
    daily = DailyAnswerRecord("practice", "2026-11-29", 3, KEY, True, 1, 2, 7, "t")
    card = CardRecord("practice", KEY, "{}", "2026-12-01T12:00:00+00:00", 1)
    effects = AnswerEffects(review=row, card=card, daily=daily)
    table = SavedTable("practice", {"balance": 990})
    assert store.record_answer(attempt("a"), lambda: effects, table=table)
    assert store.review_record("practice", KEY) == row
    assert store.daily_answer("practice", "2026-11-29", 3) == daily
    assert store.daily_answers("practice", "2026-11-29") == [daily]
    assert store.daily_answers("practice", "2026-11-30") == []
    assert store.card_record("practice", KEY) == card and store.card_records("practice") == [card]
    assert store.load_table("practice") == {"balance": 990}
    cleared = AnswerEffects(review=replace(row, cleared_at="t2"))
    assert store.record_answer(attempt("b"), lambda: cleared)
    assert store.review_records("practice") == []
    assert store.review_records("practice", queued_only=False)[0].cleared_at == "t2"


def test_an_answer_already_stored_changes_only_the_table(store: Store) -> None:
    row = ReviewRecord("practice", KEY, 1, "t", "t")
    assert store.record_answer(attempt("a"), lambda: AnswerEffects(review=row))

    def never() -> AnswerEffects:
        raise AssertionError("the effects of a stored answer are not asked for again")

    again = SavedTable("practice", {"balance": 980})
    assert not store.record_answer(attempt("a", accepted=True), never, table=again)
    assert store.attempts() == [attempt("a")]
    assert store.load_table("practice") == {"balance": 980}  # the table moved on


def test_a_transaction_keeps_all_or_nothing(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction():
        store.record_answer(
            attempt("a"), lambda: AnswerEffects(ReviewRecord("practice", KEY, 1, "t", "t"))
        )
        store.set_setting("card_design", "classic")
        raise RuntimeError("killed half-way")
    assert store.attempts() == [] and store.review_record("practice", KEY) is None
    assert store.get_setting("card_design") is None


def test_an_answer_and_its_effects_commit_together(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_id = store.start_run(run(RunKind.DAILY))

    def broken(record: DailyAnswerRecord) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "_put_daily", broken)
    place = DailyPlace(date(2026, 11, 29), 0, KEY)
    with pytest.raises(StoreError, match="disk full"):
        record_answer(store, attempt("a", run_id=run_id), WHEN, place)
    assert store.attempts() == []
    assert store.review_record("practice", KEY) is None
    monkeypatch.undo()
    done = record_answer(store, attempt("a", run_id=run_id), WHEN, place)
    assert done.stored
    assert store.review_record("practice", KEY) is not None
    assert store.daily_answer("practice", "2026-11-29", 0) is not None
    again = record_answer(store, attempt("a", run_id=run_id), WHEN, place)
    assert not again.stored
    row = store.daily_answer("practice", "2026-11-29", 0)
    assert row is not None and row.decisions == 1  # not counted twice
    record = store.review_record("practice", KEY)
    assert record is not None and record.misses == 1


def test_two_open_windows_both_keep_their_answers(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with Store.open(path) as one, Store.open(path) as two:
        assert one.record_answer(attempt("from-one"))
        assert two.record_answer(attempt("from-two"))
        assert not two.record_answer(attempt("from-one"))
    with Store.open(path) as again:
        assert [a.token for a in again.attempts()] == ["from-one", "from-two"]


def test_an_unreadable_row_is_a_store_error(store: Store) -> None:
    store.record_answer(attempt("a"))
    store.db.execute("update attempts set kind = 'guess'")
    with pytest.raises(StoreError, match="unreadable"):
        store.attempts()
