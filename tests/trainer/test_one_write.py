"""One graded answer is one store write: one transaction, all of it or nothing.

At the table the attempt, its review-queue row and the saved table go
together; in a practice set the attempt and its queue row. The statements
the connection runs are traced (``sqlite3.Connection.set_trace_callback``),
and a failure is injected in the table save with an SQLite trigger, so the
rollback is the database's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import StoreError
from bjtrainer.store import Store
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.session import TableSession
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import make_practice
from tests.tui.tui_support import PRACTICE, fixed_clock

# Player T,T against a 6 (hole 7); a hit draws a 5 and busts: a miss, so the
# answer also enters the review queue.
TWENTY = ["TS", "6H", "TD", "7C", "5C", "9D"]
SIXTEEN_LEGAL = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})


@contextmanager
def traced(store: Store) -> Iterator[list[str]]:
    """The statements the store's connection runs inside the block, upper-cased."""
    statements: list[str] = []
    store.db.conn.set_trace_callback(lambda sql: statements.append(sql.strip().upper()))
    try:
        yield statements
    finally:
        store.db.conn.set_trace_callback(None)


def transactions(statements: list[str]) -> list[str]:
    """The statements that open or end a transaction, in order.

    Savepoints (sqlite-utils wraps each insert in one) nest inside the
    transaction and commit with it.
    """
    return [sql for sql in statements if sql.startswith(("BEGIN", "COMMIT", "ROLLBACK", "END"))]


def table_at_twenty(store: Store) -> TableSession:
    shoe = Shoe.stacked(PRACTICE, TWENTY)
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    return session


def test_a_table_answer_is_one_immediate_transaction(store: Store) -> None:
    session = table_at_twenty(store)
    with traced(store) as statements:
        grade = session.play(Action.HIT)
    assert not grade.accepted
    assert transactions(statements) == ["BEGIN IMMEDIATE", "COMMIT"]
    writes = [sql for sql in statements if sql.startswith(("INSERT", "UPDATE", "DELETE"))]
    assert [sql.split()[2].strip('"[]') for sql in writes] == [
        "SETTINGS",  # the table's tally of luck and skill (trainer/luck.py)
        "ATTEMPTS",
        "ANSWER_SPOTS",  # the running totals (store/summary.py)
        "ANSWER_WRONG_PLAYS",
        "ANSWER_DAYS",
        "REVIEW_QUEUE",
        "SAVED_TABLES",
        "ROUNDS",  # the hit busts 20: the settled round is stored with the table
    ]
    (attempt,) = store.attempts()
    assert attempt.action is Action.HIT and not attempt.accepted
    assert store.review_record("practice", attempt.spot_key) is not None
    assert store.load_table("practice") == session.table.to_state()


def test_a_failed_table_save_keeps_nothing_of_the_answer(store: Store) -> None:
    session = table_at_twenty(store)
    saved = store.load_table("practice")
    before = session.table.to_state()
    for event in ("INSERT", "UPDATE"):
        store.db.execute(
            f"create trigger no_save_{event.lower()} before {event} on saved_tables "
            "begin select raise(abort, 'disk full'); end"
        )
    with pytest.raises(StoreError, match="disk full"):
        session.play(Action.HIT)
    # Rolled back: no attempt, no queue row, the saved table as it was ...
    assert store.attempts() == []
    assert store.review_records("practice", queued_only=False) == []
    assert store.load_table("practice") == saved
    # ... and the answer is not applied to the table in play either.
    assert session.table.to_state() == before
    assert session.last_grade is None

    for event in ("insert", "update"):
        store.db.execute(f"drop trigger no_save_{event}")
    session.play(Action.HIT)  # the same answer, once the store can be written
    (attempt,) = store.attempts()
    assert attempt.action is Action.HIT
    assert store.load_table("practice") == session.table.to_state() != before


def test_a_set_answer_is_one_immediate_transaction(store: Store) -> None:
    # Hard 16 v 10 (hole 7) at the practice table: standing is a miss (surrender
    # gives up 0.04 less), so the answer also enters the review queue.
    plan = DealPlan(
        Spot("practice", ("T", "6"), "T", legal=SIXTEEN_LEGAL), ("TS", "TH", "6D", "7C")
    )
    practice_set = make_practice(store).start_custom([plan])
    pending = practice_set.pending
    assert pending is not None
    with traced(store) as statements:
        outcome = practice_set.answer(Action.STAND, token=pending.token)
    assert outcome.recorded and not outcome.applied
    assert transactions(statements) == ["BEGIN IMMEDIATE", "COMMIT"]
    (attempt,) = store.attempts(run_id=practice_set.run_id)
    assert store.review_record("practice", attempt.spot_key) is not None


def test_the_answer_that_ends_a_set_finishes_its_run_in_the_same_write(store: Store) -> None:
    plan = DealPlan(
        Spot("practice", ("T", "6"), "T", legal=SIXTEEN_LEGAL), ("TS", "TH", "6D", "7C")
    )
    practice_set = make_practice(store).start_custom([plan])
    pending = practice_set.pending
    assert pending is not None
    with traced(store) as statements:
        outcome = practice_set.answer(Action.SURRENDER, token=pending.token)  # the best play
    assert outcome.applied and practice_set.hand_over and practice_set.finished
    assert transactions(statements) == ["BEGIN IMMEDIATE", "COMMIT"]
    run = store.run(practice_set.run_id)
    (attempt,) = store.attempts(run_id=practice_set.run_id)
    assert run is not None and run.finished_at == attempt.created_at
