"""Reading the chart's play for a spot (``chart_action``).

Expected plays come from the published six-deck S17 DAS late-surrender chart
(see test_chart_published) and the usual reading of a chart (Wizard of Odds,
"4-Deck to 8-Deck Blackjack Strategy": a pair that cannot be split is looked
up as a hard total).
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.errors import InvalidCardError, InvalidSpotError
from bjtrainer.strategy import Chart, build_chart, chart_action

S, H, D, P, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER
FIRST_TWO = {S, H, D, R}


@pytest.fixture(scope="module")
def practice() -> Chart:
    return build_chart(PRESETS["practice"])


@pytest.mark.parametrize(
    ("cards", "up", "legal", "action"),
    [
        ("T6", "T", FIRST_TWO, R),  # Rh
        ("T42", "T", {S, H}, H),  # Rh on three cards
        ("T5", "T", FIRST_TWO, R),
        ("T5", "9", FIRST_TWO, H),
        ("A7", "3", FIRST_TWO, D),  # Ds
        ("A25", "3", {S, H}, S),  # soft 18, three cards: Ds -> stand
        ("A2", "5", FIRST_TWO, D),
        ("A4", "4", FIRST_TWO, D),
        ("A7", "2", FIRST_TWO, S),
        ("65", "A", FIRST_TWO, H),  # 11 v A
        ("64", "9", FIRST_TWO, D),
        ("2A3", "5", {S, H}, H),  # soft 16 on three cards: Dh -> hit
        ("88", "T", {*FIRST_TWO, P}, P),  # split 8s, do not surrender them
        ("88", "T", FIRST_TWO, R),  # cannot split: hard 16 v T
        ("JQ", "6", {*FIRST_TWO, P}, S),  # ten-value pair
        ("22", "3", {*FIRST_TWO, P}, P),  # Ph at a DAS table
        ("22", "3", FIRST_TWO, H),  # cannot split: hard 4
        ("AA", "T", {S, H, D, P}, P),
        ("AA", "T", {S, H, D}, H),  # soft 12 when the aces cannot split
        ("55", "6", {*FIRST_TWO, P}, D),  # pair 5 doubles like hard 10
        ("99", "7", {*FIRST_TWO, P}, S),
        ("T9", "A", FIRST_TWO, S),
        ("T23", "6", {S, H}, S),  # hard 15
        ("T2", "K", FIRST_TWO, H),  # K up reads the T column
        ("T", "5", {S}, S),  # whatever the chart says, only legal actions come back
    ],
)
def test_chart_action(
    practice: Chart, cards: str, up: str, legal: set[Action], action: Action
) -> None:
    assert chart_action(practice, list(cards), up, legal) is action


def test_ph_hits_at_a_table_without_das() -> None:
    practice = build_chart(PRESETS["practice"])
    no_das = Chart(rules_id="no-das", double_after_split=False, codes=practice.codes)
    assert chart_action(no_das, ["2", "2"], "2", {S, H, D, P}) is H


def test_bad_spots_are_refused(practice: Chart) -> None:
    with pytest.raises(InvalidSpotError):
        chart_action(practice, ["T", "6"], "T", set())
    with pytest.raises(InvalidSpotError):
        chart_action(practice, [], "T", {S, H})
    with pytest.raises(InvalidCardError):
        chart_action(practice, ["T", "X"], "T", {S, H})
    with pytest.raises(InvalidCardError):
        chart_action(practice, ["T", "6"], "1", {S, H})
