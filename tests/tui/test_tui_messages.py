"""The domain messages the play screens post: a graded decision, a settled round, a set's end.

They are caught with the ``message_hook`` of ``App.run_test`` (called as each
message is posted), and compared with what the cards dealt imply: at the
``practice`` table (first bet 10, blackjack paid 3:2, ``docs/rules/practice.md``)
T,7 against the dealer's T,9 loses the bet when it stands (17 against 19) and
when it hits into a five (22); standing on hard 17 against a ten is the chart
play, hitting it gives up far more than 0.02 of the bet; a natural against a
9 up is paid at once, with no decision to grade. In a set, which key is
right comes from the EV layer (``practice_tui_support``), never the screen.
"""

from __future__ import annotations

from typing import TypeVar

import pytest
from textual.message import Message

from bjtrainer.engine.actions import Action
from bjtrainer.store import Store
from bjtrainer.trainer.practice.sets import PendingDecision
from bjtrainer.tui.messages import DecisionGraded, RoundSettled, SetFinished
from bjtrainer.tui.screens.set_summary import SetSummaryScreen
from tests.tui.practice_tui_support import (
    PRACTICE,
    best_action,
    play_set,
    practice_app,
    set_screen,
    worst_action,
)
from tests.tui.tui_support import SIZE, AppFactory

M = TypeVar("M", bound=Message)

DOMAIN = (DecisionGraded, RoundSettled, SetFinished)


class Recorder:
    """The domain messages posted, once each, in order (a bubbling message is posted again)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, DOMAIN) and all(m is not message for m in self.messages):
            self.messages.append(message)

    def of(self, kind: type[M]) -> list[M]:
        return [m for m in self.messages if isinstance(m, kind)]

    @property
    def kinds(self) -> list[str]:
        return [type(m).__name__ for m in self.messages]


async def test_standing_on_17_against_19_is_graded_right_and_loses_the_bet(
    build_app: AppFactory,
) -> None:
    app = build_app(["TS", "TH", "7D", "9C"])
    recorded = Recorder()
    async with app.run_test(size=SIZE, message_hook=recorded) as pilot:
        await pilot.press("enter")
        assert recorded.messages == []  # dealt: a decision is pending, nothing settled
        await pilot.press("s")
        await pilot.pause()
    assert recorded.kinds == ["DecisionGraded", "RoundSettled"]
    (graded,) = recorded.of(DecisionGraded)
    assert graded.grade.action is Action.STAND and graded.grade.best is Action.STAND
    assert graded.grade.accepted
    (settled,) = recorded.of(RoundSettled)
    assert settled.result.net == -10 and settled.result.dealer_total == 19


async def test_hitting_17_is_a_miss_and_the_bust_settles_the_round_once(
    build_app: AppFactory,
) -> None:
    app = build_app(["TS", "TH", "7D", "9C", "5H", "6S", "4D", "TC", "8H"])
    recorded = Recorder()
    async with app.run_test(size=SIZE, message_hook=recorded) as pilot:
        await pilot.press("enter", "h")
        await pilot.press("h")  # no hand in play: refused, nothing graded or settled again
        await pilot.pause()
    assert recorded.kinds == ["DecisionGraded", "RoundSettled"]
    (graded,) = recorded.of(DecisionGraded)
    assert graded.grade.action is Action.HIT and not graded.grade.accepted
    assert graded.grade.best is Action.STAND and graded.grade.ev_lost > 0.02
    assert recorded.of(RoundSettled)[0].result.net == -10  # 22: bust


async def test_a_natural_is_settled_at_the_deal_without_a_decision(
    build_app: AppFactory,
) -> None:
    app = build_app(["AS", "9H", "KD", "7C"])
    recorded = Recorder()
    async with app.run_test(size=SIZE, message_hook=recorded) as pilot:
        await pilot.press("enter")
        await pilot.pause()
    assert recorded.kinds == ["RoundSettled"]
    assert recorded.of(RoundSettled)[0].result.net == 15  # 3:2 on a bet of 10


def first_wrong(pending: PendingDecision, index: int) -> Action:
    """The worst play on the set's first decision, the best on every other."""
    return worst_action(PRACTICE, pending) if index == 0 else best_action(PRACTICE, pending)


@pytest.mark.slow
async def test_a_set_posts_each_grade_each_hand_and_its_end(store: Store) -> None:
    app = practice_app(store)
    recorded = Recorder()
    async with app.run_test(size=SIZE, message_hook=recorded) as pilot:
        await pilot.press("m", "8", "enter")  # the daily five
        screen = set_screen(app)
        first = screen.practice_set.pending
        assert first is not None
        answered = await play_set(pilot, first_wrong)
        assert isinstance(app.screen, SetSummaryScreen)
        # An answer to a decision answered already records nothing and posts nothing.
        before = len(recorded.messages)
        outcome = screen.answer(best_action(PRACTICE, first), first.token)
        assert outcome is not None and not outcome.recorded
        assert len(recorded.messages) == before
    chosen = [first_wrong(pending, index) for index, pending in enumerate(answered)]
    graded = recorded.of(DecisionGraded)
    assert [m.grade.action for m in graded] == chosen
    assert [m.grade.accepted for m in graded] == [False] + [True] * (len(chosen) - 1)
    assert len(recorded.of(RoundSettled)) == 5  # one per hand dealt
    (finished,) = recorded.of(SetFinished)
    assert recorded.messages[-1] is finished  # after the last hand's result
    summary = finished.summary
    assert (summary.spots, summary.decisions, summary.right) == (5, len(chosen), len(chosen) - 1)
