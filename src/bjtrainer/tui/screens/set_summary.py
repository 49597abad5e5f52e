"""The end of a practice set: score, EV given up, the spots missed and what comes next.

The score, the EV given up, and the spots missed, each with its best play
and the reason of the first answer (the sentence comparing it with the
best play); the spots the set took out of
the review queue, each with the date the schedule brings it back. After a daily five the screen
also shows the day's result line, kept from the first answers of the day
even after a replay, with Ctrl+C to copy it, the streak, and then the learned
spots due today, at most ten a day (``docs/practice.md``, "Daily five" and
"Due spots: learned spots come back").

The screen is dismissed with the player's choice (:data:`SummaryChoice`):
``"again"`` (another set of the same kind, a replay for the daily five),
``"due"`` (the due spots) or ``None`` (back to where the set started); the
set screen under it acts on it.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from bjtrainer.errors import PracticeError
from bjtrainer.store import RunKind
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.schedule import DUE_PER_DAY
from bjtrainer.trainer.practice.sets import PracticeSet, SetSummary
from bjtrainer.trainer.practice.topics import TOPIC_TITLES
from bjtrainer.trainer.wording import label
from bjtrainer.tui.keys import SUMMARY_KEYS, KeyInfo, bindings_of
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.play_base import ButtonScreen
from bjtrainer.tui.views.practice import cleared_lines, set_title, spot_label
from bjtrainer.tui.widgets.button_column import ButtonRow
from bjtrainer.tui.widgets.buttons import ButtonSpec

#: What the player chose at the end of a set (``None``: back).
SummaryChoice = Literal["again", "due"]

#: The summary's buttons.
SUMMARY_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Again ⏎", "again", "success"),
    ("Copy Ctrl+C", "copy", "default"),
    ("Due spots U", "due", "primary"),
    ("Back Esc", "back", "default"),
)


#: The missed table's columns; each row's reason follows it on lines of its own.
MISSED_COLUMNS = ("Spot", "You", "Best", "EV lost")


def missed_table(summary: SetSummary) -> Group:
    """The missed decisions: spot, the first answer, the best play, EV given up; then why.

    Each spot's row is followed by its reason, the sentence comparing the
    first answer with the best play, indented under it across the whole
    width (at 80 columns a narrow column would cut it into a line per
    word). EV given up is in units of the original wager. An answer given
    after a hint is marked "(hint)": it was right or wrong, but not
    unassisted.
    """
    rows = [
        (
            spot_label(missed.spot),
            label(missed.taken) + (" (hint)" if missed.after_hint else ""),
            label(missed.best),
            f"{missed.ev_lost:.3f}",
        )
        for missed in summary.missed
    ]
    widths = [
        max(len(name), *(len(row[i]) for row in rows)) for i, name in enumerate(MISSED_COLUMNS)
    ]

    def line(cells: tuple[str, ...], styles: tuple[str, ...]) -> Text:
        text = Text()
        for index, (cell, style, width) in enumerate(zip(cells, styles, widths, strict=True)):
            if index:
                text.append("  ")
            last = index == len(cells) - 1
            text.append(cell.rjust(width) if last else cell.ljust(width), style=style)
        return text

    parts: list[RenderableType] = [line(MISSED_COLUMNS, ("bold",) * len(MISSED_COLUMNS))]
    for missed, row in zip(summary.missed, rows, strict=True):
        parts.append(line(row, ("", "", "bj.good", "")))
        parts.append(Padding(Text(missed.reason, style="italic"), (0, 0, 0, 4)))
    return Group(*parts)


def again_line(practice_set: PracticeSet) -> str:
    """What Enter does at the end of this set."""
    if practice_set.kind is RunKind.FOCUS and practice_set.topic is not None:
        return f"Enter: another set of {TOPIC_TITLES[practice_set.topic].lower()}."
    if practice_set.kind is RunKind.DAILY:
        return "Enter: replay the daily five (a replay never changes the day's result)."
    if practice_set.kind is RunKind.REVIEW:
        return "Enter: another review set, if the queue still has spots."
    if practice_set.kind is RunKind.DUE:
        return "Enter: more due spots, within today's limit."
    return "Enter: the same kind of set again."


class SetSummaryScreen(ButtonScreen[SummaryChoice | None]):
    """The end of a set.

    Parameters
    ----------
    practice : Practice
        The table's practice modes (the daily result, the due spots).
    practice_set : PracticeSet
        The set just finished, or left before its end (the summary then
        covers the answers given so far).
    """

    #: The summary's keys; after a set that is no daily five, where Copy is
    #: off, Ctrl+C copies the text selected with the mouse, as on any screen.
    BINDINGS: ClassVar[list[BindingType]] = [
        *bindings_of(SUMMARY_KEYS),
        Binding("ctrl+c", "screen.copy_text", show=False),
    ]

    def __init__(self, practice: Practice, practice_set: PracticeSet) -> None:
        super().__init__()
        self.practice = practice
        self.practice_set = practice_set
        self.summary = practice_set.summary()

    @property
    def daily(self) -> bool:
        """The set was a daily five."""
        return self.practice_set.kind is RunKind.DAILY

    def compose(self) -> ComposeResult:
        yield Static(f"bjtrainer · {set_title(self.practice_set)} · {self._end()}", id="title")
        with VerticalScroll(id="summary-body"):
            yield Static(self._score(), id="summary-score")
            if self.daily:
                yield Static(self._daily(), id="summary-daily")
            yield Static(self._missed_title(), id="summary-missed-title")
            if self.summary.missed:
                yield Static(missed_table(self.summary), id="summary-missed")
            if self.summary.cleared:
                yield Static(self._cleared(), id="summary-cleared")
            yield Static(again_line(self.practice_set), id="summary-next")
        yield ButtonRow(SUMMARY_BUTTONS, id="summary-buttons")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        offered = {"again", "back"}
        if self.daily:
            offered.update({"copy"} | ({"due"} if self.practice.can_start_due() else set()))
        self.query_one(ButtonRow).offered = frozenset(offered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Copy and due spots belong to the daily five."""
        if action in ("copy", "due"):
            return self.daily
        return True

    # What the screen shows

    def _end(self) -> str:
        """``"the end"``, or ``"left at spot 3 of 10"`` for a set left before its end."""
        practice_set = self.practice_set
        if practice_set.finished:
            return "the end"
        return f"left at spot {practice_set.position + 1} of {practice_set.size}"

    def _score(self) -> Text:
        summary = self.summary
        text = Text(summary.score_line, style="bold")
        text.append(
            f"\nSpots {summary.spots} · decisions {summary.decisions} · "
            f"first answered after a hint {summary.after_hint} · retries {summary.retries}",
            style="dim",
        )
        return text

    def _daily(self) -> Text:
        day = self.practice_set.daily_day
        status = self.practice.daily_status(day)
        text = Text()
        text.append(status.result.line, style="bj.key")
        text.append("   Ctrl+C copies it", style="dim")
        days = "day" if status.streak == 1 else "days"
        text.append(f"\nStreak: {status.streak} {days} in a row with all five answered.")
        if self.practice_set.replay:
            text.append(
                "\nThis was a replay: the line keeps the day's first answers.", style="italic"
            )
        text.append("\n" + self._due_line())
        return text

    def _due_line(self) -> str:
        try:
            self.practice.verify_starting_due()
        except PracticeError as exc:
            return str(exc)
        count = len(self.practice.due_spots())
        spots = "spot is" if count == 1 else "spots are"
        return (
            f"{count} learned {spots} due again: U plays them "
            f"(at most {DUE_PER_DAY} a day, never more)."
        )

    def _cleared(self) -> Text:
        heading, *spots = cleared_lines(self.summary.cleared, self.practice.today())
        text = Text(heading, style="bj.good")
        for line in spots:
            text.append("\n" + line)
        return text

    def _missed_title(self) -> Text:
        count = len(self.summary.missed)
        if not count:
            return Text("No decision missed.", style="bj.good")
        decisions, each = ("decision", "it is") if count == 1 else ("decisions", "each is")
        return Text(
            f"Missed {count} {decisions}: {each} in the review queue now (Mistakes & weak spots).",
            style="bold",
        )

    # Messages up and actions

    def action_again(self) -> None:
        """Another set of the same kind (the daily five: a replay)."""
        self.dismiss("again")

    def action_copy(self) -> None:
        """Copy the text selected with the mouse, else the daily result line.

        Ctrl+C (``App.copy_to_clipboard``): the key that copies a selection
        on any Textual screen copies it here too.
        """
        if not self.daily:
            return
        selected = self.get_selected_text()
        line = selected or self.practice.daily_status(self.practice_set.daily_day).result.line
        self.app.copy_to_clipboard(line)
        self.notify(f"Copied: {line}", timeout=3)

    def action_due(self) -> None:
        """Play the learned spots due today, if any."""
        try:
            self.practice.verify_starting_due()
        except PracticeError as exc:
            self.app.clear_notifications()
            self.notify(str(exc), severity="warning", timeout=3)
            return
        self.dismiss("due")

    def action_back(self) -> None:
        """Back to where the set started."""
        self.dismiss(None)

    def action_help(self) -> None:
        """The help screen with these keys."""
        keys = [key for key in SUMMARY_KEYS if self._has_key(key)]
        self.app.push_screen(HelpScreen(keys, notes=SUMMARY_NOTES))

    def _has_key(self, key: KeyInfo) -> bool:
        _, action, parameters = parse_action(key.action)
        return self.check_action(action, parameters) is not False

    def action_quit(self) -> None:
        """Quit; every answer was recorded as it was given."""
        self.app.exit()


#: Help notes of the summary.
SUMMARY_NOTES = (
    "The score counts first answers given without Hint or Why that were accepted. "
    "EV given up is in units of the bet. Each missed spot enters the review queue; it "
    "leaves after two unassisted correct answers in two separate runs (different days, "
    "or at least one other set between them)."
)
