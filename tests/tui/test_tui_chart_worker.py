"""A custom table's chart is computed in a worker thread, a progress bar shown, keys working.

The presets' charts are read from the committed files; any other table's
is computed once (``docs/numbers.md``, "12. The basic-strategy chart"). The
table screen starts that computation when the table opens, shows the
solver's steps in a ``ProgressBar`` and stays playable: a decision made
before the chart is ready is kept, and played and graded as soon as it is
(``docs/custom-tables.md``, "Its chart"). Here the solver is held on an
``Event`` after its first step, so the test knows the chart is not ready.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from textual.widgets import ProgressBar, Static

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import cache
from bjtrainer.strategy.chart import Chart
from bjtrainer.tui.widgets.chart_progress import WorkProgress
from bjtrainer.tui.widgets.feedback import FeedbackView
from tests.tui.tui_support import PRACTICE, SIZE, AppFactory, notices, text_of

# Hard 16 (T,6) against a T, hole card 7: player, up card, player, hole card.
SIXTEEN = ["TS", "TH", "6D", "7C"]
#: The practice rules at two decks: no preset has them, so their chart is computed.
TWO_DECKS: Rules = PRACTICE.model_copy(update={"id": "two-decks", "name": "Two decks", "decks": 2})


class HeldSolver:
    """``build_chart`` that reports step 1 of 4, then waits for :attr:`release`."""

    def __init__(self, real: Callable[..., Chart]) -> None:
        self.real = real
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(
        self, rules: Rules, on_progress: Callable[[int, int], None] | None = None
    ) -> Chart:
        if on_progress is not None:
            on_progress(1, 4)
        self.started.set()
        assert self.release.wait(30)
        return self.real(rules)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSolver]:
    """The chart solver held after its first step; the in-memory charts forgotten."""
    solver = HeldSolver(cache.build_chart)
    monkeypatch.setattr(cache, "build_chart", solver)
    cache.cached_chart.cache_clear()
    yield solver
    solver.release.set()
    cache.cached_chart.cache_clear()


@pytest.mark.slow
async def test_a_decision_waits_for_the_chart_and_is_graded_when_it_is_ready(
    build_app: AppFactory, held: HeldSolver
) -> None:
    app = build_app(SIXTEEN, rules=TWO_DECKS)
    async with app.run_test(size=SIZE) as pilot:
        # The worker runs the solver, not the key handler; the app's loop is left
        # to run meanwhile (a thread worker is started from it).
        for _ in range(200):
            if held.started.is_set():
                break
            await pilot.pause(0.05)
        assert held.started.is_set()
        await pilot.pause()
        progress = app.screen.query_one(WorkProgress)
        bar = progress.query_one(ProgressBar)
        assert progress.display and (bar.progress, bar.total) == (1, 4)
        await pilot.press("s")  # no hand yet: refused as ever, nothing waits
        assert notices(app)[-1].startswith("Cannot stand")
        await pilot.press("enter")  # keys work meanwhile: a deal
        await pilot.press("s")  # the handler returns at once; the stand waits
        await pilot.pause()
        session = app.session
        assert session.in_play and session.last_grade is None
        label = text_of(progress.query_one(".work-label", Static))
        assert "Stand is graded when it is ready" in label
        held.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        grade = session.last_grade
        assert grade is not None and grade.action is Action.STAND
        # Two-deck basic strategy (Wizard of Odds, "2-Deck Blackjack Strategy", S17,
        # late surrender): surrender hard 16 against a ten. Standing gives up
        # 0.04 of the bet in independent draws (-0.540 against -0.5): over 0.02.
        assert grade.chart_action is Action.SURRENDER and not grade.accepted
        assert not session.in_play  # the stand was played: the round settled
        assert not progress.display
        assert text_of(app.screen.query_one(FeedbackView)).startswith("✘ Stand on hard 16 v T")


@pytest.mark.slow
async def test_a_preset_shows_no_progress_and_grades_at_once(
    build_app: AppFactory, held: HeldSolver
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        await pilot.pause()
        assert not held.started.is_set()  # read from the committed chart
        assert not app.screen.query_one(WorkProgress).display
        grade = app.session.last_grade
        assert grade is not None and grade.chart_action is Action.SURRENDER
