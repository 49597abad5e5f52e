"""The chart screen (G): the table's basic-strategy chart with the hand in play marked.

The framed cell is the one :mod:`bjtrainer.strategy.cells` names (its own
tests are in ``tests/strategy/test_cells.py``). The codes checked are the
published six-deck S17 DAS late-surrender chart (Wizard of Odds, "4-Deck to
8-Deck Blackjack Strategy": 16 v 9, T, A surrender; A,7 v 2 stand; A,2 v 5
double), and the whole grid on screen is compared, cell by cell, with the
committed ``strategy_tables/<preset>.csv`` read here with the csv module.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from textual.pilot import Pilot

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import COLUMNS, ROWS, cached_chart
from bjtrainer.trainer.wording import signed
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.widgets.chart_grid import (
    BLOCK_GAP,
    BLOCK_WIDTH,
    LABEL_WIDTH,
    RIGHT_ROWS,
    STEP,
    ChartGrid,
)
from tests.tui.tui_support import HOME, PRACTICE, SIZE, AppFactory, text_of

TABLES_DIR = Path(__file__).resolve().parents[2] / "strategy_tables"

#: Hard 16 (T,6) against a ten at the practice table, hole card 7.
SIXTEEN = ["TS", "KH", "6D", "7C"]


async def open_chart(pilot: Pilot[None]) -> ChartScreen:
    """Press G and wait until the chart is computed and drawn."""
    await pilot.press("g")
    screen = pilot.app.screen
    assert isinstance(screen, ChartScreen)
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if screen.chart is not None:
            return screen
    raise AssertionError("the chart never arrived")


def cell(row: str, column: str) -> tuple[int, int]:
    return ROWS.index(row), COLUMNS.index(column)


# The screen


@pytest.mark.slow
async def test_the_chart_marks_the_hand_in_play_and_shows_its_expected_values(
    build_app: AppFactory,
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = await open_chart(pilot)
        grid = screen.query_one(ChartGrid)
        assert grid.spot == ("hard 16", "T")
        assert grid.cursor == cell("hard 16", "T")
        chart = screen.chart
        assert chart is not None
        assert chart.code("hard 16", "T").value == "Rh"  # published: 16 v 10 surrenders
        detail = text_of(screen.query_one("#chart-detail"))
        assert "Your hand: hard 16 against T." in detail
        assert "hard 16 against T:  Rh  surrender if allowed, else hit" in detail
        evs = chart.evs["hard 16"]["T"]
        assert set(evs) == {Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}
        assert evs[Action.SURRENDER] == -0.5  # half the wager back (docs/numbers.md, 6. Surrender)
        for action, name in ((Action.STAND, "Stand"), (Action.HIT, "Hit")):
            assert f"{name} {signed(evs[action])}" in detail
        assert "Surrender -0.500 (best)" in detail
        assert "Double" in detail
        legend = text_of(screen.query_one("#chart-legend"))
        assert "Rh  surrender if allowed, else hit" in legend
        assert "Rs" not in legend  # codes the chart does not use are left out


@pytest.mark.slow
async def test_arrow_keys_move_the_cursor_and_home_brings_it_back(
    build_app: AppFactory,
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = await open_chart(pilot)
        grid = screen.query_one(ChartGrid)
        await pilot.press("right", "right")  # stops at the ace column
        assert grid.cursor == cell("hard 16", "A")
        await pilot.press("up")
        assert grid.cursor == cell("hard 15", "A")
        detail = text_of(screen.query_one("#chart-detail"))
        assert "hard 15 against A:" in detail
        chart = cached_chart(PRACTICE)
        assert f"Stand {signed(chart.evs['hard 15']['A'][Action.STAND])}" in detail
        assert grid.spot == ("hard 16", "T")  # the hand stays marked
        await pilot.press("pagedown")  # the soft totals
        assert grid.cursor == cell("soft 13", "A")
        await pilot.press("pagedown", "left")  # the pairs
        assert grid.cursor == cell("pair 2", "T")
        await pilot.press("home")
        assert grid.cursor == cell("hard 16", "T")
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_a_click_puts_the_cursor_on_the_cell(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = await open_chart(pilot)
        grid = screen.query_one(ChartGrid)
        # The "6" column of the pair 8 row, in the right-hand block.
        x = BLOCK_WIDTH + BLOCK_GAP + LABEL_WIDTH + STEP * COLUMNS.index("6") + 2
        y = 1 + RIGHT_ROWS.index("pair 8")
        await pilot.click(ChartGrid, offset=(x, y))
        assert grid.cursor == cell("pair 8", "6")
        assert "pair 8 against 6:" in text_of(screen.query_one("#chart-detail"))


@pytest.mark.slow
async def test_a_pair_reads_its_pair_row_until_it_may_not_split_again(
    build_app: AppFactory,
) -> None:
    # Home: one split only. 8,8 against a ten; the first split hand draws another 8.
    app = build_app(["8S", "TH", "8D", "7C", "8H", "2D"], rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = await open_chart(pilot)
        assert screen.query_one(ChartGrid).spot == ("pair 8", "T")
        await pilot.press("escape", "x")
        screen = await open_chart(pilot)
        assert screen.query_one(ChartGrid).spot == ("hard 16", "T")
        assert screen.chart is not None and screen.chart.rules_id == "home"


@pytest.mark.slow
async def test_between_rounds_no_cell_is_marked(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_chart(pilot)
        grid = screen.query_one(ChartGrid)
        assert grid.spot is None and grid.cursor == (0, 0)
        assert "No hand in play" in text_of(screen.query_one("#chart-detail"))
        await pilot.press("g")  # G closes it too
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
async def test_the_grid_on_screen_is_the_committed_chart(
    build_app: AppFactory, preset: str
) -> None:
    with (TABLES_DIR / f"{preset}.csv").open(newline="") as handle:
        committed = {row["hand"]: row for row in csv.DictReader(handle)}
    app = build_app(SIXTEEN, rules=PRESETS[preset])
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_chart(pilot)
        lines = text_of(screen.query_one(ChartGrid)).splitlines()
    shown: dict[str, list[str]] = {}
    for line in lines[1:]:
        for start in (0, BLOCK_WIDTH + BLOCK_GAP):
            block = line[start : start + BLOCK_WIDTH]
            label = block[:LABEL_WIDTH].strip()
            if label:
                shown[label] = [
                    block[LABEL_WIDTH + STEP * i + 1 : LABEL_WIDTH + STEP * (i + 1)].strip()
                    for i in range(len(COLUMNS))
                ]
    assert sorted(shown) == sorted(ROWS)
    for row, codes in shown.items():
        assert codes == [committed[row][column] for column in COLUMNS], row
