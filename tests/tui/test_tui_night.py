"""The night table on screen: a bet built from chips, CASH OUT, going broke.

Rules of the ``night`` table's rules page, as quoted in
``docs/rules/night.md``, "Chips and bets", "The Repeat-bet box", "Payouts
and half chips", "Cash-out and the board" and "Out of chips": 500 chips,
and "build your bet from chips of 5, 25, 100 and 500. The opening bet runs
from 5 to 500 per hand, and never more than you have"; "The Repeat last bet
box is checked by default, so the next hand starts with the same bet
already down. CLEAR takes it off"; "When the math comes out to half a chip,
as with a blackjack on a 5 bet, the game rounds down" (3:2 on 5 pays 7);
"CASH OUT gets you up from the table with the chips you have. That number
is your score and goes on the top-five board"; "If you run out of chips and
can't cover the 5 minimum, the night is over." Every chip figure below is
worked out by hand from these sentences.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input

from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.store.board import Board
from bjtrainer.tui.screens.board import BoardScreen
from bjtrainer.tui.screens.cash_out import CashOutScreen
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.status_panel import StatusPanel
from tests.tui.tui_support import (
    NIGHT,
    SIZE,
    AppFactory,
    fixed_clock,
    notices,
    shown_commands,
    text_of,
)

# T,9 = 19 against a 7 (hole T = 17): standing wins the bet.
WIN = ["TS", "7H", "9D", "TC"]
# T,7 = 17 against a T (hole 9 = 19): standing loses the bet.
LOSE = ["TS", "TH", "7D", "9C"]
# A,K against a 9 up: a natural, paid at once (3:2).
NATURAL = ["AS", "9H", "KD", "7C"]


def bet_shown(app: object) -> int:
    picture = app.screen.query_one(StatusPanel).picture  # type: ignore[attr-defined]
    assert picture is not None
    return int(picture.bet)


@pytest.mark.slow
async def test_a_bet_built_from_chips_and_repeated(build_app: AppFactory, store: Store) -> None:
    app = build_app([*WIN, *WIN], rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        table = app.session.table
        assert table.balance == 500 and bet_shown(app) == 5  # 500 chips, the 5 minimum down
        assert shown_commands(app, "#chip-rack") == {
            "chip_1",
            "chip_2",
            "chip_3",
            "chip_4",
            "clear_bet",
        }
        assert "bet" not in shown_commands(app, "#table-buttons")  # no bet chooser at night
        assert app.screen.query_one(Checkbox).value  # Repeat last bet: ticked by default
        await pilot.press("0")  # CLEAR
        assert bet_shown(app) == 0
        await pilot.press("enter")
        await pilot.pause()
        assert table.round is None and notices(app)[-1].startswith("Cannot deal: no bet is down")
        await pilot.press("2", "1")  # 25 + 5
        assert bet_shown(app) == 30
        assert "Enter deals 30" in app.screen.query_one(FeedbackView).picture.prompt
        await pilot.click("#button-chip_3")  # + 100 with the mouse
        assert bet_shown(app) == 130
        await pilot.press("backspace", "2", "1", "enter")  # CLEAR, 25 + 5 again, deal
        assert table.balance == 470
        assert not shown_commands(app, "#chip-rack")  # no chips while a round is in play
        await pilot.press("p")  # P stands: 19 beats 17, +30
        assert table.balance == 530
        assert bet_shown(app) == 30  # the box is ticked: the same bet is down again
        await pilot.press("enter")
        assert table.round is not None and table.round.bet == 30
    assert store.load_table("night")["balance"] == 500  # type: ignore[index]


@pytest.mark.slow
async def test_unticked_box_clears_the_bet_after_a_round(
    build_app: AppFactory, store_path: Path
) -> None:
    with Store.open(store_path) as first:
        app = build_app([*LOSE, *WIN], rules=NIGHT, on=first)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.click("#repeat-bet")  # untick with the mouse
            assert not app.session.repeat_bet
            await pilot.press("2", "enter", "s")  # 5 + 25 = 30 down, 17 loses to 19
            assert app.session.table.balance == 470
            assert bet_shown(app) == 0  # cleared: it must be built again
            prompt = app.screen.query_one(FeedbackView).picture.prompt
            assert "Build a bet" in prompt
    with Store.open(store_path) as second:  # a restart finds the box and the cleared bet
        app = build_app([], rules=NIGHT, on=second)
        async with app.run_test(size=SIZE) as pilot:
            assert not app.screen.query_one(Checkbox).value and bet_shown(app) == 0
            await pilot.press("e")  # ticking the box puts the last bet back
            assert app.session.repeat_bet and bet_shown(app) == 30


@pytest.mark.slow
async def test_the_bet_never_passes_the_table_maximum_or_the_balance(
    build_app: AppFactory,
) -> None:
    app = build_app(LOSE, rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("0", "4")  # 500, the table maximum
        assert bet_shown(app) == 500
        await pilot.press("1")
        await pilot.pause()
        assert notices(app)[-1] == (
            "Cannot add 5: the bet would be 505, above the table maximum of 500."
        )
        await pilot.press("0", "3", "enter", "s")  # 100 down, 17 loses to 19: 400 left
        assert app.session.table.balance == 400 and bet_shown(app) == 100
        await pilot.press("3", "3", "3", "1")  # 400, then 5 more would pass the balance
        await pilot.pause()
        assert bet_shown(app) == 400
        assert notices(app)[-1] == (
            "Cannot add 5: the bet would be 405 and the balance is only 400 chips."
        )


@pytest.mark.slow
async def test_cash_out_puts_the_balance_on_the_board(build_app: AppFactory, store: Store) -> None:
    app = build_app(WIN, rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("0", "3", "enter", "o")  # a round of 100 in play: no CASH OUT yet
        await pilot.pause()
        assert notices(app)[-1].startswith("Cannot cash out: a round is in play")
        assert "cash_out" not in shown_commands(app, "#table-buttons")
        await pilot.press("s")  # 19 beats 17: 600
        assert app.session.table.balance == 600
        await pilot.click("#button-cash_out")
        await pilot.pause()
        assert isinstance(app.screen, CashOutScreen)
        assert "Your score: 600 chips." in text_of(app.screen.query_one("#cash-text"))
        await pilot.press("enter")  # no name yet
        assert "Enter a name" in text_of(app.screen.query_one("#cash-error"))
        await pilot.press(*"Ada", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        board = text_of(app.screen.query_one("#board-table"))
        assert "Ada" in board and "600" in board and "2025-01-02" in board
        note = text_of(app.screen.query_one("#board-note"))
        assert "place 1" in note and "A new night starts with 500 chips." in note
        await pilot.press("escape")
        table = app.session.table
        assert table.balance == 500 and table.round is None and bet_shown(app) == 5
    [entry] = Board(store).top("night")
    assert (entry.name, entry.score) == ("Ada", 600)
    assert entry.created_at == fixed_clock().isoformat()
    assert store.load_table("night")["balance"] == 500  # type: ignore[index]


@pytest.mark.slow
async def test_below_five_chips_the_night_is_over(build_app: AppFactory, store: Store) -> None:
    # 500 + 7 (3:2 on 5, half a chip rounded down) = 507; a bet of 500 loses: 7 left;
    # the 500 down is lowered to what is left in whole 5s: 5, which loses: 2 left.
    app = build_app([*NATURAL, *LOSE, *LOSE], rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert app.session.table.balance == 507
        assert "Net +7" in app.screen.query_one(FeedbackView).picture.result
        await pilot.press("0", "4", "enter", "s")
        assert app.session.table.balance == 7
        assert bet_shown(app) == 5  # never more than the balance
        await pilot.press("enter", "s")
        await pilot.pause()
        assert app.session.table.balance == 2
        assert isinstance(app.screen, CashOutScreen)  # shown by itself
        assert "The night is over" in text_of(app.screen.query_one("#cash-title"))
        assert "Your score: 2 chips." in text_of(app.screen.query_one("#cash-text"))
        await pilot.press("escape")  # back at the broke table: nothing to deal
        await pilot.pause()
        assert "The night is over" in app.screen.query_one(FeedbackView).picture.prompt
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.table.round.phase is Phase.SETTLED  # type: ignore[union-attr]
        await pilot.press("o")
        await pilot.pause()
        field = app.screen.query_one(Input)
        field.value = "Bo"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        assert "Bo" in text_of(app.screen.query_one("#board-table"))
        await pilot.press("enter")
        assert app.session.table.balance == 500  # a new night
    assert [(e.name, e.score) for e in Board(store).top("night")] == [("Bo", 2)]


@pytest.mark.slow
async def test_a_broke_night_asks_for_the_name_after_a_restart(
    build_app: AppFactory, store: Store
) -> None:
    first = build_app([*LOSE], rules=NIGHT)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("0", "4", "enter", "s")  # all 500 lost
        await pilot.pause()
        assert isinstance(first.screen, CashOutScreen)
    again = build_app([], rules=NIGHT)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, CashOutScreen)
        assert again.screen.query_one(Input).value == ""  # no name entered before
