"""The guided introductions: the list of lessons and the lesson screen.

A lesson (:mod:`bjtrainer.trainer.lessons`) is played on its own lesson
table with the table screen's widgets and keys (H / C hit, S / P stand,
D double, X split, R surrender, Y / N insurance, ? hint, W why, Enter the
next hand); the side panel says what to look at and why. Esc leaves at any
moment, mid-hand included: the real table was never touched, so it is there
exactly as it was (docs/playing.md, "Guided introductions"); Q quits, as at
the table. The footer shows only the keys that work now (the legal plays,
Enter once the hand is over). A lesson played to its end is marked finished
in the store.
"""

from __future__ import annotations

from typing import ClassVar

from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.engine.rules import Rules
from bjtrainer.store import Store
from bjtrainer.trainer.lessons import (
    Lesson,
    LessonRun,
    finished_lessons,
    lessons_for,
    mark_finished,
)
from bjtrainer.trainer.wording import ACTION_VERBS
from bjtrainer.tui.keys import LESSON_KEYS, KeyInfo, live_bindings, table_has_play
from bjtrainer.tui.screens.dialog import DialogScreen
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.play_base import PlayScreen
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign
from bjtrainer.tui.views.table import dealer_picture, hand_pictures
from bjtrainer.tui.widgets.buttons import ActionBar, ChoiceButton
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackPicture, FeedbackView
from bjtrainer.tui.widgets.felt import Felt
from bjtrainer.tui.widgets.footer import KeysFooter
from bjtrainer.tui.widgets.hand_view import HandsRow


def lesson_list_lines(lessons: tuple[Lesson, ...], finished: frozenset[str]) -> list[str]:
    """The list's lines: ``"1  ✔ The round and the totals"``, unfinished ones unmarked."""
    return [
        f"{number}  {'✔' if lesson.id in finished else ' '} {lesson.title}"
        for number, lesson in enumerate(lessons, start=1)
    ]


