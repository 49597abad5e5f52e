"""Plain pictures of the review queue: one line per spot, the chart row of a much-missed spot.

Each queued spot shows its misses and its progress ("1 of 2 done"), a
right answer given only after a hint counted as "hinted", not "missed"; a
spot missed four times or more links to its Why figures and its chart row
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
#: Least width of a queue line's misses column (``"missed 4  "``).
MISSES_WIDTH = 10


def misses_label(item: QueueItem) -> str:
    """``"missed 4"``, ``"hinted 1"`` or ``"missed 2, hinted 1"``.

    A right answer given only after a hint is *hinted*; a wrong answer
    (after a hint too) is *missed* (``docs/practice.md``, "Mistakes & weak
    spots: the review queue").
    """
    parts = []
    if item.wrong or not item.hinted:
        parts.append(f"missed {item.wrong}")
    if item.hinted:
        parts.append(f"hinted {item.hinted}")
    return ", ".join(parts)


def misses_sentence(item: QueueItem) -> str:
    """``"Missed 2 times"``, ``"Right only after a hint 1 time"``, or both, comma-joined."""

    def times(count: int) -> str:
        return f"{count} time" if count == 1 else f"{count} times"

    parts = []
    if item.wrong or not item.hinted:
        parts.append(f"missed {times(item.wrong)}")
    if item.hinted:
        parts.append(f"right only after a hint {times(item.hinted)}")
    sentence = ", ".join(parts)
    return sentence[0].upper() + sentence[1:]


def queue_line(item: QueueItem, misses_width: int = MISSES_WIDTH) -> Text:
    """``"T,6 v T (hard 16)   missed 4   1 of 2 done   study"``.

    The misses column is :func:`misses_label` padded to ``misses_width``
    (the screen passes the widest label of its lines plus two, so the
    columns line up).
    The last word is ``study`` for a spot with a :class:`StudyLink` (missed
    four times or more), ``drill it`` otherwise.
    """
    text = Text(f"{spot_label(item.spot):<34}", style="bold")
    text.append(f" {misses_label(item):<{misses_width}}")
    text.append(f" {item.progress:<12}")
    if item.study is not None:
        text.append(" study", style="bj.bad")
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
