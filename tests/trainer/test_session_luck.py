"""Luck and skill at the table: the session's tally (``docs/numbers.md``, "19. Luck and skill").

Two stacked rounds at ``practice``: T,6 v T hit (surrender is best: the
EV given up is surrender's -0.5 less hit's, from ``ev.analyse``), a 2
makes 18, stood on, against the dealer's 17: won. Then a natural against
a 9, paid at the deal, with no decision at all. The expected chips are the
bets x the house edge of ``bjtrainer edge`` less the EV given up x the
bet; luck is what was won beyond. The tally survives a restart, a round
is counted once however often the table is saved, and a CASH OUT at
``night`` hands the night's tally to the board and starts a new one.
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.ev import HandSpot, analyse, round_ev
from bjtrainer.store import Store
from bjtrainer.trainer.luck import Luck
from bjtrainer.trainer.session import TableSession
from tests.tui.tui_support import PRACTICE, fixed_clock

CARDS = ["TS", "TH", "6D", "7C", "2S", "AS", "9H", "TD", "8C"]


def test_two_rounds_tell_the_decisions_from_the_cards(store: Store) -> None:
    shoe = Shoe.stacked(PRACTICE, CARDS)
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    round_ = session.table.round
    assert round_ is not None
    bet = round_.bet
    session.play(Action.HIT)  # 18
    session.play(Action.STAND)  # against T,7
    assert round_.result is not None and round_.result.net == bet
    evs = analyse(PRACTICE, HandSpot(cards=("T", "6"), up="T")).evs
    given_up = (evs[Action.SURRENDER] - evs[Action.HIT]) * bet
    assert session.luck == Luck(
        rounds=1, bets=bet, won=bet, given_up=pytest.approx(given_up), counted=True
    )
    session.save()  # a save without a move counts nothing again
    restarted = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock)
    assert restarted.luck == session.luck

    restarted.deal()  # A,T v 9: paid at once, no decision
    natural = restarted.table.round
    assert natural is not None and natural.result is not None
    won = bet + natural.result.net
    edge = round_ev(PRACTICE).expected_return
    luck = restarted.luck
    assert (luck.rounds, luck.bets, luck.won) == (2, bet + natural.bet, won)
    assert luck.expected(edge) == pytest.approx((bet + natural.bet) * edge - given_up)
    assert luck.luck(edge) == pytest.approx(won - (bet + natural.bet) * edge + given_up)
    assert luck.line(edge) == (
        f"Won {won:+d} chips in 2 rounds: expected {luck.expected(edge):+.1f} "
        f"(decisions gave up {given_up:.1f}), luck {luck.luck(edge):+.1f}."
    )


def test_a_cash_out_hands_the_night_to_the_board_and_starts_afresh(store: Store) -> None:
    night = PRESETS["night"]
    shoe = Shoe.stacked(night, ["TS", "9H", "9D", "7C"])  # 19 v 9, hole 7: 16, draws
    session = TableSession(Table(night, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    session.play(Action.STAND)
    played = session.luck
    assert played.rounds == 1 and played.given_up == 0.0
    session.cash_out("Ann")
    assert session.ended_night == played
    edge = round_ev(night).expected_return
    assert session.night_luck_line() == played.line(edge)
    assert session.luck == Luck()
    assert TableSession.open(store, night, np.random.default_rng(1), fixed_clock).luck == Luck()


def test_the_stats_carry_the_table_s_tally(store: Store) -> None:
    shoe = Shoe.stacked(PRACTICE, CARDS)
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    session.play(Action.HIT)
    session.play(Action.STAND)
    stats = session.practice.stats()
    assert stats.luck == session.luck and stats.luck.rounds == 1
    edge = round_ev(PRACTICE).expected_return
    data = stats.to_json()["luck"]
    assert data["won"] == session.luck.won and data["rounds"] == 1
    assert data["luck"] == pytest.approx(session.luck.luck(edge))
    assert data["expected"] == pytest.approx(session.luck.bets * edge - session.luck.given_up)
