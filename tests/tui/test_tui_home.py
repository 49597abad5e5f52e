"""The home game on screen: one split, no double after it, no insurance, even bets.

The home table's Danish rule sheet, as quoted in ``docs/rules/home.md``,
"Splits", "Doubling", "Insurance" and "Chips and bets" ("højst ét split",
"ingen double efter split", "kun ét ekstra kort til hvert splittet es",
"Forsikring og surrender er udeladt", "Brug derfor lige indsatser"): a
single deck, one split only (2 hands), no double after a split, no
insurance and no surrender, even bets 2..100 (decided for the trainer),
500 chips with a refill (``docs/rules/home.md``, "Out of chips"); the first
bet is 10.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from bjtrainer.engine.round import Phase
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.status_panel import StatusPanel
from tests.tui.tui_support import HOME, SIZE, AppFactory, shown_commands, text_of

# 8,8 against a 6 (hole T). Split: hand 1 draws another 8 (a pair again, 16),
# hand 2 draws a 3 (11) and hits a T (21); the dealer's 16 draws a 9 and busts.
SPLIT = ["8S", "6H", "8D", "TC", "8H", "3C", "TD", "9S"]


@pytest.mark.slow
async def test_one_split_and_no_double_after_it(build_app: AppFactory) -> None:
    app = build_app(SPLIT, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        status = app.screen.query_one(StatusPanel).picture
        assert status is not None and status.balance == 500 and status.bet == 10
        assert status.shoe_size == len(SPLIT) + 52  # one deck behind the stacked cards
        await pilot.press("enter")
        assert shown_commands(app) == {"hit", "stand", "double", "split"}  # no surrender
        await pilot.press("x")
        hands = app.screen.query_one(HandsRow).pictures
        assert [hand.total for hand in hands] == [16, 8]
        # 8,8 again, but one split only; and no double after a split.
        assert shown_commands(app) == {"hit", "stand"}
        await pilot.press("s")
        hands = app.screen.query_one(HandsRow).pictures
        assert hands[1].active and hands[1].total == 11
        assert shown_commands(app) == {"hit", "stand"}  # 11, but still no double
        await pilot.press("h")  # 21 stands by itself; the dealer busts
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        assert app.session.table.balance == 500 + 20  # two hands of 10 won
        assert "Net +20" in app.screen.query_one(FeedbackView).picture.result


async def test_no_insurance_offer_with_an_ace_up(build_app: AppFactory) -> None:
    app = build_app(["TS", "AH", "9D", "7C"], rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.PLAYER  # straight to play
        assert shown_commands(app) == {"hit", "stand", "double"}
        assert "y" not in app.screen.active_bindings and "n" not in app.screen.active_bindings
        assert "Insure" not in app.screen.query_one(FeedbackView).picture.prompt


@pytest.mark.slow
async def test_bets_are_even_from_2_to_100(build_app: AppFactory) -> None:
    app = build_app([], rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        assert text_of(app.screen.query_one("#bet-range", Static)) == (
            "Whole chips from 2 to 100, in steps of 2."
        )
        error = app.screen.query_one("#bet-error", Static)
        await pilot.press("end", "ctrl+u", "1", "5", "enter")
        assert text_of(error) == "Cannot bet 15: bets are multiples of 2 chips."
        await pilot.press("end", "ctrl+u", "1", "0", "2", "enter")
        assert text_of(error) == "Cannot bet 102: bets run from 2 to 100 chips."
        await pilot.press("end", "ctrl+u", "1", "6", "enter")
        await pilot.pause()
        assert app.session.table.bet == 16
