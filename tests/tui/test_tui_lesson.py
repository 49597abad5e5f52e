"""The guided introductions at the table (docs/playing.md, "Guided introductions").

L opens the list, a digit plays a lesson with the table's keys on a lesson
table; Esc, mid-hand included, returns to the real table exactly as it was:
its balance, bet, round (cards and wagers) and shoe position, and its saved
row in the store, are compared with what they were before L.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app
from bjtrainer.tui.screens.lesson import InvitationScreen, LessonListScreen, LessonScreen
from bjtrainer.tui.screens.table import TableScreen
from tests.tui.tui_support import SIZE, AppFactory, text_of

# The real table: player T,6 against a 9 (hole 7), a hand in play when L is pressed.
REAL = ["TS", "9H", "6D", "7C"]


def _saved(store: Store) -> str:
    """The real table's saved row and revision, as text."""
    row = store.load_table("practice")
    return json.dumps([row, store.table_revision("practice")], sort_keys=True, default=str)


@pytest.mark.slow
async def test_leaving_a_lesson_mid_hand_leaves_the_real_table_as_it_was(
    build_app: AppFactory, store: Store
) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        table = app.session.table
        before = json.dumps(table.to_state(), sort_keys=True, default=str)
        balance, bet, dealt = table.balance, table.bet, table.shoe.cards_left
        saved = _saved(store)
        await pilot.press("l")
        assert isinstance(app.screen, LessonListScreen)
        assert "1    The round and the totals" in text_of(app.screen.query_one("#lesson-list"))
        await pilot.press("2")  # hard totals: hard 16 against a 6 first
        assert isinstance(app.screen, LessonScreen)
        assert "hard 16 against a 6" in text_of(app.screen.query_one("#lesson-panel"))
        await pilot.press("h")  # refused: the lesson asks to stand
        assert app.screen.run.step is not None and app.screen.run.step_index == 0
        await pilot.press("s")
        await pilot.press("enter")  # the next hand: hard 15 against a 7
        await pilot.press("h")  # mid-hand: 19 against a 7 now
        assert app.screen.run.step is not None
        assert _saved(store) == saved  # a crash now would find the real table as it was
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        assert app.session.table is table
        assert json.dumps(table.to_state(), sort_keys=True, default=str) == before
        assert (table.balance, table.bet, table.shoe.cards_left) == (balance, bet, dealt)
        assert _saved(store) == saved
        assert app.session.round is not None
        assert [card.code for card in app.session.round.hands[0].cards] == ["TS", "6D"]


@pytest.mark.slow
async def test_a_finished_lesson_is_marked_in_the_list(build_app: AppFactory) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "1")  # the round and the totals: stand, hit, stand
        await pilot.press("s", "enter", "h", "s")
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.run.finished
        await pilot.press("escape", "l")
        lines = text_of(app.screen.query_one("#lesson-list"))
        assert "1  ✔ The round and the totals" in lines
        assert "2    Hard totals and the up card" in lines


@pytest.mark.slow
async def test_the_invitation_appears_once(store: Store) -> None:
    for shown in (True, False):
        app = make_app(store=store, rules=PRESETS["practice"], invite=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, InvitationScreen) is shown
            if shown:
                await pilot.press("escape")
                assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_the_invitation_opens_the_lessons_on_l(store: Store) -> None:
    app = make_app(store=store, rules=PRESETS["home"], invite=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        assert isinstance(app.screen, LessonListScreen)
        text = text_of(app.screen.query_one("#lesson-list"))
        assert "Surrender and insurance" not in text  # home has neither
        assert "5    Hint, Why and the practice modes" in text


@pytest.mark.slow
async def test_the_sidebar_button_opens_the_lessons(build_app: AppFactory) -> None:
    app = build_app(REAL)
    async with app.run_test(size=SIZE) as pilot:
        button = app.screen.query_one("#button-lessons")
        assert "Lessons L" in str(button.render())
        await pilot.click("#button-lessons")
        assert isinstance(app.screen, LessonListScreen)


#: The table key of each play a lesson can ask for (docs/playing.md, "Keys").
PLAY_KEYS = {
    "hit": "h",
    "stand": "s",
    "double": "d",
    "split": "x",
    "surrender": "r",
    "insurance": "y",
    "no_insurance": "n",
}


@pytest.mark.slow
@pytest.mark.parametrize("table", ["practice", "home"])
async def test_every_lesson_is_played_through_by_its_keys(
    table: str, build_app: AppFactory
) -> None:
    """Each lesson of the table, opened from the list by its number, is played to its
    end with the table keys alone: the key of each play the panel asks for, Enter
    between hands. Then it is marked finished and the real table is as it was."""
    app = build_app(REAL, rules=PRESETS[table])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LessonListScreen)
        lessons = app.screen.lessons
        assert len(lessons) == (6 if table == "practice" else 5)
        await pilot.press("escape")
        for number, lesson in enumerate(lessons, start=1):
            await pilot.press("l", str(number))
            screen = app.screen
            assert isinstance(screen, LessonScreen) and screen.run.lesson.id == lesson.id
            for _ in range(40):  # every lesson is a few hands of a few decisions
                if screen.run.finished:
                    break
                step = screen.run.step
                await pilot.press(PLAY_KEYS[step.action.value] if step else "enter")
            assert screen.run.finished, lesson.title
            await pilot.press("escape")
        await pilot.press("l")
        lines = text_of(app.screen.query_one("#lesson-list"))
        assert all(f"{n}  ✔ {lesson.title}" in lines for n, lesson in enumerate(lessons, 1))
        assert app.session.table.round is None  # the real table was never dealt


@pytest.mark.slow
def test_a_process_killed_mid_lesson_leaves_the_real_table_as_it_was(tmp_path: Path) -> None:
    """The app is killed with SIGKILL in the middle of a lesson hand: the restarted
    store holds the real table as it was dealt (T,6 against a 9), untouched."""
    path = tmp_path / "bjtrainer.db"
    driver = Path(__file__).with_name("lesson_crash_driver.py")
    with subprocess.Popen(
        [sys.executable, str(driver), str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    ) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "mid-lesson"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
    with Store.open(path) as store:
        state = store.load_table("practice")
        assert state is not None
        table = Table.from_state(state)
    assert table.round is not None
    assert [card.code for card in table.round.hands[0].cards] == ["TS", "6D"]
    assert table.round.dealer_visible()[0].code == "9H"
    assert table.balance == PRESETS["practice"].starting_chips - table.bet
