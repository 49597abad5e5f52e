"""Every button runs the action its key runs, on every screen that shows it.

A button posts its choice (``"hit"``, ``"chip_2"``, ``"retry"``); the one
dispatch (:class:`bjtrainer.tui.screens.play_base.ButtonScreen`) runs the
action of the same key, so a button without an action would fail only when
clicked. Here each button of each screen is checked without a click: its
action method exists and takes the action's parameters.
"""

from __future__ import annotations

import inspect

import pytest
from textual.actions import parse as parse_action

from bjtrainer.tui.keys import SET_KEYS, TABLE_KEYS, button_action
from bjtrainer.tui.screens.daily_five import DAILY_BUTTONS, DailyFiveScreen
from bjtrainer.tui.screens.play_base import ButtonScreen
from bjtrainer.tui.screens.practice_set import SIDE_BUTTONS as SET_SIDE_BUTTONS
from bjtrainer.tui.screens.practice_set import SetScreen
from bjtrainer.tui.screens.review_queue import QUEUE_BUTTONS, ReviewQueueScreen
from bjtrainer.tui.screens.set_summary import SUMMARY_BUTTONS, SetSummaryScreen
from bjtrainer.tui.screens.table import TableScreen, rack_choices
from bjtrainer.tui.widgets.buttons import ROUND_BUTTONS, SIDE_BUTTONS, ButtonSpec

#: The night table's four chips: chip_1 .. chip_4 and CLEAR.
RACK: tuple[ButtonSpec, ...] = tuple(
    ("", choice, "default") for choice in rack_choices((5, 25, 100, 500))
)


def test_a_button_runs_the_action_of_its_key() -> None:
    assert button_action("hit") == "play('hit')"
    assert button_action("no_insurance") == "play('no_insurance')"
    assert button_action("chip_3") == "add_chip(3)"
    assert button_action("clear_bet") == "clear_bet"
    assert button_action("deal") == "deal"
    # The table's and the set's keys name the same actions as their buttons.
    table_actions = {key.action for key in TABLE_KEYS}
    for _, choice, _ in ROUND_BUTTONS + SIDE_BUTTONS:
        assert button_action(choice) in table_actions, choice
    set_actions = {key.action for key in SET_KEYS}
    for _, choice, _ in ROUND_BUTTONS + SET_SIDE_BUTTONS:
        assert button_action(choice) in set_actions, choice


@pytest.mark.parametrize(
    ("screen", "buttons"),
    [
        (TableScreen, ROUND_BUTTONS + SIDE_BUTTONS + RACK),
        (SetScreen, ROUND_BUTTONS + SET_SIDE_BUTTONS),
        (SetSummaryScreen, SUMMARY_BUTTONS),
        (DailyFiveScreen, DAILY_BUTTONS),
        (ReviewQueueScreen, QUEUE_BUTTONS),
    ],
)
def test_every_button_has_an_action_on_its_screen(
    screen: type[ButtonScreen[object]], buttons: tuple[ButtonSpec, ...]
) -> None:
    for _, choice, _ in buttons:
        _, name, parameters = parse_action(button_action(choice))
        method = getattr(screen, f"action_{name}", None)
        assert method is not None, f"{screen.__name__}: no action for the {choice!r} button"
        inspect.signature(method).bind(None, *parameters)  # the parameters fit
