"""Grading accepts the table's chart play (``docs/numbers.md``, "The chart play").

A,2 v 5 at `practice`: the published six-deck S17 DAS chart (Wizard of
Odds, "4-Deck to 8-Deck Blackjack Strategy") doubles soft 13 against a 5,
while independent draws make hitting slightly better; both are accepted and
the grade line says so. Insurance: basic strategy never takes it.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import analyse
from bjtrainer.trainer.chart_play import chart_play
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import grade
from bjtrainer.trainer.spots import Spot

PRACTICE = PRESETS["practice"]
OPENING = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})


def test_soft_13_against_5_chart_doubles_and_independent_draws_hit() -> None:
    spot = Spot("practice", ("A", "2"), "5", legal=OPENING)
    analysis = analyse(PRACTICE, spot.to_hand_spot())
    assert analysis.best is Action.HIT  # independent draws
    chart = chart_play(PRACTICE, spot)
    assert chart is Action.DOUBLE  # the six-deck chart
    double = grade(analysis, Action.DOUBLE, spot.legal, chart_action=chart)
    hit = grade(analysis, Action.HIT, spot.legal, chart_action=chart)
    assert double.accepted and hit.accepted
    assert "chart" in double.line() and "chart" in hit.line()
    stand = grade(analysis, Action.STAND, spot.legal, chart_action=chart)
    assert not stand.accepted


def test_chart_play_reads_three_card_hands_as_totals() -> None:
    # 5,4,2 is hard 11 v A: the six-deck S17 chart hits 11 v A (no double with 3 cards anyway).
    spot = Spot("practice", ("2", "4", "5"), "A", legal=frozenset({Action.STAND, Action.HIT}))
    assert chart_play(PRACTICE, spot) is Action.HIT
    # Hard 16 v T with 3 cards: surrender is gone, the chart's Rh becomes hit.
    spot = Spot("practice", ("5", "5", "6"), "T", legal=frozenset({Action.STAND, Action.HIT}))
    assert chart_play(PRACTICE, spot) is Action.HIT


def test_insurance_chart_play_is_to_decline() -> None:
    legal = frozenset({Action.INSURANCE, Action.NO_INSURANCE})
    spot = Spot("practice", ("T", "9"), "A", legal=legal)
    assert chart_play(PRACTICE, spot) is Action.NO_INSURANCE
    verdict = Coach(PRACTICE).grade(spot, Action.INSURANCE)
    assert not verdict.accepted


def test_the_first_graded_decision_reads_the_committed_chart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No exact computation in the key handler: the solver refuses, the grade still comes."""
    import bjtrainer.strategy.cache as cache_module
    import bjtrainer.strategy.chart as chart_module
    from bjtrainer.strategy import cached_chart

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the chart was computed inside a graded decision")

    for module, name in (
        (cache_module, "build_chart"),
        (chart_module, "two_card_table"),
        (chart_module, "solve_two_card_table"),
    ):
        monkeypatch.setattr(module, name, refuse)
    cached_chart.cache_clear()
    spot = Spot("practice", ("A", "2"), "5", legal=OPENING)
    verdict = Coach(PRACTICE).grade(spot, Action.DOUBLE)
    assert verdict.accepted and verdict.is_chart_play  # A,2 v 5: Dh in the six-deck chart
    cached_chart.cache_clear()
