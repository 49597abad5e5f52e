"""Progress over time: accuracy of first unassisted answers per local date, as a terminal plot.

Progress over time as a plot in the terminal (``docs/practice.md``,
"Stats"). One point per local date with first
unassisted answers (:class:`~bjtrainer.trainer.practice.stats.DayProgress`), oldest
first; the y axis is accuracy in percent, 0 to 100; the x axis labels are
the dates (month-day).
"""

from __future__ import annotations

from textual.reactive import reactive
from textual_plotext import PlotextPlot

from bjtrainer.trainer.practice.stats import DayProgress

#: The plot's title.
PLOT_TITLE = "Accuracy per day (first unassisted answers, %)"


def plot_points(
    progress: tuple[DayProgress, ...],
) -> tuple[list[float], list[float], list[str]]:
    """The points to draw: x = 1..n, y = accuracy in percent, and the x labels (``"11-29"``).

    Days without an accuracy (no first unassisted answer) are left out.
    """
    xs: list[float] = []
    ys: list[float] = []
    labels: list[str] = []
    for day in progress:
        accuracy = day.rate.accuracy
        if accuracy is None:
            continue
        xs.append(float(len(xs) + 1))
        ys.append(100 * accuracy)
        labels.append(day.day.strftime("%m-%d"))
    return xs, ys, labels


class ProgressPlot(PlotextPlot):
    """Accuracy per day as a line plot; set ``progress`` ("attributes down")."""

    progress: reactive[tuple[DayProgress, ...]] = reactive(())

    def on_mount(self) -> None:
        self.replot()

    def watch_progress(self) -> None:
        self.replot()

    def replot(self) -> None:
        """Draw the plot again from ``progress``."""
        plt = self.plt
        plt.clear_data()
        plt.title(PLOT_TITLE)
        plt.ylim(0, 100)
        xs, ys, labels = plot_points(self.progress)
        if xs:
            plt.plot(xs, ys, marker="braille")
            plt.scatter(xs, ys, marker="●")
            plt.xticks(xs, labels)
            plt.xlim(0.5, len(xs) + 0.5)
        self.refresh()