class LessonListScreen(DialogScreen[Lesson | None]):
    """Guided introductions: the lessons of this table, finished ones marked ✔.

    A digit opens that lesson (the screen gives it back); Esc closes the list.
    """

    DEFAULT_CSS = """
    LessonListScreen, InvitationScreen { align: center middle; }
    #lesson-list, #invitation {
        width: 64; height: auto; padding: 1 2;
        border: round $accent; background: $panel;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", key_display="Esc"),
        *(Binding(str(n), f"choose({n})", show=False) for n in range(2, 10)),
    ]

    def __init__(self, lessons: tuple[Lesson, ...], finished: frozenset[str]) -> None:
        super().__init__()
        self.lessons = lessons
        self.finished = finished
        # The footer names the digits once: "1-6 Lesson", Esc Close after it.
        digits = Binding("1", "choose(1)", "Lesson", key_display=f"1-{len(lessons)}")
        self._bindings.key_to_bindings = {"1": [digits], **self._bindings.key_to_bindings}

    def compose(self) -> ComposeResult:
        lines = lesson_list_lines(self.lessons, self.finished)
        text = "\n".join(
            [
                "Guided introductions",
                "",
                *lines,
                "",
                f"1-{len(self.lessons)} plays a lesson on a lesson table; your table is "
                "left as it is. Esc closes.",
            ]
        )
        yield Static(text, id="lesson-list")

    def action_choose(self, number: int) -> None:
        """Give back lesson ``number`` (from 1); a number past the list does nothing."""
        if 1 <= number <= len(self.lessons):
            self.dismiss(self.lessons[number - 1])

    def action_close(self) -> None:
        """Close the list."""
        self.dismiss(None)


#: The lesson's help notes (``docs/playing.md``, "Guided introductions").
LESSON_NOTES = (
    "A lesson is played on a lesson table of its own with your table's rules. Only the play "
    "the lesson asks for is made; another key says which one it asks for. Esc goes back to "
    "your table, which was never touched."
)


#: The store setting set once the first-start invitation is answered.
INVITED_SETTING = "lessons_invitation_answered"


class InvitationScreen(DialogScreen[bool]):
    """The first-start invitation: play at once, or take the guided introduction.

    Enter or Esc plays at once (``False``); L opens the lessons (``True``).
    Either answer is remembered (:data:`INVITED_SETTING`) by the caller.
    """

    DEFAULT_CSS = LessonListScreen.DEFAULT_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "answer(False)", "Play now", key_display="Enter"),
        Binding("l,L", "answer(True)", "Guided introduction", key_display="L"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(
            "Welcome to bjtrainer.\n\n"
            "Enter or Esc: play at once.\n"
            "L: take the guided introduction, six short lessons on a lesson table "
            "(your table is left as it is).\n\n"
            "L at the table opens the lessons at any time.",
            id="invitation",
        )

    def action_answer(self, lessons: bool) -> None:
        """Close with the answer: ``True`` for the lessons."""
        self.dismiss(lessons)


def invite_once(screen: PlayScreen, rules: Rules, store: Store, design: CardDesign) -> None:
    """Show the invitation over ``screen`` unless it was answered before in ``store``."""
    if store.get_setting(INVITED_SETTING) is not None:
        return

    def answered(lessons: bool | None) -> None:
        store.set_setting(INVITED_SETTING, "1")
        if lessons:
            open_lessons(screen, rules, store, design)

    screen.app.push_screen(InvitationScreen(), answered)


class LessonScreen(PlayScreen):
    """One lesson played on its lesson table with the table's widgets and keys.

    Parameters
    ----------
    run : LessonRun
        The lesson, its first hand dealt.
    store : Store
        Where the lesson is marked finished when its last hand is over.
    design : CardDesign
        How cards are drawn.
    """

    #: The keys of play, Enter, Esc, F1 and Q (:data:`~bjtrainer.tui.keys.LESSON_KEYS`),
    #: each shown while it works (:meth:`_works_now`).
    BINDINGS: ClassVar[list[BindingType]] = live_bindings(LESSON_KEYS)

    def __init__(self, run: LessonRun, store: Store, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__(design)
        self.run = run
        self.store = store
        self.last_line = ""

    def compose(self) -> ComposeResult:
        rules: Rules = self.run.rules
        title = f"bjtrainer · Lesson: {self.run.lesson.title} · {rules.name or rules.id}"
        yield Static(self._text(title), id="title")
        with Horizontal(id="body"):
            with Felt(id="felt"):
                yield from self.felt_widgets()
            with Vertical(id="side"):
                yield Static(id="lesson-panel")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.apply_design()
        self.query_one("#button-deal", ChoiceButton).label = self._text("Next ⏎")  # as the footer
        self.refresh_lesson()

    def _table_has(self, action: str, parameters: tuple[object, ...]) -> bool:
        """The keys of plays this table does not have do nothing (as at the table)."""
        return action != "play" or table_has_play(self.run.rules, parameters)

    def _works_now(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the key of ``action`` does something now: its button is offered."""
        offered = self.choices()
        if action == "play" and parameters:
            return str(parameters[0]) in offered
        if action in ("deal", "hint", "why"):
            return action in offered
        return True

    def choices(self) -> frozenset[str]:
        """The round's buttons offered now: Hint, Why and the legal plays, or the next hand."""
        run = self.run
        offered = {"hint", "why"} if run.step is not None else set()
        if run.step is not None:
            offered.update(action.value for action in run.round.legal_actions())
        elif not run.finished:
            offered.add("deal")
        return frozenset(offered)

    def refresh_lesson(self) -> None:
        """Give every widget a fresh picture of the lesson table and the panel."""
        run = self.run
        round_ = run.round
        self.query_one(DealerView).picture = dealer_picture(round_)
        self.query_one(HandsRow).pictures = hand_pictures(round_)
        settled = round_.phase is Phase.SETTLED and round_.result is not None
        step = run.step
        feedback = self.query_one(FeedbackView)
        feedback.picture = FeedbackPicture(
            prompt=self._text("Your move." if step is not None else ""),
            grade=self._text(self.last_line),
            accepted=True,
            reason="",
            result=self._text(round_.result.describe() if settled and round_.result else ""),
        )
        feedback.refresh(layout=True)
        self.query_one(ActionBar).offered = self.choices()
        self.query_one("#lesson-panel", Static).update(self._text(run.panel()))
        self.refresh_bindings()  # the footer shows the keys that work now

    def action_play(self, name: str) -> None:
        """Play ``name`` if it is the play the lesson asks for; otherwise say what it asks."""
        action = Action(name)
        step = self.run.step
        if step is None:
            self._notice(f"Cannot {ACTION_VERBS[action]}: the hand is over.")
            return
        line = self.run.answer(action)
        if line is None:
            self._notice(f"This lesson asks you to {ACTION_VERBS[step.action]} here.")
            return
        self.last_line = line
        self._clear_coach()
        if self.run.finished:
            mark_finished(self.store, self.run.lesson.id)
        self.refresh_lesson()

    def action_deal(self) -> None:
        """Deal the next scripted hand once this one is over."""
        if not self.run.next_hand():
            self._notice("Finish this hand first." if self.run.step else "That was the last hand.")
            return
        self.last_line = ""
        self._clear_coach()
        self.refresh_lesson()

    def hint_lines(self) -> list[str] | None:
        """The coach's Hint for the lesson's decision now."""
        return self.run.hint_lines()

    def why_lines(self) -> list[str] | None:
        """The coach's Why figures for the lesson's decision now."""
        return self.run.why_lines()

    def action_leave(self) -> None:
        """Back to the real table, at any moment: it was never touched."""
        self.dismiss(None)

    def action_help(self) -> None:
        """The help screen with the lesson's keys (those of plays this table has)."""
        keys = [key for key in LESSON_KEYS if self._has_key(key)]
        self.app.push_screen(HelpScreen(keys, notes=LESSON_NOTES))

    def _has_key(self, key: KeyInfo) -> bool:
        _, action, parameters = parse_action(key.action)
        return self._table_has(action, parameters)

    def action_quit(self) -> None:
        """Quit, as Q does at the table; the lesson table is never saved."""
        self.app.exit()


def open_lessons(screen: PlayScreen, rules: Rules, store: Store, design: CardDesign) -> None:
    """Push the list of lessons over ``screen``; a chosen lesson opens its screen."""
    lessons = lessons_for(rules)

    def chosen(lesson: Lesson | None) -> None:
        if lesson is not None:
            screen.app.push_screen(LessonScreen(LessonRun(rules, lesson), store, design))

    screen.app.push_screen(LessonListScreen(lessons, finished_lessons(store)), chosen)
