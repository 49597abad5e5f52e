"""What the screens with buttons share, and what the table and set screens share.

Every screen with :class:`~bjtrainer.tui.widgets.buttons.ChoiceButton`
buttons is a :class:`ButtonScreen`: its one handler of
:class:`~bjtrainer.tui.widgets.buttons.ChoiceButton.Chosen` runs the action
the same key runs (:func:`bjtrainer.tui.keys.button_action`).

The table screen and the practice set screen are :class:`PlayScreen`: both
draw a round on the felt (dealer, hands, feedback, buttons, the Hint/Why
panel) in the chosen card design, show one short notice at a time, and
answer ? and W the same way: the Hint or the Why figures of the decision now
in the coach panel, the same key again closing it. Both post the domain
messages of play (:mod:`bjtrainer.tui.messages`): a graded decision, a
settled round. Their footers show only the keys that work now
(:meth:`PlayScreen.check_action`, bound with :func:`bjtrainer.tui.keys.live_bindings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

from textual import on
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget

from bjtrainer.engine.round import Phase, Round
from bjtrainer.trainer.grading import Grade
from bjtrainer.tui.keys import button_action
from bjtrainer.tui.messages import DecisionGraded, RoundSettled
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign, plain_text
from bjtrainer.tui.widgets.buttons import ActionBar, ChoiceButton
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.felt import Felt
from bjtrainer.tui.widgets.hand_view import HandsRow

#: How long a notice stays, in seconds.
NOTICE_SECONDS = 3.0

#: The notice of ? or W when no decision is pending.
NO_DECISION_NOTICE = "There is no decision to explain now."


#: What a screen gives back when it is dismissed.
ResultT = TypeVar("ResultT")

#: A kind of widget (:meth:`PlayScreen.part`).
WidgetT = TypeVar("WidgetT", bound=Widget)


class ButtonScreen(Screen[ResultT]):
    """A screen whose buttons run the actions of the same keys."""

    @on(ChoiceButton.Chosen)
    def _on_choice(self, message: ChoiceButton.Chosen) -> None:
        """Run the action of the chosen button's key (``"hit"``: ``play('hit')``).

        The action method is called directly, without ``check_action``: a
        button shows only while it is offered, and an action that cannot be
        done now says why in a notice.

        Raises
        ------
        AttributeError
            If the screen has no such action (a test checks every button).
        """
        self.run_now(button_action(message.choice))

    def run_now(self, action: str) -> None:
        """Call the action method of ``action`` (an action string such as ``"play('hit')"``).

        Raises
        ------
        AttributeError
            If the screen has no such action.
        """
        _, name, parameters = parse_action(action)
        getattr(self, f"action_{name}")(*parameters)


class PlayScreen(ButtonScreen[None]):
    """A screen that plays rounds: card design, notices, the Hint and Why coach panel.

    A subclass says what the coach says (:meth:`hint_lines`, :meth:`why_lines`).

    Parameters
    ----------
    design : CardDesign
        How cards are drawn; ``"ascii"`` also keeps every text ASCII.
    """

    #: Classes for small terminals (80 x 24): ``-narrow`` below 90 columns,
    #: ``-short`` below 30 rows (styled in ``bjtrainer.tcss``: at every play
    #: screen the round's buttons tighten so that all of them fit). Not marked
    #: ClassVar: Textual declares them ``ClassVar[...] | None``, which mypy
    #: reads as instance variables that a ClassVar may not override.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (90, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    def __init__(self, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__()
        self.design = design
        self._settled: Round | None = None  # the last round announced as settled
        self._parts: dict[type[Widget], Widget] = {}  # part(): each widget found once

    def part(self, kind: type[WidgetT]) -> WidgetT:
        """The screen's one widget of ``kind``, looked up once and then kept.

        A play screen mounts its widgets once and updates them in place
        (``docs/architecture.md``, "In place, off the UI thread"), so a key
        press need not search the DOM for them again (``query_one`` walks
        it, about a millisecond a search at the table).

        Raises
        ------
        textual.css.query.NoMatches
            If the screen has no such widget.
        """
        found = self._parts.get(kind)
        if found is None or not found.is_attached:
            found = self._parts[kind] = self.query_one(kind)
        return cast(WidgetT, found)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that work now.

        ``False`` hides a key. For a feature this table does not have
        (:meth:`_table_has`), the key does nothing at all (both its bindings
        are refused). For one that does not work now (:meth:`_works_now`:
        Hit between rounds, Deal mid-hand, Split without a pair), the key
        still runs through :meth:`action_anyway`, which shows the reason as
        a notice. A subclass refreshes the footer after every change
        (``refresh_bindings``).
        """
        if action == "anyway" and parameters:
            _, name, inner = parse_action(str(parameters[0]))
            return self._table_has(name, inner)
        if not self._table_has(action, parameters):
            return False
        return self._works_now(action, parameters)

    def action_anyway(self, action: str) -> None:
        """Run ``action`` (an action string) even when it does not work now.

        The key's own binding was refused by :meth:`check_action`; the action
        itself says why it cannot be done (``"Cannot hit: no hand is in
        play. Press Enter to deal."``). The key of a feature the table does
        not have never gets here (:meth:`check_action` refuses it).
        """
        self.run_now(action)

    def _table_has(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether this table has the feature of ``action`` at all (its rules decide)."""
        return True

    def _works_now(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the key of ``action`` does something now (see :meth:`check_action`)."""
        return True

    def _text(self, text: str) -> str:
        """``text`` as the card design draws it: ASCII only in the ``ascii`` design."""
        return plain_text(text) if self.design == "ascii" else text

    def felt_widgets(self) -> ComposeResult:
        """The felt every play screen shows: dealer, hands, feedback, actions, coach panel."""
        yield DealerView(id="dealer")
        yield HandsRow(id="hands")
        yield FeedbackView(id="feedback")
        yield ActionBar(id="actions")
        yield CoachPanel(id="coach")

    def apply_design(self) -> None:
        """Give the felt's widgets and button labels the card design (on mount)."""
        self.set_class(self.design == "ascii", "-ascii")
        if self.design == "ascii":
            for button in self.query(ChoiceButton):
                button.label = plain_text(str(button.label))
        self.part(DealerView).design = self.design
        self.part(HandsRow).design = self.design

    def _notice(self, message: str) -> None:
        """One short notice at a time: a new one replaces the last."""
        self.app.clear_notifications()
        self.notify(message, severity="warning", timeout=NOTICE_SECONDS)

    # Domain messages

    def _graded(self, grade: Grade) -> None:
        """Post :class:`DecisionGraded` for a decision just graded."""
        self.post_message(DecisionGraded(grade))

    def _announce_settled(self, round_: Round | None) -> None:
        """Post :class:`RoundSettled` once for ``round_`` if it is settled now."""
        if round_ is None or round_ is self._settled or round_.phase is not Phase.SETTLED:
            return
        result = round_.result
        if result is not None:
            self._settled = round_
            self.post_message(RoundSettled(result))

    # What the coach says

    def hint_lines(self) -> list[str] | None:
        """The Hint of the decision now, or ``None`` when none is pending."""
        raise NotImplementedError

    def why_lines(self) -> list[str] | None:
        """The Why figures of the decision now, or ``None`` when none is pending."""
        raise NotImplementedError

    # The coach panel

    def action_hint(self) -> None:
        """Show the Hint for the decision now (? again hides it)."""
        if self._coach_shows("Hint"):
            self._clear_coach()
            return
        self._show_coach("Hint", self.hint_lines())

    def action_why(self) -> None:
        """Show the Why figures for the decision now (W again hides them)."""
        if self._why_shown():
            self._clear_coach()
            return
        self._show_why()

    def _show_why(self) -> None:
        """Open the Why panel."""
        self._show_coach("Why", self.why_lines())

    def _why_shown(self) -> bool:
        """Whether a Why panel is open."""
        return self._coach_shows("Why")

    def _coach_shows(self, title: str) -> bool:
        panel = self.part(CoachPanel)
        return panel.title == title and bool(panel.lines)

    def _show_coach(self, title: str, lines: Sequence[str] | None) -> None:
        """Open the coach panel with ``lines`` and scroll it into view.

        ``None`` (no decision pending) gives a notice instead.
        """
        if lines is None:
            self._notice(NO_DECISION_NOTICE)
            return
        self._before_coach()
        panel = self.part(CoachPanel)
        panel.title = title
        panel.lines = tuple(self._text(line) for line in lines)
        self._after_coach()
        self.part(Felt).keep_in_view(panel)

    def _before_coach(self) -> None:
        """What to hide before the coach panel opens (the table: its shoe-aware panel)."""

    def _after_coach(self) -> None:
        """What to redraw once the coach panel is open (a set: its side panel)."""

    def _clear_coach(self) -> None:
        """Hide the Hint/Why panel."""
        panel = self.part(CoachPanel)
        panel.lines = ()
        panel.title = ""
