"""The dealer's area: up card, the hole card face down, the visible total."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign, card_row
from bjtrainer.tui.views.table import DealerPicture


class DealerView(Widget):
    """Draws a :class:`DealerPicture` (set ``picture``; the widget only draws it).

    The picture holds only what the player may see, so the hole card shows
    its back and the total leaves it out until the reveal. ``design`` is
    the card design.
    """

    picture: reactive[DealerPicture] = reactive(DealerPicture(), layout=True)
    design: reactive[CardDesign] = reactive(DEFAULT_DESIGN, layout=True)

    def on_mount(self) -> None:
        self.border_title = "Dealer"

    def render(self) -> Text:
        picture = self.picture
        if not picture.cards:
            return Text("Waiting for the deal.", style="italic")
        text = card_row(picture.cards, design=self.design)
        text.append("\n")
        text.append(picture.total_line(), style="bold")
        if not picture.revealed:
            text.append("  (hole card face down)", style="italic")
        return text
