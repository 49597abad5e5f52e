"""A practice set at a standard 80 x 24 terminal, and keys in both cases.

A new-user test found that in a practice set at 80 x 24 the Why panel was
drawn below the screen (while the hint still counted), and that Shift+T and
Shift+O did nothing. The Why figures are checked against the EV layer for the
set's own pending spot.
"""

from __future__ import annotations

import pytest

from bjtrainer.store import Store
from bjtrainer.tui.keys import both_cases
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from tests.tui.practice_tui_support import practice_app, set_screen
from tests.tui.test_tui_small_terminal import on_screen


def test_letter_keys_are_bound_in_both_cases() -> None:
    assert both_cases("t") == "t,T"
    assert both_cases("h,H,c,C") == "h,H,c,C"
    assert both_cases("enter,question_mark,f1") == "enter,question_mark,f1"


@pytest.mark.slow
async def test_why_shows_in_a_practice_set_at_80_by_24(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "1")  # focused practice: hard totals
        screen = set_screen(app)
        assert screen.practice_set.pending is not None
        await pilot.press("W")  # capital W, as with Caps Lock
        await pilot.pause()
        panel = screen.query_one(CoachPanel)
        assert panel.title == "Why" and panel.lines
        assert on_screen(app, panel)


@pytest.mark.slow
async def test_play_on_after_a_miss_shows_the_reason_and_the_result(store: Store) -> None:
    """A missed stand played on (O) ends the hand: the reason stays and the
    round's result line (net change, as at the table) follows it, each on its line."""
    from bjtrainer.engine.actions import Action
    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.tui.widgets.feedback import FeedbackView
    from tests.tui.practice_tui_support import decision_evs

    app = practice_app(store)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("m", "5")  # focused practice: stiff hands 12-16
        screen = set_screen(app)
        for _ in range(10):
            pending = screen.practice_set.pending
            assert pending is not None
            evs = decision_evs(PRESETS["practice"], pending)
            if Action.STAND in evs and max(evs.values()) - evs[Action.STAND] > 0.02:
                break
            await pilot.press(
                {Action.HIT: "h", Action.STAND: "s", Action.SURRENDER: "r"}.get(
                    max(evs, key=evs.__getitem__), "h"
                )
            )
            while screen.practice_set.pending is None and not screen.practice_set.finished:
                await pilot.press("enter")
        else:
            raise AssertionError("no spot where standing is a miss came up")
        await pilot.press("s", "k")  # the miss, then play it on: the hand is over
        await pilot.pause()
        picture = screen.query_one(FeedbackView).picture
        best = max(evs, key=evs.__getitem__)
        assert picture.grade.startswith("✘ Stand on ")
        assert f"best is {best.value.capitalize()} (EV " in picture.grade
        gerund = {Action.HIT: "hitting", Action.SPLIT: "splitting", Action.SURRENDER: "surrender"}
        assert "standing" in picture.reason.lower() or best is Action.SURRENDER
        assert gerund[best] in picture.reason.lower()
        assert "Net " in picture.result


@pytest.mark.slow
async def test_a_miss_at_80_by_24_shows_its_grade_its_reason_and_what_to_do(
    store: Store,
) -> None:
    """The grade line comes first and the prompt ("Missed. A retries ...") last:
    after a miss the felt scrolls so that the whole feedback is on screen."""
    from bjtrainer.trainer.wording import label
    from bjtrainer.tui.widgets.feedback import FeedbackView
    from tests.tui.practice_tui_support import ACTION_KEYS, PRACTICE, worst_action
    from tests.tui.test_tui_small_terminal import drawn_lines

    app = practice_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "1")  # focused practice: hard totals
        screen = set_screen(app)
        pending = screen.practice_set.pending
        assert pending is not None
        worst = worst_action(PRACTICE, pending)
        await pilot.press(ACTION_KEYS[worst])
        await pilot.pause()
        feedback = screen.query_one(FeedbackView)
        assert on_screen(app, feedback)
        rows = [line.strip() for line in drawn_lines(feedback) if line.strip()]
        assert rows[0].startswith(f"✘ {label(worst)} on hard ")
        text = " ".join(rows)
        assert text.endswith(f"Missed. A retries this decision; K plays on with {label(worst)}.")
