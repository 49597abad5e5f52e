"""Several bjtrainer processes on one store file: no answer lost, no table overwritten.

``docs/playing.md``, "Two windows": every write is one short ``BEGIN
IMMEDIATE`` transaction that waits on the busy timeout; the saved table
carries a revision, and a save is a compare-and-set on it; a store still
locked after the timeout refuses the write with a message that says so
(and not that the store should be moved away).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from sqlite_utils import Database

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import StoreBusyError, TableChangedError
from bjtrainer.store import SavedTable, Store
from bjtrainer.store.migrations import MIGRATIONS
from bjtrainer.trainer.practice.answers import record_answer
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.seat import Seat, remember
from tests.store.answer_writer import answer, write_answers
from tests.trainer.practice.practice_support import best_answer, make_practice
from tests.tui.tui_support import fixed_clock

WRITER = Path(__file__).with_name("answer_writer.py")
PRACTICE = PRESETS["practice"]
NIGHT = PRESETS["night"]


def run_writers(tmp_path: Path, names: list[str], count: int) -> Path:
    """Start one ``answer_writer.py`` per name on a store not yet created, all at once.

    Returns the store file once every writer is done; each must have exited
    0 with nothing on stderr and printed ``count`` (every answer stored).
    """
    path, go = tmp_path / "bjtrainer.db", tmp_path / "go"
    command = [sys.executable, str(WRITER), str(path)]
    writers = [
        subprocess.Popen(
            [*command, name, str(count), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    go.touch()
    for writer in writers:
        out, err = writer.communicate(timeout=120)
        assert (writer.returncode, err, out.strip()) == (0, "", str(count))
    return path


def stored_tokens(path: Path) -> list[str]:
    with Store.open(path) as store:
        return sorted(attempt.token for attempt in store.attempts())


def expected_tokens(names: list[str], count: int) -> list[str]:
    return sorted(answer(name, number)[0].token for name in names for number in range(count))


@pytest.mark.slow
def test_two_processes_of_500_answers_store_all_1000(tmp_path: Path) -> None:
    names = ["window-a", "window-b"]
    path = run_writers(tmp_path, names, 500)
    assert stored_tokens(path) == expected_tokens(names, 500)
    with Store.open(path) as store:
        # Each writer's table was saved 500 times over its own last revision.
        assert [store.table_revision(name) for name in names] == [500, 500]
        assert [store.load_table(name) for name in names] == [{"answers": 500}] * 2
        (queued,) = store.review_records("practice", queued_only=False)
        assert queued.spot_key == answer("a", 0)[0].spot_key


@pytest.mark.slow
def test_three_processes_opening_a_new_store_at_once_keep_every_answer(tmp_path: Path) -> None:
    names = ["window-a", "window-b", "command"]
    path = run_writers(tmp_path, names, 20)
    assert stored_tokens(path) == expected_tokens(names, 20)
    with Store.open(path) as store:
        applied = [row["name"] for row in store.db.query("select name from _sqlite_migrations")]
        assert applied == [
            migration.name for migration in MIGRATIONS.pending(Database(memory=True))
        ]


def test_two_connections_of_50_answers_on_a_new_store_store_all_100(tmp_path: Path) -> None:
    # The fast variant: two threads of this process, each with its own connection
    # (SQLite locks them against each other as it does two processes).
    names = ["window-a", "window-b"]
    path, go = tmp_path / "bjtrainer.db", tmp_path / "go"
    with ThreadPoolExecutor(max_workers=2) as pool:
        writers = [pool.submit(write_answers, path, name, 50, go) for name in names]
        go.touch()
        assert [writer.result(timeout=60) for writer in writers] == [50, 50]
    assert stored_tokens(path) == expected_tokens(names, 50)


# The revision of a saved table


def test_every_save_bumps_the_revision_and_a_stale_one_is_refused(store: Store) -> None:
    assert store.table_revision("practice") == 0  # nothing saved
    assert store.save_table("practice", {"n": 1}, revision=0) == 1
    assert store.save_table("practice", {"n": 2}, revision=1) == 2
    assert store.save_table("practice", {"n": 3}) == 3  # no revision: saved over anything
    with pytest.raises(TableChangedError, match="revision 3, this one follows 2"):
        store.save_table("practice", {"n": "stale"}, revision=2)
    with pytest.raises(TableChangedError):
        store.save_table("night", {"n": "new?"}, revision=4)  # there is no row yet
    assert store.saved_table("practice") == SavedTable("practice", {"n": 3}, 3)
    assert store.saved_table("night") is None
    assert not store.db.conn.in_transaction


def test_a_stale_answer_writes_nothing_at_all(store: Store) -> None:
    store.save_table("practice", {"n": 1})
    attempt, at = answer("a", 0)
    with pytest.raises(TableChangedError):
        record_answer(store, attempt, at, table=SavedTable("practice", {"n": 2}, 0))
    assert store.attempts() == []
    assert store.review_records("practice", queued_only=False) == []
    assert store.saved_table("practice") == SavedTable("practice", {"n": 1}, 1)


def test_an_older_store_gets_revision_1_for_its_saved_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m013_saved_table_revision")
    db.table("saved_tables").insert({"rules_id": "practice", "state": '{"n": 1}'})
    db.close()
    with Store.open(path) as store:
        assert store.saved_table("practice") == SavedTable("practice", {"n": 1}, 1)
        assert store.save_table("practice", {"n": 2}, revision=1) == 2


# A store still locked after the busy timeout


def hold_write_lock(path: Path) -> sqlite3.Connection:
    """Another connection holding the store's write lock (``BEGIN IMMEDIATE``) until closed."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_lock_held_past_the_timeout_refuses_the_write_with_a_busy_message(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bjtrainer.db"
    with Store.open(path) as store:
        store.save_table("practice", {"n": 1})
        store.db.execute("PRAGMA busy_timeout = 20")  # instead of 5 s
        other = hold_write_lock(path)
        try:
            with pytest.raises(StoreBusyError) as refused:
                store.save_table("practice", {"n": 2}, revision=1)
        finally:
            other.close()
        message = str(refused.value)
        assert message == (
            f"The bjtrainer store {path} is busy: another bjtrainer window or command kept it "
            "locked for 5 s. Nothing was changed; try again."
        )
        assert "move" not in message.lower()
        assert store.saved_table("practice") == SavedTable("practice", {"n": 1}, 1)
        assert store.save_table("practice", {"n": 2}, revision=1) == 2  # tried again


