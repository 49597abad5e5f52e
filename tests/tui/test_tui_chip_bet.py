"""The night's bet box through ``TableSession`` (no Textual), under random play.

Rules checked after every step (``docs/rules/night.md``, "Chips and bets",
"The Repeat-bet box", "Out of chips" and "Cash-out and the board"): the bet
down is built from chips of 5, 25, 100, 500, runs from 5 to 500 and is
never more than the balance (or is 0 once cleared); with "Repeat last bet"
unticked a settled round takes it off;
the table, the box and a cleared bet are saved together, so a new session
on the same store finds them as they were; below 5 chips the night is over
and CASH OUT starts a new night of 500 with the score on the board.
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import IllegalActionError
from bjtrainer.store import Store
from bjtrainer.store.board import Board
from bjtrainer.trainer.session import TableSession
from tests.tui.tui_support import NIGHT, fixed_clock

CHIPS = (5, 25, 100, 500)


def check(session: TableSession, store: Store) -> None:
    table = session.table
    down = session.bet_down
    assert down == 0 or (5 <= down <= min(500, table.balance) and down % 5 == 0)
    assert store.load_table("night") == table.to_state()
    again = TableSession.open(store, NIGHT, np.random.default_rng(0), fixed_clock)
    assert again.table == table
    assert (again.repeat_bet, again.bet_cleared, again.bet_down) == (
        session.repeat_bet,
        session.bet_cleared,
        down,
    )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.slow
def test_random_nights(seed: int, store: Store) -> None:
    choose = np.random.default_rng(500 + seed)
    session = TableSession.open(store, NIGHT, np.random.default_rng(seed), fixed_clock)
    assert session.chips == CHIPS and session.repeat_bet and session.bet_down == 5
    nights = 0
    for _ in range(300):
        if session.in_play:
            round_ = session.round
            assert round_ is not None
            legal = sorted(round_.legal_actions())
            action = legal[int(choose.integers(len(legal)))]
            amount = None
            if action is Action.INSURANCE:
                amount = round_.insurance_cost()  # night: exactly half the bet
            session.play(action, amount)
            if round_.phase is Phase.SETTLED and not session.repeat_bet:
                assert session.bet_down == 0
        elif session.night_over:
            score = session.table.balance
            assert score < 5
            entry = session.cash_out(f"Night {nights}")
            assert entry.score == score and session.table.balance == 500
            nights += 1
        else:
            move = int(choose.integers(6))
            if move < 3:
                chip = CHIPS[int(choose.integers(len(CHIPS)))]
                if session.bet_down + chip <= min(500, session.table.balance):
                    session.add_chip(chip)
                else:
                    with pytest.raises(IllegalActionError, match=f"^Cannot add {chip}"):
                        session.add_chip(chip)
            elif move == 3:
                session.clear_bet()
                assert session.bet_down == 0
            elif move == 4:
                session.set_repeat_bet(not session.repeat_bet)
            elif session.bet_down == 0:
                with pytest.raises(IllegalActionError, match="no bet is down"):
                    session.deal()
            else:
                down = session.bet_down
                session.deal()
                assert session.round is not None and session.round.bet == down
        check(session, store)
    assert nights >= 1  # each seed's play goes broke at least once
    assert len(Board(store).top("night", limit=1000)) == nights


def test_cash_out_is_between_rounds_only(store: Store) -> None:
    shoe = Shoe.stacked(NIGHT, ["TS", "7H", "9D", "TC"])  # 19 against 7, T
    session = TableSession.open(store, NIGHT, np.random.default_rng(3), fixed_clock, shoe=shoe)
    session.deal()
    with pytest.raises(IllegalActionError, match="a round is in play"):
        session.cash_out("Ann")
    assert Board(store).top("night") == []
    session.play(Action.STAND)  # 19 beats 17: +5
    assert session.cash_out("Ann").score == 505
