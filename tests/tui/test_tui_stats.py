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

import dataclasses
import io
import re
from datetime import timedelta

import numpy as np
import pytest
from rich.console import Console
from rich.table import Table as RichTable

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.store import Store
from bjtrainer.strategy import COLUMNS
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.luck import Luck
from bjtrainer.trainer.practice.cells import cell_of
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.stats import OwnEdge, Rate, Stats, compute_stats
from bjtrainer.trainer.practice.topics import TOPIC_TITLES, Topic
from bjtrainer.trainer.spots import Spot
from bjtrainer.tui.screens.stats import StatsScreen
from bjtrainer.tui.views.stats import figures_table
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


@pytest.mark.parametrize("size", [(80, 24), (100, 34)])
async def test_big_counts_by_topic_are_shortened_not_cut(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """92,644 right of 103,000 reads 92.6k/103k, and every topic's figures are whole."""
    real = Practice.stats

    def big(practice: Practice) -> Stats:
        stats = real(practice)
        by_topic = {topic: Rate(answers=103_000, right=92_644) for topic in stats.by_topic}
        return dataclasses.replace(stats, by_topic=by_topic)

    monkeypatch.setattr(Practice, "stats", big)
    app = practice_app(store, ManualClock(NOON))
    async with app.run_test(size=size) as pilot:
        await pilot.press("m", "0")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        topics = screen.query_one("#stats-topics")
        # the rows as drawn inside the panel's border (what the user sees)
        rows = [
            "".join(segment.text for segment in strip)
            for strip in app.screen._compositor.render_strips()
        ][topics.region.y : topics.region.bottom]
        left, right = topics.region.x, topics.region.right
        panel = "\n".join(row[left:right] for row in rows)
        assert "Accuracy" in panel
        assert panel.count("92.6k/103k") == len(TOPIC_TITLES)
        assert panel.count("89.9%") == len(TOPIC_TITLES)  # 92644 / 103000 = 0.8994
        assert "…" not in panel


def plain(renderable: RichTable) -> str:
    console = Console(width=60, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def test_chips_won_say_this_night_at_a_cash_out_table_and_no_minus_zero() -> None:
    """At night the tally covers the night (it restarts at CASH OUT); -0.04 chips read +0.0."""
    stats = dataclasses.replace(
        compute_stats(PRACTICE, [], with_edge=False),
        own_edge=OwnEdge(your_play=-0.01, perfect_play=-0.01, spots=0),
        # 4 chips bet at -1%: expected -0.04, luck 0 - (-0.04) = +0.04
        luck=Luck(rounds=1, bets=4, won=0, given_up=0.0),
    )
    night = plain(figures_table(stats, night=True))
    assert "Chips won this night" in night and "at the table" not in night
    assert "Chips won at the table" in plain(figures_table(stats))
    assert "-0.0" not in night
    assert re.search(r"Expected from your play +\+0\.0", night)
    assert re.search(r"Luck +\+0\.0", night)
