"""The daily five (``docs/practice.md``, "Daily five" and "How the five are chosen").

The five follow the local calendar date, and a replay never replaces the
first answers of the day.

Identical for a date across restarts (checked in separate processes) and
different across dates; never trivial (basic strategy: a hard 18 or more
that is not a pair is a plain stand against every up card, hard 5 to 7 a
plain hit); first answers kept after a replay, replays marked; the result
line and the streak.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE, value_rank
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import DailyAnswerRecord, RunKind, Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.practice.daily import (
    DailyResult,
    daily_candidates,
    daily_result,
    daily_spots,
    streak,
)
from bjtrainer.trainer.practice.sets import PendingDecision, PracticeSet
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import (
    COPENHAGEN,
    NOON,
    best_answer,
    make_practice,
    play_through,
    worst_answer,
)

PRACTICE = PRESETS["practice"]
DAY = date(2026, 11, 29)

SCRIPT = (
    "import json, sys\n"
    "from datetime import date\n"
    "from bjtrainer.engine.presets import PRESETS\n"
    "from bjtrainer.trainer.practice.daily import daily_spots\n"
    "spots = daily_spots(PRESETS[sys.argv[1]], date.fromisoformat(sys.argv[2]))\n"
    "print(json.dumps([[s.key for s in spots]]))\n"
)


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def in_new_process(rules_id: str, day: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, rules_id, day], capture_output=True, text=True, check=True
    ).stdout
    keys: list[str] = json.loads(out)[0]
    return keys


@pytest.mark.slow
def test_the_same_five_on_every_start_of_a_date() -> None:
    first = in_new_process("practice", "2026-11-29")
    second = in_new_process("practice", "2026-11-29")
    assert first == second
    assert first == [spot.key for spot in daily_spots(PRACTICE, DAY)]
    assert len(set(first)) == 5


def test_the_same_five_whatever_the_practice_generator(store: Store) -> None:
    one = make_practice(store, seed=1).daily_spots(DAY)
    two = make_practice(store, seed=2).daily_spots(DAY)
    assert one == two


def test_different_dates_and_tables_give_different_fives() -> None:
    fives = {
        tuple(s.key for s in daily_spots(PRACTICE, DAY + timedelta(days=n))) for n in range(30)
    }
    assert len(fives) == 30
    guide = [s.key.split("|", 1)[1] for s in daily_spots(PRESETS["guide"], DAY)]
    practice = [s.key.split("|", 1)[1] for s in daily_spots(PRACTICE, DAY)]
    assert guide != practice


def test_no_trivial_spot_in_a_year_of_daily_fives() -> None:
    for n in range(365):
        for spot in daily_spots(PRACTICE, DAY + timedelta(days=n)):
            hard = sum(RANK_VALUE[card] for card in spot.cards)
            pair = spot.cards[0] == spot.cards[1]
            soft = "A" in spot.cards and hard <= 11
            assert not (not soft and not pair and hard >= 18), spot.key
            assert not (not soft and not pair and hard <= 7), spot.key
            assert spot.cards != ("T", "T"), spot.key


@pytest.mark.slow
def test_the_five_lean_to_close_calls() -> None:
    # A close call: the second-best legal play within 0.05 of the best, from the
    # grading coach's figures. An even draw over the candidates would give them
    # their share of the candidates; the weighted draw more than 5 sigma above it.
    coach = Coach(PRACTICE)

    def gap(spot: Spot) -> float:
        best, second = sorted(coach.evs(spot).values(), reverse=True)[:2]
        return best - second

    candidates = daily_candidates(PRACTICE)
    even = sum(gap(spot) <= 0.05 for spot in candidates) / len(candidates)
    drawn = [spot for n in range(300) for spot in daily_spots(PRACTICE, DAY + timedelta(days=n))]
    share = sum(gap(spot) <= 0.05 for spot in drawn) / len(drawn)
    assert share > even + 5 * math.sqrt(even * (1 - even) / len(drawn))


def test_the_result_line_has_the_issue_format() -> None:
    result = DailyResult(DAY, ("✔", "✔", "✘", "✔", "✔"), 0)
    assert result.line == "Daily 2026-11-29  ✔✔✘✔✔  hints 0"
    assert result.complete and result.started
    assert daily_result(DAY, []).line == "Daily 2026-11-29  ·····  hints 0"


def wrong_on_the_third(practice_set: PracticeSet, pending: PendingDecision) -> Action:
    if pending.position == 2 and pending.first_answer and pending.is_target:
        return worst_answer(practice_set, pending)
    return best_answer(practice_set, pending)


def test_first_answers_are_kept_after_a_replay(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = make_practice(store, clock=clock)
    first = practice.start_daily()
    assert first.kind is RunKind.DAILY and not first.replay
    assert first.hint_lines() is not None  # one hint, on the first decision
    play_through(first, wrong_on_the_third)
    status = practice.daily_status()
    assert status.result.line == "Daily 2026-11-29  ✔✔✘✔✔  hints 1"
    assert status.next_is_replay and status.streak == 1

    clock.advance(timedelta(hours=1))
    replay = practice.start_daily()
    assert replay.replay
    assert [p.target.key for p in replay.plans] == [p.target.key for p in first.plans]
    # The spots' own cards stay; the hole cards, suits and draws are dealt afresh.
    assert replay.plans != first.plans
    play_through(replay)  # all right this time
    assert replay.summary().right == replay.summary().decisions
    assert practice.daily_status().result.line == "Daily 2026-11-29  ✔✔✘✔✔  hints 1"
    runs = store.runs("practice")
    assert [(run.kind, run.replay, run.daily_date) for run in runs] == [
        (RunKind.DAILY, False, "2026-11-29"),
        (RunKind.DAILY, True, "2026-11-29"),
    ]


def dealt(practice_set: PracticeSet) -> list[tuple[str, ...]]:
    """Each hand's stacked cards (player, up, player, hole, then draws) as value ranks."""
    return [tuple(value_rank(code[:-1]) for code in plan.cards) for plan in practice_set.plans]


