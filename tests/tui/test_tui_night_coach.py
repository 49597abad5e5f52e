"""Hint and Why at night with a ten up: the unseen dealer blackjack is in every figure.

``docs/rules/night.md``, "Ten up: no early check": with a ten up there is
no peek, and a dealer blackjack found after the player acts "beats every
one of your hands that isn't a blackjack, doubled and split hands
included"; "The hint and the why at a ten up" (and ``docs/numbers.md``,
"Peek conditioning"): every figure includes the chance (1/13) that the hole
card is an ace. The expected figures come from the brute-force model of
``infinite_deck.py``, where the dealer natural is an outcome of its own
(hole ace, 1/13). This flips 11 against a ten from double to hit (the same
section of ``docs/rules/night.md``).
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.store import Store
from bjtrainer.trainer.wording import signed
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.hand_view import HandView
from tests.ev.oracles.infinite_deck import dealer_from_up, double_ev, hit_ev, stand_ev
from tests.tui.tui_support import NIGHT, SIZE, AppFactory, text_of

# 6,5 = 11 against a ten; the hole card is an ace; the double draws a 9 (20).
ELEVEN_V_TEN = ["6S", "TH", "5D", "AC", "9H"]


@pytest.mark.slow
async def test_eleven_against_a_ten_hits_and_a_double_is_taken_by_the_blackjack(
    build_app: AppFactory, store: Store
) -> None:
    unchecked = dealer_from_up(10, peeked=False)
    hit, double = hit_ev(11, False, unchecked), double_ev(11, False, unchecked)
    stand = stand_ev(11, unchecked)
    assert hit > double  # with a peek it would be the other way round:
    checked = dealer_from_up(10, peeked=True)
    assert double_ev(11, False, checked) > hit_ev(11, False, checked)

    app = build_app(ELEVEN_V_TEN, rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "w")
        panel = app.screen.query_one(CoachPanel)
        text = "\n".join(panel.lines)
        assert f"Stand {signed(stand)}" in text
        assert f"Hit {signed(hit)} (best)" in text  # +0.033
        assert f"Double {signed(double)}" in text  # +0.012
        assert "The dealer has not checked: a hidden blackjack is included." in text
        await pilot.press("question_mark")
        assert panel.lines[0] == f"Hint: Hit (EV {signed(hit)})."
        assert panel.lines[1].startswith(  # one card on twice the bet against drawing freely
            f"Doubling hard 11 v T takes one card for twice the bet: {signed(double / 2)} "
            f"per unit staked, {signed(double)} in all"
        )
        await pilot.press("d")  # doubled anyway: 5 more chips, one card (9) -> 20
        feedback = app.screen.query_one(FeedbackView).picture
        assert not feedback.accepted  # gives up hit - double = 0.021 > 0.02
        # The reveal finds the blackjack: it takes the doubled 10.
        assert app.session.table.balance == 500 - 10
        assert text_of(app.screen.query_one(HandView)).splitlines()[-1] == "Dealer BJ -10"
        assert "Net -10" in feedback.result

    decision = store.attempts("night")[0]
    assert decision.action is Action.DOUBLE and decision.best is Action.HIT
    assert abs(decision.ev_lost - (hit - double)) < 1e-12
