"""The New session menu: M at the table, then a key for each practice mode.

``docs/practice.md``, "The New session menu": the menu under New session
offers Focused practice with six topics (hard totals, soft totals, pairs,
doubling, stiff hands 12-16, surrender and insurance), Mistakes & weak
spots, Daily five and Stats, each with its key. The topics and their order
are those of ``docs/practice.md``, "Focused practice". The home table has
neither surrender nor insurance (``docs/rules/home.md``, "Surrender" and
"Insurance"), so its sixth topic cannot start.
"""

from __future__ import annotations

import pytest
from textual.actions import parse as parse_action
from textual.widgets import OptionList

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.store import RunKind, Store
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.tui.keys import (
    DAILY_KEYS,
    MENU_KEYS,
    QUEUE_KEYS,
    SET_KEYS,
    STATS_KEYS,
    SUMMARY_KEYS,
    KeyInfo,
)
from bjtrainer.tui.screens.daily_five import DailyFiveScreen
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.practice_set import SetScreen
from bjtrainer.tui.screens.review_queue import ReviewQueueScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen
from bjtrainer.tui.screens.stats import StatsScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.widgets.set_panel import SetPanel
from tests.tui.practice_tui_support import PRACTICE, practice_app, set_screen
from tests.tui.tui_support import HOME, SIZE, notices, text_of

#: The six topics in the order of ``docs/practice.md``, "Focused practice", with the menu
#: key of each.
TOPICS = {
    "1": (Topic.HARD, "Hard totals"),
    "2": (Topic.SOFT, "Soft totals"),
    "3": (Topic.PAIRS, "Pairs"),
    "4": (Topic.DOUBLING, "Doubling"),
    "5": (Topic.STIFF, "Stiff hands 12-16"),
    "6": (Topic.SURRENDER_INSURANCE, "Surrender and insurance"),
}


@pytest.mark.slow
async def test_every_topic_key_starts_its_focused_set(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        assert isinstance(app.screen, NewSessionScreen)
        for key, (topic, title) in TOPICS.items():
            await pilot.press(key)
            screen = set_screen(app)
            practice_set = screen.practice_set
            assert practice_set.kind is RunKind.FOCUS and practice_set.topic is topic
            assert practice_set.size == 10  # ten spots of its topic (docs/practice.md)
            panel = text_of(screen.query_one(SetPanel))
            assert title in panel and "Spot 1 of 10" in panel
            first = practice_set.target
            value = evaluate(first.cards)
            if topic is Topic.PAIRS:
                assert len(first.cards) == 2 and first.cards[0] == first.cards[1]
                assert Action.SPLIT in first.legal
            if topic is Topic.STIFF:
                assert not value.soft and 12 <= value.total <= 16
            if topic is Topic.SOFT:
                assert value.soft and Action.SPLIT not in first.legal
            await pilot.press("escape", "enter")  # leave the set (nothing answered): the menu
            assert isinstance(app.screen, NewSessionScreen)
        runs = store.runs("practice")
        assert [run.topic for run in runs] == [topic.value for topic, _ in TOPICS.values()]
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_keys_open_each_other_screen_and_back(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#button-new_session")  # the table's side button does what M does
        assert isinstance(app.screen, NewSessionScreen)
        for key, screen_type in (
            ("7", ReviewQueueScreen),
            ("8", DailyFiveScreen),
            ("0", StatsScreen),
        ):
            await pilot.press(key)
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            assert isinstance(app.screen, NewSessionScreen)
        await pilot.press("9")  # nothing learned yet: a notice, no set
        assert isinstance(app.screen, NewSessionScreen)
        assert notices(app)[-1] == "No learned spot is due now."
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        listed = text_of(app.screen.query_one("#help-keys"))
        for display in ("1-6", "7", "8", "9", "0", "Esc"):
            assert f"\n{display} " in listed
        await pilot.press("escape")


async def test_the_menu_lists_the_six_topics_then_the_other_modes(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        titles = [title for _, title in TOPICS.values()]
        for title in titles:
            assert sum(title in prompt for prompt in prompts) == 1
        order = [next(i for i, p in enumerate(prompts) if title in p) for title in titles]
        assert order == sorted(order)
        rest = ["Mistakes & weak spots", "Daily five", "Due spots", "Stats"]
        rest_order = [next(i for i, p in enumerate(prompts) if name in p) for name in rest]
        assert rest_order == sorted(rest_order) and rest_order[0] > order[-1]


async def test_a_topic_the_table_does_not_have_cannot_start(store: Store) -> None:
    app = practice_app(store, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "6")
        assert isinstance(app.screen, NewSessionScreen)
        assert "nothing to practise in surrender and insurance" in notices(app)[-1]
        assert store.runs("home") == []
        menu = app.screen.query_one(OptionList)
        option = menu.get_option(f"focus:{Topic.SURRENDER_INSURANCE.value}")
        assert option.disabled
    assert PRACTICE.surrender == "late" and HOME.surrender == "none"


@pytest.mark.parametrize(
    ("screen_type", "keys"),
    [
        (NewSessionScreen, MENU_KEYS),
        (SetScreen, SET_KEYS),
        (SetSummaryScreen, SUMMARY_KEYS),
        (ReviewQueueScreen, QUEUE_KEYS),
        (DailyFiveScreen, DAILY_KEYS),
        (StatsScreen, STATS_KEYS),
    ],
)
def test_every_listed_key_has_its_action(screen_type: type, keys: tuple[KeyInfo, ...]) -> None:
    # One list per screen feeds its bindings and its help screen: each action must exist.
    for key in keys:
        _, name, _ = parse_action(key.action)
        assert callable(getattr(screen_type, f"action_{name}", None)), key
    bound = {binding.action for binding in screen_type.BINDINGS}  # type: ignore[attr-defined]
    listed = {key.action for key in keys}
    if screen_type is SetScreen:  # each key also runs anyway, to say why it does not work now
        listed |= {f"anyway({action!r})" for action in listed}
    if screen_type is SetSummaryScreen:  # Ctrl+C copies a selection where Copy is off
        listed.add("screen.copy_text")
    assert bound == listed
