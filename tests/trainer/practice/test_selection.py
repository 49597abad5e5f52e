"""The weighted draw favours close, costly decisions and missed or unseen spots.

``docs/practice.md``, "How the spots of a set are drawn".

The weight of bjtrainer.trainer.practice.selection's docstring is recomputed here
from its definition: closeness(gap) * 4 * (misses + 1) / (seen + 4) / cell_size,
with closeness(gap) = 0.1 + 0.9 * exp(-gap / 0.1) and gap the EV of the best
legal play minus the second best, read from the grading coach's figures.
Frequencies are checked with a fixed seed against those probabilities,
within five standard deviations of a binomial count.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.practice.attempts import SpotHistory
from bjtrainer.trainer.practice.cells import ChartCell, cell_of
from bjtrainer.trainer.practice.selection import (
    closeness,
    draw_spots,
    selection_weights,
    spot_weight,
)
from bjtrainer.trainer.practice.topics import Topic, topic_spots
from bjtrainer.trainer.spots import Spot

RULES = PRESETS["practice"]
COACH = Coach(RULES)
LEGAL = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})


def hand(cards: tuple[str, str], up: str) -> Spot:
    return Spot("practice", cards, up, legal=LEGAL)


# Four spots in four different chart cells.
UNSEEN = hand(("T", "6"), "T")  # hard 16 v T
KNOWN = hand(("T", "9"), "6")  # hard 19 v 6, right 10 times of 10
SHAKY = hand(("A", "7"), "9")  # soft 18 v 9, missed 3 times in 4
OLD = hand(("T", "7"), "2")  # hard 17 v 2, right 20 times of 20
HISTORY = {
    KNOWN.key: SpotHistory(seen=10, misses=0),
    SHAKY.key: SpotHistory(seen=4, misses=3),
    OLD.key: SpotHistory(seen=20, misses=0),
}


def gap(spot: Spot) -> float:
    """Best legal EV minus the second best, from the grading coach's figures."""
    best, second = sorted(COACH.evs(spot).values(), reverse=True)[:2]
    return best - second


def expected_weight(spot: Spot, seen: int, misses: int) -> float:
    near = 0.1 + 0.9 * math.exp(-gap(spot) / 0.1)
    return near * ((misses + 1) / (seen + 4)) / 0.25


def test_weights_follow_the_documented_formula() -> None:
    assert spot_weight(SpotHistory()) == 1.0
    assert spot_weight(SpotHistory(10, 0)) == pytest.approx(4 / 14)
    assert spot_weight(SpotHistory(4, 3)) == pytest.approx(2.0)
    assert spot_weight(SpotHistory(1, 1)) == pytest.approx(1.6)  # one miss beats unseen
    with pytest.raises(ValueError):
        spot_weight(SpotHistory(2, 3))
    assert closeness(0.0) == 1.0
    assert closeness(0.1) == pytest.approx(0.1 + 0.9 / math.e)
    assert closeness(5.0) == pytest.approx(0.1, abs=1e-12)
    assert closeness(math.inf) == 0.1  # one legal play: the floor
    with pytest.raises(ValueError):
        closeness(-0.01)


@pytest.mark.slow
def test_missed_and_unseen_spots_are_drawn_most_often() -> None:
    candidates = [UNSEEN, KNOWN, SHAKY, OLD]
    weights = np.array(
        [
            expected_weight(UNSEEN, 0, 0),
            expected_weight(KNOWN, 10, 0),
            expected_weight(SHAKY, 4, 3),
            expected_weight(OLD, 20, 0),
        ]
    )
    expected = weights / weights.sum()
    assert selection_weights(RULES, candidates, HISTORY) == pytest.approx(expected)

    rng = np.random.default_rng(20261129)
    draws = 6_000
    counts = Counter(draw_spots(RULES, candidates, HISTORY, 1, rng)[0].key for _ in range(draws))
    for spot, p in zip(candidates, expected, strict=True):
        sigma = math.sqrt(draws * p * (1 - p))
        assert abs(counts[spot.key] - draws * p) < 5 * sigma, spot.key
    # A,7 v 9 missed 3 in 4 and close; 16 v T close, unseen; 19 v 6 and 17 v 2 far apart.
    assert counts[SHAKY.key] > counts[UNSEEN.key] > 5 * max(counts[KNOWN.key], counts[OLD.key])


@pytest.mark.slow
def test_a_cell_dealt_many_ways_is_not_drawn_more_for_it() -> None:
    # Hard 12 v 4 can be dealt four ways (T,2 9,3 8,4 7,5); hard 5 v 4 one way (2,3).
    twelves = [hand(cards, "4") for cards in (("T", "2"), ("9", "3"), ("8", "4"), ("7", "5"))]
    five = hand(("2", "3"), "4")
    twelve_weight = sum(expected_weight(spot, 0, 0) for spot in twelves) / 4
    p = twelve_weight / (twelve_weight + expected_weight(five, 0, 0))
    rng = np.random.default_rng(7)
    draws = 6_000
    counts = Counter(draw_spots(RULES, [*twelves, five], {}, 1, rng)[0].key for _ in range(draws))
    twelve_share = sum(counts[spot.key] for spot in twelves) / draws
    assert twelve_share == pytest.approx(p, abs=5 * math.sqrt(p * (1 - p) / draws))


