"""Practice figures computed from a known store (``docs/practice.md``, "Stats").

The store holds answers written by hand below; every expected figure is
worked out here from those rows and the definitions of
bjtrainer.trainer.practice.stats. Topic membership of the spots used is plain
basic strategy: hard 16 v 10 is a stiff hand and a chart surrender; hard
11 v 6 a chart double; A,9 a soft total; 9,9 a pair; T,9 v A the insurance
question.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.ev import HandSpot, analyse, round_ev
from bjtrainer.store import AttemptKind, AttemptRecord, Store
from bjtrainer.trainer.practice.stats import compute_stats, stats_from_summary
from bjtrainer.trainer.practice.topics import Topic
from tests.trainer.practice.practice_support import PRACTICE

FIRST, HINT, RETRY = AttemptKind.FIRST, AttemptKind.AFTER_HINT, AttemptKind.RETRY
SIXTEEN = "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
ELEVEN = "practice|5,6|6|hand:1:0|stand+hit+double+surrender"
SOFT20 = "practice|A,9|6|hand:1:0|stand+hit+double+surrender"
NINES = "practice|9,9|6|hand:1:0|stand+hit+double+split+surrender"
INSURE = "practice|9,T|A|hand:1:0|insurance+no_insurance"
D1, D2 = "2026-11-28", "2026-11-29"
INSURANCE_LOSS = 1 / 26

ROWS = [
    # token, decision, key, kind, action, best, accepted, ev_lost, date
    ("1", "d1", SIXTEEN, FIRST, "stand", "surrender", False, 0.0404, D1),
    ("1r", "d1", SIXTEEN, RETRY, "surrender", "surrender", True, 0.0, D1),
    ("2", "d2", ELEVEN, FIRST, "double", "double", True, 0.0, D1),
    ("3", "d3", SIXTEEN, FIRST, "surrender", "surrender", True, 0.0, D2),
    ("4", "d4", ELEVEN, HINT, "double", "double", True, 0.0, D2),
    ("5", "d5", SOFT20, FIRST, "hit", "stand", False, 0.3, D2),
    ("6", "d6", NINES, FIRST, "split", "split", True, 0.0, D2),
    ("7", "d7", INSURE, FIRST, "insurance", "no_insurance", False, INSURANCE_LOSS, D2),
    ("7r", "d7", INSURE, RETRY, "no_insurance", "no_insurance", True, 0.0, D2),
]


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        for token, decision, key, kind, action, best, ok, lost, day in ROWS:
            cards = tuple(key.split("|")[1].split(","))
            opened.record_answer(
                AttemptRecord(
                    token=token,
                    decision_key=decision,
                    run_id=None,
                    position=None,
                    rules_id="practice",
                    spot_key=key,
                    cards=cards,
                    up=key.split("|")[2],
                    split_hand=False,
                    kind=kind,
                    action=Action(action),
                    best=Action(best),
                    accepted=ok,
                    ev_lost=lost,
                    evs={Action(best): 0.0},
                    created_at=f"{day}T12:00:00+01:00",
                    local_date=day,
                )
            )
        other = opened.attempt("1")
        assert other is not None
        opened.record_answer(replace(other, token="x", rules_id="guide"))
        yield opened


def test_counts_accuracy_and_rates(store: Store) -> None:
    stats = compute_stats(PRACTICE, store.attempts())  # the guide row is ignored
    counts = stats.counts
    assert (counts.first, counts.first_right, counts.after_hint, counts.retry) == (6, 3, 1, 2)
    assert counts.decisions == 7
    assert stats.accuracy == pytest.approx(3 / 6)
    assert stats.ev_lost_per_100 == pytest.approx(100 * (0.0404 + 0.3 + INSURANCE_LOSS) / 6)
    assert stats.hint_rate == pytest.approx(1 / 7)
    assert stats.retry_rate == pytest.approx(2 / 7)


def test_accuracy_per_topic(store: Store) -> None:
    by_topic = compute_stats(PRACTICE, store.attempts("practice")).by_topic
    assert list(by_topic) == list(Topic)
    got = {topic: (rate.answers, rate.right) for topic, rate in by_topic.items()}
    assert got == {
        Topic.HARD: (3, 2),  # 16 v T twice (one right), 11 v 6 once (the hinted one is not counted)
        Topic.SOFT: (1, 0),
        Topic.PAIRS: (1, 1),
        Topic.DOUBLING: (1, 1),
        Topic.STIFF: (2, 1),
        Topic.SURRENDER_INSURANCE: (3, 1),  # 16 v T twice, insurance once
    }


def test_heat_map_per_cell(store: Store) -> None:
    stats = compute_stats(PRACTICE, store.attempts("practice"))
    cells = [(cell.row, cell.up, rate.answers, rate.right) for cell, rate in stats.by_cell.items()]
    assert cells == [
        ("hard 11", "6", 1, 1),
        ("hard 16", "T", 2, 1),
        ("soft 20", "6", 1, 0),
        ("pair 9", "6", 1, 1),
        ("insurance", "A", 1, 0),
    ]
    heat = stats.heat_map()
    assert heat.rows == ("hard 11", "hard 16", "soft 20", "pair 9", "insurance")
    assert heat.accuracy.shape == heat.answers.shape == (5, 10)
    assert heat.accuracy[1, heat.ups.index("T")] == 0.5
    assert heat.answers[4, heat.ups.index("A")] == 1
    assert math.isnan(heat.accuracy[0, 0]) and heat.answers.sum() == 6


def test_costliest_mistakes_and_progress(store: Store) -> None:
    stats = compute_stats(PRACTICE, store.attempts("practice"))
    assert [(m.spot.key, m.misses, m.best, m.taken) for m in stats.costliest] == [
        (SOFT20, 1, Action.STAND, Action.HIT),
        (SIXTEEN, 1, Action.SURRENDER, Action.STAND),
        (INSURE, 1, Action.NO_INSURANCE, Action.INSURANCE),
    ]
    assert stats.costliest[0].ev_lost == pytest.approx(0.3)
    days = [(d.day.isoformat(), d.rate.answers, d.rate.right) for d in stats.progress]
    assert days == [(D1, 2, 1), (D2, 4, 2)]
    assert stats.progress[0].ev_lost_per_100 == pytest.approx(100 * 0.0404 / 2)
    assert stats.progress[1].ev_lost_per_100 == pytest.approx(100 * (0.3 + INSURANCE_LOSS) / 4)


def test_json_figures(store: Store) -> None:
    data = compute_stats(PRACTICE, store.attempts("practice")).to_json()
    assert data["answers"] == {"first": 6, "after_hint": 1, "retry": 2, "decisions": 7}
    assert data["accuracy"] == 0.5
    assert data["by_topic"]["pairs"] == {"answers": 1, "right": 1, "accuracy": 1.0}
    assert data["by_spot"][1] == {
        "hand": "hard 16",
        "up": "T",
        "answers": 2,
        "right": 1,
        "accuracy": 0.5,
    }
    assert data["costliest"][0]["hand"] == ["A", "9"] and data["costliest"][0]["taken"] == "hit"
    assert data["progress"][0]["date"] == D1


def test_an_empty_store_has_no_rates() -> None:
    stats = compute_stats(PRACTICE, [])
    assert stats.accuracy is None and stats.ev_lost_per_100 is None
    assert stats.hint_rate is None and stats.retry_rate is None
    assert stats.by_cell == {} and stats.costliest == () and stats.progress == ()
    assert stats.heat_map().accuracy.shape == (0, 10)


def test_the_store_s_running_totals_give_the_same_figures(store: Store) -> None:
    from_totals = stats_from_summary(PRACTICE, store.answer_summary("practice"))
    assert from_totals == compute_stats(PRACTICE, store.attempts())
    assert from_totals.counts.first == 6 and from_totals.retry_rate == pytest.approx(2 / 7)


def test_your_own_play_gives_up_what_its_one_wrong_latest_answer_costs(store: Store) -> None:
    # The latest first unassisted answers: 16 v T surrender, 11 v 6 double, 9,9 v 6 split
    # (all best), A,9 v 6 hit (stand is best); the insurance answer is left out.
    edge = stats_from_summary(PRACTICE, store.answer_summary("practice")).own_edge
    assert edge is not None and edge.spots == 4
    perfect = round_ev(PRACTICE).expected_return
    evs = analyse(PRACTICE, HandSpot(cards=("A", "9"), up="6")).evs
    chance = (1 / 13) * 2 * (1 / 13) * (1 / 13)  # a 6 up (no peek), then an ace and a 9
    assert edge.perfect_play == perfect
    assert edge.your_play - perfect == pytest.approx(
        -chance * (evs[Action.STAND] - evs[Action.HIT]), rel=1e-9
    )
    assert edge.line() == (
        f"Your play: {100 * edge.your_play:.2f}% per round; perfect play: {100 * perfect:.2f}%."
    )
