"""The chip rack of a table whose bet is built from chips (``night``).

The bet is built from the table's chips, and a "Repeat last bet" box,
checked by default, puts the same bet down for the next hand; CLEAR takes
it off (``docs/rules/night.md``, "Chips and bets" and "The Repeat-bet
box"). One button per chip, CLEAR, and the box. The buttons post
:class:`~bjtrainer.tui.widgets.buttons.ChoiceButton.Chosen` like every
other (``"chip_1"`` adds the first chip, ``"clear_bet"``); the box posts
:class:`ChipRack.RepeatSet`. Nothing here holds chips: the screen
sets ``offered`` and ``repeat`` ("attributes down").
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Checkbox

from bjtrainer.tui.themes import marks_shown
from bjtrainer.tui.widgets.buttons import ChoiceButton, show_offered


class RepeatBox(Checkbox, can_focus=False):
    """The "Repeat last bet" box; it never takes the focus (Enter always deals).

    In a theme that marks it (:func:`~bjtrainer.tui.themes.marks_shown`, the
    high-contrast theme) the box shows ``X`` when ticked and a blank when
    not, instead of an ``X`` told ticked by its colour alone.
    """

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._mark, init=False)
        self.watch(self, "value", self._mark)

    def _mark(self) -> None:
        if marks_shown(self.app.theme) or self.app.has_class("-ascii"):  # ASCII: [X] / [ ]
            self.BUTTON_INNER = "X" if self.value else " "
        else:
            self.BUTTON_INNER = Checkbox.BUTTON_INNER
        self.refresh()


class ChipRack(Vertical):
    """Chip buttons, CLEAR and the "Repeat last bet" box.

    Parameters
    ----------
    chips : tuple of int
        The table's chips, smallest first (``Rules.chip_denominations``);
        keys 1, 2, ... add them in this order.
    """

    class RepeatSet(Message):
        """The player ticked (``on``) or unticked the box with the mouse."""

        def __init__(self, on: bool) -> None:
            super().__init__()
            self.on = on

    offered: reactive[frozenset[str]] = reactive(frozenset())
    repeat: reactive[bool] = reactive(True)

    def __init__(self, chips: tuple[int, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chips = chips

    #: Chip buttons per row (the side panel is narrow).
    PER_ROW = 2

    def compose(self) -> ComposeResult:
        numbered = list(enumerate(self.chips, start=1))
        for start in range(0, len(numbered), self.PER_ROW):
            with Horizontal(classes="chip-row"):
                for number, chip in numbered[start : start + self.PER_ROW]:
                    yield ChoiceButton(f"+{chip} {number}", f"chip_{number}", variant="primary")
        with Horizontal(classes="chip-row"):
            yield ChoiceButton("CLEAR 0", "clear_bet", variant="warning")
        yield RepeatBox("Repeat last bet E", value=self.repeat, compact=True, id="repeat-bet")

    def on_mount(self) -> None:
        self.border_title = "Bet"

    def watch_offered(self, offered: frozenset[str]) -> None:
        show_offered(self.query(ChoiceButton), offered)
        for row in self.query(".chip-row"):  # a row with no button offered takes no room
            row.display = any(button.display for button in row.query(ChoiceButton))

    def watch_repeat(self, repeat: bool) -> None:
        for box in self.query(RepeatBox):  # none yet while composing
            with box.prevent(Checkbox.Changed):
                box.value = repeat

    @on(Checkbox.Changed)
    def _on_box(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.post_message(self.RepeatSet(event.value))
