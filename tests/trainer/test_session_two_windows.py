"""Two windows at one table: the newer table wins, no move is made on a stale one.

``docs/playing.md``, "Two windows": a window whose table was played in
another window since does not save over it; it reloads the newer table,
says "This table was played in another window: reloaded.", and the key
just pressed is not applied (nothing is recorded for it). A store still
locked after the busy timeout leaves the table as it was; the key may be
pressed again. Each window here is a store connection of its own on one
file, as two bjtrainer processes are.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError, StoreBusyError, TableChangedError
from bjtrainer.store import Store
from bjtrainer.trainer.session import RELOADED_NOTICE, TableSession

PRACTICE = PRESETS["practice"]
NIGHT = PRESETS["night"]

# T,6 v T (hole 7), then 5, 9, 4 ...
CARDS = ["TS", "TH", "6D", "7C", "5C", "9D", "4H", "8S", "2C", "3D", "KH", "QS"]


def ticking_clock() -> Callable[[], datetime]:
    """A clock one second later at every reading (answers of two windows never share a time)."""
    moments: Iterator[int] = iter(range(10**9))
    start = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    return lambda: start + timedelta(seconds=next(moments))


@pytest.fixture
def windows(tmp_path: Path) -> Iterator[tuple[TableSession, TableSession]]:
    """Two windows open at the practice table on one store file, before either played."""
    path = tmp_path / "bjtrainer.db"
    with Store.open(path) as first, Store.open(path) as second:
        clock = ticking_clock()
        shoe = Shoe.stacked(PRACTICE, CARDS, np.random.default_rng(1))
        a = TableSession.open(first, PRACTICE, np.random.default_rng(1), clock, shoe=shoe)
        b = TableSession.open(second, PRACTICE, np.random.default_rng(2), clock)
        yield a, b


def saved(session: TableSession) -> dict[str, Any] | None:
    return session.store.load_table(PRACTICE.id)


def test_a_deal_in_a_stale_window_reloads_and_deals_nothing(
    windows: tuple[TableSession, TableSession],
) -> None:
    a, b = windows
    a.deal()  # T,6 v T
    a_state = a.table.to_state()
    with pytest.raises(TableChangedError) as refused:
        b.deal()
    assert (
        str(refused.value)
        == RELOADED_NOTICE
        == ("This table was played in another window: reloaded.")
    )
    # B now shows A's hand; B's deal was not made and nothing of it saved.
    assert b.table.to_state() == a_state == saved(a)
    assert b.in_play and b.revision == a.revision == 1
    hand = b.table.round.hands[0]  # type: ignore[union-attr]
    assert [str(card) for card in hand.cards] == ["TS", "6D"]


def test_a_decision_in_a_stale_window_is_not_applied_nor_recorded(
    windows: tuple[TableSession, TableSession],
) -> None:
    a, b = windows
    a.deal()
    with pytest.raises(TableChangedError):
        b.play(Action.STAND)  # B's table had no hand: its key is for a stale table
    b.play(Action.HIT)  # on the reloaded table: T,6 + 5 = 21, the round settles
    assert b.table.round is not None and b.table.round.phase is Phase.SETTLED
    # A played nothing since its deal: its stand belongs to a table that moved on.
    before = saved(a)
    with pytest.raises(TableChangedError, match="another window: reloaded"):
        a.play(Action.STAND)
    (attempt,) = b.store.attempts()  # B's hit only
    assert attempt.action is Action.HIT
    assert saved(a) == before == a.table.to_state() == b.table.to_state()
    assert a.last_grade is None and a.table.round is not None
    assert a.table.round.phase is Phase.SETTLED


def test_the_revision_is_checked_again_inside_the_answers_transaction(
    windows: tuple[TableSession, TableSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = windows
    a.deal()
    with pytest.raises(TableChangedError):
        b.hint()  # B reloads A's hand (and is told so) ...
    assert b.table.to_state() == a.table.to_state()
    real = a.store.transaction

    def b_plays_first() -> Any:
        # ... and hits between A's revision check and A's write (its one transaction).
        b.play(Action.HIT)
        return real()

    monkeypatch.setattr(a.store, "transaction", b_plays_first)
    with pytest.raises(TableChangedError):
        a.play(Action.STAND)
    (attempt,) = a.store.attempts()
    assert attempt.action is Action.HIT  # A's stand left nothing behind
    assert a.table.to_state() == b.table.to_state() == saved(a)


def test_the_hint_in_a_stale_window_reloads_first(
    windows: tuple[TableSession, TableSession],
) -> None:
    a, b = windows
    a.deal()
    with pytest.raises(TableChangedError):
        b.hint()
    assert not b.hint_shown
    assert b.hint() is not None  # now for A's hand, which B shows
    state = saved(a)
    assert b.hint_shown and state is not None and state["hint_shown"] is True


def test_a_locked_store_leaves_the_move_undone_and_it_can_be_made_again(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    with Store.open(path) as store:
        shoe = Shoe.stacked(PRACTICE, CARDS, np.random.default_rng(1))
        session = TableSession.open(
            store, PRACTICE, np.random.default_rng(1), ticking_clock(), shoe=shoe
        )
        store.db.execute("PRAGMA busy_timeout = 20")  # instead of 5 s
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another window holds the write lock
        try:
            with pytest.raises(StoreBusyError, match="is busy: another bjtrainer window"):
                session.deal()
            assert session.table.round is None and store.load_table("practice") is None
            other.commit()
            session.deal()  # the key again
            other.execute("BEGIN IMMEDIATE")
            before = session.table.to_state()
            with pytest.raises(StoreBusyError) as refused:
                session.play(Action.HIT)
            assert "move" not in str(refused.value).lower()
            assert session.table.to_state() == before == store.load_table("practice")
            assert session.last_grade is None and store.attempts() == []
        finally:
            other.close()
        session.play(Action.HIT)  # the key again: T,6 + 5
        (attempt,) = store.attempts()
        assert attempt.action is Action.HIT
        assert store.load_table("practice") == session.table.to_state() != before


def test_a_cash_out_in_a_stale_window_enters_no_score(tmp_path: Path) -> None:
    path = tmp_path / "bjtrainer.db"
    with Store.open(path) as first, Store.open(path) as second:
        a = TableSession.open(first, NIGHT, np.random.default_rng(5), ticking_clock())
        b = TableSession.open(second, NIGHT, np.random.default_rng(6), ticking_clock())
        a.clear_bet()
        with pytest.raises(TableChangedError):
            b.cash_out("Bob")
        assert b.board() == [] and b.table.to_state() == a.table.to_state()
        entry = b.cash_out("Bob")  # on the reloaded table
        assert [e.name for e in b.board()] == ["Bob"] and entry.score == NIGHT.starting_chips
        with pytest.raises(TableChangedError):
            a.cash_out("Ann")
        assert [e.name for e in a.board()] == ["Bob"]


# Two windows taking turns at one table, many rounds


def wagered(round_: Round | None) -> int:
    """Chips on the table now: the wagers of unsettled hands and an unsettled insurance."""
    if round_ is None or round_.phase is Phase.SETTLED:
        return 0
    hands = sum(hand.wager for hand in round_.hands if not hand.settled)
    insurance_open = round_.insurance_wager and not round_.dealer_checked
    return hands + (round_.insurance_wager if insurance_open else 0)


def settled(round_: Round | None) -> int:
    """Chips the round's settled hands and insurance won or lost, from wagers and returns."""
    if round_ is None:
        return 0
    net = sum(hand.returned - hand.wager for hand in round_.hands if hand.settled)
    if round_.result is not None:
        net += round_.result.insurance_net
    elif round_.insurance_wager and round_.dealer_checked:
        net -= round_.insurance_wager
    return net


