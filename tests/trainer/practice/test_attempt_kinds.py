"""The three kinds of answer are counted apart.

``docs/practice.md``, "Three kinds of answer, counted apart": each decision
is recorded as one of three kinds, counted apart: a first unassisted
answer, an answer after a hint, a retry (any further answer to the same
decision after a miss). Only first unassisted answers count toward accuracy
and toward clearing a spot from the review queue.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.ev import analyse
from bjtrainer.store import AttemptKind, Store
from bjtrainer.trainer.grading import grade
from bjtrainer.trainer.practice.attempts import (
    attempt_kind,
    count_attempts,
    counts_for_accuracy,
    is_first_answer,
    is_miss,
    spot_histories,
)
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import make_practice

FIRST, HINT, RETRY = AttemptKind.FIRST, AttemptKind.AFTER_HINT, AttemptKind.RETRY
LEGAL = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})
# Hard 16 v 7 hits: Wizard of Odds, Blackjack Appendix 5 gives -0.4148 under best
# play (a hit), Appendix 1 -0.4754 for standing, so standing gives up 0.0606 > 0.02.
# The stacked 5 after the hole card makes 21, which stands by itself.
SIXTEEN = DealPlan(Spot("practice", ("T", "6"), "7", legal=LEGAL), ("TS", "7H", "6D", "9C", "5S"))


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def test_the_kind_of_an_answer() -> None:
    assert attempt_kind(first_answer=True, hint_shown=False) is FIRST
    assert attempt_kind(first_answer=True, hint_shown=True) is HINT
    assert attempt_kind(first_answer=False, hint_shown=False) is RETRY
    assert attempt_kind(first_answer=False, hint_shown=True) is RETRY
    assert [is_first_answer(k) for k in (FIRST, HINT, RETRY)] == [True, True, False]
    assert [counts_for_accuracy(k) for k in (FIRST, HINT, RETRY)] == [True, False, False]
    assert [
        is_miss(FIRST, True),
        is_miss(FIRST, False),
        is_miss(HINT, True),
        is_miss(RETRY, False),
    ] == [
        False,
        True,
        True,
        False,
    ]


def test_a_set_records_the_three_kinds_apart(store: Store) -> None:
    practice = make_practice(store)
    practice_set = practice.start_custom([SIXTEEN, SIXTEEN, SIXTEEN])
    # Spot 1: a first unassisted answer, right.
    first = practice_set.answer(Action.HIT)
    assert first.kind is FIRST and first.grade.accepted
    assert first.grade.evs[Action.HIT] == pytest.approx(-0.4148, abs=1e-4)
    practice_set.next_spot()
    # Spot 2: wrong first (stand), then two retries (wrong, then right).
    wrong = practice_set.answer(Action.STAND)
    assert wrong.kind is FIRST and not wrong.grade.accepted
    assert wrong.grade.ev_lost == pytest.approx(0.4754 - 0.4148, abs=1e-4)
    assert practice_set.answer(Action.DOUBLE).kind is RETRY
    assert practice_set.answer(Action.HIT).kind is RETRY
    practice_set.next_spot()
    # Spot 3: the Why first, then a right answer.
    practice_set.why_lines()
    assert practice_set.answer(Action.HIT).kind is HINT
    assert practice_set.finished

    attempts = store.attempts("practice")
    assert [a.kind for a in attempts] == [FIRST, FIRST, RETRY, RETRY, HINT]
    counts = count_attempts(attempts)
    assert (counts.first, counts.first_right, counts.after_hint, counts.retry) == (2, 1, 1, 2)
    assert counts.decisions == 3
    assert counts.accuracy == 0.5  # the hinted and retried answers do not count
    assert spot_histories(attempts)[SIXTEEN.target.key].seen == 3
    assert spot_histories(attempts)[SIXTEEN.target.key].misses == 2  # the wrong one, the hinted one
    summary = practice_set.summary()
    assert (summary.decisions, summary.right, summary.after_hint, summary.retries) == (3, 1, 1, 2)
    assert stats_counts(practice) == (2, 1, 1, 2)


def stats_counts(practice: object) -> tuple[int, int, int, int]:
    counts = practice.stats().counts  # type: ignore[attr-defined]
    return counts.first, counts.first_right, counts.after_hint, counts.retry


def test_table_answers_are_first_or_after_hint(store: Store) -> None:
    practice = make_practice(store)
    spot = SIXTEEN.target
    verdict = grade(analyse(practice.rules, spot.to_hand_spot()), Action.STAND, spot.legal)
    assert not verdict.accepted
    first = practice.record_table_answer(spot, verdict, hint_shown=False, token="t1")
    repeat = practice.record_table_answer(spot, verdict, hint_shown=False, token="t1")
    hinted = practice.record_table_answer(spot, verdict, hint_shown=True, token="t2")
    assert first.stored and not repeat.stored and hinted.stored
    assert [a.kind for a in store.attempts("practice")] == [FIRST, HINT]
    assert [a.run_id for a in store.attempts("practice")] == [None, None]
    assert [item.spot.key for item in practice.review_queue()] == [spot.key]
