"""The table comes back after a restart, hand in progress included.

``docs/playing.md``, "Nothing is lost": the table (balance, bet, the hand in
progress and the shoe) is saved after every action and comes back after a
restart, "with the same shoe continuing".
Each test plays into a hand, closes the app and its store, then builds a
new app on the same store file with a *different* stacked shoe: the saved
table must win, and the saved shoe must continue.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.status_panel import StatusPanel
from tests.tui.tui_support import SIZE, AppFactory, notices

# T,2 v 7 (hole 9); hit 3 -> 15; the next cards: 5 (player, 20) then the
# dealer's 16 takes a 4 -> 20.
CARDS = ["TS", "7H", "2D", "9C", "3H", "5D", "4S"]
OTHER = ["AS", "AH", "AD", "AC", "AS", "AH", "AD"]


@pytest.mark.slow
async def test_restart_mid_hand_shows_the_same_hand(
    build_app: AppFactory, store_path: Path
) -> None:
    with Store.open(store_path) as first_store:
        app = build_app(CARDS, on=first_store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "h")
            hands_before = app.screen.query_one(HandsRow).pictures
            dealer_before = app.screen.query_one(DealerView).picture
            balance_before = app.session.table.balance

    with Store.open(store_path) as second_store:
        app = build_app(OTHER, on=second_store, seed=99)
        async with app.run_test(size=SIZE) as pilot:
            assert app.screen.query_one(HandsRow).pictures == hands_before
            assert app.screen.query_one(DealerView).picture == dealer_before
            assert [c.code for c in hands_before[0].cards] == ["TS", "2D", "3H"]
            status = app.screen.query_one(StatusPanel).picture
            assert status is not None and status.balance == balance_before == 990
            await pilot.press("h")  # the saved shoe continues: the 5 -> 20
            hand = app.screen.query_one(HandsRow).pictures[0]
            assert [c.code for c in hand.cards] == ["TS", "2D", "3H", "5D"]
            await pilot.press("s")  # the dealer's 7,9 takes the 4: 20, a push
            round_ = app.session.table.round
            assert round_ is not None and round_.phase is Phase.SETTLED
            assert round_.dealer_visible()[-1].code == "4S"  # type: ignore[union-attr]
            assert app.session.table.balance == 1000


@pytest.mark.slow
async def test_restart_after_a_round_shows_the_last_round(
    build_app: AppFactory, store_path: Path
) -> None:
    with Store.open(store_path) as first_store:
        app = build_app(["TS", "TH", "7D", "9C"], on=first_store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "s")  # 17 loses to 19
            result = app.session.table.round.result.describe()  # type: ignore[union-attr]
            await pilot.press("b", "end", "ctrl+u", "2", "5", "enter")
            assert app.session.table.bet == 25

    with Store.open(store_path) as second_store:
        app = build_app(OTHER, on=second_store)
        async with app.run_test(size=SIZE) as pilot:
            table = app.session.table
            assert table.balance == 990 and table.bet == 25
            feedback = app.screen.query_one("FeedbackView").picture  # type: ignore[attr-defined]
            assert feedback.result == result
            dealer = app.screen.query_one(DealerView).picture
            assert dealer.revealed and dealer.total == 19


async def test_unreadable_saved_table_starts_a_new_one(build_app: AppFactory, store: Store) -> None:
    store.save_table("practice", {"format": 999})
    app = build_app(["TS", "TH", "7D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        assert app.session.table.balance == 1000 and app.session.table.round is None
        assert app.session.restore_problem is not None
        await pilot.pause()
        assert any("could not be restored" in n for n in notices(app))
