"""A notice when a deal starts from a freshly shuffled shoe.

``docs/rules/practice.md``, "Shoe and penetration": between rounds, once
fewer than a quarter of the shoe is left (fewer than 78 of 312 cards). The
test plays a table with the engine alone until that point, saves it, and
lets the app restore it: the next deal reshuffles and says so; the deal
after it does not. The ``home`` table shuffles before every round
(``docs/rules/home.md``, "Shoe and penetration"), so a notice there would
say nothing new: none is shown.
"""

from __future__ import annotations

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.screens.table import SHUFFLE_NOTICE
from tests.tui.tui_support import HOME, PRACTICE, SIZE, AppFactory, fixed_clock, notices

SIX_DECKS = 6 * 52


def play_out(round_: Round) -> None:
    """Decline insurance and stand on every hand until the round is settled."""
    while round_.phase is not Phase.SETTLED:
        legal = round_.legal_actions()
        round_.apply(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND)


def table_due_for_a_shuffle(seed: int) -> Table:
    """A practice table played round after round until its shoe must be reshuffled."""
    table = Table(PRACTICE, np.random.default_rng(seed))
    while not table.shoe.needs_shuffle():
        if table.can_refill():
            table.refill()
        play_out(table.deal())
    assert table.shoe.cards_left < SIX_DECKS / 4  # under a quarter (docs/rules/practice.md)
    return table


def cards_of(round_: Round) -> int:
    return sum(len(hand.cards) for hand in round_.hands) + len(round_.dealer_cards)


async def test_a_deal_from_a_new_shoe_says_so(build_app: AppFactory, store: Store) -> None:
    store.save_table("practice", table_due_for_a_shuffle(seed=3).to_state())
    app = build_app([])  # the saved table is restored: its own shoe goes on
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert notices(app) == [SHUFFLE_NOTICE] == ["Shuffled a new shoe."]
        shoe = app.session.table.shoe
        round_ = app.session.table.round
        assert round_ is not None
        assert shoe.size == SIX_DECKS and len(shoe.seen) == cards_of(round_)
        while round_.phase is not Phase.SETTLED:
            await pilot.press("n" if round_.phase is Phase.INSURANCE else "s")
        app.clear_notifications()
        await pilot.press("enter")  # the same shoe goes on: no notice
        await pilot.pause()
        assert SHUFFLE_NOTICE not in notices(app)


def test_no_notice_at_a_new_table_or_one_that_shuffles_every_round(store: Store) -> None:
    fresh = TableSession(Table(PRACTICE, np.random.default_rng(1)), store, fixed_clock)
    fresh.deal()
    assert not fresh.shuffled  # shuffled when the table was made, not by this deal
    home = TableSession(Table(HOME, np.random.default_rng(1)), store, fixed_clock)
    for _ in range(3):
        home.deal()
        round_ = home.round
        assert round_ is not None
        play_out(round_)
        home.save()
        assert len(home.table.shoe.seen) == cards_of(round_)  # a fresh deck each round
        assert not home.shuffled