def test_a_set_draws_distinct_spots_and_leaves_out_excluded_ones() -> None:
    candidates = topic_spots(RULES, Topic.SOFT)
    excluded = {spot.key for spot in candidates[:40]}
    drawn = draw_spots(RULES, candidates, {}, 10, np.random.default_rng(1), exclude=excluded)
    assert len(drawn) == 10
    assert len({spot.key for spot in drawn}) == 10
    assert not excluded & {spot.key for spot in drawn}
    assert len(draw_spots(RULES, candidates[:3], {}, 10, np.random.default_rng(1))) == 3
    assert draw_spots(RULES, [], {}, 10, np.random.default_rng(1)) == ()
    with pytest.raises(ValueError):
        draw_spots(RULES, candidates, {}, -1, np.random.default_rng(1))


def inclusion_share(
    weights: list[float], target: int, sets: int, rng: np.random.Generator
) -> float:
    """Share of ten-spot sets holding ``target``, drawn one spot at a time, none put back."""
    hits = 0
    for _ in range(sets):
        left = dict(enumerate(weights))
        for _ in range(10):
            keys = list(left)
            total = sum(left.values())
            index = keys[int(rng.choice(len(keys), p=[left[k] / total for k in keys]))]
            if index == target:
                hits += 1
                break
            del left[index]
    return hits / sets


@pytest.mark.slow
def test_focused_sets_bring_a_missed_spot_back_more_often() -> None:
    candidates = topic_spots(RULES, Topic.PAIRS)
    target = next(spot for spot in candidates if spot.cards == ("A", "A") and spot.up == "A")
    missed = {target.key: SpotHistory(seen=3, misses=3)}
    seen = {target.key: SpotHistory(seen=3, misses=0)}
    rng = np.random.default_rng(99)
    sets = 800
    with_misses = sum(target in draw_spots(RULES, candidates, missed, 10, rng) for _ in range(sets))
    without = sum(target in draw_spots(RULES, candidates, seen, 10, rng) for _ in range(sets))
    # Missed three times in three the spot's miss factor is 4 * 4 / 7; right three
    # times in three 4 * 1 / 7: four times less. The expected shares come from a
    # one-at-a-time draw of the weights recomputed here.
    index = candidates.index(target)
    base = [expected_weight(spot, 0, 0) for spot in candidates]
    as_missed = [*base[:index], expected_weight(target, 3, 3), *base[index + 1 :]]
    as_seen = [*base[:index], expected_weight(target, 3, 0), *base[index + 1 :]]
    check = np.random.default_rng(5)
    assert with_misses > 2 * without
    for count, weights in ((with_misses, as_missed), (without, as_seen)):
        p = inclusion_share(weights, index, 1_000, check)
        assert count / sets == pytest.approx(p, abs=5 * math.sqrt(p * (1 - p) / sets) + 0.02)


def named(topic: Topic, row: str, up: str) -> ChartCell:
    cell = ChartCell(row, up)
    assert any(cell_of(spot) == cell for spot in topic_spots(RULES, topic))
    return cell


@pytest.mark.slow
@pytest.mark.parametrize(
    ("topic", "hard_cells"),
    [
        (Topic.HARD, [("hard 12", "3"), ("hard 9", "2")]),
        (Topic.SOFT, [("soft 18", "9"), ("soft 17", "4")]),
        (Topic.DOUBLING, [("hard 9", "2"), ("soft 17", "4")]),
    ],
)
def test_ten_thousand_spots_aim_at_close_decisions(
    topic: Topic, hard_cells: list[tuple[str, str]]
) -> None:
    # Trivial: the second-best play is more than 0.5 of a bet behind (hard 19 and
    # 20 against anything, soft 20). Hard: 12 v 3, 9 v 2, A,7 v 9, A,6 v 4.
    candidates = topic_spots(RULES, topic)
    cells = {cell_of(spot) for spot in candidates}
    trivial = {spot.key for spot in candidates if gap(spot) > 0.5}
    rng = np.random.default_rng(20261202)
    drawn = [spot for _ in range(1_000) for spot in draw_spots(RULES, candidates, {}, 10, rng)]
    assert len(drawn) == 10_000
    counts = Counter(cell_of(spot) for spot in drawn)
    assert set(counts) == cells  # every cell of the topic came up
    assert sum(spot.key in trivial for spot in drawn) / len(drawn) < 0.05
    for row, up in hard_cells:
        assert counts[named(topic, row, up)] >= 100, (row, up)  # 1% of the draws
    if topic is Topic.HARD:
        # An even draw over cells would give the trivial ones 18 of 150 cells: 12%.
        trivial_cells = {cell_of(spot) for spot in candidates if spot.key in trivial}
        assert len(trivial_cells) / len(cells) > 0.10
        assert counts[named(topic, "hard 19", "9")] < 10_000 / len(cells)
