"""The table screen: dealer, hands, feedback, buttons and the side panel.

The screen owns a :class:`~bjtrainer.tui.session.TableSession`. After every
command it builds fresh pictures (:mod:`bjtrainer.tui.view_model`) and sets
them on the widgets ("attributes down"); the buttons post
:class:`~bjtrainer.tui.widgets.commands.CommandButton.Chosen` up to it
("messages up"). Keys and buttons run the same actions.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.errors import IllegalActionError
from bjtrainer.tui.keys import TABLE_KEYS
from bjtrainer.tui.screens.bet import BetScreen
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.session import TableSession
from bjtrainer.tui.view_model import (
    dealer_picture,
    hand_pictures,
    prompt_line,
    table_picture,
)
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.commands import ActionBar, CommandButton, TableButtons
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackPicture, FeedbackView
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.status_panel import StatusPanel

#: The commands that are player decisions (``Action`` values).
PLAY_COMMANDS: frozenset[str] = frozenset(action.value for action in Action)

#: Seconds a notice (an action not allowed now, ...) stays on screen.
NOTICE_SECONDS = 3.0


class TableScreen(Screen[None]):
    """The blackjack table.

    Parameters
    ----------
    session : TableSession
        The table to show and play.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key.keys, key.action, key.label, show=key.footer, key_display=key.display)
        for key in TABLE_KEYS
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        rules = self.session.table.rules
        yield Static(f"bjtrainer · {rules.name or rules.id}", id="title")
        with Horizontal(id="body"):
            with Vertical(id="felt"):
                yield DealerView(id="dealer")
                yield HandsRow(id="hands")
                yield FeedbackView(id="feedback")
                yield ActionBar(id="actions")
                yield CoachPanel(id="coach")
            with Vertical(id="side"):
                yield StatusPanel(id="status")
                yield TableButtons(id="table-buttons")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_table()
        if self.session.restore_problem:
            self.notify(self.session.restore_problem, severity="warning", timeout=8)

    # Attributes down

    def refresh_table(self) -> None:
        """Give every widget a fresh picture of the table."""
        session = self.session
        table = session.table
        round_ = table.round
        self.query_one(DealerView).picture = dealer_picture(round_)
        self.query_one(HandsRow).pictures = hand_pictures(round_)
        self.query_one(StatusPanel).picture = table_picture(table)
        grade = session.last_grade
        settled = round_ is not None and round_.phase is Phase.SETTLED
        result = round_.result if round_ is not None and settled else None
        self.query_one(FeedbackView).picture = FeedbackPicture(
            prompt=prompt_line(table),
            grade=grade.line() if grade is not None else "",
            accepted=grade.accepted if grade is not None else True,
            result=result.describe() if result is not None else "",
        )
        offered = session.offered_commands()
        self.query_one(ActionBar).offered = offered
        side = {"help"}
        if session.in_play:
            side.update({"hint", "why"})
        else:
            side.add("bet")
        if "refill" in offered:
            side.add("refill")
        self.query_one(TableButtons).offered = frozenset(side)

    def _clear_coach(self) -> None:
        panel = self.query_one(CoachPanel)
        panel.lines = ()
        panel.title = ""

    def _notice(self, message: str) -> None:
        """One short notice at a time: a new one replaces the last."""
        self.app.clear_notifications()
        self.notify(message, severity="warning", timeout=NOTICE_SECONDS)

    # Messages up

    @on(CommandButton.Chosen)
    def _on_command(self, message: CommandButton.Chosen) -> None:
        self.run_command(message.command)

    def run_command(self, command: str) -> None:
        """Run a command by name: an :class:`Action` value, or deal, bet, refill, hint, why, help.

        Raises
        ------
        KeyError
            If ``command`` is none of these.
        """
        if command in PLAY_COMMANDS:
            self.action_play(command)
            return
        actions = {
            "deal": self.action_deal,
            "bet": self.action_bet,
            "refill": self.action_refill,
            "hint": self.action_hint,
            "why": self.action_why,
            "help": self.action_help,
        }
        actions[command]()

    # Actions (keys and buttons)

    def action_deal(self) -> None:
        """Deal a round with the last bet."""
        try:
            self.session.deal()
        except IllegalActionError as exc:
            self._notice(str(exc))
            return
        self._clear_coach()
        self.refresh_table()

    def action_play(self, name: str) -> None:
        """Grade and apply one decision (an :class:`Action` value)."""
        try:
            self.session.play(Action(name))
        except IllegalActionError as exc:
            self._notice(str(exc))
            return
        self._clear_coach()
        self.refresh_table()

    def _show_coach(self, title: str, lines: list[str] | None) -> None:
        panel = self.query_one(CoachPanel)
        if lines is None:
            self._notice("There is no decision to explain now.")
            return
        panel.title = title
        panel.lines = tuple(lines)

    def action_hint(self) -> None:
        """Show the hint for the decision now."""
        panel = self.query_one(CoachPanel)
        if panel.title == "Hint" and panel.lines:
            self._clear_coach()
            return
        self._show_coach("Hint", self.session.hint())

    def action_why(self) -> None:
        """Show the why panel for the decision now (W again hides it)."""
        panel = self.query_one(CoachPanel)
        if panel.title == "Why" and panel.lines:
            self._clear_coach()
            return
        self._show_coach("Why", self.session.why())

    def action_bet(self) -> None:
        """Open the bet chooser (between rounds)."""
        if self.session.in_play:
            self._notice("Cannot change the bet while a round is in play.")
            return
        screen = BetScreen(
            self.session.table.bet, self.session.bet_limits(), self.session.bet_problem
        )
        self.app.push_screen(screen, self._bet_chosen)

    def _bet_chosen(self, amount: int | None) -> None:
        if amount is None:
            return
        try:
            self.session.set_bet(amount)
        except IllegalActionError as exc:
            self._notice(str(exc))
        self.refresh_table()

    def action_refill(self) -> None:
        """Refill the free chips (between rounds)."""
        try:
            self.session.refill()
        except IllegalActionError as exc:
            self._notice(str(exc))
            return
        self.refresh_table()

    def action_help(self) -> None:
        """Show the help screen."""
        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        """Quit; the table was saved after the last action."""
        self.app.exit()
