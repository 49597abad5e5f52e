"""The daily five through the screens: played, copied, replayed, its first answers kept.

``docs/practice.md``, "Daily five": five spots fixed by the local calendar
date; the first answers of the day are kept, and playing the five again is
a replay, marked as one, that never changes the day's result; the result
line (``Daily 2026-11-29  ✔✔✘✔✔  hints 0``) can be copied, and the streak
of days is shown. A hand is ✔ when every first answer in it was accepted.
The expected line is built from the answers the test gave.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.store import RunKind, Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.daily import daily_spots
from bjtrainer.trainer.practice.sets import PendingDecision
from bjtrainer.tui.screens.daily_five import DailyFiveScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen
from tests.tui.practice_tui_support import (
    NOON,
    PRACTICE,
    best_action,
    play_set,
    practice_app,
    set_screen,
    worst_action,
)
from tests.tui.tui_support import SIZE, text_of

#: Hand 2 of the five is answered wrong at its dealt spot, every other decision right.
WRONG_HAND = 1


def second_hand_wrong(pending: PendingDecision, index: int) -> Action:
    if pending.position == WRONG_HAND and pending.is_target:
        return worst_action(PRACTICE, pending)
    return best_action(PRACTICE, pending)


def all_wrong(pending: PendingDecision, index: int) -> Action:
    return worst_action(PRACTICE, pending)


def screen_text(screen: object, selector: str) -> str:
    return "\n".join(text_of(widget) for widget in screen.query(selector))  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_daily_five_played_copied_and_replayed(store: Store) -> None:
    clock = ManualClock(NOON)
    app = practice_app(store, clock)
    expected = "Daily 2026-11-29  ✔✘✔✔✔  hints 0"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "8")
        daily = app.screen
        assert isinstance(daily, DailyFiveScreen)
        assert "Daily 2026-11-29  ·····  hints 0" in screen_text(daily, "#daily-line")
        await pilot.press("enter")
        first = set_screen(app).practice_set
        assert first.kind is RunKind.DAILY and not first.replay and first.size == 5
        assert [plan.target for plan in first.plans] == list(daily_spots(PRACTICE, NOON.date()))
        await play_set(pilot, second_hand_wrong)
        summary = app.screen
        assert isinstance(summary, SetSummaryScreen)
        text = screen_text(summary, "#summary-daily")
        assert expected in text and "Streak: 1 day in a row" in text
        await pilot.press("c")  # C is the table's Hit: it copies nothing here
        assert app.clipboard != expected and app.screen is summary
        await pilot.press("ctrl+c")
        assert app.clipboard == expected

        # Enter at the summary of a daily five: the replay, marked, the same five spots.
        await pilot.press("enter")
        replay = set_screen(app).practice_set
        assert replay.kind is RunKind.DAILY and replay.replay
        assert "· replay" in text_of(app.screen.query_one("#title"))
        assert [p.target for p in replay.plans] == [p.target for p in first.plans]
        assert [p.cards for p in replay.plans] != [p.cards for p in first.plans]  # dealt afresh
        await play_set(pilot, all_wrong)
        text = screen_text(app.screen, "#summary-daily")
        assert expected in text and "This was a replay" in text
        await pilot.press("escape")
        assert app.screen is daily
        assert expected in screen_text(daily, "#daily-line")
        app.copy_to_clipboard("")
        await pilot.press("ctrl+c")  # the daily five's own Copy
        assert app.clipboard == expected
        # Play again, a replay: the button says Play, as the footer's Enter does.
        assert str(daily.query_one("#button-play").label) == "Play ⏎"
        assert daily.active_bindings["enter"].binding.description == "Play"

        # The next day: five new spots, the line starts again, the streak holds.
        clock.advance(timedelta(days=1))
        await pilot.press("escape", "8")
        tomorrow = app.screen
        assert isinstance(tomorrow, DailyFiveScreen)
        line = screen_text(tomorrow, "#daily-line")
        assert "Daily 2026-11-30  ·····  hints 0" in line and "Streak: 1 day" in line
    runs = store.runs("practice")
    assert [(run.kind, run.replay) for run in runs] == [
        (RunKind.DAILY, False),
        (RunKind.DAILY, True),
    ]
