"""Snapshots of every screen at a standard 80 x 24 terminal, beside the 100 x 34 ones.

The same screens and states as ``test_tui_snapshots.py``,
``test_tui_chart_snapshots.py`` and ``test_tui_practice_snapshots.py``
(seed, stacked shoe and clock fixed, no blinking cursor), drawn at 80 x 24:
the table in a long round (three split hands), the chart, the shoe-aware
Why, the sit-down screen with a rules file of five problems, the New
session menu, a set after a miss and the stats. Regenerate after a
deliberate change with ``pytest tests/tui/test_tui_small_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.

Beside each picture a check reads what is drawn where (screen regions), so
that a snapshot taken of a cut screen cannot pass for a complete one.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from bjtrainer.engine.rules_file import load_rules
from bjtrainer.errors import RulesError
from bjtrainer.store import Store
from bjtrainer.strategy import COLUMNS, ROWS
from bjtrainer.trainer.wording import signed
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.widgets.chart_grid import BLOCK_GAP, LABEL_WIDTH, RIGHT_ROWS, ChartGrid
from bjtrainer.tui.widgets.shoe_why import ShoeWhyPanel
from tests.tui.practice_tui_support import practice_app
from tests.tui.test_tui_chart import TABLES_DIR, open_chart
from tests.tui.test_tui_chart_snapshots import SEVENS, SIXTEEN, settle
from tests.tui.test_tui_practice_snapshots import miss_first, stats_store
from tests.tui.test_tui_small_terminal import drawn_lines
from tests.tui.tui_support import HOME, AppFactory, text_of

SnapCompare = Callable[..., bool]

SMALL = (80, 24)

# 8,8 against a 6 (hole T), split twice: three hands of 8 take 3, 9 and 2; the
# round is long (three hands two by two) and its first hand is in play.
LONG_ROUND = ["8S", "6H", "8D", "TC", "8C", "8H", "3D", "9C", "2S"]

#: A rules file with five problems, each one line of the error (``docs/custom-tables.md``).
BAD_RULES = """\
decks = 0
dealer_hits_soft_17 = "maybe"
blackjack_payout = "banana"
max_hands = 99
minimum_bet = -5
"""


@pytest.mark.slow
def test_table_in_a_long_round(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def split_twice(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "x", "x")
        await pilot.pause()
        dealer = pilot.app.screen.query_one("DealerView")
        felt = pilot.app.screen.query_one("#felt")
        assert dealer.region.height and felt.region.contains_region(dealer.region)

    assert snap_compare(build_app(LONG_ROUND), run_before=split_twice, terminal_size=SMALL)


@pytest.mark.slow
def test_chart_screen(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def open_chart(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "g")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ChartScreen)
        grid = screen.query_one("ChartGrid")
        assert grid.compact and grid.region.right <= SMALL[0]
        detail = screen.query_one("#chart-detail")
        assert detail.region.bottom <= SMALL[1] - 1  # above the footer

    assert snap_compare(build_app(SIXTEEN), run_before=open_chart, terminal_size=SMALL)


@pytest.mark.slow
def test_chart_screen_scrolled_to_the_legend(
    snap_compare: SnapCompare, build_app: AppFactory
) -> None:
    async def to_the_legend(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "g")
        await settle(pilot)
        await pilot.press("end")
        await pilot.pause()
        legend = pilot.app.screen.query_one("#chart-legend")
        body = pilot.app.screen.query_one("#chart-body")
        assert body.region.contains_region(legend.region)

    assert snap_compare(build_app(SIXTEEN), run_before=to_the_legend, terminal_size=SMALL)


@pytest.mark.slow
def test_why_panel_shoe_aware(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def shoe_aware(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "z")
        await settle(pilot)
        panel = pilot.app.screen.query_one(ShoeWhyPanel)
        why = panel.why
        assert why is not None and why.shoe is not None
        drawn = " ".join(drawn_lines(panel))
        for figures in (why.independent, why.shoe.evs):  # every EV whole: none cut
            assert all(f" {signed(ev)}" in drawn for ev in figures.values())

    app = build_app(SEVENS, rules=HOME)
    assert snap_compare(app, run_before=shoe_aware, terminal_size=SMALL)


@pytest.mark.slow
def test_sit_down_with_every_problem_of_a_rules_file(
    snap_compare: SnapCompare, build_app: AppFactory, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_RULES, encoding="utf-8")

    async def type_bad_file(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        tables = screen.query_one("#table-list", OptionList)
        assert tables.option_count == 5
        assert all(tables.get_option_at_index(i) for i in range(5))
        assert tables.region.height == 5  # one line per table: all five on screen
        await pilot.press("end", "enter")
        screen.query_one("#rules-path", Input).value = "bad.toml"
        await pilot.press("enter")
        await pilot.pause()
        error = text_of(screen.query_one("#seat-error", Static))
        with pytest.raises(RulesError) as problems:
            load_rules("bad.toml")
        head, *lines = error.splitlines()
        assert head == "bad.toml: 5 problems:"  # the file once, then a problem a line
        assert [line for line in lines if line.startswith("- ")] == [
            line for line in lines if not line.startswith("  ")
        ]  # a wrapped problem goes on under its text
        expected = [f"- {problem}" for problem in problems.value.problems]
        assert " ".join(" ".join(lines).split()) == " ".join(expected)
        await pilot.press("pagedown")
        await pilot.pause()

    app = build_app([], rules=None)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)  # the path typed is relative, so the picture is the same
        assert snap_compare(app, run_before=type_bad_file, terminal_size=SMALL)


@pytest.mark.slow
def test_new_session_menu(snap_compare: SnapCompare, store: Store) -> None:
    assert snap_compare(practice_app(store), press=["m", "down", "down"], terminal_size=SMALL)


@pytest.mark.slow
def test_set_after_a_miss(snap_compare: SnapCompare, store: Store) -> None:
    assert snap_compare(practice_app(store), run_before=miss_first, terminal_size=SMALL)


@pytest.mark.slow
def test_stats(snap_compare: SnapCompare, store: Store) -> None:
    stats_store(store)

    async def open_stats(pilot: Pilot[None]) -> None:
        await pilot.press("m", "0")
        await pilot.pause()
        topics = pilot.app.screen.query_one("#stats-topics")
        assert "…" not in " ".join(drawn_lines(topics))  # "54…" before: the figures cut
        body = pilot.app.screen.query_one("#stats-body")
        assert topics.region.width == body.scrollable_content_region.width  # stacked

    assert snap_compare(practice_app(store), run_before=open_stats, terminal_size=SMALL)


@pytest.mark.slow
async def test_the_compact_grid_at_80_columns_is_the_committed_chart(
    build_app: AppFactory,
) -> None:
    # Each compact cell is two characters and one gap: the 78-column grid fits 80
    # columns, and it reads cell for cell as the committed practice chart.
    with (TABLES_DIR / "practice.csv").open(newline="") as handle:
        committed = {row["hand"]: row for row in csv.DictReader(handle)}
    app = build_app(SIXTEEN)
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_chart(pilot)
        grid = screen.query_one(ChartGrid)
        assert grid.compact
        lines = drawn_lines(grid)
        step, block = 3, LABEL_WIDTH + 3 * len(COLUMNS) + 1
        shown: dict[str, list[str]] = {}
        for line in lines[1:]:
            for start in (0, block + BLOCK_GAP):
                part = line[start : start + block].ljust(block)
                label = part[:LABEL_WIDTH].strip()
                if label:
                    shown[label] = [
                        part[LABEL_WIDTH + step * i + 1 : LABEL_WIDTH + step * (i + 1)].strip()
                        for i in range(len(COLUMNS))
                    ]
        assert max(len(line) for line in lines) <= 2 * block + BLOCK_GAP == 78
        visible = sorted(shown)
        assert visible and all(row in ROWS for row in visible)
        for row, codes in shown.items():
            assert codes == [committed[row][column] for column in COLUMNS], row
        # A click on the "6" column of the soft 15 row of the compact right block.
        x = block + BLOCK_GAP + LABEL_WIDTH + step * COLUMNS.index("6") + 1
        y = 1 + RIGHT_ROWS.index("soft 15")
        await pilot.click(ChartGrid, offset=(x, y))
        assert grid.cursor == (ROWS.index("soft 15"), COLUMNS.index("6"))


@pytest.mark.slow
async def test_a_pairs_set_at_80_by_24_shows_all_five_round_buttons(store: Store) -> None:
    # A pair at the practice table may hit, stand, double, split and surrender
    # (docs/rules/practice.md: late surrender on the first two cards).
    app = practice_app(store)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("m", "3")
        await pilot.pause()
        felt = app.screen.query_one("#felt")
        shown = [button for button in app.screen.query("#actions ChoiceButton") if button.display]
        assert [str(button.label) for button in shown] == [
            "Hit H",
            "Stand S",
            "Double D",
            "Split X",
            "Surrender R",
        ]
        for button in shown:
            assert felt.region.contains_region(button.region), button.label
            assert str(button.label) in drawn_lines(button)[0]
