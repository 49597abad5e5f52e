"""Keys keep one meaning, and every footer lists only the keys that work now.

A letter bound at the table means the same on the screens reached from it
(``docs/practice.md``, "Keys of the practice screens"; ``docs/playing.md``,
"Keys"). The footers follow the round: which plays are legal comes from
``docs/rules/practice.md`` ("Doubling": first two cards; "Splits": two
cards of equal value, up to four hands; "Surrender": late, first two cards
of an unsplit hand), checked here from the cards on screen, not from the
screen's own list of choices.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from textual.binding import Binding
from textual.dom import DOMNode
from textual.selection import Selection
from textual.widgets import Static

import bjtrainer.tui.screens
import bjtrainer.tui.widgets
from bjtrainer.engine.cards import Card
from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.tui import keys as key_tables
from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.keys import LESSON_KEYS, SET_KEYS, TABLE_KEYS, KeyInfo, bindings_of
from bjtrainer.tui.screens.board import BoardScreen
from bjtrainer.tui.screens.chart import ChartScreen
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.lesson import InvitationScreen, LessonScreen
from bjtrainer.tui.screens.practice_set import SetScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.widgets.footer import KeysLine
from tests.tui.practice_tui_support import ACTION_KEYS, PRACTICE, practice_app, set_screen
from tests.tui.practice_tui_support import worst_action as worst
from tests.tui.tui_support import NIGHT, SIZE, AppFactory, text_of

SMALL = (80, 24)

# The real table of the lesson test: player T,6 against a 9 (hole 7).
REAL = ["TS", "9H", "6D", "7C"]


def footer(app: BjTrainerApp) -> set[str]:
    """The actions the footer lists now."""
    return {
        active.binding.action
        for active in app.screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


def letters(bindings: list[Binding]) -> dict[str, str]:
    """Each letter key (in both cases) and the action of its first binding."""
    meaning: dict[str, str] = {}
    for binding in bindings:
        if binding.action.startswith("anyway("):
            continue
        for name in binding.key.split(","):
            if len(name) == 1 and name.isalpha():
                meaning.setdefault(name.lower(), binding.action)
    return meaning


def bound(screen: type) -> list[Binding]:
    return [binding for binding in screen.BINDINGS if isinstance(binding, Binding)]


def test_no_letter_changes_meaning_between_the_table_and_a_set_or_a_lesson() -> None:
    table = letters(bound(TableScreen))
    assert table["t"] == "tables" and table["o"] == "cash_out" and table["q"] == "quit"
    for screen in (SetScreen, LessonScreen):
        for letter, action in letters(bound(screen)).items():
            if letter in table:
                assert action == table[letter], (screen.__name__, letter, action)
    assert letters(bound(SetScreen))["a"] == "retry"
    assert letters(bound(SetScreen))["k"] == "play_on"
    assert {key.action for key in SET_KEYS} >= {"retry", "play_on", "leave", "help", "quit"}
    assert {key.action for key in LESSON_KEYS} >= {"deal", "leave", "help", "quit"}
    assert all(key.keys != "a" and key.keys != "k" for key in TABLE_KEYS)


#: The letters that may mean something else than at the table, each with its meaning
#: there: the key that opened a screen closes it (G the chart, V the board), and L on the
#: first-start invitation opens the lessons, as L does at the table.
SAME_IN_SPIRIT: dict[tuple[str, str], str] = {
    ("ChartScreen", "g"): "close",
    ("BoardScreen", "v"): "close",
    ("InvitationScreen", "l"): "answer(True)",
}


def own_classes(package: object) -> list[type[DOMNode]]:
    """Every screen or widget class defined in the modules of ``package``."""
    found: list[type[DOMNode]] = []
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    for info in pkgutil.iter_modules(path, prefix):
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, DOMNode) and value.__module__ == module.__name__:
                found.append(value)
    return found


def class_letters(cls: type[DOMNode]) -> dict[str, str]:
    """The letters bound by ``cls`` and its bases, a subclass's binding first, as Textual reads."""
    meaning: dict[str, str] = {}
    for klass in cls.__mro__:
        own = klass.__dict__.get("BINDINGS", ())
        for letter, action in letters(list(Binding.make_bindings(own))).items():
            meaning.setdefault(letter, action)
    return meaning


