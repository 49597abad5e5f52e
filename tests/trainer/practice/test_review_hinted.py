"""A right answer given only after a hint enters the review queue as "hinted".

``docs/practice.md``, "Mistakes & weak spots: the review queue": a spot
enters when its first answer is wrong or comes only after a hint; the
queue line says which ("missed 1", "hinted 1", "missed 1, hinted 1").

Hard 16 (T,6) against a ten at ``practice``: late surrender is -0.5 exactly,
hit -0.5398 and stand -0.5404 (Wizard of Odds, Blackjack Appendix 1), so
surrender is the one accepted answer (the others give up 0.040 > 0.02) and
standing is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.store import AttemptKind, Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.review import ReviewChange, hinted_counts, is_hinted
from bjtrainer.trainer.session import TableSession
from bjtrainer.trainer.spots import Spot
from bjtrainer.tui.views.review import misses_label, misses_sentence, queue_line
from tests.trainer.practice.practice_support import NOON, PRACTICE, make_practice

S, H, D, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER
SIXTEEN = Spot("practice", ("T", "6"), "T", legal=frozenset({S, H, D, R}))
# T,6 against a ten, 7 in the hole: the peek is clean. Labels sort the cards: "6,T v T".
SIXTEEN_DEAL = DealPlan(SIXTEEN, ("TS", "TH", "6D", "7C"))


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def answer_sixteen(practice: Practice, action: Action, *, hint: bool) -> ReviewChange:
    practice_set = practice.start_custom([SIXTEEN_DEAL])
    if hint:
        practice_set.hint_lines()
    outcome = practice_set.answer(action)
    assert outcome.kind is (AttemptKind.AFTER_HINT if hint else AttemptKind.FIRST)
    assert outcome.grade.accepted is (action is R)
    return outcome.review


def test_a_right_answer_after_a_hint_enters_as_hinted(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    assert answer_sixteen(practice, R, hint=True) is ReviewChange.ENTERED
    (item,) = practice.review_queue()
    assert (item.misses, item.hinted, item.wrong) == (1, 1, 0)
    assert misses_label(item) == "hinted 1"
    assert misses_sentence(item) == "Right only after a hint 1 time"
    line = queue_line(item).plain
    assert "hinted 1" in line and "missed" not in line
    assert line.startswith("6,T v T (hard 16)") and "0 of 2 done" in line

    # A wrong answer the next day: one of each.
    clock.advance(timedelta(days=1))
    assert answer_sixteen(practice, S, hint=False) is ReviewChange.MISSED
    (item,) = practice.review_queue()
    assert (item.misses, item.hinted, item.wrong) == (2, 1, 1)
    assert misses_label(item) == "missed 1, hinted 1"
    assert misses_sentence(item) == "Missed 1 time, right only after a hint 1 time"
    assert "missed 1, hinted 1" in queue_line(item, 18).plain


def test_a_wrong_answer_after_a_hint_is_missed(store: Store) -> None:
    practice = make_practice(store)
    assert answer_sixteen(practice, S, hint=True) is ReviewChange.ENTERED
    (item,) = practice.review_queue()
    assert (item.misses, item.hinted) == (1, 0)
    assert misses_label(item) == "missed 1"
    assert misses_sentence(item) == "Missed 1 time"


def test_the_queue_line_keeps_its_columns_for_plain_misses(store: Store) -> None:
    practice = make_practice(store)
    answer_sixteen(practice, S, hint=False)
    (item,) = practice.review_queue()
    # 34 for the spot, then " missed 1  " (10 wide), " 0 of 2 done ", " drill it".
    assert queue_line(item).plain == f"{'6,T v T (hard 16)':<34} missed 1   0 of 2 done  drill it"


def test_a_hinted_right_answer_at_the_table_is_hinted_too(store: Store) -> None:
    shoe = Shoe.stacked(PRACTICE, list(SIXTEEN_DEAL.cards))
    table = Table(PRACTICE, np.random.default_rng(0), shoe=shoe)
    session = TableSession(table, store, ManualClock(NOON))
    session.deal()
    assert session.hint() is not None
    assert session.play(R).accepted
    (attempt,) = store.attempts()
    assert attempt.kind is AttemptKind.AFTER_HINT and attempt.accepted
    assert is_hinted(attempt.kind, attempt.accepted)
    assert hinted_counts(store.attempts()) == {SIXTEEN.key: 1}
    (item,) = make_practice(store).review_queue()
    assert (item.misses, item.hinted) == (1, 1)
    assert misses_label(item) == "hinted 1"
