"""Plain pictures of the practice figures: tables, the heat map, the costliest mistakes.

The figures are those of :mod:`bjtrainer.trainer.practice.stats`
(``docs/practice.md``, "Stats"): accuracy of first unassisted answers
overall, per topic and per spot (a heat map of hand x up card), EV given up
per 100 decisions (units of the original wager), hint rate, retry rate, the
costliest mistakes. Progress over time is drawn by
:class:`~bjtrainer.tui.widgets.progress_plot.ProgressPlot`.
No Textual here: the pictures are Rich renderables (tables and text), which
a widget shows as they are.
"""

from __future__ import annotations

import math

from rich.table import Table as RichTable
from rich.text import Text

from bjtrainer.trainer.luck import signed_tenths
from bjtrainer.trainer.practice.stats import HeatMap, Stats
from bjtrainer.trainer.practice.topics import TOPIC_TITLES
from bjtrainer.trainer.wording import label
from bjtrainer.tui.views.practice import spot_label

#: Width of a heat-map cell, in terminal cells.
CELL_WIDTH = 4
#: Width of a heat-map row label.
ROW_LABEL_WIDTH = 10

#: Accuracy bands of the heat map, lowest first: (upper bound, style). A cell
#: falls in the first band whose bound is above its accuracy.
HEAT_BANDS: tuple[tuple[float, str], ...] = (
    (0.5, "bold white on red3"),
    (0.8, "bold black on dark_orange"),
    (1.0, "bold black on yellow3"),
    (math.inf, "bold black on green3"),
)
#: A cell without answers.
EMPTY_CELL_STYLE = "dim"


def rate_text(rate: float | None) -> str:
    """A rate in 0..1 as a percentage with one decimal, ``"-"`` while it has no answers."""
    return "-" if rate is None else f"{100 * rate:.1f}%"


def heat_style(accuracy: float) -> str:
    """The style of a heat-map cell of ``accuracy`` in 0..1 (:data:`HEAT_BANDS`)."""
    for bound, style in HEAT_BANDS:
        if accuracy < bound:
            return style
    return HEAT_BANDS[-1][1]  # pragma: no cover - the last bound is infinite


def heat_cell(accuracy: float, answers: int) -> str:
    """The text of a cell: the accuracy in percent, ``"·"`` without answers."""
    if answers == 0 or math.isnan(accuracy):
        return "·"
    return f"{round(100 * accuracy)}"


def heat_map_text(heat: HeatMap) -> Text:
    """The heat map: one line per chart row with answers, one coloured cell per up card.

    Parameters
    ----------
    heat : HeatMap
        ``accuracy`` and ``answers`` of shape (R, U = 10).

    Returns
    -------
    Text
        A header line of up cards, then R lines; ``1 + R`` lines of
        ``ROW_LABEL_WIDTH + 10 * CELL_WIDTH`` cells. Empty rows say so.
    """
    text = Text(f"{'':<{ROW_LABEL_WIDTH}}", style="bold")
    for up in heat.ups:
        text.append(f"{up:>{CELL_WIDTH - 1}} ", style="bold")
    if not heat.rows:
        text.append("\nNo first unassisted answer yet.", style="italic")
        return text
    for r, row in enumerate(heat.rows):
        text.append(f"\n{row:<{ROW_LABEL_WIDTH}}")
        for u in range(len(heat.ups)):
            accuracy = float(heat.accuracy[r, u])
            answers = int(heat.answers[r, u])
            cell = heat_cell(accuracy, answers)
            style = EMPTY_CELL_STYLE if cell == "·" else heat_style(accuracy)
            text.append(f"{cell:>{CELL_WIDTH - 1}}", style=style)
            text.append(" ")
    return text


def heat_legend() -> Text:
    """The colours of the heat map, in words."""
    text = Text("Accuracy ")
    names = ("<50%", "50-79%", "80-99%", "100%")
    for (_, style), name in zip(HEAT_BANDS, names, strict=True):
        text.append(f" {name} ", style=style)
        text.append(" ")
    text.append("· none", style=EMPTY_CELL_STYLE)
    return text