def key_tables_of() -> dict[str, tuple[KeyInfo, ...]]:
    """Every key table of ``bjtrainer.tui.keys`` but the table screen's own."""
    return {
        name: value
        for name, value in vars(key_tables).items()
        if name.endswith("_KEYS")
        and name != "TABLE_KEYS"
        and isinstance(value, tuple)
        and value
        and isinstance(value[0], KeyInfo)
    }


def test_every_screen_reached_from_the_table_keeps_the_table_letters() -> None:
    """Walk every screen, dialog and widget and every key table: a table letter means the same.

    The table's letters are read from its bindings; each other class's
    letters from its own bindings and its bases'. Digits are no letters (the
    menu's 7-9 and 0 are entries there, chips at the table).
    """
    table = letters(bound(TableScreen))
    assert set(table) >= set("hcspdxrynwzgbfeovtmlq")
    classes = own_classes(bjtrainer.tui.screens) + own_classes(bjtrainer.tui.widgets)
    names = {cls.__name__ for cls in classes}
    assert {"NewSessionScreen", "DailyFiveScreen", "SetSummaryScreen", "ReviewQueueScreen"} <= names
    assert {"LeaveSetScreen", "BetScreen", "CashOutScreen", "SitDownScreen", "StatsScreen"} <= names
    wrong: list[tuple[str, str, str, str]] = []
    for cls in classes:
        if cls is TableScreen:
            continue
        for letter, action in class_letters(cls).items():
            allowed = SAME_IN_SPIRIT.get((cls.__name__, letter), table.get(letter, action))
            if letter in table and action != allowed:
                wrong.append((cls.__name__, letter, action, table[letter]))
    tables = key_tables_of()
    assert {"MENU_KEYS", "SUMMARY_KEYS", "DAILY_KEYS", "QUEUE_KEYS", "STATS_KEYS"} <= set(tables)
    for name, keys in tables.items():
        for letter, action in letters(list(Binding.make_bindings(bindings_of(keys)))).items():
            if letter in table and action != table[letter]:
                wrong.append((name, letter, action, table[letter]))
    assert wrong == [], wrong
    assert letters(bound(ChartScreen))["g"] == "close" and class_letters(BoardScreen)["v"]
    assert class_letters(InvitationScreen)["l"] == "answer(True)"


def hand_plays(cards: tuple[Card, ...], hands: int) -> set[str]:
    """The plays the practice rules allow a hand, from its cards (the rules pages)."""
    plays = {"play('hit')", "play('stand')"}
    if len(cards) == 2:
        plays.add("play('double')")  # any two cards, after a split too (DAS)
        if cards[0].value == cards[1].value and hands < 4:
            plays.add("play('split')")
        if hands == 1:
            plays.add("play('surrender')")
    return plays


@pytest.mark.slow
async def test_a_set_footer_follows_the_decision(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "3")  # focused practice: pairs, so splits come up
        screen = set_screen(app)
        seen_split = seen_miss = False
        for _ in range(40):
            practice_set = screen.practice_set
            pending = practice_set.pending
            if pending is None:
                assert footer(app) == {"deal", "leave", "help"}
                if practice_set.finished:
                    break
                await pilot.press("enter")
                continue
            round_ = practice_set.round
            hand = round_.hands[round_.active]
            if pending.missed is not None:
                assert footer(app) == {"hint", "why", "retry", "play_on", "leave", "help"}
                seen_miss = True
                await pilot.press("k")
                continue
            plays = hand_plays(tuple(hand.cards), len(round_.hands))
            if round_.phase is Phase.INSURANCE:  # the ace up's question comes first
                plays = {"play('insurance')", "play('no_insurance')"}
            assert footer(app) == {*plays, "hint", "why", "leave", "help"}
            seen_split |= "play('split')" in plays
            await pilot.press(ACTION_KEYS[worst(PRACTICE, pending)])
        assert seen_split and seen_miss


