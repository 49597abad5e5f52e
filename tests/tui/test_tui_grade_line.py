"""The grade line at the table: about the decision just made, its spot named, hints marked.

``docs/playing.md``, "Hint, Why and the grade line": the grade line and its
reason come first in the feedback, above the prompt for the next decision,
so they read as being about the decision just made, at 80 x 24 too; a look
at the chart (G) while a decision is pending counts as a hint for it.

Hard 16 v 10 at ``practice`` (hole 7, a clean peek): late surrender -0.5
beats hitting -0.5398 (Wizard of Odds, Blackjack Appendix 1), so a hit gives
up 0.040. Hard 12 v 2 hit, then 12 + 5 = hard 17.
"""

from __future__ import annotations

import pytest
from textual.widget import Widget

from bjtrainer.store import AttemptKind, Store
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.widgets.buttons import ActionBar
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.tui.test_tui_small_terminal import SMALL, drawn_lines, on_screen
from tests.tui.tui_support import SIZE, AppFactory

SIXTEEN = ["TS", "TH", "6D", "7C", "5C"]  # a hit draws the 5: 21 stands
TWELVE = ["TS", "2H", "2D", "7C", "5C"]  # 12 v 2; a hit draws the 5: hard 17


def feedback_rows(widget: Widget) -> list[str]:
    return [line.strip() for line in drawn_lines(widget) if line.strip()]


@pytest.mark.slow
async def test_a_look_at_the_chart_marks_the_decision_as_hinted(
    build_app: AppFactory, store: Store
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "g")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("h")
        grade = app.screen.query_one(FeedbackView).picture.grade
        assert grade == (
            "✘ Hit on hard 16 v T (after a hint) gives up 0.040: best is Surrender (EV -0.500)."
        )
    assert [attempt.kind for attempt in store.attempts()] == [AttemptKind.AFTER_HINT]


@pytest.mark.slow
async def test_a_look_at_the_chart_between_rounds_is_no_hint(
    build_app: AppFactory, store: Store
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")  # no hand yet: the chart with nothing marked
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        await pilot.press("escape", "enter", "h")
        grade = app.screen.query_one(FeedbackView).picture.grade
        assert grade.startswith("✘ Hit on hard 16 v T gives up 0.040")
    assert [attempt.kind for attempt in store.attempts()] == [AttemptKind.FIRST]


async def test_the_grade_sits_above_the_next_prompt_at_80_by_24(build_app: AppFactory) -> None:
    app = build_app(TWELVE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter", "h")
        await pilot.pause()
        feedback = app.screen.query_one(FeedbackView)
        assert on_screen(app, feedback) and on_screen(app, app.screen.query_one(ActionBar))
        rows = feedback_rows(feedback)
        assert rows[0].startswith("✔ Hit on hard 12 v 2 is right")  # the decision just made
        assert rows[-1] == "Your move: Hard 17 against the dealer's 2."  # the next one
        text = " ".join(rows)
        reason = app.screen.query_one(FeedbackView).picture.reason
        assert reason.startswith("Standing on hard 12 v 2 wins ")  # hit v stand: why hit
        assert " ".join(reason.split()) in text  # drawn whole, between the two
