"""The guide table on screen: insurance of any amount up to half the bet, no surrender.

``docs/rules/guide.md``, "Insurance": insurance is offered with an ace up,
"any whole amount from 1 up to half your bet, rounded down"; it pays 2:1;
"Peek": the dealer peeks with an ace or a ten up and a dealer blackjack
ends the round; "Surrender": "Surrender is not offered." The first bet is
10, so the full half is 5.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.tui.screens.insurance import InsuranceScreen
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.tui.tui_support import GUIDE, SIZE, AppFactory, shown_commands, text_of

# T,9 against an ace; the hole card is a K: dealer blackjack at the peek.
BLACKJACK = ["TS", "AH", "9D", "KC"]
# T,9 against an ace; the hole card is a 7 (soft 18): no blackjack.
NO_BLACKJACK = ["TS", "AH", "9D", "7C"]


@pytest.mark.slow
async def test_partial_insurance_pays_two_to_one(build_app: AppFactory, store: Store) -> None:
    app = build_app(BLACKJACK, rules=GUIDE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert "Insure up to 5" in app.screen.query_one(FeedbackView).picture.prompt
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, InsuranceScreen)
        field = app.screen.query_one(Input)
        assert field.value == "5"  # the full half is filled in
        assert "from 1 to 5" in text_of(app.screen.query_one("#bet-range"))
        await pilot.press("end", "ctrl+u", "6", "enter")
        assert text_of(app.screen.query_one("#bet-error")) == (
            "Cannot take insurance of 6 chips: it must be a whole amount from 1 to 5."
        )
        await pilot.press("end", "ctrl+u", "3", "enter")
        await pilot.pause()
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED  # the peek found it
        assert round_.insurance_wager == 3
        # The hand loses 10; insurance wins 2 x 3 = 6: net -4.
        assert app.session.table.balance == 1000 - 4
        result = app.screen.query_one(FeedbackView).picture.result
        assert "insurance +6" in result and "Net -4" in result
    decision = store.attempts("guide")[0]
    assert decision.spot_key.endswith("|insurance+no_insurance")  # the insurance question
    assert decision.action is Action.INSURANCE
    assert not decision.accepted  # 3/10 insured at -1/13 a chip gives up 0.023 > 0.02


@pytest.mark.slow
async def test_escape_returns_to_the_offer_and_a_lost_insurance(build_app: AppFactory) -> None:
    app = build_app(NO_BLACKJACK, rules=GUIDE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "y", "escape")
        await pilot.pause()
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.INSURANCE
        assert app.session.table.balance == 990
        await pilot.click("#button-insurance")  # the button opens the chooser too
        await pilot.pause()
        await pilot.press("end", "ctrl+u", "1", "enter", "s")
        # Insurance lost (-1), 19 beats the dealer's soft 18 (+10): net +9.
        assert app.session.table.balance == 1009
        assert "Net +9" in app.screen.query_one(FeedbackView).picture.result


@pytest.mark.slow
async def test_no_surrender_at_the_guide_table(build_app: AppFactory) -> None:
    # Hard 16 against a 10 (hole 7): at practice late surrender would be offered.
    app = build_app(["TS", "TH", "6D", "7C"], rules=GUIDE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert shown_commands(app) == {"hit", "stand", "double"}
        assert "r" not in app.screen.active_bindings  # R is not offered in the footer
        await pilot.press("r")
        await pilot.pause()
        assert app.session.table.round.phase is Phase.PLAYER  # type: ignore[union-attr]
        assert app.session.table.balance == 990
