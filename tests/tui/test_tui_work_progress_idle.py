"""The progress bar of long work stands still while no work runs.

Textual's ``Bar`` redraws itself 15 times a second while its total is
unknown (the waiting animation), even hidden; the table, the sit-down
screen and the chart each hold a hidden :class:`WorkProgress`, so an idle
table used to wake up 15 times a second. The line and the bar are made the
first time work begins, and kept.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets._progress_bar import Bar

from bjtrainer.tui.widgets.chart_progress import WorkProgress


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield WorkProgress()


async def test_the_bar_animates_only_while_work_runs() -> None:
    app = Host()
    async with app.run_test() as pilot:
        progress = app.query_one(WorkProgress)
        await pilot.pause()
        assert not progress.display and not app.query(Bar)  # idle: no bar made yet
        progress.begin("Computing the chart")
        await pilot.pause()
        bar = app.query_one(Bar)
        assert progress.display and bar.auto_refresh is not None  # the waiting animation
        progress.advance(3, 10)
        await pilot.pause()
        assert bar.auto_refresh is None and bar.percentage == 0.3
        progress.end()
        await pilot.pause()
        assert not progress.display and bar.auto_refresh is None  # no timer once over
        progress.begin("Again")
        progress.end()
        await pilot.pause()
        assert not progress.display and bar.auto_refresh is None and len(app.query(Bar)) == 1
