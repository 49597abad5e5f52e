"""The app's glue without Textual: every step saved, graded first, hole card hidden.

Plays seeded random legal rounds through ``TableSession`` (what the table
screen calls) and checks after every step that the store holds exactly the
table's state (saved after every action), that each decision was recorded
once, as an attempt, and that the dealer picture never carries the hole
card or counts it before the reveal (the dealer's shown total leaves the
hole card out until it is turned).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sqlite_utils import Database

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError
from bjtrainer.store import AttemptKind, Store
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.views.table import dealer_picture
from tests.tui.tui_support import PRACTICE, fixed_clock


@pytest.mark.parametrize("seed", range(6))
def test_random_play_is_saved_graded_and_hides_the_hole_card(seed: int, store: Store) -> None:
    choose = np.random.default_rng(1000 + seed)  # picks the actions, apart from the shoe's rng
    session = TableSession.open(store, PRACTICE, np.random.default_rng(seed), fixed_clock)
    decisions = 0
    for _ in range(25):
        session.deal()
        assert store.load_table("practice") == session.table.to_state()
        round_ = session.round
        assert round_ is not None
        while round_.phase is not Phase.SETTLED:
            picture = dealer_picture(round_)
            up = round_.up_card
            assert not picture.revealed and picture.cards == (up, None)
            assert picture.total == (11 if up.rank == "A" else RANK_VALUE[up.rank])
            legal = sorted(round_.legal_actions())
            session.play(legal[int(choose.integers(len(legal)))])
            decisions += 1
            assert store.load_table("practice") == session.table.to_state()
            assert len(store.attempts()) == decisions
        assert dealer_picture(round_).revealed
        if session.table.can_refill():
            session.refill()
    with pytest.raises(IllegalActionError):
        session.play(Action.STAND)  # the round is over: nothing to play


def test_an_illegal_play_is_neither_graded_nor_saved(store: Store) -> None:
    shoe = Shoe.stacked(PRACTICE, ["TS", "7H", "9D", "8C"])
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    saved = store.load_table("practice")
    with pytest.raises(IllegalActionError, match=r"^Cannot split"):
        session.play(Action.SPLIT)  # T and 9 are not a pair
    assert store.attempts() == []
    assert store.load_table("practice") == saved


def sixteen_v_ten(store: Store) -> TableSession:
    """16 v 10 dealt (hole 7: a clean peek); the player draws a 2 if hitting."""
    shoe = Shoe.stacked(PRACTICE, ["TS", "TH", "6D", "7C", "2S", "4H"])
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    return session


def test_an_answer_is_recorded_with_every_field(store: Store) -> None:
    # Figures: Wizard of Odds, Blackjack Appendix 1 (16 v 10 stand -0.5404,
    # hit -0.5398, double -1.0797); late surrender -0.5.
    session = sixteen_v_ten(store)
    hint = session.hint()
    assert hint is not None and hint[0] == "Hint: Surrender (EV -0.500)."
    grade = session.play(Action.HIT)
    assert not grade.accepted and grade.best is Action.SURRENDER
    (attempt,) = store.attempts()
    assert attempt.rules_id == "practice"
    assert attempt.spot_key == "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
    assert (attempt.cards, attempt.up, attempt.split_hand) == (("6", "T"), "T", False)
    assert (attempt.run_id, attempt.position) == (None, None)  # at the table, not in a set
    assert attempt.kind is AttemptKind.AFTER_HINT
    assert (attempt.action, attempt.best) == (Action.HIT, Action.SURRENDER)
    assert attempt.evs[Action.DOUBLE] == pytest.approx(-1.0797, abs=1e-4)
    assert attempt.ev_lost == pytest.approx(0.5398 - 0.5, abs=1e-4)
    assert not attempt.accepted
    assert attempt.created_at == "2025-01-02T03:04:05+00:00"
    assert attempt.local_date == "2025-01-02"

    assert session.play(Action.STAND).accepted  # 18 v 10, no hint this time
    second = store.attempts()[1]
    assert second.spot_key == "practice|2,6,T|T|hand:1:0|stand+hit"
    assert second.kind is AttemptKind.FIRST and second.accepted


def test_a_hint_seen_before_a_restart_is_still_on_the_record(store: Store) -> None:
    """Hint, process killed, answer after the restart: recorded as after a hint."""
    session = sixteen_v_ten(store)
    assert session.why() is not None
    assert session.hint_shown
    restarted = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock)
    assert restarted.table.to_state() == session.table.to_state()
    assert restarted.hint_shown
    restarted.play(Action.STAND)
    (attempt,) = store.attempts()
    assert attempt.kind is AttemptKind.AFTER_HINT
    # The answer cleared the mark, for this session and for the next start.
    assert not restarted.hint_shown
    again = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock)
    assert not again.hint_shown


def test_a_hint_mark_of_an_older_version_still_counts(tmp_path: Path) -> None:
    """An older version kept the mark in a settings row; the store moves it into the save."""
    path = tmp_path / "old.db"
    with Store.open(path) as before:
        session = sixteen_v_ten(before)
        state = session.table.to_state()
    db = Database(path)
    db.execute("delete from _sqlite_migrations where name = 'm012_hint_mark_into_saved_tables'")
    db.table("settings").insert({"key": "hint_shown:practice", "value": "1"})
    db.close()
    with Store.open(path) as store:
        restarted = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock)
        assert restarted.table.to_state() == state
        assert restarted.hint_shown
        restarted.play(Action.STAND)
        (attempt,) = store.attempts()
        assert attempt.kind is AttemptKind.AFTER_HINT
