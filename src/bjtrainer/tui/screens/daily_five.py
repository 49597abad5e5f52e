"""The daily five: today's five spots, the kept first answers, the streak, then the due spots.

Five spots fixed by the local calendar date and the table's rules; the
first answers of the day are kept and shown even if the set is replayed,
replays are marked as replays, a result line such as ``Daily 2026-11-29
✔✔✘✔✔  hints 0`` can be copied, and the streak of days is shown; the due
spots are offered after the daily five, at most ten a day
(``docs/practice.md``, "Daily five" and "Due spots: learned spots come
back").

Enter plays the five (again: a replay), Ctrl+C copies the result line
(``App.copy_to_clipboard``; C is Hit at the table), U plays the due spots,
Esc goes back. A hand
not yet answered is not shown before it is dealt.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from bjtrainer.errors import PracticeError
from bjtrainer.store import RunKind
from bjtrainer.trainer.practice.daily import MARK_OPEN
from bjtrainer.trainer.practice.modes import DailyStatus, Practice
from bjtrainer.trainer.practice.schedule import DUE_PER_DAY
from bjtrainer.tui.keys import DAILY_KEYS, bindings_of
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.play_base import ButtonScreen
from bjtrainer.tui.screens.practice_set import open_set
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.practice import spot_label
from bjtrainer.tui.widgets.button_column import ButtonRow
from bjtrainer.tui.widgets.buttons import ButtonSpec

#: The screen's buttons.
DAILY_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Play ⏎", "play", "success"),
    ("Copy Ctrl+C", "copy", "default"),
    ("Due spots U", "due", "primary"),
    ("Back Esc", "back", "default"),
)

#: The daily rules in the help screen (``docs/practice.md``, "Daily five").
DAILY_NOTES = (
    "Five spots fixed by your local calendar date and the table: the same for everyone "
    "and every start that day. Your first answers of the day are kept; playing again is "
    "a replay, graded like any set, that never changes the day's line. A hand is ✔ when "
    "every first answer in it was accepted. The streak counts days in a row with all "
    "five answered."
)


def hands_text(status: DailyStatus) -> Text:
    """One line per hand of the five: its mark, and its spot once it has been answered."""
    text = Text()
    for index, (mark, spot) in enumerate(zip(status.result.marks, status.spots, strict=True)):
        if index:
            text.append("\n")
        text.append(f"Hand {index + 1}  ", style="bold")
        if mark == MARK_OPEN:
            text.append(f"{mark}  not played yet", style="dim")
        else:
            text.append(mark, style="bj.good" if mark == "✔" else "bj.bad")
            text.append(f"  {spot_label(spot)}")
    return text


class DailyFiveScreen(ButtonScreen[None]):
    """Today's daily five of one table.

    Parameters
    ----------
    practice : Practice
        The table's practice modes (its clock gives today's date).
    design : CardDesign
        How cards are drawn in the set.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings_of(DAILY_KEYS)

    def __init__(self, practice: Practice, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__()
        self.practice = practice
        self.design = design
        self.status = practice.daily_status()

    def compose(self) -> ComposeResult:
        rules = self.practice.rules
        day = self.status.result.day.isoformat()
        yield Static(f"bjtrainer · Daily five {day} · {rules.name or rules.id}", id="title")
        with VerticalScroll(id="daily-body"):
            yield Static("", id="daily-line")
            yield Static("", id="daily-hands")
            yield Static("", id="daily-next")
        yield ButtonRow(DAILY_BUTTONS, id="daily-buttons")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_daily()

    def on_screen_resume(self) -> None:
        """After a set the day's line may have changed: draw it again."""
        if self.is_mounted:
            self.refresh_daily()

    # Attributes down

    def refresh_daily(self) -> None:
        """Read today's status again and draw it."""
        self.status = status = self.practice.daily_status()
        result = status.result
        line = Text(result.line, style="bj.key")
        if result.started:
            line.append("   Ctrl+C copies it", style="dim")
        days = "day" if status.streak == 1 else "days"
        line.append(f"\nStreak: {status.streak} {days} in a row with all five answered.")
        self.query_one("#daily-line", Static).update(line)
        self.query_one("#daily-hands", Static).update(hands_text(status))
        self.query_one("#daily-next", Static).update(self._next())
        offered = {"play", "back"}
        if result.started:
            offered.add("copy")
        if result.complete and self.practice.can_start_due():
            offered.add("due")
        self.query_one(ButtonRow).offered = frozenset(offered)

    def _next(self) -> Text:
        result = self.status.result
        if not result.started:
            return Text("Enter plays today's five.", style="bold")
        if not result.complete:
            text = Text(
                "Enter plays the five again: the hands not answered yet fill in the line; "
                "the others keep your first answers.",
                style="bold",
            )
        else:
            text = Text(
                "Enter replays them: a replay is graded like any set and marked as a replay; "
                "the line keeps your first answers.",
                style="bold",
            )
            text.append("\n\n" + self._due_line())
        return text

    def _due_line(self) -> str:
        try:
            self.practice.verify_starting_due()
        except PracticeError as exc:
            return str(exc)
        count = len(self.practice.due_spots())
        spots = "spot is" if count == 1 else "spots are"
        return f"{count} learned {spots} due again: U plays them (at most {DUE_PER_DAY} a day)."

    # Messages up

    # Actions

    def action_play(self) -> None:
        """Play today's five (a replay if today has first answers already)."""
        open_set(self, self.practice, RunKind.DAILY, design=self.design)

    def action_copy(self) -> None:
        """Copy the text selected with the mouse, else the result line (``App.copy_to_clipboard``).

        Ctrl+C: the key that copies a selection on any Textual screen copies
        it here too.
        """
        selected = self.get_selected_text()
        if selected:
            self.app.copy_to_clipboard(selected)
            self.notify(f"Copied: {selected}", timeout=3)
            return
        result = self.practice.daily_status().result
        if not result.started:
            self.notify("Nothing to copy yet: play the five first.", severity="warning")
            return
        self.app.copy_to_clipboard(result.line)
        self.notify(f"Copied: {result.line}", timeout=3)

    def action_due(self) -> None:
        """Play the learned spots due today (at most ten a day)."""
        open_set(self, self.practice, RunKind.DUE, design=self.design)

    def action_back(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

    def action_help(self) -> None:
        """The help screen with these keys."""
        self.app.push_screen(HelpScreen(DAILY_KEYS, notes=DAILY_NOTES))

    def action_quit(self) -> None:
        """Quit; every answer is saved."""
        self.app.exit()
