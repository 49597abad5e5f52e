"""The New session menu: focused practice, mistakes & weak spots, the daily five, stats.

Focused practice with six topics, Mistakes & weak spots, the daily five,
the due spots and the stats, a numbered list (``docs/practice.md``, "The
New session menu"). M at the table opens it; here 1-6 start a focused set
of a topic, 7 opens the review queue, 8 the daily five, 9 plays the due
spots, 0 the stats (digits: no letter of the table means something else
here); Up / Down and Enter work too, Esc goes back to the table. The panel
on the right tells what the highlighted entry deals.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from bjtrainer.errors import PracticeError
from bjtrainer.store import RunKind
from bjtrainer.trainer.practice.modes import Practice, TopicInfo
from bjtrainer.trainer.practice.schedule import DUE_PER_DAY
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.tui.keys import (
    DAILY_KEY,
    DUE_KEY,
    MENU_KEYS,
    REVIEW_KEY,
    STATS_KEY,
    TOPIC_KEYS,
    bindings_of,
)
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.practice_set import SET_NOTES, open_set
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.practice import spot_label
from bjtrainer.tui.views.stats import rate_text

#: What each topic deals (``docs/practice.md``; :mod:`bjtrainer.trainer.practice.topics`).
TOPIC_ABOUT: dict[Topic, str] = {
    Topic.HARD: "hands without an ace counted as 11, pairs left out",
    Topic.SOFT: "an ace counted as 11 and another card (A,2 to A,9)",
    Topic.PAIRS: "two cards of the same value, where splitting is allowed",
    Topic.DOUBLING: "hands where doubling is the play or within 0.10 of it",
    Topic.STIFF: "hard 12 to 16, pairs 6,6, 7,7 and 8,8 included",
    Topic.SURRENDER_INSURANCE: (
        "late surrender where it is the play or close to it, and the insurance question"
    ),
}

#: The option ids of the entries after the topics.
REVIEW, DAILY, DUE, STATS = "review", "daily", "due", "stats"
FOCUS_PREFIX = "focus:"


class NewSessionScreen(Screen[None]):
    """The menu of practice modes of one table.

    Parameters
    ----------
    practice : Practice
        The table's practice modes.
    design : CardDesign
        How cards are drawn in the sets started from here.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings_of(MENU_KEYS)

    def __init__(self, practice: Practice, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__()
        self.practice = practice
        self.design = design
        self._topics: list[TopicInfo] = []

    def compose(self) -> ComposeResult:
        rules = self.practice.rules
        yield Static(f"bjtrainer · New session · {rules.name or rules.id}", id="title")
        with Horizontal(id="menu-body"):
            yield OptionList(id="menu-list")
            yield Static("", id="menu-about")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#menu-list").border_title = "New session"
        self.query_one("#menu-about").border_title = "About"
        self.refresh_menu()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """Counts change after a set: draw the menu again."""
        if self.is_mounted:
            self.refresh_menu()

    # Attributes down

    def refresh_menu(self) -> None:
        """Rebuild the entries with fresh counts, keeping the highlighted one."""
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        self._topics = self.practice.topics()
        menu.clear_options()
        menu.add_options(self._options())
        first = menu.get_option_index(FOCUS_PREFIX + self._topics[0].topic.value)
        menu.highlighted = highlighted if highlighted is not None else first
        self._show_about()

    def _options(self) -> list[Option | None]:
        options: list[Option | None] = [
            Option(Text("Focused practice", style="bold"), id="focus-head", disabled=True)
        ]
        for key, info in zip(TOPIC_KEYS, self._topics, strict=True):
            line = Text.assemble((f" {key}  ", "bj.key"), f"{info.title:<26}")
            if info.due:
                line.append(f"{info.due} due", style="italic")
            options.append(
                Option(line, id=FOCUS_PREFIX + info.topic.value, disabled=info.spots == 0)
            )
        options.append(None)
        queued = len(self.practice.review_queue())
        daily = self.practice.daily_status()
        due = len(self.practice.due_spots())
        entries = (
            (REVIEW_KEY, "Mistakes & weak spots", f"{queued} queued", REVIEW),
            (DAILY_KEY, "Daily five", "".join(daily.result.marks), DAILY),
            (DUE_KEY, "Due spots", f"{due} due", DUE),
            (STATS_KEY, "Stats", "", STATS),
        )
        for key, title, note, option_id in entries:
            line = Text.assemble((f" {key}  ", "bj.key"), f"{title:<26}", (note, "italic"))
            options.append(Option(line, id=option_id))
        return options

    def _show_about(self) -> None:
        self.query_one("#menu-about", Static).update(self._about(self._highlighted()))

    def _highlighted(self) -> str:
        option = self.query_one(OptionList).highlighted_option
        return option.id if option is not None and option.id is not None else ""

    def _about(self, option_id: str) -> Text:
        if option_id.startswith(FOCUS_PREFIX):
            return self._about_topic(Topic(option_id.removeprefix(FOCUS_PREFIX)))
        about = {
            REVIEW: self._about_review,
            DAILY: self._about_daily,
            DUE: self._about_due,
            STATS: self._about_stats,
        }
        return about[option_id]() if option_id in about else Text()

    def _about_topic(self, topic: Topic) -> Text:
        info = next(item for item in self._topics if item.topic is topic)
        text = Text(info.title, style="bold")
        text.append(f"\nTen spots: {TOPIC_ABOUT[topic]}.")
        try:
            self.practice.verify_starting_focus(topic)
        except PracticeError as exc:
            text.append(f"\n\n{exc}", style="italic")
            return text
        text.append(
            f"\n\n{info.spots} spots at this table. Missed and rarely seen spots come up "
            "more often; every chart cell starts with the same chance."
        )
        if info.due:
            text.append(f"\n{info.due} learned spots of this topic are due again.")
        return text

    def _about_review(self) -> Text:
        queue = self.practice.review_queue()
        text = Text("Mistakes & weak spots", style="bold")
        if not queue:
            text.append(
                "\nThe review queue is empty. A spot enters it when your first answer is "
                "wrong or comes after a hint."
            )
            return text
        text.append(
            f"\n{len(queue)} spots in the queue. Each leaves after two unassisted correct "
            "answers in two separate runs.\n"
        )
        for item in queue[:8]:
            text.append(f"\n{spot_label(item.spot)}", style="bold")
            text.append(f"  missed {item.misses}, {item.progress}")
        return text

    def _about_daily(self) -> Text:
        status = self.practice.daily_status()
        text = Text("Daily five", style="bold")
        text.append("\nFive spots fixed by today's date, the same for everyone.\n\n")
        text.append(status.result.line, style="bj.key")
        text.append(f"\nStreak: {status.streak}")
        if status.next_is_replay:
            text.append("\nPlaying again is a replay: your first answers stay.", style="italic")
        return text

    def _about_due(self) -> Text:
        text = Text("Due spots", style="bold")
        text.append(
            "\nSpots you learned (they left the review queue) come back when the "
            f"spaced-repetition schedule says so, at most {DUE_PER_DAY} a day.\n\n"
        )
        try:
            self.practice.verify_starting_due()
        except PracticeError as exc:
            text.append(str(exc), style="italic")
            return text
        text.append(f"{len(self.practice.due_spots())} due now.")
        return text

    def _about_stats(self) -> Text:
        stats = self.practice.stats()
        text = Text("Stats", style="bold")
        text.append(
            f"\nAccuracy of first unassisted answers: {rate_text(stats.accuracy)} "
            f"({stats.counts.first} answers).\nPer topic, a heat map per spot, EV given up, "
            "hint and retry rates, the costliest mistakes and progress by day."
        )
        return text

    # Messages up

    @on(OptionList.OptionHighlighted)
    def _on_highlighted(self) -> None:
        self._show_about()

    @on(OptionList.OptionSelected)
    def _on_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_entry(event.option.id)

    def open_entry(self, option_id: str) -> None:
        """Open a menu entry by its option id (``"focus:pairs"``, ``"review"``, ...).

        The review queue, the daily five and stats (with its plot) are imported
        when first opened, not at the app's start (``docs/architecture.md``,
        "Start-up").
        """
        from bjtrainer.tui.screens.daily_five import DailyFiveScreen
        from bjtrainer.tui.screens.review_queue import ReviewQueueScreen
        from bjtrainer.tui.screens.stats import StatsScreen

        if option_id.startswith(FOCUS_PREFIX):
            topic = Topic(option_id.removeprefix(FOCUS_PREFIX))
            open_set(self, self.practice, RunKind.FOCUS, topic, self.design)
        elif option_id == REVIEW:
            self.app.push_screen(ReviewQueueScreen(self.practice, self.design))
        elif option_id == DAILY:
            self.app.push_screen(DailyFiveScreen(self.practice, self.design))
        elif option_id == DUE:
            open_set(self, self.practice, RunKind.DUE, design=self.design)
        elif option_id == STATS:
            self.app.push_screen(StatsScreen(self.practice))

    # Keys

    def action_topic(self, number: int) -> None:
        """Start a focused set of the ``number``-th topic (1-based, menu order)."""
        if not 1 <= number <= len(self._topics):
            return
        self.open_entry(FOCUS_PREFIX + self._topics[number - 1].topic.value)

    def action_review(self) -> None:
        """Open Mistakes & weak spots."""
        self.open_entry(REVIEW)

    def action_daily(self) -> None:
        """Open the daily five."""
        self.open_entry(DAILY)

    def action_due(self) -> None:
        """Play the due spots."""
        self.open_entry(DUE)

    def action_stats(self) -> None:
        """Open the stats."""
        self.open_entry(STATS)

    def action_choose(self) -> None:
        """Open the highlighted entry."""
        self.open_entry(self._highlighted())

    def action_back(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_help(self) -> None:
        """The help screen with the menu's keys."""
        self.app.push_screen(HelpScreen(MENU_KEYS, notes=SET_NOTES))

    def action_quit(self) -> None:
        """Quit; the table and every answer are saved."""
        self.app.exit()
