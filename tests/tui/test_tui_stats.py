"""The Stats screen shows the figures of the answers given, over two days.

``docs/practice.md``, "Stats": accuracy of first unassisted answers
overall, per topic, and per spot as a heat map of hand against up card; EV
given up per 100 decisions; hint rate and retry rate; the costliest
mistakes; progress over time, day by day. Two focused sets are answered
through the practice core, the first with three wrong answers, the second
all right; every expected figure is counted here from those answers and
the EV layer.
"""

from __future__ import annotations

import re
from datetime import timedelta

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.store import Store
from bjtrainer.strategy import COLUMNS
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.cells import cell_of
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.spots import Spot
from bjtrainer.tui.screens.stats import StatsScreen
from bjtrainer.tui.widgets.progress_plot import ProgressPlot
from tests.tui.practice_tui_support import NOON, PRACTICE, best_action, decision_evs, practice_app
from tests.tui.tui_support import SIZE, text_of

#: Wrong first answers on day one.
WRONG = 3


def answer_set(practice: Practice, topic: Topic, wrong: int) -> list[tuple[Spot, bool, float]]:
    """Play a focused set: the first ``wrong`` decisions with the worst play, then the best.

    Returns (spot, accepted, EV given up) per decision, EVs from the EV layer.
    """
    practice_set = practice.start_focus(topic)
    given: list[tuple[Spot, bool, float]] = []
    while True:
        pending = practice_set.pending
        if pending is None:
            if not practice_set.next_spot():
                return given
            continue
        evs = decision_evs(PRACTICE, pending)
        if len(given) < wrong:
            action = min(evs, key=evs.__getitem__)
        else:
            action = best_action(PRACTICE, pending)
        outcome = practice_set.answer(action, token=pending.token)
        given.append((pending.spot, outcome.grade.accepted, max(evs.values()) - evs[action]))
        if not outcome.applied:
            practice_set.play_on()


def is_hard(spot: Spot) -> bool:
    """A hand decision on a hard total with no split on offer (the hard-totals topic)."""
    if set(spot.legal) <= {Action.INSURANCE, Action.NO_INSURANCE}:
        return False
    return Action.SPLIT not in spot.legal and not evaluate(spot.cards).soft


async def test_stats_screen_shows_the_figures_of_two_days(store: Store) -> None:
    clock = ManualClock(NOON)
    practice = Practice(store, PRACTICE, clock, np.random.default_rng(5))
    day_one = answer_set(practice, Topic.HARD, WRONG)
    clock.advance(timedelta(days=1))
    day_two = answer_set(practice, Topic.SOFT, 0)
    given = day_one + day_two
    right = sum(accepted for _, accepted, _ in given)
    assert right == len(given) - WRONG
    lost = sum(ev for _, _, ev in given)
    app = practice_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "0")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        figures = text_of(screen.query_one("#stats-figures"))
        assert f"{100 * right / len(given):.1f}%" in figures
        assert f"{100 * lost / len(given):.3f} bets" in figures
        assert figures.count("0.0%") == 2  # hint rate and retry rate
        topics = text_of(screen.query_one("#stats-topics"))
        # Hard totals: a hand decision with a hard total and no split on offer, in either set.
        hard = [accepted for spot, accepted, _ in given if is_hard(spot)]
        assert re.search(rf"Hard totals +{sum(hard)}/{len(hard)} ", topics)
        # The heat map: the cell of the first wrong answer, over every answer in that cell.
        cell = cell_of(day_one[0][0])
        in_cell = [accepted for spot, accepted, _ in given if cell_of(spot) == cell]
        heat = text_of(screen.query_one("#stats-heat-map")).splitlines()
        (row,) = [line for line in heat if line.startswith(f"{cell.row} ")]
        cells = row[len(cell.row) :].split()
        assert cells[COLUMNS.index(cell.up)] == str(round(100 * sum(in_cell) / len(in_cell)))
        # The costliest mistake: the wrong answer that gave up the most EV.
        costliest = max(day_one[:WRONG], key=lambda item: item[2])[0]
        table = text_of(screen.query_one("#stats-costliest")).splitlines()
        assert f"{','.join(costliest.cards)} v {costliest.up}" in table[1]
        # Progress: one point per day, the accuracy of that day's first answers.
        plot = screen.query_one(ProgressPlot)
        days = [(day.day, day.rate.right, day.rate.answers) for day in plot.progress]
        assert days == [
            (NOON.date(), len(day_one) - WRONG, len(day_one)),
            (NOON.date() + timedelta(days=1), len(day_two), len(day_two)),
        ]
