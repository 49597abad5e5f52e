"""Progress over time: accuracy of first unassisted answers per local date, as a terminal plot.

Progress over time as a plot in the terminal (``docs/practice.md``,
"Stats"). One point per local date with first unassisted answers
(:class:`~bjtrainer.trainer.practice.stats.DayProgress`), oldest first, each
at its value on both axes: x is the date (days since the first point's
date, so a week without practice is a week of axis), labelled month-day
under the point (year-month-day when the points span more than one
calendar year or over :data:`YEAR_AFTER_DAYS` days); y is accuracy in
percent, 0 to 100, with ticks at 0, 25, 50, 75 and 100, so a point is
drawn on the same row as the tick of its value, when its value is a tick.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from textual.reactive import reactive
from textual_plotext import PlotextPlot

from bjtrainer.trainer.practice.stats import DayProgress

#: The plot's title, when the plot is wide enough for it.
PLOT_TITLE = "Accuracy per day (first unassisted answers, %)"
#: The title of a narrower plot.
SHORT_TITLE = "Accuracy per day, %"
#: The y ticks, accuracy in percent.
Y_TICKS: tuple[float, ...] = (0.0, 25.0, 50.0, 75.0, 100.0)
#: Columns of the plot that are not the canvas: the y tick labels ("100"), the tick
#: and the frame.
_FRAME_COLUMNS = 6
#: Columns a date label takes ("11-29") with a space after it.
_LABEL_COLUMNS = 6
#: Points spanning more days than this are labelled with their year too.
YEAR_AFTER_DAYS = 300


@dataclass(frozen=True)
class PlotPoints:
    """The points of the plot, each at its value.

    Attributes
    ----------
    days : tuple of date
        The local dates with an accuracy, oldest first.
    xs : tuple of float
        Each date as days since the first: ``(d - days[0]).days``.
    ys : tuple of float
        Accuracy of that date's first unassisted answers, percent (0-100).
    labels : tuple of str
        Each date as month-day, ``"11-29"``, or with its year,
        ``"2026-11-29"``, when the dates are in more than one calendar
        year or span over :data:`YEAR_AFTER_DAYS` days.
    """

    days: tuple[date, ...]
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    labels: tuple[str, ...]

    @property
    def x_range(self) -> tuple[float, float]:
        """The x axis: half a day either side of the first and the last date."""
        if not self.xs:
            return -0.5, 0.5
        return self.xs[0] - 0.5, self.xs[-1] + 0.5

    def ticks(self, columns: int) -> tuple[list[float], list[str]]:
        """The date ticks that fit ``columns`` canvas columns: positions and labels.

        Each tick sits at a point's x. The first and the last point are
        always labelled; a point in between is labelled when its label
        keeps :data:`_LABEL_COLUMNS` columns from the labelled ones beside
        it, the later points left out first where they crowd.
        """
        if not self.xs:
            return [], []
        low, high = self.x_range
        width = max(_LABEL_COLUMNS, len(self.labels[0]) + 1)
        gap = width * (high - low) / max(1, columns)
        chosen = [0]
        for index in range(1, len(self.xs)):
            if self.xs[index] - self.xs[chosen[-1]] >= gap:
                chosen.append(index)
        last = len(self.xs) - 1
        while len(chosen) > 1 and self.xs[last] - self.xs[chosen[-1]] < gap:
            chosen.pop()
        if chosen[-1] != last:
            chosen.append(last)
        return [self.xs[i] for i in chosen], [self.labels[i] for i in chosen]


def plot_points(progress: tuple[DayProgress, ...]) -> PlotPoints:
    """The points to draw: each date at its distance in days from the first.

    Days without an accuracy (no first unassisted answer) are left out.
    Example: 11-01 at 50%, 11-02 at 75%, 11-29 at 100% give xs 0, 1, 28.
    """
    kept: list[tuple[date, float]] = []
    for day in progress:
        accuracy = day.rate.accuracy
        if accuracy is not None:
            kept.append((day.day, accuracy))
    if not kept:
        return PlotPoints((), (), (), ())
    first, last = kept[0][0], kept[-1][0]
    dated = first.year != last.year or (last - first).days > YEAR_AFTER_DAYS
    shape = "%Y-%m-%d" if dated else "%m-%d"
    return PlotPoints(
        days=tuple(day for day, _ in kept),
        xs=tuple(float((day - first).days) for day, _ in kept),
        ys=tuple(100 * accuracy for _, accuracy in kept),
        labels=tuple(day.strftime(shape) for day, _ in kept),
    )


class ProgressPlot(PlotextPlot):
    """Accuracy per day as a line plot; set ``progress`` ("attributes down")."""

    progress: reactive[tuple[DayProgress, ...]] = reactive(())

    def on_mount(self) -> None:
        self.replot()

    def watch_progress(self) -> None:
        self.replot()

    def on_resize(self) -> None:
        """The date labels that fit depend on the width."""
        self.replot()

    def replot(self) -> None:
        """Draw the plot again from ``progress``, for the widget's width."""
        plt = self.plt
        plt.clear_data()
        width = self.size.width
        plt.title(PLOT_TITLE if len(PLOT_TITLE) <= width else SHORT_TITLE)
        plt.ylim(0, 100)
        plt.yticks(list(Y_TICKS), [f"{tick:.0f}" for tick in Y_TICKS])
        points = plot_points(self.progress)
        if points.xs:
            xs, ys = list(points.xs), list(points.ys)
            plt.plot(xs, ys, marker="braille")
            plt.scatter(xs, ys, marker="●")
            plt.xticks(*points.ticks(width - _FRAME_COLUMNS))
            plt.xlim(*points.x_range)
        self.refresh()
