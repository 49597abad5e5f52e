"""The player's hands: one box per hand, the hand to play outlined in gold.

In a theme that marks it (the high-contrast theme:
:func:`bjtrainer.tui.themes.marks_shown`) the hand to play is also titled
``▶ Hand 2`` (``> Hand 2`` in the ASCII design), so it is not told by colour
alone.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import HorizontalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from bjtrainer.tui.themes import marks_shown
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign, card_row
from bjtrainer.tui.views.table import HandPicture


class HandView(Widget):
    """Draws one :class:`HandPicture`: cards, total ("Soft" marked), wager, outcome.

    The outcome (``"Win +10"``, ``"Dealer BJ -10"``) is a line of its own
    under the wager once the round is settled, never cut by the box.

    The class ``-active`` (gold outline in the stylesheet) marks the hand
    being played (``docs/rules/practice.md``, "Order of a round": "The hand
    being played is highlighted").
    """

    picture: reactive[HandPicture | None] = reactive(None, layout=True)
    compact: reactive[bool] = reactive(False, layout=True)
    design: reactive[CardDesign] = reactive(DEFAULT_DESIGN, layout=True)

    def __init__(
        self, picture: HandPicture, *, compact: bool = False, design: CardDesign = DEFAULT_DESIGN
    ) -> None:
        super().__init__(classes="hand")
        self.set_reactive(HandView.picture, picture)
        self.set_reactive(HandView.compact, compact)
        self.set_reactive(HandView.design, design)

    def on_mount(self) -> None:
        self._label()
        self.watch(self.app, "theme", self._label, init=False)

    def watch_picture(self) -> None:
        self._label()

    def watch_compact(self) -> None:
        self._label()

    def watch_design(self) -> None:
        self._label()

    def _label(self) -> None:
        picture = self.picture
        if picture is None:
            return
        self.set_class(picture.active, "-active")
        self.set_class(self.compact, "-compact")
        self.set_class(picture.soft and not picture.natural, "-soft")
        mark = ""
        if picture.active and marks_shown(self.app.theme):
            mark = "> " if self.design == "ascii" else "▶ "
        self.border_title = f"{mark}Hand {picture.number}"

    def render(self) -> Text:
        picture = self.picture
        if picture is None:
            return Text()
        text = card_row(picture.cards, compact=self.compact, design=self.design)
        text.append("\n")
        total_style = "bj.key" if picture.soft and not picture.natural else "bold"
        text.append(picture.total_line(), style=total_style)
        text.append("\n")
        wager = f"Bet {picture.wager}"
        if picture.doubled:
            wager += " (doubled)"
        if picture.surrendered:
            wager += " (surrendered)"
        text.append(wager, style="dim" if not picture.active else "")
        outcome = picture.outcome_line()
        if outcome:
            # Its own line, so the box grows to fit it (a border subtitle was cut).
            net = picture.net or 0
            style = "bj.good" if net > 0 else "bj.bad" if net < 0 else "bold"
            text.append("\n")
            text.append(outcome, style=style)
        return text


class HandsRow(HorizontalScroll):
    """Every hand of the round side by side (set ``pictures`` and ``design``).

    From ``COMPACT_FROM`` hands on, cards are drawn on one line so that four
    split hands fit the table's width, and the row has the class ``-many``
    (on a narrow terminal the stylesheet lays such hands out two by two).

    The row updates its widgets in place: a new picture is set on the hand
    box already there, a box is mounted only for a hand more than the row
    ever held (a split), and a box no hand needs now is hidden, never
    removed. So a round costs no mount and no widget is left behind,
    however many rounds are played.
    """

    COMPACT_FROM = 3

    #: What the row says before the first deal.
    PLACEHOLDER = "No hand yet: press Enter to deal."

    pictures: reactive[tuple[HandPicture, ...]] = reactive(())
    design: reactive[CardDesign] = reactive(DEFAULT_DESIGN)

    def compose(self) -> ComposeResult:
        yield Static(self.PLACEHOLDER, classes="placeholder")

    def on_mount(self) -> None:
        self._show()

    def watch_pictures(self) -> None:
        self._show()

    def watch_design(self) -> None:
        self._show()

    def _show(self) -> None:
        """Give each hand box its picture, mount the boxes missing, hide the rest."""
        if not self.is_mounted:
            return  # on_mount shows the pictures set before
        pictures = self.pictures
        compact = len(pictures) >= self.COMPACT_FROM
        self.set_class(compact, "-many")
        self.query_one(".placeholder").display = not pictures
        views = list(self.query_children(HandView))
        for view, picture in zip(views, pictures, strict=False):
            view.compact = compact
            view.design = self.design
            view.picture = picture
            view.display = True
        for view in views[len(pictures) :]:
            view.display = False
        missing = pictures[len(views) :]
        if missing:
            self.mount_all(
                HandView(picture, compact=compact, design=self.design) for picture in missing
            )
