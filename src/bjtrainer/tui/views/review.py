"""Plain pictures of the review queue: one line per spot, the chart row of a much-missed spot.

Each queued spot shows its misses and its progress ("1 of 2 done"); a spot
missed four times or more links to its Why figures and its chart row
instead of only being drilled again (``docs/practice.md``, "Mistakes & weak
spots: the review queue"). The chart row is the table's own basic-strategy
chart (:mod:`bjtrainer.strategy`, six decks for ``practice``; it reproduces
Wizard of Odds' "4-Deck to 8-Deck Blackjack Strategy"), the spot's up-card
column marked. No Textual here: the pictures are Rich :class:`~rich.text.Text`
lines, which a widget shows as they are.
"""

from __future__ import annotations

from rich.text import Text

from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import CODE_MEANINGS, COLUMNS, cached_chart
from bjtrainer.trainer.practice.cells import INSURANCE_ROW, ChartCell
from bjtrainer.trainer.practice.review import QueueItem
from bjtrainer.tui.views.practice import spot_label

#: Width of one chart column, in cells.
_COLUMN_WIDTH = 4
#: Width of the row label.
_LABEL_WIDTH = 9


def queue_line(item: QueueItem) -> Text:
    """``"T,6 v T (hard 16)   missed 4   1 of 2 done   study"``.

    The last word is ``study`` for a spot with a :class:`StudyLink` (missed
    four times or more), ``drill it`` otherwise.
    """
    text = Text(f"{spot_label(item.spot):<34}", style="bold")
    text.append(f" missed {item.misses:<3}")
    text.append(f" {item.progress:<12}")
    if item.study is not None:
        text.append(" study", style="bold red")
    else:
        text.append(" drill it", style="dim")
    return text


def _append_cell(text: Text, value: str, style: str) -> None:
    """One chart cell, right-aligned in ``_COLUMN_WIDTH``; only the value itself is styled."""
    text.append(" " * (_COLUMN_WIDTH - len(value)))
    text.append(value, style=style)


def chart_row(rules: Rules, cell: ChartCell) -> Text:
    """The chart row of ``cell`` with its up-card column marked, and the codes' meanings.

    Returns
    -------
    Text
        Two lines (up cards, then codes) and a legend of the codes in the
        row; the insurance row says that basic strategy never takes it; a
        row the chart does not have (hard 4, soft 12: a pair that can no
        longer split) says so.

    Raises
    ------
    KeyError
        If ``cell.up`` is not a chart column.
    """
    if cell.row == INSURANCE_ROW:
        return Text("Chart: basic strategy never takes insurance (it gives up 1/26 of the bet).")
    chart = cached_chart(rules)
    if cell.row not in chart.codes:
        return Text(
            f"Chart: {cell.row} is not a row of the chart (a pair that can no longer split)."
        )
    column = COLUMNS.index(cell.up)
    codes = chart.codes[cell.row]
    text = Text(f"{'Chart':<{_LABEL_WIDTH}}", style="bold")
    for index, up in enumerate(COLUMNS):
        _append_cell(text, up, "bold reverse" if index == column else "bold")
    text.append(f"\n{cell.row:<{_LABEL_WIDTH}}")
    for index, up in enumerate(COLUMNS):
        _append_cell(text, str(codes[up].value), "reverse" if index == column else "")
    shown = []
    for up in COLUMNS:
        if codes[up] not in shown:
            shown.append(codes[up])
    legend = ", ".join(f"{code.value} {CODE_MEANINGS[code]}" for code in shown)
    text.append(f"\n{legend}", style="dim")
    return text
