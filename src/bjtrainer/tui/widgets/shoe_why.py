"""The Why panel with the shoe-aware figures: independent draws and this shoe side by side.

Shown in place of the plain Why panel while the shoe-aware toggle (Z) is on
(``docs/numbers.md``, "11. The shoe-aware figures"). The exact figures
arrive from a worker; until then the "This shoe" row says "computing…".
Figures are in units of the bet (the original wager), chances in percent, as
in the plain Why panel (:mod:`bjtrainer.trainer.explain`).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
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
CHANGED_STYLE = "bold yellow"
KEPT_STYLE = "green"


def shoe_why_renderable(why: ShoeWhy, *, ascii_only: bool = False) -> RenderableType:
    """The panel's content: the stand line, the two-row table, the verdict, the notes.

    Parameters
    ----------
    why : ShoeWhy
        Both models' figures (the shoe's may still be computing).
    ascii_only : bool
        Replace non-ASCII characters (the ``ascii`` card design).
    """

    def text(value: str, style: str = "") -> Text:
        return Text(plain_text(value) if ascii_only else value, style=style)

    actions = list(why.independent)
    grid = RichTable(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column("", no_wrap=True)
    grid.add_column(why.chance_label, justify="right", no_wrap=True)
    for action in actions:
        grid.add_column(label(action), justify="right", no_wrap=True)
    independent = [
        text(signed(why.independent[a]), BEST_STYLE if a == why.independent_best else "")
        for a in actions
    ]
    grid.add_row("Independent", percent(why.independent_chance), *independent)
    shoe = why.shoe
    if shoe is not None:
        cells = [text(signed(shoe.evs[a]), BEST_STYLE if a == shoe.best else "") for a in actions]
        grid.add_row("This shoe", percent(shoe.chance), *cells)
    else:
        waiting = text("unavailable" if why.problem else COMPUTING, "italic")
        grid.add_row("This shoe", waiting, *("" for _ in actions))
    parts: list[RenderableType] = []
    if why.stand_line:
        parts.append(text(why.stand_line))
    parts.append(grid)
    if why.problem:
        parts.append(text(why.problem, "italic"))
    elif shoe is not None:
        changed = shoe.best != why.independent_best
        parts.append(text(why.best_play_line(), CHANGED_STYLE if changed else KEPT_STYLE))
    parts.append(text(f"{SHOE_MODEL_LINE} {why.note}"))
    return Group(*parts)


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
        return shoe_why_renderable(self.why, ascii_only=self.ascii_only)