def count_text(count: int) -> str:
    """A count that fits a narrow column: ``9999`` as it is, ``92644`` as ``"92.6k"``, ``1.2M``."""
    if count < 10_000:
        return str(count)
    if count < 999_500:
        return f"{count / 1000:.3g}k" if count < 100_000 else f"{round(count / 1000)}k"
    return f"{count / 1_000_000:.3g}M"


def figures_table(stats: Stats, *, night: bool = False) -> RichTable:
    """The headline figures: accuracy, answers of each kind, EV given up, hint and retry rates.

    Then the expected return per round of the user's own play and of
    perfect play, in percent of the bet, and once rounds were played at
    the table the chips won, what the decisions were expected to win and
    luck. At a table with CASH OUT (``night``) these cover this night
    only, and say so: the tally restarts at CASH OUT (``docs/numbers.md``,
    "19. Luck and skill at the table").
    """
    counts = stats.counts
    table = RichTable(show_header=False, box=None, pad_edge=False)
    table.add_column("Figure", style="bold", no_wrap=True)
    table.add_column("Value", justify="right", no_wrap=True)
    table.add_row("Accuracy (first, unassisted)", rate_text(stats.accuracy))
    table.add_row("First unassisted answers", str(counts.first))
    table.add_row("First answers after a hint", str(counts.after_hint))
    table.add_row("Retries", str(counts.retry))
    ev = "-" if stats.ev_lost_per_100 is None else f"{stats.ev_lost_per_100:.3f} bets"
    table.add_row("EV given up per 100 decisions", ev)
    table.add_row("Hint rate", rate_text(stats.hint_rate))
    table.add_row("Retry rate", rate_text(stats.retry_rate))
    if stats.own_edge is not None:  # docs/numbers.md, "18. Your own house edge"
        table.add_row("Your play, per round", f"{100 * stats.own_edge.your_play:.2f}%")
        table.add_row("Perfect play, per round", f"{100 * stats.own_edge.perfect_play:.2f}%")
        luck, perfect = stats.luck, stats.own_edge.perfect_play
        if luck is not None and luck.rounds:  # docs/numbers.md, "19. Luck and skill"
            where = "this night" if night else "at the table"
            table.add_row(f"Chips won {where}", f"{luck.won:+d}")
            table.add_row("Expected from your play", signed_tenths(luck.expected(perfect)))
            table.add_row("Luck", signed_tenths(luck.luck(perfect)))
    return table


def topics_table(stats: Stats) -> RichTable:
    """Accuracy per topic: right of first unassisted answers, and the rate.

    The counts are shortened past 9,999 (:func:`count_text`: ``92.6k/103k``)
    and a long topic name wraps, so no figure is cut in the panel's 40
    cells at 100 columns.
    """
    table = RichTable(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Topic")
    table.add_column("Right", justify="right", no_wrap=True)
    table.add_column("Accuracy", justify="right", no_wrap=True)
    for topic, rate in stats.by_topic.items():
        right = f"{count_text(rate.right)}/{count_text(rate.answers)}"
        table.add_row(TOPIC_TITLES[topic], right, rate_text(rate.accuracy))
    return table


def costliest_table(stats: Stats) -> RichTable | Text:
    """The costliest mistakes: spot, misses, EV given up (bets), the play made, the best play."""
    if not stats.costliest:
        return Text("No mistake yet.", style="italic")
    table = RichTable(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Spot", no_wrap=True)
    table.add_column("Misses", justify="right", no_wrap=True)
    table.add_column("EV lost", justify="right", no_wrap=True)
    table.add_column("Played", no_wrap=True)
    table.add_column("Best", no_wrap=True, style="bj.good")
    for mistake in stats.costliest:
        table.add_row(
            spot_label(mistake.spot),
            str(mistake.misses),
            f"{mistake.ev_lost:.3f}",
            label(mistake.taken),
            label(mistake.best),
        )
    return table
