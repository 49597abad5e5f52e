"""G in a practice set: the chart, read-only, the hand marked, a look counting as a hint.

``docs/practice.md``, "Keys of the practice screens": G opens the table's
basic-strategy chart as at the table (``docs/playing.md``, "Hint, Why and the
grade line"); while a decision is pending the look counts as a hint, so the
first answer is recorded "after a hint" and, right or not, goes to the
review queue. The cell marked is the hand's own (strategy.cells.round_cell).
"""

from __future__ import annotations

import pytest

from bjtrainer.store import AttemptKind, Store
from bjtrainer.strategy.cells import round_cell
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.widgets.set_panel import SetPanel
from tests.tui.practice_tui_support import (
    ACTION_KEYS,
    PRACTICE,
    best_action,
    practice_app,
    set_screen,
)
from tests.tui.tui_support import SIZE, text_of


@pytest.mark.slow
async def test_g_in_a_set_opens_the_chart_at_the_hand_and_counts_as_a_hint(
    store: Store,
) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")  # hard totals
        screen = set_screen(app)
        practice_set = screen.practice_set
        pending = practice_set.pending
        assert pending is not None
        hand_cell = round_cell(practice_set.round)
        assert hand_cell is not None
        await pilot.press("g")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, ChartScreen)
        assert chart.rules == PRACTICE and chart.cell == hand_cell
        await pilot.press("escape")
        assert app.screen is screen
        after = practice_set.pending
        assert after is not None and after.token == pending.token  # nothing played
        assert after.hint_shown and not pending.hint_shown  # the look is the hint
        await pilot.press(ACTION_KEYS[best_action(PRACTICE, pending)])
        (attempt,) = store.attempts("practice")
        assert attempt.kind is AttemptKind.AFTER_HINT and attempt.accepted
        assert "After a hint 1" in text_of(screen.query_one(SetPanel))
    assert [r.spot_key for r in store.review_records("practice")] == [pending.spot.key]


@pytest.mark.slow
async def test_g_with_no_decision_pending_shows_the_chart_and_marks_nothing(
    store: Store,
) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")
        screen = set_screen(app)
        practice_set = screen.practice_set
        while (pending := practice_set.pending) is not None:  # play the hand out, right
            await pilot.press(ACTION_KEYS[best_action(PRACTICE, pending)])
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen) and app.screen.cell is None
        await pilot.press("g")  # G closes it, as at the table
        assert app.screen is screen
        await pilot.press("enter")  # the next spot: its first answer is unassisted
        pending = practice_set.pending
        assert pending is not None
        await pilot.press(ACTION_KEYS[best_action(PRACTICE, pending)])
    assert {attempt.kind for attempt in store.attempts("practice")} == {AttemptKind.FIRST}
