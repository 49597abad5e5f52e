"""Hint and Why panels at the table, with figures derived in this file.

The dealer's final totals come from a brute-force enumeration here of an
infinite shoe (each rank 1/13, ten-values 4/13), S17, conditioned on no
dealer blackjack after the peek (``docs/numbers.md``, "1. Independent draws"
and "Peek conditioning"). Published check: Wizard of Odds, Blackjack
Appendix 1 (infinite deck): hard 16 v 10 stand -0.5404, hit -0.5398; late
surrender returns half the bet (``docs/rules/practice.md``, "Surrender";
``docs/numbers.md``, "6. Surrender"), EV -0.5, so at the practice table the
hint for a two-card 16 v 10 is Surrender, and for a three-card 16 v 10 (no
surrender) it is Hit.
"""

from __future__ import annotations

import pytest

from bjtrainer.store import AttemptKind, Store
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.ev.oracles.infinite_deck import dealer_from_up
from tests.tui.tui_support import SIZE, AppFactory


def ten_up_no_blackjack() -> dict[int, float]:
    """Dealer finals with a ten up, given the peek found no ace underneath."""
    return dealer_from_up(10, peeked=True)


def hit_ev() -> float:
    """Hit 16 v 10 after the peek, the published figure (Appendix 1)."""
    return -0.5398


def test_brute_force_agrees_with_the_published_stand_figure() -> None:
    finals = ten_up_no_blackjack()
    assert round(finals[22] - (1 - finals[22]), 4) == -0.5404  # 16 stands: win only on a bust


@pytest.mark.slow
async def test_hint_and_why_for_sixteen_against_ten(build_app: AppFactory, store: Store) -> None:
    app = build_app(["TS", "TH", "6D", "7C", "5C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "question_mark")
        panel = app.screen.query_one(CoachPanel)
        assert panel.display and panel.title == "Hint"
        # The play, its EV and the reason against the second-best play, Hit.
        assert panel.lines == (
            "Hint: Surrender (EV -0.500).",
            "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
            f"less than hitting is expected to lose (EV {hit_ev():+.3f}).",
        )
        await pilot.press("w")
        assert panel.title == "Why"
        text = "\n".join(panel.lines)
        bust_next = 8 / 13  # a 6, 7, 8, 9 or ten-value card busts a hard 16
        win = ten_up_no_blackjack()[22]
        assert f"{100 * bust_next:.1f}%" in text  # 61.5%
        assert f"win {100 * win:.1f}%" in text  # 23.0%
        assert f"loss {100 * (1 - win):.1f}%" in text  # 77.0%
        assert "Stand -0.540" in text and "Surrender -0.500" in text
        assert "Dealer has checked: no blackjack." in text
        await pilot.press("w")  # W again hides it
        assert not panel.display
        await pilot.press("h")  # the answer after a hint is marked so; 16 + 5 = 21 stands
        assert not panel.lines  # the panel closes with the decision it explained
        grade = app.screen.query_one(FeedbackView).picture.grade
        assert grade.startswith("✘ Hit on hard 16 v T (after a hint) gives up 0.040")
        await pilot.press("w")  # the round is over: nothing to explain
        assert not panel.lines
        assert app.session.table.balance == 1010  # 21 beats the dealer's 17
    assert [d.kind for d in store.attempts()] == [AttemptKind.AFTER_HINT]


async def test_hint_is_hit_for_a_three_card_sixteen(build_app: AppFactory) -> None:
    # T,2 v 10 hits a 4: hard 16 on three cards, no surrender any more.
    app = build_app(["TS", "TH", "2D", "7C", "4C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h", "question_mark")
        panel = app.screen.query_one(CoachPanel)
        assert panel.lines[0] == f"Hint: Hit (EV {hit_ev():+.3f})."
        assert panel.lines[1].startswith("Standing on hard 16 v T wins 23.0% and loses 77.0%")
        await pilot.press("w")
        text = "\n".join(panel.lines)
        assert "Surrender" not in text and "Double" not in text


@pytest.mark.slow
async def test_insurance_hint_and_why(build_app: AppFactory) -> None:
    app = build_app(["TS", "AH", "9D", "7C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "question_mark")
        panel = app.screen.query_one(CoachPanel)
        assert panel.lines[0] == "Hint: No insurance (EV +0.000)."
        assert "4/13 (30.8%)" in panel.lines[1] and "9/13 (69.2%)" in panel.lines[1]
        await pilot.press("w")
        text = "\n".join(panel.lines)
        assert f"{100 * 4 / 13:.1f}%" in text  # 30.8%: the hole card is a ten
        assert f"Insurance {-1 / 26:+.3f}" in text  # -0.038
