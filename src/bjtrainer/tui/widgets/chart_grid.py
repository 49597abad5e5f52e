"""The basic-strategy chart as a coloured grid: a cursor cell and the player's cell.

Two blocks side by side so the 34 rows fit a 100 x 34 terminal: hard totals
on the left, soft totals and pairs on the right, each with the up cards
``2`` .. ``9``, ``T``, ``A`` across (the layout of ``bjtrainer chart`` and
of ``strategy_tables/*.md``). Below :data:`WIDE_WIDTH` columns (an 80-column
terminal) the grid is ``compact``: each cell two characters wide instead of
three (every code is at most two characters), 78 characters in all.
Each cell shows its code in the colour of ``bjtrainer chart``
(:data:`bjtrainer.strategy.codes.CODE_STYLES`). The cursor cell is drawn in
reverse; the cell of the hand in play is framed by gold brackets, ``[Rh]``.
Only ASCII characters are drawn.

Attributes down (``chart``, ``cursor``, ``spot``, ``message``), messages up
(:class:`ChartGrid.Clicked`).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.strategy import CODE_STYLES, COLUMNS, ROWS, Chart

#: Rows of the left block (hard totals) and the right block (soft totals, a
#: blank line, pairs); ``""`` is the blank line.
LEFT_ROWS: tuple[str, ...] = tuple(row for row in ROWS if row.startswith("hard"))
RIGHT_ROWS: tuple[str, ...] = (
    *(row for row in ROWS if row.startswith("soft")),
    "",
    *(row for row in ROWS if row.startswith("pair")),
)
#: Characters of a row label ("hard 20"), of a cell ("Dh "), and per column (gap + cell).
LABEL_WIDTH = 7
CELL_WIDTH = 3
STEP = CELL_WIDTH + 1
#: Width of one block (label, ten columns, the closing gap) and between blocks.
BLOCK_WIDTH = LABEL_WIDTH + STEP * len(COLUMNS) + 1
BLOCK_GAP = 2
#: Lines of the grid: the header, then the longer block's rows.
GRID_HEIGHT = 1 + max(len(LEFT_ROWS), len(RIGHT_ROWS))
#: Width of a compact cell (``"Dh"``), and of the whole grid of full cells.
COMPACT_CELL_WIDTH = 2
WIDE_WIDTH = 2 * BLOCK_WIDTH + BLOCK_GAP

SPOT_STYLE = "bj.key"
CURSOR_LABEL_STYLE = "bold reverse"


def block_line(
    rows: tuple[str, ...],
    line: int,
    chart: Chart,
    cursor: tuple[int, int],
    spot: tuple[str, str] | None,
    cell_width: int = CELL_WIDTH,
) -> Text:
    """One line of one block: the header (line 0) or a row, ``BLOCK_WIDTH`` wide.

    Parameters
    ----------
    rows : tuple of str
        The block's rows (:data:`LEFT_ROWS` or :data:`RIGHT_ROWS`).
    line : int
        0 for the header, else 1 + the row's place in ``rows``.
    chart : Chart
    cursor : (int, int)
        The cursor cell: index in :data:`~bjtrainer.strategy.ROWS`, index in
        :data:`~bjtrainer.strategy.COLUMNS`.
    spot : (str, str) or None
        The hand's cell (row, column), framed.
    cell_width : int
        Characters per cell: :data:`CELL_WIDTH`, or :data:`COMPACT_CELL_WIDTH`
        (the block is then ``10`` characters narrower).
    """
    cursor_row, cursor_column = ROWS[cursor[0]], cursor[1]
    spot_column = COLUMNS.index(spot[1]) if spot is not None else -1
    text = Text()
    if line == 0:
        text.append(" " * LABEL_WIDTH)
        for index, column in enumerate(COLUMNS):
            style = CURSOR_LABEL_STYLE if index == cursor_column else ""
            if index == spot_column and not style:
                style = SPOT_STYLE
            text.append(" ")
            text.append(f"{column:^{cell_width}}", style=style)
        text.append(" ")
        return text
    row = rows[line - 1] if line - 1 < len(rows) else ""
    if not row:
        return Text(" " * (LABEL_WIDTH + (cell_width + 1) * len(COLUMNS) + 1))
    on_spot_row = spot is not None and spot[0] == row
    label_style = CURSOR_LABEL_STYLE if row == cursor_row else SPOT_STYLE if on_spot_row else ""
    text.append(f"{row:<{LABEL_WIDTH}}", style=label_style)
    framed = spot_column if on_spot_row else -2
    for index, column in enumerate(COLUMNS):
        gap = "[" if index == framed else "]" if index == framed + 1 else " "
        text.append(gap, style=SPOT_STYLE if gap != " " else "")
        code = chart.code(row, column)
        style = CODE_STYLES[code]
        if row == cursor_row and index == cursor_column:
            style += " reverse"
        text.append(f"{code.value:^{cell_width}}", style=style)
    closing = "]" if framed == len(COLUMNS) - 1 else " "
    text.append(closing, style=SPOT_STYLE if closing != " " else "")
    return text


def grid_text(
    chart: Chart,
    cursor: tuple[int, int],
    spot: tuple[str, str] | None,
    *,
    compact: bool = False,
) -> Text:
    """The whole grid: :data:`GRID_HEIGHT` lines of :data:`WIDE_WIDTH` characters.

    ``compact`` draws two-character cells: lines 20 characters shorter.
    """
    width = COMPACT_CELL_WIDTH if compact else CELL_WIDTH
    lines = [
        block_line(LEFT_ROWS, line, chart, cursor, spot, width)
        + Text(" " * BLOCK_GAP)
        + block_line(RIGHT_ROWS, line, chart, cursor, spot, width)
        for line in range(GRID_HEIGHT)
    ]
    return Text("\n").join(lines)


def cell_at(x: int, y: int, *, compact: bool = False) -> tuple[int, int | None] | None:
    """The cell under a point of the grid (drawn ``compact`` or not), or ``None`` off the rows.

    Returns
    -------
    (int, int or None) or None
        The row's index in :data:`~bjtrainer.strategy.ROWS` and the column's
        index in :data:`~bjtrainer.strategy.COLUMNS` (``None`` on the row label).
    """
    if y < 1:
        return None
    step = COMPACT_CELL_WIDTH + 1 if compact else STEP
    block = LABEL_WIDTH + step * len(COLUMNS) + 1
    if 0 <= x < block:
        rows, inner = LEFT_ROWS, x
    elif block + BLOCK_GAP <= x < 2 * block + BLOCK_GAP:
        rows, inner = RIGHT_ROWS, x - block - BLOCK_GAP
    else:
        return None
    if y - 1 >= len(rows) or not rows[y - 1]:
        return None
    row = ROWS.index(rows[y - 1])
    if inner < LABEL_WIDTH:
        return row, None
    return row, min((inner - LABEL_WIDTH) // step, len(COLUMNS) - 1)


class ChartGrid(Widget):
    """Draws a chart with its cursor and the hand's cell; shows ``message`` until a chart is set.

    Attributes
    ----------
    chart : Chart or None
    cursor : (int, int)
        Index in :data:`~bjtrainer.strategy.ROWS`, index in :data:`~bjtrainer.strategy.COLUMNS`.
    spot : (str, str) or None
        The hand's cell, (row, column).
    message : str
        Shown while ``chart`` is ``None`` ("Computing the chart…").
    compact : bool
        Two-character cells, set from the widget's width: narrower than
        :data:`WIDE_WIDTH` (an 80-column terminal).
    """

    class Clicked(Message):
        """A cell was clicked: move the cursor there."""

        def __init__(self, row: int, column: int | None) -> None:
            super().__init__()
            self.row = row
            self.column = column

    chart: reactive[Chart | None] = reactive(None)
    cursor: reactive[tuple[int, int]] = reactive((0, 0))
    spot: reactive[tuple[str, str] | None] = reactive(None)
    message: reactive[str] = reactive("")
    compact: reactive[bool] = reactive(False)

    def on_resize(self, event: events.Resize) -> None:
        """Draw compact cells when the full grid would wrap."""
        self.compact = event.size.width < WIDE_WIDTH

    def render(self) -> Text:
        if self.chart is None:
            return Text(self.message, style="italic")
        return grid_text(self.chart, self.cursor, self.spot, compact=self.compact)

    def on_click(self, event: events.Click) -> None:
        """Post :class:`Clicked` for the cell under the mouse."""
        if self.chart is None:
            return
        cell = cell_at(event.x, event.y, compact=self.compact)
        if cell is not None:
            self.post_message(self.Clicked(*cell))
