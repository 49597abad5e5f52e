"""The app's glue without Textual: every step saved, graded first, hole card hidden.

Plays seeded random legal rounds through ``TableSession`` (what the table
screen calls) and checks after every step that the store holds exactly the
table's state (issue 2, item 7: saved after every action), that each
decision was recorded once, and that the dealer picture never carries the
hole card or counts it before the reveal (003_2bdd88f24671a4ec.txt: "The
dealer's displayed total excludes its hidden card until reveal").
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError
from bjtrainer.store import Store
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
            assert len(store.decisions()) == decisions
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
    assert store.decisions() == []
    assert store.load_table("practice") == saved
