"""The grade line names its spot and marks a hinted answer or a retry.

``docs/playing.md``, "Hint, Why and the grade line": "✔ Hit on hard 10 v A
is right ...", the hand as the chart names its row (hard or soft total, or
the pair while it may split: ``docs/numbers.md``, "12. The basic-strategy
chart"), ``v`` and the up card as the chart's column (T for any ten-value).
An answer after a Hint, a Why or a look at the chart (G) is marked "(after
a hint)" and recorded as a hinted attempt; a retry in a set "(retry)".

Hard 16 v 10 at ``practice``: surrender -0.5 exactly, hit -0.5398 (Wizard of
Odds, Blackjack Appendix 1), so hitting gives up 0.040.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.store import AttemptKind, Store
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import grade_evs
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.session import TableSession
from bjtrainer.trainer.spots import Spot
from bjtrainer.trainer.wording import label
from tests.trainer.practice.practice_support import best_answer, make_practice
from tests.tui.tui_support import fixed_clock

PRACTICE = PRESETS["practice"]
HS = frozenset({Action.STAND, Action.HIT})
FIRST = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})
HIT_MISSED = "✘ Hit on hard 16 v T{mark} gives up 0.040: best is Surrender (EV -0.500)."


@pytest.mark.parametrize(
    ("cards", "up", "legal", "name"),
    [
        (("6", "4"), "A", FIRST, "hard 10 v A"),  # 6 + 4
        (("7", "A"), "9", FIRST, "soft 18 v 9"),  # the ace counts 11: 11 + 7
        (("8", "8"), "T", FIRST | {Action.SPLIT}, "pair 8 v T"),  # may split: the pair row
        (("8", "8"), "K", FIRST, "hard 16 v T"),  # no more splits: its total; K is a ten
        (("K", "Q"), "6", FIRST | {Action.SPLIT}, "pair T v 6"),  # any two ten-values
        (("A", "A"), "5", FIRST, "soft 12 v 5"),  # aces that may not split: 1 + 11
        (("2", "4", "T"), "7", HS, "hard 16 v 7"),  # three cards: 2 + 4 + 10
        (("A", "2", "3"), "2", HS, "soft 16 v 2"),  # 11 + 2 + 3
        (("T", "9"), "A", frozenset({Action.INSURANCE, Action.NO_INSURANCE}), "hard 19 v A"),
    ],
)
def test_the_grade_names_the_spot_as_the_chart_row(
    cards: tuple[str, ...], up: str, legal: frozenset[Action], name: str
) -> None:
    spot = Spot("practice", cards, up, legal=legal)
    for action in legal:
        verdict = Coach(PRACTICE).grade(spot, action)
        assert verdict.spot_name == name
        mark = "✔" if verdict.accepted else "✘"
        assert re.match(rf"{mark} {label(action)} on {name}[ :]", verdict.line()), verdict.line()


def test_the_marks_follow_the_spot() -> None:
    evs = {Action.STAND: -0.5404, Action.HIT: -0.5398, Action.SURRENDER: -0.5}
    bare = grade_evs(evs, Action.HIT)
    assert bare.line() == "✘ Hit gives up 0.040: best is Surrender (EV -0.500)."  # no spot
    named = Coach(PRACTICE).grade(Spot("practice", ("T", "6"), "T", legal=FIRST), Action.HIT)
    assert named.line() == HIT_MISSED.format(mark="")
    assert named.marked(after_hint=True).line() == HIT_MISSED.format(mark=" (after a hint)")
    assert named.marked(retry=True).line() == HIT_MISSED.format(mark=" (retry)")
    right = Coach(PRACTICE).grade(Spot("practice", ("T", "6"), "T", legal=FIRST), Action.SURRENDER)
    assert right.marked(after_hint=True).line() == (
        "✔ Surrender on hard 16 v T (after a hint) is right (EV -0.500)."
    )


def sixteen_v_ten(store: Store) -> TableSession:
    """16 v 10 dealt (hole 7: a clean peek); the player draws a 2 if hitting."""
    shoe = Shoe.stacked(PRACTICE, ["TS", "TH", "6D", "7C", "2S", "4H"])
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    session.deal()
    return session


def test_an_answer_after_the_hint_is_marked_at_the_table(store: Store) -> None:
    session = sixteen_v_ten(store)
    assert session.hint() is not None
    assert session.play(Action.HIT).line() == HIT_MISSED.format(mark=" (after a hint)")
    assert session.last_grade is not None and session.last_grade.after_hint
    # The next decision, 18 v T (stand -0.1783, Appendix 1), had no hint: no mark.
    assert session.play(Action.STAND).line() == "✔ Stand on hard 18 v T is right (EV -0.178)."
    assert [a.kind for a in store.attempts()] == [AttemptKind.AFTER_HINT, AttemptKind.FIRST]


def test_a_look_at_the_chart_counts_as_a_hint(store: Store) -> None:
    session = sixteen_v_ten(store)
    assert session.chart_looked()
    assert session.hint_shown
    # The mark is saved: a restart before the answer keeps it.
    restarted = TableSession.open(store, PRACTICE, np.random.default_rng(1), fixed_clock)
    assert restarted.hint_shown
    assert restarted.play(Action.HIT).line() == HIT_MISSED.format(mark=" (after a hint)")
    (attempt,) = store.attempts()
    assert attempt.kind is AttemptKind.AFTER_HINT


def test_a_look_at_the_chart_between_rounds_marks_nothing(store: Store) -> None:
    shoe = Shoe.stacked(PRACTICE, ["TS", "TH", "6D", "7C"])
    session = TableSession(Table(PRACTICE, np.random.default_rng(0), shoe=shoe), store, fixed_clock)
    assert not session.chart_looked()  # no round yet
    session.deal()
    session.play(Action.STAND)  # 16 v T stood: the round is over
    assert not session.chart_looked()
    assert not session.hint_shown


def test_a_set_marks_an_answer_after_a_hint_and_a_retry(store: Store) -> None:
    sixteen = Spot("practice", ("T", "6"), "T", legal=FIRST)
    practice = make_practice(store)
    practice_set = practice.start_custom([DealPlan(sixteen, ("TS", "TH", "6D", "7C"))] * 2)
    assert practice_set.hint_lines() is not None
    hinted = practice_set.answer(Action.HIT)
    assert hinted.kind is AttemptKind.AFTER_HINT
    assert hinted.line == HIT_MISSED.format(mark=" (after a hint)")
    retry = practice_set.answer(Action.HIT)
    assert retry.kind is AttemptKind.RETRY
    assert retry.line == HIT_MISSED.format(mark=" (retry)")
    practice_set.play_on()
    while (pending := practice_set.pending) is not None:  # the hit's card is the shoe's
        if not practice_set.answer(best_answer(practice_set, pending)).applied:
            practice_set.play_on()
    assert practice_set.next_spot()
    first = practice_set.answer(Action.SURRENDER)
    assert first.kind is AttemptKind.FIRST
    assert first.line == "✔ Surrender on hard 16 v T is right (EV -0.500)."
