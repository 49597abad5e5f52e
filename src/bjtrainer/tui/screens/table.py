"""The table screen: dealer, hands, feedback, buttons and the side panel.

The screen owns a :class:`~bjtrainer.trainer.session.TableSession`. After every
key or button it builds fresh pictures (:mod:`bjtrainer.tui.views.table`) and sets
them on the widgets ("attributes down"). Keys and buttons run the same
actions (:class:`~bjtrainer.tui.widgets.buttons.ChoiceButton`).

What the table offers is read from its rules: a chip rack, CLEAR, the
"Repeat last bet" box, CASH OUT and the top-five board where the bet is
built from chips (``night``), an insurance amount chooser where insurance
is any amount up to half the bet (``guide``); keys of features the table
does not have are hidden (:meth:`TableScreen.check_action`). T asks the app
for the sit-down screen (:class:`TableScreen.SitDownRequested`), M for the
New session menu of practice (:class:`TableScreen.NewSessionRequested`).

G opens the guide chart (:class:`~bjtrainer.tui.screens.chart.ChartScreen`)
with the hand in play marked; Z turns the shoe-aware figures on or off: while
on, the Why panel is the :class:`~bjtrainer.tui.widgets.shoe_why.ShoeWhyPanel`,
whose exact figures for the cards left are computed in a worker thread
(:mod:`bjtrainer.trainer.shoe_aware`).

At a standard 80 x 24 terminal the felt scrolls (:class:`~bjtrainer.tui.widgets.felt.Felt`)
and keeps the round's buttons, or an open Hint or Why panel, in view; the
side panel and the round's buttons tighten (``-narrow`` and ``-short`` in
``bjtrainer.tcss``). The footer lists only the keys that work now
(:meth:`TableScreen.check_action`); a key that does not still says why.

When another window played this table since, a move is not made: the newer
table is shown with the notice "This table was played in another window:
reloaded." A store that stayed locked gives its notice and the table as it
was; the key may be pressed again (``docs/playing.md``, "Two windows").
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.round import Phase
from bjtrainer.errors import BjTrainerError, IllegalActionError, StoreError, TableChangedError
from bjtrainer.strategy.cache import chart_is_read
from bjtrainer.strategy.cells import round_cell
from bjtrainer.trainer.session import TableSession
from bjtrainer.trainer.shoe_aware import ShoeFigures, ShoeQuestion, shoe_figures, shoe_question
from bjtrainer.trainer.shoe_aware import independent_why as shoe_independent_why
from bjtrainer.trainer.wording import label
from bjtrainer.tui.keys import TABLE_KEYS, KeyInfo, live_bindings, table_has_play
from bjtrainer.tui.screens.bet import BetScreen
from bjtrainer.tui.screens.board import BoardPicture, BoardScreen
from bjtrainer.tui.screens.cash_out import CashOutScreen
from bjtrainer.tui.screens.chart import ChartScreen, chart_progress, compute_chart
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.insurance import InsuranceScreen
from bjtrainer.tui.screens.lesson import invite_once, open_lessons
from bjtrainer.tui.screens.play_base import NO_DECISION_NOTICE, NOTICE_SECONDS, PlayScreen
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.table import (
    dealer_picture,
    hand_pictures,
    peek_line,
    prompt_line,
    table_picture,
)
from bjtrainer.tui.widgets.buttons import SIDE_BUTTONS, ActionBar, TableButtons
from bjtrainer.tui.widgets.chart_progress import WorkProgress
from bjtrainer.tui.widgets.chip_rack import ChipRack
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackPicture, FeedbackView
from bjtrainer.tui.widgets.felt import Felt
from bjtrainer.tui.widgets.footer import KeysFooter
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.shoe_why import ShoeWhyPanel
from bjtrainer.tui.widgets.status_panel import StatusPanel

#: The notice of a deal from a freshly shuffled shoe.
SHUFFLE_NOTICE = "Shuffled a new shoe."

#: The notice of a round that ran the shoe dry (``Round.discards_reshuffled``): only a
#: deep cut with few decks does it (``docs/custom-tables.md``, "Every field").
DISCARDS_NOTICE = "The shoe ran out: the discards were shuffled in to finish the round."

#: The worker group of the shoe-aware figures (one at a time: a newer one cancels the older).
SHOE_WORKER = "shoe-aware"

#: The worker group of a custom table's chart, computed once when the table opens.
CHART_WORKER = "table-chart"

#: Seconds after which the shoe-aware figures, still computing, show a progress bar
#: (they take tens of milliseconds as a rule: a bar at once would only flash).
SLOW_SECONDS = 0.3


class TableScreen(PlayScreen):
    """The blackjack table.

    Parameters
    ----------
    session : TableSession
        The table to show and play.
    design : CardDesign
        How cards are drawn (:data:`~bjtrainer.tui.views.cards.CARD_DESIGNS`).
    invite : bool
        Show the first-start invitation to the guided introductions, unless
        it was answered before (a store setting).
    """

    class SitDownRequested(Message):
        """The player asked for the sit-down screen (T): the app handles it."""

    class NewSessionRequested(Message):
        """The player asked for the New session menu of practice (M): the app handles it."""

    #: Each key twice (:func:`~bjtrainer.tui.keys.live_bindings`): shown while it
    #: works now (:meth:`check_action`), else run anyway to say why it does not.
    BINDINGS: ClassVar[list[BindingType]] = live_bindings(TABLE_KEYS)

    def __init__(
        self, session: TableSession, design: CardDesign = DEFAULT_DESIGN, *, invite: bool = False
    ) -> None:
        super().__init__(design)
        self.session = session
        #: Show the first-start invitation to the lessons (once per store).
        self.invite = invite
        #: The shoe-aware toggle (Z): W shows the exact figures beside the independent ones.
        self.shoe_aware = False
        self._shoe_request = 0  # the shoe-aware request shown; older answers are dropped
        self._shoe_bar = False  # the progress bar shows the shoe-aware figures' work
        self._dry_said = session.round  # the round whose dry shoe was told (a restored one was)
        self._refusal_up = False  # a refusal notice may still show ("Cannot stand: ...")
        #: The table's chart is being computed (a custom table's first time): grading waits.
        self.chart_pending = False
        self._waiting: tuple[Action, int | None] | None = None  # a decision waiting for it

    def compose(self) -> ComposeResult:
        rules = self.session.table.rules
        yield Static(self._text(f"bjtrainer · {rules.name or rules.id}"), id="title")
        with Horizontal(id="body"):
            with Felt(id="felt"):
                yield from self.felt_widgets()
                yield ShoeWhyPanel(ascii_only=self.design == "ascii", id="shoe-why")
            with Vertical(id="side"):
                yield StatusPanel(id="status")
                yield WorkProgress(id="chart-progress")
                if self.session.chips:
                    yield ChipRack(self.session.chips, id="chip-rack")
                choices = frozenset(
                    choice for _, choice, _ in SIDE_BUTTONS if self._table_has(choice, ())
                )
                yield TableButtons(choices=choices, id="table-buttons")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.apply_design()
        self.refresh_table()
        if not chart_is_read(self.session.table.rules):
            self._compute_chart()
        if self.session.restore_problem:  # long: it names where the old table was kept
            self.notify(self.session.restore_problem, severity="warning", timeout=15)
        if self.session.night_over:
            self.call_after_refresh(self.action_cash_out)
        elif self.invite:
            invite_once(self, self.session.table.rules, self.session.store, self.design)

    def _works_now(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the key of ``action`` does something now (see :meth:`check_action`)."""
        session = self.session
        if action == "deal":
            return "deal" in session.offered_commands() and not session.bet_cleared
        if action == "play" and parameters:
            return str(parameters[0]) in session.offered_commands()
        if action in ("hint", "why"):
            return session.in_play
        if action == "bet":
            return session.bet_chooser_problem() is None
        if action == "refill":
            return session.table.can_refill()
        if action == "cash_out":
            return session.table.can_cash_out()
        if action in ("add_chip", "clear_bet", "toggle_repeat", "board", "new_session"):
            return not session.in_play  # M and V work mid-hand too; the footer has no room then
        return True

    def _table_has(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether this table has the feature of ``action`` at all (its rules decide)."""
        rules = self.session.table.rules
        chip_table = bool(rules.chip_denominations)
        if action in ("add_chip", "clear_bet", "toggle_repeat"):
            return chip_table
        if action == "bet":
            return not chip_table
        if action in ("cash_out", "board"):
            return rules.cash_out
        if action == "refill":
            return rules.refill
        if action == "play":
            return table_has_play(rules, parameters)
        return True

    # Attributes down

    def refresh_table(self) -> None:
        """Give every widget a fresh picture of the table."""
        session = self.session
        table = session.table
        round_ = table.round
        self.part(DealerView).picture = dealer_picture(round_)
        self.part(HandsRow).pictures = hand_pictures(round_)
        chip_table = bool(session.chips)
        bet = session.bet_down if chip_table and not session.in_play else None
        self.part(StatusPanel).picture = table_picture(table, bet=bet)
        grade = session.last_grade
        settled = round_ is not None and round_.phase is Phase.SETTLED
        result = round_.result if round_ is not None and settled else None
        self.part(FeedbackView).picture = FeedbackPicture(
            prompt=prompt_line(table, bet_down=session.bet_down if chip_table else None),
            grade=self._text(grade.line()) if grade is not None else "",
            accepted=grade.accepted if grade is not None else True,
            reason=self._text(grade.reason) if grade is not None else "",
            result=result.describe() if result is not None else peek_line(round_),
        )
        offered = session.offered_commands()
        self.part(ActionBar).offered = offered
        side = {"help", "tables", "new_session", "lessons"}
        if session.in_play:
            side.update({"hint", "why"})
        elif not chip_table and session.bet_chooser_problem() is None:
            side.add("bet")
        if "refill" in offered:
            side.add("refill")
        if table.rules.cash_out:
            side.add("board")
            if table.can_cash_out():
                side.add("cash_out")
        self.part(TableButtons).offered = frozenset(side)
        if chip_table:
            rack = self.part(ChipRack)
            rack.repeat = session.repeat_bet
            rack.offered = (
                frozenset() if session.in_play else frozenset(rack_choices(session.chips))
            )
        self.refresh_bindings()  # the footer shows the keys that work now

    def _clear_coach(self) -> None:
        super()._clear_coach()
        self._hide_shoe_why()

    def _hide_shoe_why(self) -> None:
        self._shoe_request += 1
        self._end_shoe_bar()
        self.part(ShoeWhyPanel).why = None

    # Messages up

    @on(ChipRack.RepeatSet)
    def _on_repeat_set(self, message: ChipRack.RepeatSet) -> None:
        self._set_repeat(message.on)

    # Actions (keys and buttons)

    def action_deal(self) -> None:
        """Deal a round with the last bet; say so when the shoe was reshuffled first."""
        try:
            self.session.deal()
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        self._clear_refusal()  # "Cannot stand: no hand is in play..." is stale once dealt
        if self.session.shuffled:
            self.app.clear_notifications()
            self.notify(SHUFFLE_NOTICE, timeout=NOTICE_SECONDS)
        self._after_move()

    def action_play(self, name: str) -> None:
        """Grade and apply one decision (an :class:`Action` value).

        Where insurance is any amount up to half the bet, Y first asks how
        much (:class:`~bjtrainer.tui.screens.insurance.InsuranceScreen`).
        """
        action = Action(name)
        round_ = self.session.round
        at_offer = round_ is not None and round_.phase is Phase.INSURANCE
        if action is Action.INSURANCE and at_offer and self.session.insurance_choice:
            self._choose_insurance()
            return
        self._play(action)

    def _play(self, action: Action, amount: int | None = None) -> None:
        offered = action.value in self.session.offered_commands()  # else: refused, and why
        if self.chart_pending and action not in INSURANCE_ACTIONS and offered:
            self._wait_for_chart(action, amount)
            return
        try:
            grade = self.session.play(action, amount)
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        self._clear_refusal()  # "Cannot double: ..." is stale once another move is made
        self._graded(grade)
        self._after_move()

    def _after_move(self) -> None:
        """Redraw after a deal or a decision; at the end of a night, ask for the name.

        A round that ran the shoe dry says so once (:data:`DISCARDS_NOTICE`).
        """
        round_ = self.session.round
        if round_ is not None and round_.discards_reshuffled and round_ is not self._dry_said:
            self._dry_said = round_
            self.notify(DISCARDS_NOTICE, timeout=NOTICE_SECONDS)
        self._announce_settled(self.session.round)
        self._clear_coach()
        self.refresh_table()
        self._bring_into_view(self.part(ActionBar))  # the prompt and result just above
        if self.session.night_over:
            self.action_cash_out()

    def _choose_insurance(self) -> None:
        round_ = self.session.round
        assert round_ is not None  # at the insurance offer
        try:
            _, highest = round_.insurance_limits()
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        screen = InsuranceScreen(highest, round_.insurance_problem)
        self.app.push_screen(screen, self._insurance_chosen)

    def _insurance_chosen(self, amount: int | None) -> None:
        if amount is not None:
            self._play(Action.INSURANCE, amount)

    def _clear_refusal(self) -> None:
        """Take down the notice of a refused key, if one may still show."""
        if self._refusal_up:
            self._refusal_up = False
            self.app.clear_notifications()

    def _refused(self, exc: BjTrainerError | ValueError) -> None:
        """Say why a key did nothing now; after a reload, show the table another window played.

        The table in memory is as it was before the key (a refused move, a
        store that stayed locked), or the newer table (``TableChangedError``).
        """
        self._notice(str(exc))
        self._refusal_up = True
        if isinstance(exc, TableChangedError):
            self._clear_coach()
            self.refresh_table()

    # Hint and Why (the panel itself: PlayScreen)

    def action_hint(self) -> None:
        """Show the Hint (see :class:`PlayScreen`); a store problem gives a notice."""
        try:
            super().action_hint()
        except StoreError as exc:
            self._refused(exc)

    def action_why(self) -> None:
        """Show the Why figures (see :class:`PlayScreen`); a store problem gives a notice."""
        try:
            super().action_why()
        except StoreError as exc:
            self._refused(exc)

    def hint_lines(self) -> list[str] | None:
        """The session's Hint (it marks the decision as hinted)."""
        return self.session.hint()

    def why_lines(self) -> list[str] | None:
        """The session's Why figures (they mark the decision as hinted)."""
        return self.session.why()

    def _before_coach(self) -> None:
        self._hide_shoe_why()

    def _bring_into_view(self, widget: Widget) -> None:
        """Scroll the felt so that ``widget`` shows (see :class:`Felt`).

        On a short terminal (80 x 24) the felt may not hold everything: after
        a move it shows the round's buttons with the prompt, grade and result
        lines above them; when the Hint or Why panel opens, the panel.
        """
        self.part(Felt).keep_in_view(widget)

    def _show_why(self) -> None:
        """Open the Why panel; with Z on, the exact figures for the cards left beside it."""
        if self.shoe_aware:
            self._show_shoe_why()
            return
        super()._show_why()

    def _why_shown(self) -> bool:
        return super()._why_shown() or self.part(ShoeWhyPanel).why is not None

    def action_shoe_aware(self) -> None:
        """Turn the shoe-aware figures on or off; the Why panel shows the change at once."""
        try:
            self._toggle_shoe_aware()
        except StoreError as exc:  # the Why it opens marks the decision as hinted
            self.shoe_aware = not self.shoe_aware
            self._refused(exc)

    def _toggle_shoe_aware(self) -> None:
        self.shoe_aware = not self.shoe_aware
        shown = self._why_shown()
        if self.shoe_aware:
            if self.session.in_play:
                self._show_shoe_why()
            else:
                self._notice("Shoe-aware figures on: W shows them at the next decision.")
        elif shown:
            self._show_coach("Why", self.why_lines())
        else:
            self._notice("Shoe-aware figures off.")

    def _show_shoe_why(self) -> None:
        """Show the independent figures now and compute the shoe's in a worker thread."""
        session = self.session
        round_ = session.round
        question = shoe_question(session.table)
        why = shoe_independent_why(session.coach, round_) if round_ is not None else None
        if question is None or why is None or session.why() is None:  # why() notes the hint
            self._notice(NO_DECISION_NOTICE)
            return
        panel = self.part(CoachPanel)
        panel.lines = ()
        panel.title = ""
        self._shoe_request += 1
        self.part(ShoeWhyPanel).why = why
        self._bring_into_view(self.part(ShoeWhyPanel))
        self.run_worker(
            lambda: _answer(question),
            name=str(self._shoe_request),
            group=SHOE_WORKER,
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )
        request = self._shoe_request
        self.set_timer(SLOW_SECONDS, lambda: self._shoe_slow(request))

    def _shoe_slow(self, request: int) -> None:
        """The figures of ``request`` are still computing: show the progress bar."""
        why = self.part(ShoeWhyPanel).why
        waiting = why is not None and why.shoe is None and not why.problem
        if request != self._shoe_request or not waiting or self.chart_pending:
            return
        self._shoe_bar = True
        self.part(WorkProgress).begin(self._text("Computing the exact figures for the cards left…"))

    def _end_shoe_bar(self) -> None:
        if self._shoe_bar:
            self._shoe_bar = False
            self.part(WorkProgress).end()

    # A custom table's chart, computed in a worker (docs/custom-tables.md, "Its chart")

    def _compute_chart(self) -> None:
        """Compute the table's chart in a worker thread, its progress in the side panel."""
        rules = self.session.table.rules
        progress = self.part(WorkProgress)
        progress.begin(self._text("Computing this table's chart (once)…"))
        on_progress = chart_progress(progress)
        self.chart_pending = True
        self.run_worker(
            lambda: compute_chart(rules, on_progress),
            group=CHART_WORKER,
            thread=True,
            exit_on_error=False,
        )

    def _wait_for_chart(self, action: Action, amount: int | None) -> None:
        """Keep the decision until the chart is ready, then play and grade it.

        The table stays playable meanwhile: Hint, Why, the chart screen and
        every other key work; another decision key only says that one waits.
        """
        if self._waiting is not None:
            self._notice(f"{label(self._waiting[0])} is graded first, once the chart is ready.")
            return
        self._waiting = (action, amount)
        self.part(WorkProgress).say(
            self._text(f"Computing this table's chart: {label(action)} is graded when it is ready…")
        )

    def _chart_done(self, problem: str | None) -> None:
        """The chart is ready (or failed): hide the bar, play the decision that waited."""
        self.chart_pending = False
        self.part(WorkProgress).end()
        if problem is not None:
            self._notice(f"The chart could not be computed: {problem}")
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            self._play(*waiting)

    @on(Worker.StateChanged)
    def _on_worker(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == CHART_WORKER and event.state is WorkerState.SUCCESS:
            self._chart_done(None)
        elif worker.group == CHART_WORKER and event.state is WorkerState.ERROR:
            self._chart_done(str(worker.error))
        if worker.group != SHOE_WORKER or event.state is not WorkerState.SUCCESS:
            return
        panel = self.part(ShoeWhyPanel)
        if worker.name != str(self._shoe_request) or panel.why is None:
            return  # an answer to a decision no longer shown
        self._end_shoe_bar()
        answer = worker.result
        if isinstance(answer, ShoeFigures):
            panel.why = panel.why.with_shoe(answer)
        else:
            panel.why = panel.why.with_problem(str(answer))
        self._bring_into_view(panel)  # the exact figures made it taller

    def action_chart(self) -> None:
        """Show the table's basic-strategy chart with the hand in play marked.

        While a decision is pending the look counts as a hint for it, as the
        Hint does (:meth:`TableSession.chart_looked`): the answer is graded
        "(after a hint)" and recorded so. A store problem gives a notice and
        the chart does not open.
        """
        round_ = self.session.round
        cell = round_cell(round_) if round_ is not None else None
        if cell is not None:
            try:
                self.session.chart_looked()
            except StoreError as exc:
                self._refused(exc)
                return
        screen = ChartScreen(self.session.table.rules, cell, ascii_only=self.design == "ascii")
        self.app.push_screen(screen)

    def action_bet(self) -> None:
        """Open the bet chooser (between rounds, with chips enough for the minimum bet)."""
        problem = self.session.bet_chooser_problem()
        if problem is not None:
            self._notice(problem)
            return
        table = self.session.table
        screen = BetScreen(table.bet, table.bet_limits(), table.bet_problem)
        self.app.push_screen(screen, self._bet_chosen)

    def _bet_chosen(self, amount: int | None) -> None:
        if amount is None:
            return
        try:
            self.session.set_bet(amount)
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
        self.refresh_table()

    def action_refill(self) -> None:
        """Refill the free chips (between rounds)."""
        try:
            self.session.refill()
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        self.refresh_table()

    def action_add_chip(self, number: int) -> None:
        """Add the table's ``number``-th chip (1-based) to the bet."""
        chips = self.session.chips
        if not 1 <= number <= len(chips):
            self._notice(f"This table has {len(chips)} chips: keys 1 to {len(chips)}.")
            return
        try:
            self.session.add_chip(chips[number - 1])
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        self.refresh_table()

    def action_clear_bet(self) -> None:
        """CLEAR: take the bet off the table."""
        try:
            self.session.clear_bet()
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        self.refresh_table()

    def action_toggle_repeat(self) -> None:
        """Tick or untick "Repeat last bet"."""
        self._set_repeat(not self.session.repeat_bet)

    def _set_repeat(self, on: bool) -> None:
        try:
            self.session.set_repeat_bet(on)
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
        self.refresh_table()

    def action_cash_out(self) -> None:
        """CASH OUT (or the end of the night): ask for a name, then show the board."""
        session = self.session
        try:
            session.table.verify_cashing_out()
        except (IllegalActionError, StoreError) as exc:
            self._refused(exc)
            return
        if isinstance(self.app.screen, CashOutScreen):
            return
        screen = CashOutScreen(
            session.table.balance,
            night_over=session.night_over,
            name=session.board_name,
            new_night=session.table.rules.starting_chips,
        )
        self.app.push_screen(screen, self._cashed_out)

    def _cashed_out(self, name: str | None) -> None:
        if name is None:
            return
        session = self.session
        try:
            entry = session.cash_out(name)
        except (IllegalActionError, ValueError, StoreError) as exc:
            self._refused(exc)
            return
        self._clear_coach()
        self.refresh_table()
        picture = BoardPicture(
            table_name=session.table.rules.id,
            entries=tuple(session.board()),
            new_entry=entry,
            new_place=session.board_place(entry),
            new_night=session.table.balance,
            luck_line=session.night_luck_line(),
        )
        self.app.push_screen(BoardScreen(picture))

    def action_board(self) -> None:
        """Show the top-five board."""
        rules = self.session.table.rules
        picture = BoardPicture(table_name=rules.id, entries=tuple(self.session.board()))
        self.app.push_screen(BoardScreen(picture))

    def action_tables(self) -> None:
        """Ask for the sit-down screen: another table or card design."""
        self.post_message(self.SitDownRequested())

    def action_new_session(self) -> None:
        """Ask for the New session menu: focused practice, mistakes, daily five, stats."""
        self.post_message(self.NewSessionRequested())

    def action_lessons(self) -> None:
        """Open the guided introductions (L): a lesson never touches this table."""
        open_lessons(self, self.session.table.rules, self.session.store, self.design)

    def action_help(self) -> None:
        """Show the help screen with the keys this table has."""
        keys = [key for key in TABLE_KEYS if self._has_key(key)]
        self.app.push_screen(HelpScreen(keys))

    def _has_key(self, key: KeyInfo) -> bool:
        _, action, parameters = parse_action(key.action)
        return self._table_has(action, parameters)

    def action_quit(self) -> None:
        """Quit; the table was saved after the last action."""
        self.app.exit()


def _answer(question: ShoeQuestion) -> ShoeFigures | str:
    """The shoe-aware figures, or a sentence saying why there are none (run in a worker)."""
    try:
        return shoe_figures(question)
    except BjTrainerError as exc:
        return f"No exact figures for this shoe: {exc}"


def rack_choices(chips: tuple[int, ...]) -> list[str]:
    """The chip rack's choices: ``chip_1`` ... ``chip_N`` and ``clear_bet``."""
    return [f"chip_{number}" for number in range(1, len(chips) + 1)] + ["clear_bet"]
