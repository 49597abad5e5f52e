"""A button and the footer name one action with one word (``docs/playing.md``, "Keys").

The footer writes some words short to keep to one line at 80 columns
("Surr.", "No ins."): a button's label starts with the footer's word, or
with the word its short form stands for. Checked on every button shown on
the table (``practice`` and ``night``, between rounds and mid-hand) and in
a lesson; a chip's button shows the chip's value instead ("+25 2").
"""

from __future__ import annotations

from textual.screen import Screen

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.keys import button_action
from bjtrainer.tui.widgets.buttons import ChoiceButton
from tests.tui.tui_support import NIGHT, SIZE, AppFactory, fixed_clock

# T,9 against an ace up (hole 7): the insurance offer, then hit and stand.
ACE_UP = ["TS", "AH", "9D", "7C"]


def mismatches(screen: Screen[object]) -> list[tuple[str, str]]:
    """``(button label, footer word)`` of every shown button whose footer word differs."""
    words = {
        active.binding.action: active.binding.description
        for active in screen.active_bindings.values()
        if active.binding.show and active.enabled
    }
    found: list[tuple[str, str]] = []
    for button in screen.query(ChoiceButton):
        if not button.display or not button.parent or not button.parent.display:
            continue
        action = button_action(button.choice)
        word = words.get(action)
        if word is None or action.startswith("add_chip("):  # a chip's button shows its value
            continue
        label = str(button.label).casefold()
        if not label.startswith(word.casefold().rstrip(".")):
            found.append((str(button.label), word))
    return found


async def assert_matching(app: BjTrainerApp) -> None:
    await app.workers.wait_for_complete()
    assert mismatches(app.screen) == []


async def test_the_table_buttons_say_the_footer_word(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await assert_matching(app)  # between rounds: Deal, Bet, Train...
        await pilot.press("enter")  # the insurance offer: Insure, No ins.
        await assert_matching(app)
        await pilot.press("n")
        await assert_matching(app)


async def test_the_night_buttons_say_the_footer_word(build_app: AppFactory) -> None:
    app = build_app(ACE_UP, rules=NIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await assert_matching(app)  # Board, Cash out, Clear...


async def test_a_lesson_says_next_on_its_button_and_in_its_footer(store: Store) -> None:
    app = make_app(store=store, rules=PRESETS["practice"], clock=fixed_clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "1")  # the first lesson
        await pilot.pause()
        await assert_matching(app)
        offered = []
        for key in ["s", "enter"] * 4:  # stand, then Next once the hand is over
            await pilot.press(key)
            await pilot.pause()
            await assert_matching(app)
            offered.append(app.screen.query_one("#button-deal").display)
        assert any(offered)  # the Next button was checked at least once
