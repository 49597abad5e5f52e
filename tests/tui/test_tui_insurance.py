"""Insurance at the practice table, answered with Y and with N, graded.

Rules (``docs/rules/practice.md``, "Insurance"): with an ace up insurance
is offered first, it costs half the original bet (5 chips on a bet of 10)
and pays 2:1 on that cost if the dealer has blackjack. The grade comes from
``docs/numbers.md``, "8. Insurance": taking it returns -1/13 per chip
insured, -1/26 of the original wager, so it is a graded mistake (outside
the 0.02 tolerance) and declining is right.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.tui.tui_support import SIZE, AppFactory

# Player T,9 = 19 against an ace; the hole card is a 7 (soft 18): no blackjack.
NO_BLACKJACK = ["TS", "AH", "9D", "7C"]
# The same, but the hole card is a K: dealer blackjack, found at the peek.
BLACKJACK = ["TS", "AH", "9D", "KC"]

INSURANCE_LOSS = 1 / 26  # EV given up by half-bet insurance, units of the bet


def shown(app: object) -> set[str]:
    bar = app.screen.query_one("#actions")  # type: ignore[attr-defined]
    return {b.id.removeprefix("button-") for b in bar.query("ChoiceButton") if b.display}


@pytest.mark.slow
async def test_insurance_taken_and_lost(build_app: AppFactory, store: Store) -> None:
    app = build_app(NO_BLACKJACK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.INSURANCE
        assert shown(app) == {"insurance", "no_insurance"}
        assert "Insurance costs 5" in app.screen.query_one(FeedbackView).picture.prompt
        await pilot.press("y")
        grade = app.screen.query_one(FeedbackView).picture
        assert grade.grade.startswith("✘ Insurance") and not grade.accepted
        assert app.session.table.balance == 1000 - 10 - 5
        await pilot.press("s")  # 19 against the dealer's soft 18: +10
        # Insurance lost (-5), the hand won (+10): net +5.
        assert app.session.table.balance == 1005
        assert "Net +5" in app.screen.query_one(FeedbackView).picture.result

    first = store.attempts()[0]
    assert first.spot_key.endswith("|insurance+no_insurance")  # the insurance question
    assert first.action is Action.INSURANCE and first.best is Action.NO_INSURANCE
    assert not first.accepted
    assert first.ev_lost == pytest.approx(INSURANCE_LOSS, abs=1e-12)
    assert first.evs[Action.INSURANCE] == pytest.approx(-INSURANCE_LOSS, abs=1e-12)


async def test_insurance_declined(build_app: AppFactory, store: Store) -> None:
    app = build_app(NO_BLACKJACK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "n")
        feedback = app.screen.query_one(FeedbackView).picture
        assert feedback.grade.startswith("✔ No insurance") and feedback.accepted
        assert app.session.table.round.phase is Phase.PLAYER  # type: ignore[union-attr]
        await pilot.press("p")  # P stands too
        assert app.session.table.balance == 1010

    first = store.attempts()[0]
    assert first.spot_key.endswith("|insurance+no_insurance")  # the insurance question
    assert first.action is Action.NO_INSURANCE and first.accepted
    assert first.ev_lost == 0.0


async def test_insurance_pays_two_to_one_on_a_dealer_blackjack(
    build_app: AppFactory, store: Store
) -> None:
    app = build_app(BLACKJACK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "y")
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        # The hand loses 10 to the blackjack, insurance wins 2 x 5 = 10: net 0.
        assert app.session.table.balance == 1000
        assert "Net 0" in app.screen.query_one(FeedbackView).picture.result
        assert shown(app) == {"deal"}
    # The answer is graded on the odds, not on the outcome: still a mistake.
    assert not store.attempts()[0].accepted
