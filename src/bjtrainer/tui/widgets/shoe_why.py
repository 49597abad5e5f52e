"""The Why panel with the shoe-aware figures: independent draws and this shoe side by side.

Shown in place of the plain Why panel while the shoe-aware toggle (Z) is on
(``docs/numbers.md``, "11. The shoe-aware figures"). The exact figures
arrive from a worker; until then the "This shoe" row says "computing…".
Figures are in units of the bet (the original wager), chances in percent, as
in the plain Why panel (:mod:`bjtrainer.trainer.explain`). Where the two
rows of figures are wider than the panel (an 80-column terminal), the table
is turned: one row per figure, the two models as its columns.
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.trainer.shoe_aware import COMPUTING, SHOE_MODEL_LINE, ShoeWhy
from bjtrainer.trainer.wording import label, percent, signed
from bjtrainer.tui.views.cards import plain_text

#: Style of the best play's EV in each row.
BEST_STYLE = "bold reverse"
#: Style of the line when the shoe changes the best play, and when it keeps it.
CHANGED_STYLE = "bj.changed"
KEPT_STYLE = "bj.kept"


def figure_columns(why: ShoeWhy, *, ascii_only: bool = False) -> list[list[Text | str]]:
    """The figures as columns: the labels, then the independent and the shoe's figures.

    Each column has one entry per figure: the chance (``why.chance_label``)
    and the EV of every action (units of the bet), the best of each model in
    :data:`BEST_STYLE`. While the shoe's figures are computing, its column
    reads "computing…" once.
    """

    def text(value: str, style: str = "") -> Text:
        return Text(plain_text(value) if ascii_only else value, style=style)

    actions = list(why.independent)
    labels: list[Text | str] = [why.chance_label, *(label(action) for action in actions)]
    independent: list[Text | str] = [
        percent(why.independent_chance),
        *(
            text(signed(why.independent[a]), BEST_STYLE if a == why.independent_best else "")
            for a in actions
        ),
    ]
    shoe = why.shoe
    if shoe is not None:
        this_shoe: list[Text | str] = [
            percent(shoe.chance),
            *(text(signed(shoe.evs[a]), BEST_STYLE if a == shoe.best else "") for a in actions),
        ]
    else:
        waiting = text("unavailable" if why.problem else COMPUTING, "italic")
        this_shoe = [waiting, *("" for _ in actions)]
    return [labels, independent, this_shoe]


def figures_grid(why: ShoeWhy, *, ascii_only: bool = False, tall: bool = False) -> RichTable:
    """The two models' figures: a row per model, or (``tall``) a column per model."""
    labels, independent, this_shoe = figure_columns(why, ascii_only=ascii_only)
    grid = RichTable(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column("", no_wrap=True)
    if tall:
        grid.add_column("Independent", justify="right", no_wrap=True)
        grid.add_column("This shoe", justify="right", no_wrap=True)
        for row in zip(labels, independent, this_shoe, strict=True):
            grid.add_row(*row)
        return grid
    for name in labels:
        grid.add_column(name, justify="right", no_wrap=True)
    grid.add_row("Independent", *independent)
    grid.add_row("This shoe", *this_shoe)
    return grid


def shoe_why_renderable(
    why: ShoeWhy, *, ascii_only: bool = False, width: int | None = None
) -> RenderableType:
    """The panel's content: the stand line, the table of figures, the verdict, the notes.

    Parameters
    ----------
    why : ShoeWhy
        Both models' figures (the shoe's may still be computing).
    ascii_only : bool
        Replace non-ASCII characters (the ``ascii`` card design).
    width : int, optional
        Characters the panel has: where the two-row table is wider, the
        table is turned (:func:`figures_grid` with ``tall``).
    """

    def text(value: str, style: str = "") -> Text:
        return Text(plain_text(value) if ascii_only else value, style=style)

    shoe = why.shoe
    grid = figures_grid(why, ascii_only=ascii_only)
    if width is not None and _table_width(grid) > width:
        grid = figures_grid(why, ascii_only=ascii_only, tall=True)
    parts: list[RenderableType] = []
    if why.stand_line:
        parts.append(text(why.stand_line))
    parts.append(grid)
    if why.problem:
        parts.append(text(why.problem, "italic"))
    elif shoe is not None:
        changed = shoe.best != why.independent_best
        parts.append(text(why.best_play_line(), CHANGED_STYLE if changed else KEPT_STYLE))
    if why.split_line:
        parts.append(text(why.split_line))
    parts.append(text(f"{SHOE_MODEL_LINE} {why.note}"))
    return Group(*parts)


def _table_width(table: RichTable) -> int:
    """Characters ``table`` takes on one line, none of its cells wrapped."""
    console = Console(width=1000)
    return console.measure(table).maximum


class ShoeWhyPanel(Widget):
    """Draws a :class:`~bjtrainer.trainer.shoe_aware.ShoeWhy`; hidden while ``why`` is ``None``.

    The border title names the toggle; the border subtitle counts the cards
    seen and left (:meth:`~bjtrainer.trainer.shoe_aware.ShoeWhy.count_line`).

    Attributes
    ----------
    why : ShoeWhy or None
        Set by the screen ("attributes down").
    ascii_only : bool
        Draw ASCII only (the ``ascii`` card design).
    """

    why: reactive[ShoeWhy | None] = reactive(None, layout=True)

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only

    def on_mount(self) -> None:
        self.border_title = "Why · shoe-aware (Z turns it off)"
        if self.ascii_only:
            self.border_title = plain_text(self.border_title)
        self.display = self.why is not None

    def watch_why(self, why: ShoeWhy | None) -> None:
        self.display = why is not None
        count = why.count_line() if why is not None else ""
        self.border_subtitle = plain_text(count) if self.ascii_only else count

    def render(self) -> RenderableType:
        if self.why is None:
            return Text()
        width = self.content_region.width or None
        return shoe_why_renderable(self.why, ascii_only=self.ascii_only, width=width)
