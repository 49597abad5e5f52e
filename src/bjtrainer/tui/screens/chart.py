"""The chart screen: the table's basic-strategy chart, the hand in play marked (G).

The chart is the table's own total-dependent chart, computed exactly for
its deck count (:func:`bjtrainer.strategy.cached_chart`: a preset's read
from the committed files, another table's computed once, about half a
second, then read from the disk cache), in a worker thread so the screen
never stalls. The cell of the hand in play is framed
(:mod:`bjtrainer.strategy.cells`: its pair row when it may split, else its
soft or hard total; its column the up card). The arrow keys move a cursor;
under the grid, the cursor cell's code and the averaged exact EV of every
action behind it (``Chart.evs``, units of the original wager), and a legend
of the codes. Esc or G closes it; Q quits, as at the table.

At 80 x 24 every part stays reachable (``docs/numbers.md``, "12. The
basic-strategy chart"): the grid draws compact two-character cells
(:class:`~bjtrainer.tui.widgets.chart_grid.ChartGrid`), the grid and the
legend scroll (``#chart-body``) and follow the cursor, End scrolls to the
legend, and the cursor cell's line stays on screen under them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import CODE_MEANINGS, CODE_STYLES, COLUMNS, ROWS, Chart, cached_chart
from bjtrainer.strategy.cache import chart_for, chart_is_read
from bjtrainer.strategy.cells import SpotCell
from bjtrainer.trainer.legal import best_of
from bjtrainer.trainer.wording import in_display_order, label, signed
from bjtrainer.tui.views.cards import plain_text
from bjtrainer.tui.widgets.chart_grid import LEFT_ROWS, RIGHT_ROWS, ChartGrid
from bjtrainer.tui.widgets.chart_progress import WorkProgress
from bjtrainer.tui.widgets.footer import KeysFooter

#: The worker group of the chart computation.
CHART_WORKER = "chart"

#: One chart computed at a time in this process: the table's worker and the chart
#: screen's ask for the same chart, and the second then reads what the first cached.
_CHART_LOCK = threading.Lock()


def compute_chart(rules: Rules, on_progress: Callable[[int, int], None] | None = None) -> Chart:
    """The chart of ``rules``, computed (or read) once; for a worker thread.

    :func:`~bjtrainer.strategy.cache.chart_for` reports its steps to
    ``on_progress(done, total)`` when it computes, never when it reads;
    afterwards :func:`~bjtrainer.strategy.cached_chart` holds the chart in
    memory, so the grader reads it at once. One computation at a time: a
    second caller waits for the first and then reads its cached chart.

    Raises
    ------
    BjTrainerError
        If the chart cannot be computed for these rules.
    """
    with _CHART_LOCK:
        chart_for(rules, on_progress=on_progress)
        return cached_chart(rules)


def chart_progress(widget: WorkProgress) -> Callable[[int, int], None]:
    """An ``on_progress(done, total)`` for a worker thread that moves ``widget``'s bar.

    Made on the app's thread (it reads the app there); called from the worker's.
    """
    app = widget.app

    def on_progress(done: int, total: int) -> None:
        app.call_from_thread(widget.advance, done, total)

    return on_progress


#: Rows where each section of the chart starts (PageUp / PageDown jump between them).
SECTION_STARTS: tuple[int, ...] = tuple(
    index for index, row in enumerate(ROWS) if index == 0 or row[:4] != ROWS[index - 1][:4]
)


def decks_text(rules: Rules) -> str:
    """``"6 decks"`` or ``"1 deck"``."""
    return "1 deck" if rules.decks == 1 else f"{rules.decks} decks"


def nearest_row(cell: SpotCell) -> int:
    """Index in :data:`ROWS` where the cursor starts for a hand: its row, else the closest.

    A hand without a row (hard 4, soft 12, 21) starts next to the rows of
    its kind: hard 5, soft 13, hard 20 or soft 20.
    """
    if cell.row is not None:
        return ROWS.index(cell.row)
    kind, total = cell.hand.split()
    same_kind = [row for row in ROWS if row.startswith(kind)]
    low, high = same_kind[0], same_kind[-1]
    return ROWS.index(low if int(total) < int(low.split()[1]) else high)


def cell_detail(chart: Chart, row: str, column: str) -> Text:
    """The cursor cell: its code and meaning, and the averaged EV of every action behind it.

    Parameters
    ----------
    chart : Chart
    row, column : str
        A row of :data:`ROWS` and a column of :data:`COLUMNS`.

    Returns
    -------
    Text
        Two lines, e.g. ``"hard 16 against T: Rh  surrender if allowed, else
        hit"`` and ``"Averaged exact EV per unit of the bet: Stand -0.540, Hit
        -0.537, Double -1.075, Surrender -0.500 (best)."``. A chart read from
        a CSV file has no EVs: the second line says so.
    """
    code = chart.code(row, column)
    text = Text(f"{row} against {column}: ", style="bold")
    text.append(f"{code.value:^4}", style=CODE_STYLES[code])
    text.append(f" {CODE_MEANINGS[code]}\n")
    evs = chart.evs.get(row, {}).get(column, {})
    if not evs:
        text.append("No expected values are stored for this cell.", style="italic")
        return text
    best = best_of(evs)
    parts = [
        f"{label(action)} {signed(evs[action])}" + (" (best)" if action == best else "")
        for action in in_display_order(evs)
    ]
    text.append("Averaged exact EV per unit of the bet: " + ", ".join(parts) + ".")
    return text


#: Characters a legend line may hold (a 100-column terminal less the screen's padding).
LEGEND_WIDTH = 96


def legend(chart: Chart, width: int = LEGEND_WIDTH) -> Text:
    """The codes used in ``chart``, each in its colour with its meaning, packed into lines.

    An entry (``" Rh  surrender if allowed, else hit"``) is never broken
    across lines; entries are separated by three spaces, lines are at most
    ``width`` characters unless one entry alone is longer.
    """
    used = {chart.code(row, column) for row in ROWS for column in COLUMNS}
    lines: list[Text] = []
    for code, meaning in CODE_MEANINGS.items():
        if code not in used:
            continue
        entry = Text.assemble((f"{code.value:^4}", CODE_STYLES[code]), f" {meaning}")
        if lines and len(lines[-1]) + 3 + len(entry) <= width:
            lines[-1].append("   ")
            lines[-1].append_text(entry)
        else:
            lines.append(entry)
    return Text("\n").join(lines)


class ChartScreen(Screen[None]):
    """The table's chart, the hand in play framed, a cursor and the cursor cell's EVs.

    Parameters
    ----------
    rules : Rules
        The table: its chart is computed (or read from the cache) in a worker.
    cell : SpotCell or None
        The hand to decide now (:func:`bjtrainer.strategy.cells.round_cell`),
        or ``None`` between rounds.
    ascii_only : bool
        Draw ASCII only (the ``ascii`` card design).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("pageup", "section(-1)", "Section up", key_display="PgUp", show=False),
        Binding("pagedown", "section(1)", "Section down", key_display="PgDn", show=False),
        Binding("home", "to_hand", "Your hand", key_display="Home"),
        Binding("end", "legend", "Legend", key_display="End"),
        Binding("escape,g,G", "close", "Close", key_display="Esc"),
        Binding("q,Q", "quit", "Quit", show=False),
    ]

    def __init__(self, rules: Rules, cell: SpotCell | None, *, ascii_only: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.cell = cell
        self.ascii_only = ascii_only
        self.chart: Chart | None = None
        column = COLUMNS.index(cell.column) if cell is not None else 0
        self.cursor: tuple[int, int] = (nearest_row(cell) if cell is not None else 0, column)

    def _text(self, text: str) -> str:
        return plain_text(text) if self.ascii_only else text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide Home ("Your hand") when no hand is in play, End while all of it shows."""
        if action == "to_hand":
            return self.cell is not None
        if action == "legend":
            body = self.query("#chart-body")
            return bool(body) and body.first().max_scroll_y > 0
        return True

    def compose(self) -> ComposeResult:
        rules = self.rules
        yield Static(self._text(f"Basic strategy · {rules.name or rules.id}"), id="chart-title")
        yield Static(
            f"Exact for {decks_text(rules)}; each cell: the best play averaged over "
            "its two-card hands.",
            id="chart-about",
        )
        yield WorkProgress(id="chart-progress")
        with VerticalScroll(id="chart-body", can_focus=False):
            yield ChartGrid(id="chart-grid")
            yield Static(id="chart-legend")
        yield Static(id="chart-detail")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        grid = self.query_one(ChartGrid)
        grid.message = self._text(f"Computing the chart for {decks_text(self.rules)}…")
        grid.cursor = self.cursor
        if self.cell is not None and self.cell.row is not None:
            grid.spot = (self.cell.row, self.cell.column)
        self.query_one("#chart-detail", Static).update(self._hand_line())
        progress = self.query_one(WorkProgress)
        if not chart_is_read(self.rules):
            progress.begin(self._text(f"Computing the chart for {decks_text(self.rules)}…"))
        on_progress = chart_progress(progress)
        self.run_worker(
            lambda: compute_chart(self.rules, on_progress),
            name="chart",
            group=CHART_WORKER,
            thread=True,
            exit_on_error=False,
        )

    def _hand_line(self) -> str:
        if self.cell is None:
            return "No hand in play: move the cursor to read any cell."
        return self._text(self.cell.describe())

    @on(Worker.StateChanged)
    def _on_worker(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != CHART_WORKER:
            return
        if event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            self.query_one(WorkProgress).end()
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, Chart):
            self.chart = worker.result
            self.query_one(ChartGrid).chart = self.chart
            self._show_legend()
            self._show_cursor()
        elif event.state is WorkerState.ERROR:
            self.query_one(ChartGrid).message = f"The chart could not be computed: {worker.error}"

    def on_resize(self) -> None:
        """Pack the legend to the new width."""
        self._show_legend()

    def _show_legend(self) -> None:
        if self.chart is None:
            return
        width = self.query_one("#chart-body").scrollable_content_region.width
        self.query_one("#chart-legend", Static).update(
            legend(self.chart, width=width or LEGEND_WIDTH)
        )
        self.call_after_refresh(self.refresh_bindings)  # End shows while there is more below

    def _show_cursor(self) -> None:
        grid = self.query_one(ChartGrid)
        grid.cursor = self.cursor
        self._follow_cursor()
        chart = self.chart
        if chart is None:
            return
        row, column = ROWS[self.cursor[0]], COLUMNS[self.cursor[1]]
        detail = cell_detail(chart, row, column)
        self.query_one("#chart-detail", Static).update(
            Group(Text(self._hand_line(), style="italic"), detail)
        )

    def _follow_cursor(self) -> None:
        """Scroll the grid so that the cursor's row shows (with the header near the top)."""
        grid = self.query_one(ChartGrid)
        name = ROWS[self.cursor[0]]
        rows = LEFT_ROWS if name in LEFT_ROWS else RIGHT_ROWS
        line = 1 + rows.index(name)  # line 0 is the header of up cards
        top = 0 if line <= 3 else line - 1
        region = Region(0, grid.virtual_region.y + top, 1, line - top + 2)
        self.query_one("#chart-body").scroll_to_region(region, animate=False, immediate=True)

    def action_legend(self) -> None:
        """Scroll to the end: the last rows and the legend."""
        self.query_one("#chart-body").scroll_end(animate=False)

    def action_move(self, rows: int, columns: int) -> None:
        """Move the cursor; it stops at the edges (down at the last row shows the legend)."""
        if rows > 0 and self.cursor[0] == len(ROWS) - 1:
            self.action_legend()
        row = min(max(self.cursor[0] + rows, 0), len(ROWS) - 1)
        column = min(max(self.cursor[1] + columns, 0), len(COLUMNS) - 1)
        self.cursor = (row, column)
        self._show_cursor()

    def action_section(self, step: int) -> None:
        """Jump to the first row of the previous or next section (hard, soft, pairs)."""
        here = max(i for i, start in enumerate(SECTION_STARTS) if start <= self.cursor[0])
        target = SECTION_STARTS[min(max(here + step, 0), len(SECTION_STARTS) - 1)]
        self.cursor = (target, self.cursor[1])
        self._show_cursor()

    def action_to_hand(self) -> None:
        """Put the cursor back on the hand in play."""
        if self.cell is None:
            return
        self.cursor = (nearest_row(self.cell), COLUMNS.index(self.cell.column))
        self._show_cursor()

    @on(ChartGrid.Clicked)
    def _on_clicked(self, message: ChartGrid.Clicked) -> None:
        column = self.cursor[1] if message.column is None else message.column
        self.cursor = (message.row, column)
        self._show_cursor()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_quit(self) -> None:
        """Quit, as Q does at the table (the table was saved after its last action)."""
        self.app.exit()
