"""Snapshots of the chart screen and the shoe-aware Why panel.

The screens of ``docs/numbers.md``, "12. The basic-strategy chart" and
"11. The shoe-aware figures". As in ``test_tui_snapshots.py``: seed,
stacked shoe and clock fixed, a 100 x 34 terminal, no blinking cursor; each
snapshot is taken once the worker (the chart, the exact shoe figures) has
answered. Regenerate after a deliberate change with
``pytest tests/tui --snapshot-update`` and look at the SVGs in
``tests/tui/__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from tests.tui.tui_support import HOME, SIZE, AppFactory

SnapCompare = Callable[..., bool]

#: Hard 16 (T,6) against a ten at the practice table, hole card 7.
SIXTEEN = ["TS", "KH", "6D", "7C"]
#: 7,7 against a ten at the one-deck home table, hole card 9: the shoe says stand.
SEVENS = ["7S", "TH", "7D", "9C"]


async def settle(pilot: Pilot[None]) -> None:
    """Let every worker finish and its answer reach the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.slow
def test_chart_screen(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def open_chart(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "g")
        await settle(pilot)

    assert snap_compare(build_app(SIXTEEN), run_before=open_chart, terminal_size=SIZE)


@pytest.mark.slow
def test_why_panel_shoe_aware(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def shoe_aware(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "z")
        await settle(pilot)

    app = build_app(SEVENS, rules=HOME)
    assert snap_compare(app, run_before=shoe_aware, terminal_size=SIZE)
