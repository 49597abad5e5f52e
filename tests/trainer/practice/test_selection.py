"""The weighted draw favours missed spots and unseen spots.

``docs/practice.md``, "How the spots of a set are drawn".

The weight of bjtrainer.trainer.practice.selection's docstring is recomputed here
from its definition: (1 + 2 * misses) / sqrt(1 + seen) / cell_size.
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
from bjtrainer.trainer.practice.attempts import SpotHistory
from bjtrainer.trainer.practice.selection import draw_spots, selection_weights, spot_weight
from bjtrainer.trainer.practice.topics import Topic, topic_spots
from bjtrainer.trainer.spots import Spot

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


def expected_weight(seen: int, misses: int) -> float:
    return (1 + 2 * misses) / math.sqrt(1 + seen)


def test_weights_follow_the_documented_formula() -> None:
    assert spot_weight(SpotHistory()) == 1.0
    assert spot_weight(SpotHistory(10, 0)) == pytest.approx(0.3015, abs=1e-4)
    assert spot_weight(SpotHistory(4, 3)) == pytest.approx(7 / math.sqrt(5))
    assert spot_weight(SpotHistory(1, 1)) > spot_weight(SpotHistory())  # one miss beats unseen
    with pytest.raises(ValueError):
        spot_weight(SpotHistory(2, 3))


@pytest.mark.slow
def test_missed_and_unseen_spots_are_drawn_most_often() -> None:
    candidates = [UNSEEN, KNOWN, SHAKY, OLD]
    weights = np.array(
        [
            expected_weight(0, 0),
            expected_weight(10, 0),
            expected_weight(4, 3),
            expected_weight(20, 0),
        ]
    )
    expected = weights / weights.sum()
    assert selection_weights(candidates, HISTORY) == pytest.approx(expected)

    rng = np.random.default_rng(20261129)
    draws = 6_000
    counts = Counter(draw_spots(candidates, HISTORY, 1, rng)[0].key for _ in range(draws))
    for spot, p in zip(candidates, expected, strict=True):
        sigma = math.sqrt(draws * p * (1 - p))
        assert abs(counts[spot.key] - draws * p) < 5 * sigma, spot.key
    assert counts[SHAKY.key] > counts[UNSEEN.key] > counts[KNOWN.key] > counts[OLD.key]


@pytest.mark.slow
def test_every_chart_cell_has_the_same_chance_before_any_answer() -> None:
    # Hard 12 v 4 can be dealt four ways (T,2 9,3 8,4 7,5); hard 5 v 4 one way (2,3).
    twelves = [hand(cards, "4") for cards in (("T", "2"), ("9", "3"), ("8", "4"), ("7", "5"))]
    five = hand(("2", "3"), "4")
    rng = np.random.default_rng(7)
    draws = 6_000
    counts = Counter(draw_spots([*twelves, five], {}, 1, rng)[0].key for _ in range(draws))
    twelve_share = sum(counts[spot.key] for spot in twelves) / draws
    assert twelve_share == pytest.approx(0.5, abs=5 * math.sqrt(0.25 / draws))


def test_a_set_draws_distinct_spots_and_leaves_out_excluded_ones() -> None:
    candidates = topic_spots(PRESETS["practice"], Topic.SOFT)
    excluded = {spot.key for spot in candidates[:40]}
    drawn = draw_spots(candidates, {}, 10, np.random.default_rng(1), exclude=excluded)
    assert len(drawn) == 10
    assert len({spot.key for spot in drawn}) == 10
    assert not excluded & {spot.key for spot in drawn}
    assert draw_spots(candidates[:3], {}, 10, np.random.default_rng(1)) != ()
    assert len(draw_spots(candidates[:3], {}, 10, np.random.default_rng(1))) == 3
    assert draw_spots([], {}, 10, np.random.default_rng(1)) == ()
    with pytest.raises(ValueError):
        draw_spots(candidates, {}, -1, np.random.default_rng(1))


@pytest.mark.slow
def test_focused_sets_bring_a_missed_spot_back_more_often() -> None:
    candidates = topic_spots(PRESETS["practice"], Topic.PAIRS)
    target = next(spot for spot in candidates if spot.cards == ("A", "A") and spot.up == "A")
    missed = {target.key: SpotHistory(seen=3, misses=3)}
    seen = {target.key: SpotHistory(seen=3, misses=0)}
    rng = np.random.default_rng(99)
    sets = 800
    with_misses = sum(target in draw_spots(candidates, missed, 10, rng) for _ in range(sets))
    without = sum(target in draw_spots(candidates, seen, 10, rng) for _ in range(sets))
    # One spot of 100 equal cells is in about 10% of sets. Missed three times in
    # three it weighs 7 / 2 = 3.5 against 1 for the 99 unseen spots: ten draws
    # without replacement take it in about 30% of sets; right three times in
    # three it weighs 1 / 2: about 5%.
    assert with_misses > 3 * without
    assert with_misses / sets == pytest.approx(0.30, abs=0.05)
    assert without / sets == pytest.approx(0.05, abs=0.03)
