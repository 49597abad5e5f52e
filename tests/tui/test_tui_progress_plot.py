"""The progress plot puts each point at its value (``docs/practice.md``, "Stats").

Four days of first unassisted answers: 11-01 2 of 4 right (50%), 11-02 3 of
4 (75%), 11-05 9 of 10 (90%), 11-29 5 of 5 (100%). On the x axis a day sits
at its distance in days from the first (0, 1, 4, 28), so 11-02 is next to
11-01 and 11-29 far off; on the y axis 50, 75 and 100 are on the rows of
their ticks and 90 lies nine tenths of the way up. The positions are read
off the drawn plot (its ``┬`` ticks, its ``┤`` labels and its ``●`` marks).
"""

from __future__ import annotations

from datetime import date

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from bjtrainer.trainer.practice.stats import DayProgress, Rate
from bjtrainer.tui.widgets.progress_plot import ProgressPlot, plot_points

DAYS = (
    DayProgress(date(2026, 11, 1), Rate(answers=4, right=2), 0.0),
    DayProgress(date(2026, 11, 2), Rate(answers=4, right=3), 0.0),
    DayProgress(date(2026, 11, 3), Rate(), 0.0),  # no first unassisted answer: no point
    DayProgress(date(2026, 11, 5), Rate(answers=10, right=9), 0.0),
    DayProgress(date(2026, 11, 29), Rate(answers=5, right=5), 0.0),
)
#: (days since 11-01, accuracy in percent) of each point, from the dates and counts.
EXPECTED = [
    ((date(2026, 11, d) - date(2026, 11, 1)).days, 100 * right / answers)
    for d, right, answers in ((1, 2, 4), (2, 3, 4), (5, 9, 10), (29, 5, 5))
]


class PlotApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ProgressPlot()


async def drawn(width: int, height: int) -> list[str]:
    app = PlotApp()
    async with app.run_test(size=(width, height)) as pilot:
        plot = app.query_one(ProgressPlot)
        plot.progress = DAYS
        await pilot.pause()
        rendered = plot.render()
        assert isinstance(rendered, Text)
        return rendered.plain.splitlines()


def test_the_points_are_at_their_dates_and_accuracies() -> None:
    points = plot_points(DAYS)
    assert list(zip(points.xs, points.ys, strict=True)) == EXPECTED
    assert points.labels == ("11-01", "11-02", "11-05", "11-29")
    assert points.x_range == (-0.5, 28.5)
    # Wide enough for every label (6 columns each over 29 days): all four.
    assert points.ticks(200) == ([0.0, 1.0, 4.0, 28.0], list(points.labels))
    # 50 columns: a label needs 6 / 50 x 29 = 3.5 days; 11-02 crowds 11-01.
    assert points.ticks(50) == ([0.0, 4.0, 28.0], ["11-01", "11-05", "11-29"])


@pytest.mark.parametrize(("width", "height"), [(60, 16), (40, 15)])
async def test_the_drawn_points_sit_at_their_values(width: int, height: int) -> None:
    lines = await drawn(width, height)
    marks = sorted(
        (column, row)
        for row, line in enumerate(lines)
        for column, char in enumerate(line)
        if char == "●"
    )
    assert len(marks) == len(EXPECTED)
    # y: the rows of the tick labels 0, 25, 50, 75, 100.
    tick_rows = {float(line.split("┤")[0]): row for row, line in enumerate(lines) if "┤" in line}
    assert set(tick_rows) == {0, 25, 50, 75, 100}
    top, bottom = tick_rows[100], tick_rows[0]
    for (_, row), (_, percent) in zip(marks, EXPECTED, strict=True):
        if percent in tick_rows:
            assert row == tick_rows[percent]
        else:  # 90%: nine tenths of the way up, to the nearest row
            assert abs((bottom - row) / (bottom - top) - percent / 100) <= 1 / (bottom - top)
    # x: the first and the last point under their ticks and labels.
    (axis,) = [line for line in lines if "└" in line]
    ticks = [column for column, char in enumerate(axis) if char == "┬"]
    first, last = marks[0][0], marks[-1][0]
    assert (ticks[0], ticks[-1]) == (first, last)
    labels = lines[lines.index(axis) + 1]
    for label, column in (("11-01", first), ("11-29", last)):
        start = labels.index(label)
        assert start <= column < start + len(label)  # the label runs under its point
    # In between each point is at its share of the 28 days, to the nearest column.
    for (column, _), (days, _) in zip(marks, EXPECTED, strict=True):
        assert abs((column - first) - days / 28 * (last - first)) <= 1
    # Every tick is at a point.
    assert set(ticks) <= {column for column, _ in marks}


@pytest.mark.parametrize(
    ("first", "last", "labels"),
    [
        # a year of practice: both ends are 12-02, told apart by the year
        (date(2025, 12, 2), date(2026, 12, 2), ("2025-12-02", "2026-12-02")),
        # two days across New Year
        (date(2025, 12, 31), date(2026, 1, 1), ("2025-12-31", "2026-01-01")),
        # 301 days within one year
        (date(2026, 1, 1), date(2026, 10, 29), ("2026-01-01", "2026-10-29")),
        # 300 days within one year: month-day is enough
        (date(2026, 1, 1), date(2026, 10, 28), ("01-01", "10-28")),
    ],
)
def test_dates_carry_their_year_across_a_year(first: date, last: date, labels: object) -> None:
    progress = (DayProgress(first, Rate(4, 2), 0.0), DayProgress(last, Rate(4, 3), 0.0))
    points = plot_points(progress)
    assert points.labels == labels
    # 11 columns a dated label over 366 days: both ends fit 60 columns
    assert points.ticks(60)[1] == list(labels)


async def test_a_year_is_drawn_with_both_years() -> None:
    app = PlotApp()
    async with app.run_test(size=(60, 16)) as pilot:
        plot = app.query_one(ProgressPlot)
        plot.progress = (
            DayProgress(date(2025, 12, 2), Rate(4, 2), 0.0),
            DayProgress(date(2026, 12, 2), Rate(4, 3), 0.0),
        )
        await pilot.pause()
        rendered = plot.render()
        assert isinstance(rendered, Text)
        text = rendered.plain
    assert "2025-12-02" in text and "2026-12-02" in text
