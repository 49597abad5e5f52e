"""A round that runs the shoe dry finishes on the discards, and the table says so.

``docs/custom-tables.md``, "Every field" (``penetration``): with one deck and
a cut of 1 the shoe is dealt to its last card; a round that starts with 3
cards left takes its fourth card from the discards, shuffled in behind the
cards on the table, never from a new shoe: no card is on the table twice.
The table shows the notice once, and the saved table comes back exactly.
"""

from __future__ import annotations

import numpy as np

from bjtrainer.engine.cards import full_deck
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app
from bjtrainer.tui.screens.table import DISCARDS_NOTICE, SHUFFLE_NOTICE
from tests.tui.tui_support import HOME, SIZE, fixed_clock, notices

DEEP = HOME.model_copy(update={"penetration": 1.0, "shuffle_every_round": False})


async def test_a_dry_deal_says_so_once_and_restores(store: Store) -> None:
    shoe = Shoe(DEEP, np.random.default_rng(4))
    discards = [shoe.draw() for _ in range(49)]  # 3 cards left for a round of 4 or more
    app = make_app(
        store=store, rules=DEEP, rng=np.random.default_rng(4), clock=fixed_clock, shoe=shoe
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert notices(app) == [DISCARDS_NOTICE]
        assert SHUFFLE_NOTICE not in notices(app)
        round_ = app.session.round
        assert round_ is not None and round_.discards_reshuffled
        table_cards = [c for hand in round_.hands for c in hand.cards] + round_.dealer_cards
        assert len(set(table_cards)) == len(table_cards)  # one deck: each card once
        assert round_.dealer_cards[1] in discards  # the hole card, dealt fourth
        assert sorted(shoe.seen + shoe.undealt) == sorted(full_deck())
        app.clear_notifications()
        while round_.phase is not Phase.SETTLED:
            await pilot.press("n" if round_.phase is Phase.INSURANCE else "s")
        await pilot.pause()
        assert DISCARDS_NOTICE not in notices(app)  # said once
        saved = app.session.table.to_state()

    again = make_app(store=store, rules=DEEP, rng=np.random.default_rng(9), clock=fixed_clock)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.session.table.to_state() == saved  # replayed through the dry deal
        assert DISCARDS_NOTICE not in notices(again)
