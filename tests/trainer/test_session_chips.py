"""Chips are conserved at every step of random play at a table, as saved.

Each of the four presets of ``docs/rules/README.md`` with one seed, and
(slow) tables and seeds picked by Hypothesis. The seed draws the key
presses (``sigkill_driver.choose``: deals, answers, insurance amounts,
bets, chips, CLEAR, the Repeat box, refills, Hints, cash-outs). After every
press the table is read back from the store, and the books kept here from
the states it went through say: the starting chips of every night plus the
refills plus the settled nets equal the balance plus the chips on the
table plus the scores cashed out; and the saved table's own account of
chips (``"chips"``) agrees (``docs/numbers.md``, "Units").
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.store.board import Board
from bjtrainer.trainer.session import TableSession
from tests.trainer.chip_books import Books
from tests.trainer.sigkill_driver import apply_press, choose, clock_for, saved_form, table_rng


def play_and_check(rules_id: str, seed: int, presses: int) -> set[str]:
    """Play ``presses`` random key presses at a new table, checking the books after each.

    Returns the kinds of press made.
    """
    rng = np.random.default_rng(seed)
    kinds: set[str] = set()
    with Store.memory() as store:
        session = TableSession.open(store, PRESETS[rules_id], table_rng(seed), clock_for(0))
        before = saved_form(session)
        books = Books(starts=session.table.balance)
        for _ in range(presses):
            press = choose(session, rng)
            apply_press(session, press)
            saved = store.load_table(rules_id)
            assert saved is not None
            assert saved == saved_form(session)
            books.enter(press, before, saved)
            books.check(saved)
            before = saved
            kinds.add(press[0])
        scores = sorted(entry.score for entry in Board(store).top(rules_id, limit=10**6))
        assert scores == sorted(books.cashed)
    return kinds


def test_chips_are_conserved_at_every_step_of_each_table() -> None:
    kinds = set().union(*(play_and_check(rules_id, 1, 60) for rules_id in sorted(PRESETS)))
    # Every kind of key press between rounds was made, a cash-out and refills included.
    assert {"deal", "play", "refill", "cash_out", "bet", "chip", "clear", "repeat"} <= kinds


def test_every_key_press_is_at_most_one_write() -> None:
    """Each press of random play at each table is one ``BEGIN IMMEDIATE`` ... ``COMMIT``
    (or no write at all, e.g. a second Hint): an answer and its action, a deal,
    a bet, a refill, an insurance answer, a cash-out, each whole."""
    kinds: set[str] = set()
    for rules_id in sorted(PRESETS):
        rng = np.random.default_rng(1)
        with Store.memory() as store:
            session = TableSession.open(store, PRESETS[rules_id], table_rng(1), clock_for(0))
            for _ in range(60):
                press = choose(session, rng)
                statements: list[str] = []
                store.db.conn.set_trace_callback(statements.append)
                try:
                    apply_press(session, press)
                finally:
                    store.db.conn.set_trace_callback(None)
                ends = [sql.split()[0].upper() for sql in statements]
                ends = [word for word in ends if word in ("BEGIN", "COMMIT", "ROLLBACK", "END")]
                assert ends in ([], ["BEGIN", "COMMIT"]), (press, statements)
                kinds.add(press[0] if ends else "no write")
    assert {"deal", "play", "bet", "refill", "chip", "cash_out"} <= kinds


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_id=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32 - 1))
def test_chips_are_conserved_at_every_step_of_random_play(rules_id: str, seed: int) -> None:
    assert {"deal", "play"} <= play_and_check(rules_id, seed, 120)
