"""Stats: the practice figures of one table.

Accuracy of first unassisted answers overall, per topic, and per spot (a
heat map of hand x up card); EV given up per 100 decisions; hint rate and
retry rate; the costliest mistakes; progress over time as a plot in the
terminal (``docs/practice.md``, "Stats"). The figures come from ``Practice.stats()``
(:mod:`bjtrainer.trainer.practice.stats` defines each one); EV is in units of the
original wager. The screen scrolls; below 90 columns (80 x 24) its panels
stand one under the other, each the full width, so no figure is cut. Esc
goes back; Ctrl+E writes this table's graded decisions as a CSV file into
the data folder and says where (``docs/export.md``; the same rows as
``bjtrainer export``).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.stats import Stats
from bjtrainer.tui.exporting import export_decisions
from bjtrainer.tui.keys import STATS_KEYS, bindings_of
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.views.stats import (
    costliest_table,
    figures_table,
    heat_legend,
    heat_map_text,
    topics_table,
)
from bjtrainer.tui.widgets.progress_plot import ProgressPlot

#: What the figures mean, for the help screen (``bjtrainer.trainer.practice.stats``).
STATS_NOTES = (
    "Accuracy counts first answers given without Hint or Why. EV given up per 100 "
    "decisions is in bets (0.5: half a bet every hundred decisions). Hint rate: decisions "
    "first answered after a hint; retry rate: decisions retried at least once. The heat map "
    "shows accuracy per hand (row) and dealer up card (column)."
)


class StatsScreen(Screen[None]):
    """The practice figures of one table.

    Parameters
    ----------
    practice : Practice
        The table's practice modes; its stats are read when the screen opens.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings_of(STATS_KEYS)

    #: ``-narrow`` below 90 columns: the panels stack (``practice.tcss``). Not
    #: marked ClassVar, as in :class:`~bjtrainer.tui.screens.play_base.PlayScreen`.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (90, "-wide")]  # noqa: RUF012

    def __init__(self, practice: Practice) -> None:
        super().__init__()
        self.practice = practice
        self.stats: Stats = practice.stats()

    def compose(self) -> ComposeResult:
        rules = self.practice.rules
        stats = self.stats
        yield Static(f"bjtrainer · Stats · {rules.name or rules.id}", id="title")
        with VerticalScroll(id="stats-body"):
            with Horizontal(id="stats-top"):
                yield Static(figures_table(stats, night=rules.cash_out), id="stats-figures")
                yield Static(topics_table(stats), id="stats-topics")
            with Horizontal(id="stats-middle"):
                with Vertical(id="stats-heat"):
                    yield Static(heat_map_text(stats.heat_map()), id="stats-heat-map")
                    yield Static(heat_legend(), id="stats-heat-legend")
                yield ProgressPlot(id="stats-plot")
            yield Static(costliest_table(stats), id="stats-costliest")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        titles = {
            "#stats-figures": "Figures",
            "#stats-topics": "By topic",
            "#stats-heat": "By spot: hand x up card",
            "#stats-plot": "Progress",
            "#stats-costliest": "Costliest mistakes",
        }
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self.query_one(ProgressPlot).progress = self.stats.progress
        self.query_one("#stats-body").focus()

    def action_back(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

    def action_export(self) -> None:
        """Write this table's graded decisions as CSV into the data folder; notify the path.

        A store file is read in a worker thread (:mod:`bjtrainer.tui.exporting`).
        """
        practice = self.practice
        export_decisions(self, practice.store, practice.rules.id, practice.clock)

    def action_help(self) -> None:
        """The help screen with these keys."""
        self.app.push_screen(HelpScreen(STATS_KEYS, notes=STATS_NOTES))

    def action_quit(self) -> None:
        """Quit; every answer is saved."""
        self.app.exit()