def test_a_replay_keeps_the_five_spots_and_deals_the_rest_afresh(store: Store) -> None:
    practice = make_practice(store, seed=11)
    first = practice.start_daily()
    # The first play is the date's alone: another trainer (seed, store) deals it card for card.
    with Store.memory() as fresh:
        other = make_practice(fresh, seed=12).start_daily()
        assert not other.replay and other.plans == first.plans
    play_through(first)
    replays = [practice.start_daily(), practice.start_daily()]
    for replay in replays:
        assert replay.replay
        assert [p.target for p in replay.plans] == [p.target for p in first.plans]
        # Player, up card, player: the spot, the same ranks. The hole card on: afresh.
        assert [cards[:3] for cards in dealt(replay)] == [cards[:3] for cards in dealt(first)]
    holes = [[cards[3] for cards in dealt(s)] for s in (first, *replays)]
    assert holes[0] != holes[1] and holes[1] != holes[2]
    assert replays[0].plans != replays[1].plans  # two replays: two deals


def test_a_first_play_left_half_way_keeps_its_answers(store: Store) -> None:
    practice = make_practice(store)
    first = practice.start_daily()
    pending = first.pending
    assert pending is not None
    first.answer(best_answer(first, pending))  # one answer, then the app is closed
    kept = practice.daily_status().result.marks
    assert kept[0] == "✔" and kept[1:] == ("·",) * 4
    again = practice.start_daily()
    assert again.replay
    play_through(again, worst_answer)
    marks = practice.daily_status().result.marks
    assert marks[0] == "✔"  # the first answer stays
    assert "·" not in marks and "✘" in marks[1:]


def record(day: date, position: int) -> DailyAnswerRecord:
    return DailyAnswerRecord("practice", day.isoformat(), position, "k", True, 0, 1, 1, "t")


def full_day(day: date) -> list[DailyAnswerRecord]:
    return [record(day, position) for position in range(5)]


def test_streak_counts_consecutive_complete_days() -> None:
    answers = full_day(DAY - timedelta(days=2)) + full_day(DAY - timedelta(days=1))
    assert streak(answers, DAY) == 2  # today still open: the streak runs to yesterday
    assert streak(answers + full_day(DAY), DAY) == 3
    assert streak([*answers, record(DAY, 0)], DAY) == 2  # today half played
    gap = full_day(DAY - timedelta(days=3)) + full_day(DAY - timedelta(days=1))
    assert streak(gap, DAY) == 1
    assert streak(answers, DAY + timedelta(days=1)) == 0


def test_streak_across_the_spring_change(store: Store) -> None:
    # 23:30 on 28 March, then 23 hours later 23:30 on the 29th (a 23-hour day).
    clock = ManualClock(datetime(2026, 3, 28, 23, 30, tzinfo=COPENHAGEN))
    practice = make_practice(store, clock=clock)
    play_through(practice.start_daily())
    clock.advance(timedelta(hours=23))
    assert practice.today() == date(2026, 3, 29)
    play_through(practice.start_daily())
    assert practice.daily_status().streak == 2
    assert practice.start_daily().replay  # the 29th has been played: a replay