@pytest.mark.slow
async def test_retry_and_play_on_keys_in_a_set(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "5")  # stiff hands 12-16
        screen = set_screen(app)
        pending = screen.practice_set.pending
        assert pending is not None
        await pilot.press(ACTION_KEYS[worst(PRACTICE, pending)])
        assert screen.practice_set.pending is not None
        assert screen.practice_set.pending.missed is not None
        await pilot.press("t", "o")  # Tables and CASH OUT: neither acts in a set
        assert isinstance(app.screen, SetScreen) and not screen.retrying
        await pilot.press("a")  # again: the next answer is a retry
        assert screen.retrying
        assert "retry" not in footer(app) and "play('hit')" in footer(app)


@pytest.mark.slow
async def test_a_lesson_footer_lists_the_legal_plays_and_q_quits(build_app: AppFactory) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "1")  # the round and the totals: stand, hit, stand
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        round_ = screen.run.round
        plays = hand_plays(tuple(round_.hands[0].cards), 1)
        assert footer(app) == {*plays, "hint", "why", "leave", "help"}
        await pilot.press("s")  # the lesson's play: the hand is over
        assert footer(app) == {"deal", "leave", "help"}
        await pilot.press("enter")
        assert "deal" not in footer(app) and "play('hit')" in footer(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


@pytest.mark.slow
async def test_night_footer_at_80_by_24_shows_the_chip_keys_between_rounds(
    build_app: AppFactory,
) -> None:
    app = build_app(["TS", "9H", "6D", "7C"], rules=NIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = footer(app)
        assert {"add_chip(1)", "clear_bet", "toggle_repeat", "cash_out", "board"} <= shown
        assert "bet" not in shown  # the night's bet is built from chips
        line = app.screen.query_one(KeysLine)
        spans = line.spans()
        assert len(spans) >= 9 and line.region.height == 1
        assert all(line.region.x + end <= SMALL[0] for _, _, end in spans)
        await pilot.press("enter")  # 16 against a 9: a round in play
        shown = footer(app)
        assert not {"add_chip(1)", "clear_bet", "toggle_repeat", "board", "deal"} & shown
        assert "play('split')" not in shown  # T,6 is no pair


@pytest.mark.slow
async def test_f1_in_a_lesson_lists_its_keys(build_app: AppFactory) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "1", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        lines = text_of(app.screen.query_one("#help-keys", Static)).splitlines()
        for display in ("Enter", "H / C", "S / P", "Q"):
            assert sum(line.startswith(f"{display} ") for line in lines) == 1, display
        assert any(line.startswith("Esc ") and "Back to your table" in line for line in lines)
        assert not any(line.startswith(("T ", "O ", "M ")) for line in lines)


@pytest.mark.slow
async def test_q_on_the_chart_quits_as_at_the_table(build_app: AppFactory) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


@pytest.mark.slow
async def test_q_on_the_help_screen_quits_and_question_mark_does_not_close_it(
    build_app: AppFactory,
) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1", "question_mark")  # ? is the table's Hint, never Close
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


@pytest.mark.slow
async def test_ctrl_c_on_a_summary_of_no_daily_five_copies_the_selected_text(
    store: Store,
) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")  # hard totals
        pending = set_screen(app).practice_set.pending
        assert pending is not None
        await pilot.press(ACTION_KEYS[worst(PRACTICE, pending)], "k", "escape", "enter")
        summary = app.screen
        assert isinstance(summary, SetSummaryScreen) and not summary.daily
        score = summary.query_one("#summary-score", Static)
        summary.selections = {score: Selection(None, None)}  # all of it, as a mouse drag
        await pilot.press("c")  # the table's Hit copies nothing
        assert app.clipboard == ""
        await pilot.press("ctrl+c")
        assert app.clipboard.startswith("Score 0 of 1 decision right")