# Every write is BEGIN IMMEDIATE; no read keeps a snapshot open


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")


class Audit:
    """Follows the statements of one connection: each write must be inside ``BEGIN IMMEDIATE``."""

    def __init__(self) -> None:
        self.transaction: str | None = None  # "immediate", "deferred" or None
        self.savepoints = 0
        self.writes = 0
        self.wrong: list[str] = []

    def __call__(self, sql: str) -> None:
        words = sql.strip().upper().split()
        if not words:
            return
        first = words[0]
        if first == "BEGIN":
            self.transaction = "immediate" if words[1:2] == ["IMMEDIATE"] else "deferred"
        elif first in ("COMMIT", "END") or (first == "ROLLBACK" and words[1:2] != ["TO"]):
            self.transaction, self.savepoints = None, 0
        elif first == "SAVEPOINT":
            if self.transaction is None:
                self.transaction = "deferred"  # a savepoint outside BEGIN starts a deferred one
            self.savepoints += 1
        elif first == "RELEASE":
            self.savepoints -= 1
        elif first in WRITES:
            self.writes += 1
            if self.transaction != "immediate":
                self.wrong.append(f"{self.transaction or 'autocommit'}: {sql.strip()[:70]}")


def snapshot_free(path: Path) -> bool:
    """Whether no connection holds a read snapshot: a TRUNCATE checkpoint completes at once."""
    checker = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        busy, _, _ = checker.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        checker.close()
    return bool(busy == 0)


def test_every_write_of_a_whole_session_is_immediate_and_no_read_stays_open(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bjtrainer.db"
    audit = Audit()
    connection = sqlite3.connect(path)
    connection.set_trace_callback(audit)
    store = Store(Database(connection))  # a new file: every migration is a write
    steps: list[str] = []

    def step(name: str) -> None:
        assert not store.db.conn.in_transaction, name
        assert snapshot_free(path), name
        steps.append(name)

    step("open")
    remember(store, Seat(PRACTICE, "practice", "classic"))
    step("remember the seat")
    # T,6 v T (hole 7): hint, then hit draws a 5 (21) and the dealer's 17 stands.
    shoe = Shoe.stacked(PRACTICE, ["TS", "TH", "6D", "7C", "5C"], np.random.default_rng(1))
    session = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock, shoe=shoe)
    session.deal()
    step("deal")
    assert session.hint() is not None
    step("hint")
    session.play(Action.HIT)  # 21: the round settles
    step("hit")
    session.set_bet(25)
    step("set the bet")
    store.save_table("broken", {"format": "nonsense"})
    broken = PRACTICE.model_copy(update={"id": "broken"})
    TableSession.open(store, broken, np.random.default_rng(2), fixed_clock)  # kept aside
    step("start over")
    night = TableSession.open(store, NIGHT, np.random.default_rng(3), fixed_clock)
    night.clear_bet()
    night.add_chip(NIGHT.chip_denominations[0])
    night.set_repeat_bet(False)
    step("night bets")
    night.cash_out("Ann")
    step("cash out")
    practice_set = make_practice(store).start_focus(Topic.HARD)
    pending = practice_set.pending
    assert pending is not None
    practice_set.answer(best_answer(practice_set, pending), token=pending.token)
    step("a practice set")
    store.close()

    assert audit.wrong == []
    assert audit.writes > 20  # the trace saw the writes
    assert len(steps) == 10
