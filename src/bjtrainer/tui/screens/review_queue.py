"""Mistakes & weak spots: the review queue, each spot's misses and progress, and a review set.

Each queued spot is shown with its misses and its progress ("1 of 2 done");
a spot missed four times or more links to its Why figures and its chart row
instead of only being drilled again (``docs/practice.md``, "Mistakes & weak
spots: the review queue"). The list shows
every queued spot, the most missed first; the panel under it shows the
highlighted spot: for a much-missed spot its Why figures (independent
draws, units of the bet) and its chart row, otherwise what it takes to
clear it. Enter starts a review set (``Practice.start_review``; R is
Surrender at the table, so it is no key here).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from bjtrainer.store import RunKind
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.review import CORRECT_RUNS_TO_LEAVE, STUDY_AFTER_MISSES, QueueItem
from bjtrainer.tui.keys import QUEUE_KEYS, bindings_of
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.play_base import ButtonScreen
from bjtrainer.tui.screens.practice_set import open_set
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.practice import spot_label
from bjtrainer.tui.views.review import (
    MISSES_WIDTH,
    chart_row,
    misses_label,
    misses_sentence,
    queue_line,
)
from bjtrainer.tui.widgets.button_column import ButtonRow
from bjtrainer.tui.widgets.buttons import ButtonSpec

#: The screen's buttons.
QUEUE_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Review set ⏎", "review", "success"),
    ("Back Esc", "back", "default"),
)

#: The queue's rule, as the empty queue explains it.
QUEUE_RULE = (
    "A spot enters the queue when your first answer to it is wrong, or comes only "
    "after a hint, in a set or at the table. It leaves after "
    f"{CORRECT_RUNS_TO_LEAVE} unassisted correct answers given in two separate runs: "
    "on different days, or with at least one other set played between them."
)


class ReviewQueueScreen(ButtonScreen[None]):
    """The review queue of one table.

    Parameters
    ----------
    practice : Practice
        The table's practice modes.
    design : CardDesign
        How cards are drawn in the review set.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings_of(QUEUE_KEYS)

    def __init__(self, practice: Practice, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__()
        self.practice = practice
        self.design = design
        self.items: list[QueueItem] = []

    def compose(self) -> ComposeResult:
        rules = self.practice.rules
        yield Static(f"bjtrainer · Mistakes & weak spots · {rules.name or rules.id}", id="title")
        yield OptionList(id="queue-list")
        with VerticalScroll(id="queue-detail"):
            yield Static("", id="queue-about")
        yield ButtonRow(QUEUE_BUTTONS, id="queue-buttons")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#queue-detail").border_title = "Spot"
        self.refresh_queue()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """A review set changes the queue: draw it again."""
        if self.is_mounted:
            self.refresh_queue()

    # Attributes down

    def refresh_queue(self) -> None:
        """Read the queue again and draw it."""
        self.items = self.practice.review_queue()
        listing = self.query_one(OptionList)
        listing.clear_options()
        width = max([MISSES_WIDTH, *(len(misses_label(item)) + 2 for item in self.items)])
        listing.add_options(
            [
                Option(queue_line(item, width), id=str(index))
                for index, item in enumerate(self.items)
            ]
        )
        count = len(self.items)
        listing.border_title = f"Review queue: {count} spot{'s' if count != 1 else ''}"
        listing.display = bool(self.items)
        if self.items:
            listing.highlighted = 0
        self.query_one(ButtonRow).offered = frozenset(
            {"review", "back"} if self.items else {"back"}
        )
        self._show_item()

    def _show_item(self) -> None:
        self.query_one("#queue-about", Static).update(self._about())

    def highlighted_item(self) -> QueueItem | None:
        """The queue item under the cursor, if any."""
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self.items):
            return None
        return self.items[index]

    def _about(self) -> Text:
        if not self.items:
            return Text.assemble(("The review queue is empty.\n\n", "bold"), QUEUE_RULE)
        item = self.highlighted_item()
        if item is None:
            return Text()
        text = Text(spot_label(item.spot), style="bold")
        text.append(f"\n{misses_sentence(item)}; {item.progress}. ")
        if item.study is None:
            text.append(
                f"Drill it: Enter starts a review set. At {STUDY_AFTER_MISSES} misses this "
                "panel shows its Why figures and chart row.",
                style="italic",
            )
            return text
        text.append("Study it before drilling again:\n\n", style="bj.bad")
        text.append("\n".join(item.study.why))
        text.append("\n\n")
        text.append_text(chart_row(self.practice.rules, item.study.cell))
        return text

    # Messages up

    @on(OptionList.OptionHighlighted)
    def _on_highlighted(self) -> None:
        self._show_item()

    @on(OptionList.OptionSelected)
    def _on_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_review()

    # Actions

    def action_review(self) -> None:
        """Start a review set: up to ten queued spots, most missed first."""
        open_set(self, self.practice, RunKind.REVIEW, design=self.design)

    def action_back(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

    def action_help(self) -> None:
        """The help screen with these keys."""
        self.app.push_screen(HelpScreen(QUEUE_KEYS, notes=QUEUE_RULE))

    def action_quit(self) -> None:
        """Quit; every answer is saved."""
        self.app.exit()
