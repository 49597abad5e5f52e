"""Balance, bet and shoe: the status panel of the side bar."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.tui.views.table import TablePicture


class StatusPanel(Widget):
    """Draws a :class:`TablePicture`; all amounts are whole chips."""

    picture: reactive[TablePicture | None] = reactive(None)

    def on_mount(self) -> None:
        self.border_title = "Chips"

    def render(self) -> Text:
        picture = self.picture
        if picture is None:
            return Text()
        rows = (
            ("Balance", str(picture.balance)),
            ("Bet", str(picture.bet)),
            ("In play", str(picture.in_play)),
            ("Shoe", f"{picture.cards_left}/{picture.shoe_size} cards"),
        )
        width = self.size.width or 20  # 20 before the first layout
        text = Text()
        for index, (name, value) in enumerate(rows):
            if index:
                text.append("\n")
            text.append(name, style="bold" if index < 2 else "dim")
            text.append(value.rjust(width - len(name)), style="bold" if index < 2 else "dim")
        return text
