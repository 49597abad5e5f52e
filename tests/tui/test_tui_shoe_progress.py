"""The shoe-aware figures (Z, then W) show a progress bar when they take long.

They are computed in a worker thread and take tens of milliseconds as a
rule; when they are not there after ``SLOW_SECONDS``, the side panel shows
a ``ProgressBar`` until they arrive (``docs/playing.md``, "Hint, Why and
the grade line"). Here the computation is held on an ``Event``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.trainer.shoe_aware import ShoeFigures, ShoeQuestion
from bjtrainer.tui.screens import table as table_screen
from bjtrainer.tui.widgets.chart_progress import WorkProgress
from bjtrainer.tui.widgets.shoe_why import ShoeWhyPanel
from tests.tui.tui_support import SIZE, AppFactory

# Hard 16 (T,6) against a T, hole card 7.
SIXTEEN = ["TS", "TH", "6D", "7C"]


@pytest.fixture
def release(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """``shoe_figures`` held until the event is set, then computed as ever."""
    event = threading.Event()
    real = table_screen.shoe_figures

    def held(question: ShoeQuestion) -> ShoeFigures:
        assert event.wait(30)
        return real(question)

    monkeypatch.setattr(table_screen, "shoe_figures", held)
    yield event
    event.set()


@pytest.mark.slow
async def test_slow_shoe_figures_show_a_progress_bar_until_they_arrive(
    build_app: AppFactory, release: threading.Event
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")  # shoe-aware on with a decision pending: the Why opens
        progress = app.screen.query_one(WorkProgress)
        await pilot.pause(2 * table_screen.SLOW_SECONDS)
        assert progress.display
        panel = app.screen.query_one(ShoeWhyPanel)
        assert panel.why is not None and panel.why.shoe is None  # still computing
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not progress.display
        assert panel.why is not None and panel.why.shoe is not None
        # T,6 against a T may stand, hit, double or surrender; the shoe's figures say each.
        legal = {Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}
        assert set(panel.why.shoe.evs) == legal
        assert panel.why.shoe.evs[Action.SURRENDER] == -0.5  # half the bet back, for sure
