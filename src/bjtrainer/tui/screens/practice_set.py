"""The set screen: a practice set played with the table's widgets and keys.

A set is played with the table's controls and scores decisions, not hand
outcomes (``docs/practice.md``). The screen draws the set's own practice
table with the table screen's widgets (dealer, hands, feedback, the round's
buttons, the Hint / Why panel) and takes the same keys: H / C hit, S / P
stand, D double, X split, R surrender, Y / N insurance, ? hint, W why. A set
adds:

- the side panel: the kind of set, "Spot 3 of 10" and the score so far;
- after each decision, the grade line and its reason (as at the table),
  the grade marked "(after a hint)" or "(retry)" where it applies;
- after a miss the set holds the decision (:class:`PracticeSet`): A retries
  it ("again"; the next answer is a retry, counted apart), K keeps the
  missed answer and plays on; the keys of play do nothing until one of the
  two is chosen, so a key pressed twice never records a retry by accident.
  Neither letter acts at the table, so no key changes meaning between the
  two screens (:mod:`bjtrainer.tui.keys`);
- the footer shows only the keys that work now (:meth:`_works_now`): X
  while a split is legal, Y and N at the insurance offer, A and K after a
  miss, Enter once the hand is over;
- Enter deals the next spot once the hand is over, and after the last one
  shows the summary (:class:`~bjtrainer.tui.screens.set_summary.SetSummaryScreen`);
- Esc before the end asks "Leave the set? Your answers so far are kept."
  (:class:`~bjtrainer.tui.screens.leave_set.LeaveSetScreen`); Y shows the
  summary of the answers given so far.

Every answer carries the token of the decision drawn on screen
(``PendingDecision.token``): an answer to a decision that is no longer
pending is recorded once only, by the core.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from bjtrainer.engine.actions import Action
from bjtrainer.errors import IllegalActionError, PracticeError
from bjtrainer.store import RunKind
from bjtrainer.strategy.cells import round_cell
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.sets import AnswerOutcome, PracticeSet
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.wording import ACTION_VERBS, label
from bjtrainer.tui.keys import SET_KEYS, KeyInfo, live_bindings, table_has_play
from bjtrainer.tui.messages import SetFinished
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.leave_set import LeaveSetScreen
from bjtrainer.tui.screens.play_base import NOTICE_SECONDS, PlayScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen, SummaryChoice
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.practice import (
    outcome_result,
    set_choices,
    set_progress,
    set_prompt,
    set_title,
)
from bjtrainer.tui.views.table import dealer_picture, hand_pictures
from bjtrainer.tui.widgets.button_column import ButtonColumn
from bjtrainer.tui.widgets.buttons import ActionBar, ButtonSpec, ChoiceButton
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackPicture, FeedbackView
from bjtrainer.tui.widgets.felt import Felt
from bjtrainer.tui.widgets.footer import KeysFooter
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.set_panel import SetPanel

#: The side panel's buttons.
SIDE_BUTTONS: tuple[ButtonSpec, ...] = (
    ("Hint ?", "hint", "default"),
    ("Why W", "why", "default"),
    ("Retry A", "retry", "warning"),
    ("Play on K", "play_on", "primary"),
    ("Leave Esc", "leave", "default"),
    ("Help F1", "help", "default"),
)


#: Practice help notes (``docs/practice.md``, "How a decision is graded").
SET_NOTES = (
    "A set scores decisions, never the cards that follow. A decision is accepted when "
    "it is the table's chart play or its EV is within 0.02 of the best legal play "
    "(independent draws). Your first answer counts; an answer after Hint or Why is "
    "counted apart, and so is a retry. A spot answered wrong first, or only after a "
    "hint, enters the review queue (Mistakes & weak spots)."
)


class SetScreen(PlayScreen):
    """One practice set at its own practice table.

    Parameters
    ----------
    practice : Practice
        The table's practice modes (to start the next set from the summary).
    practice_set : PracticeSet
        The set to play; its first spot is dealt already.
    design : CardDesign
        How cards are drawn.
    """

    BINDINGS: ClassVar[list[BindingType]] = live_bindings(SET_KEYS)

    def __init__(
        self, practice: Practice, practice_set: PracticeSet, design: CardDesign = DEFAULT_DESIGN
    ) -> None:
        super().__init__(design)
        self.practice = practice
        self.practice_set = practice_set
        self.retrying = False
        self.last: AnswerOutcome | None = None
        self.shown_token: str | None = None
        self._finish_announced = False

    def compose(self) -> ComposeResult:
        rules = self.practice.rules
        title = f"bjtrainer · {set_title(self.practice_set)} · {rules.name or rules.id}"
        yield Static(self._text(title), id="title")
        with Horizontal(id="body"):
            with Felt(id="felt"):
                yield from self.felt_widgets()
            with Vertical(id="side"):
                yield SetPanel(id="set-panel")
                yield ButtonColumn(SIDE_BUTTONS, id="set-buttons")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.apply_design()
        self.query_one("#button-deal", ChoiceButton).label = self._text("Next ⏎")
        self.refresh_set()

    def _table_has(self, action: str, parameters: tuple[object, ...]) -> bool:
        """The keys of plays this table does not have do nothing (as at the table)."""
        return action != "play" or table_has_play(self.practice.rules, parameters)

    def _works_now(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the key of ``action`` does something now: its button is offered.

        The offered choices are :func:`~bjtrainer.tui.views.practice.set_choices`
        (a play while it is legal and the decision is not held after a miss);
        Esc, F1 and Q always work.
        """
        offered = set_choices(self.practice_set, retrying=self.retrying)
        if action == "play" and parameters:
            return str(parameters[0]) in offered
        if action in ("deal", "hint", "why", "retry", "play_on"):
            return action in offered
        return True

    # Attributes down

    def refresh_set(self) -> None:
        """Give every widget a fresh picture of the set and its table."""
        practice_set = self.practice_set
        round_ = practice_set.round
        pending = practice_set.pending
        self.shown_token = pending.token if pending is not None else None
        self.query_one(DealerView).picture = dealer_picture(round_)
        self.query_one(HandsRow).pictures = hand_pictures(round_)
        last = self.last
        feedback = self.query_one(FeedbackView)
        feedback.picture = FeedbackPicture(
            prompt=self._text(set_prompt(practice_set, retrying=self.retrying)),
            grade=self._text(last.line) if last is not None else "",
            accepted=last.grade.accepted if last is not None else True,
            reason=self._text(last.reason) if last is not None else "",
            result=self._text(outcome_result(practice_set)),
        )
        feedback.refresh(layout=True)  # the reason may wrap onto more lines
        offered = set_choices(practice_set, retrying=self.retrying)
        self.query_one(ActionBar).offered = offered
        self.query_one(ButtonColumn).offered = offered
        self.query_one(SetPanel).picture = set_progress(practice_set)
        self.refresh_bindings()  # the footer shows the keys that work now

    # Answering

    def action_play(self, name: str) -> None:
        """Answer the decision on screen with one action (an :class:`Action` value)."""
        action = Action(name)
        pending = self.practice_set.pending
        if pending is None:
            self._notice(
                f"Cannot {ACTION_VERBS[action]}: the hand is over. Enter deals the next spot."
            )
            return
        if pending.missed is not None and not self.retrying:
            self._notice(
                f"You missed this decision: A retries it, K plays on with {label(pending.missed)}."
            )
            return
        self.answer(action, self.shown_token)

    def answer(self, action: Action, token: str | None) -> AnswerOutcome | None:
        """Answer the decision drawn with ``token``; return what the answer did.

        An answer whose token is no longer pending (a second press of a key
        already answered) is not recorded again and changes nothing on
        screen. An action the rules do not allow now gives a notice.

        Returns
        -------
        AnswerOutcome or None
            ``None`` when the action was refused.
        """
        try:
            outcome = self.practice_set.answer(action, token=token)
        except (IllegalActionError, PracticeError) as exc:
            self._notice(str(exc))
            return None
        if not outcome.recorded:
            return outcome
        self._graded(outcome.grade)
        self._announce()
        self.last = outcome
        self.retrying = False
        self._clear_coach()
        self.refresh_set()
        self._keep_feedback_in_view()
        return outcome

    def action_retry(self) -> None:
        """After a miss: answer the same decision again (a retry)."""
        pending = self.practice_set.pending
        if pending is None or pending.missed is None:
            self._notice("Nothing to retry: A retries a decision you missed.")
            return
        self.retrying = True
        self.refresh_set()
        self._keep_feedback_in_view()

    def action_play_on(self) -> None:
        """After a miss: play the missed answer and go on."""
        pending = self.practice_set.pending
        if pending is None or pending.missed is None:
            self._notice("Nothing to play on: K plays a missed answer on.")
            return
        self.practice_set.play_on(token=self.shown_token)
        self._announce()
        self.retrying = False
        self._clear_coach()
        self.refresh_set()
        self._keep_feedback_in_view()

    def action_deal(self) -> None:
        """Deal the next spot once the hand is over; after the last one, the summary."""
        practice_set = self.practice_set
        if practice_set.pending is not None:
            self._notice("Answer this decision first; Enter deals once the hand is over.")
            return
        if practice_set.finished:
            self.show_summary()
            return
        practice_set.next_spot()
        self._announce()
        self.last = None
        self.retrying = False
        self._clear_coach()
        self.refresh_set()
        self._keep_feedback_in_view()

    def _keep_feedback_in_view(self) -> None:
        """Scroll the felt to the round's buttons, with the feedback just above them.

        On a short terminal (80 x 24) the grade line, its reason and the
        prompt ("Missed. A retries ...") then stay on screen after a move,
        as at the table (:class:`~bjtrainer.tui.widgets.felt.Felt`).
        """
        self.query_one(Felt).keep_in_view(self.query_one(ActionBar))

    def _announce(self) -> None:
        """Post :class:`RoundSettled` for a hand just over, and :class:`SetFinished` once."""
        practice_set = self.practice_set
        self._announce_settled(practice_set.round)
        if practice_set.finished and not self._finish_announced:
            self._finish_announced = True
            self.post_message(SetFinished(practice_set.summary()))

    # Summary and what comes after it

    def show_summary(self) -> None:
        """Show the end of the set; what the player chooses there comes back here."""
        self.app.push_screen(
            SetSummaryScreen(self.practice, self.practice_set), self._after_summary
        )

    def _after_summary(self, choice: SummaryChoice | None) -> None:
        if choice is None:
            self.app.pop_screen()
            return
        finished = self.practice_set
        try:
            if choice == "due":
                next_set = self.practice.start_due()
            else:
                next_set = self.practice.start(finished.kind, finished.topic)
        except PracticeError as exc:
            self.app.pop_screen()
            self.app.notify(str(exc), severity="warning", timeout=NOTICE_SECONDS)
            return
        self.app.switch_screen(SetScreen(self.practice, next_set, self.design))

    # Hint and Why (the panel itself: PlayScreen)

    def hint_lines(self) -> list[str] | None:
        """The set's Hint (the next first answer then counts as after a hint)."""
        return self.practice_set.hint_lines()

    def why_lines(self) -> list[str] | None:
        """The set's Why figures (the next first answer then counts as after a hint)."""
        return self.practice_set.why_lines()

    def _after_coach(self) -> None:
        self.refresh_set()

    def action_chart(self) -> None:
        """Show the table's chart, read-only, with the hand in play marked (G, as at the table).

        While a decision is pending the look counts as a hint for it
        (:meth:`PracticeSet.chart_looked`): its first answer is graded
        "(after a hint)", as after ? or W (``docs/practice.md``, "Keys of the
        practice screens").
        """
        practice_set = self.practice_set
        cell = round_cell(practice_set.round) if practice_set.chart_looked() else None
        self.refresh_set()
        screen = ChartScreen(self.practice.rules, cell, ascii_only=self.design == "ascii")
        self.app.push_screen(screen)

    # Leaving

    def action_leave(self) -> None:
        """Leave the set, asking first when it is not finished; every answer stays recorded.

        A finished set is left at once. Otherwise :class:`LeaveSetScreen`
        asks; on Y the summary of the answers given so far follows (when
        there are any), and from it the player goes back or on as after a
        whole set (``docs/practice.md``, "Keys of the practice screens").
        """
        if self.practice_set.finished:
            self.app.pop_screen()
            return
        answered = self.practice_set.summary().decisions
        self.app.push_screen(LeaveSetScreen(answered), self._after_leave_question)

    def _after_leave_question(self, leave: bool | None) -> None:
        if not leave:
            return
        if self.practice_set.summary().decisions:
            self.show_summary()
        else:
            self.app.pop_screen()

    def action_help(self) -> None:
        """The help screen with the set's keys."""
        keys = [key for key in SET_KEYS if self._has_key(key)]
        self.app.push_screen(HelpScreen(keys, notes=SET_NOTES))

    def _has_key(self, key: KeyInfo) -> bool:
        _, action, parameters = parse_action(key.action)
        return self._table_has(action, parameters)

    def action_quit(self) -> None:
        """Quit; every answer was recorded as it was given."""
        self.app.exit()


def open_set(
    screen: Screen[Any],
    practice: Practice,
    kind: RunKind,
    topic: Topic | None = None,
    design: CardDesign = DEFAULT_DESIGN,
) -> SetScreen | None:
    """Start a set and push its screen over ``screen``; a set that cannot start gives a notice.

    Returns
    -------
    SetScreen or None
        The pushed screen, or ``None`` with the reason shown as a notice.
    """
    try:
        practice_set = practice.start(kind, topic)
    except PracticeError as exc:
        screen.app.clear_notifications()
        screen.notify(str(exc), severity="warning", timeout=NOTICE_SECONDS)
        return None
    set_screen = SetScreen(practice, practice_set, design)
    screen.app.push_screen(set_screen)
    return set_screen