class Books:
    """What the windows did, counted from the moves that were saved."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.refills = 0
        self.settled = 0  # nets of the rounds before the one in play
        self.dealt = 0
        self.answers = 0
        self.reloads = 0

    def total(self, table: Table) -> int:
        """Start + refills + settled nets, the round in play's settled part included."""
        return self.start + self.refills + self.settled + settled(table.round)


def move(session: TableSession, rng: np.random.Generator, books: Books) -> None:
    """One key press in ``session``: a random legal decision, else a refill or a deal."""
    table = session.table
    if session.in_play:
        round_ = table.round
        assert round_ is not None
        actions = sorted(round_.legal_actions(), key=str)
        session.play(actions[int(rng.integers(len(actions)))])
        books.answers += 1
    elif table.can_refill() and rng.random() < 0.3:
        before = table.balance
        session.refill()
        books.refills += session.table.balance - before
    else:
        last = settled(table.round)
        session.deal()
        books.settled += last  # the round the deal replaced is done with
        books.dealt += 1


@pytest.mark.parametrize("presses", [pytest.param(400, marks=pytest.mark.slow), 60])
def test_two_windows_taking_turns_conserve_chips_and_lose_no_round(
    tmp_path: Path, presses: int
) -> None:
    path = tmp_path / "bjtrainer.db"
    rng = np.random.default_rng(10)
    books = Books(PRACTICE.starting_chips)
    clock = ticking_clock()
    with Store.open(path) as first, Store.open(path) as second:
        sessions = [
            TableSession.open(store, PRACTICE, np.random.default_rng(seed), clock)
            for seed, store in ((11, first), (12, second))
        ]
        for press in range(presses):
            session = sessions[press % 2 if rng.random() < 0.8 else (press + 1) % 2]
            try:
                move(session, rng, books)
            except TableChangedError:
                books.reloads += 1
                assert session.table.to_state() == session.store.load_table("practice")
                move(session, rng, books)  # the key again, on the table reloaded
            except IllegalActionError:
                pytest.fail("a legal move was refused")
        final = Table.from_state(first.load_table("practice"))  # type: ignore[arg-type]
        attempts = first.attempts("practice")
    # Chips: start + refills + settled nets = balance + chips on the table.
    assert books.total(final) == final.balance + wagered(final.round)
    assert books.reloads > presses / 10 and books.dealt > presses / 10 and books.refills > 0
    # No round lost: every answer saved is stored once, and the last round dealt is on the table.
    assert len(attempts) == books.answers
    assert len({attempt.token for attempt in attempts}) == books.answers
    assert final.to_state() in (sessions[0].table.to_state(), sessions[1].table.to_state())
