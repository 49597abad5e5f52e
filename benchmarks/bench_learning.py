"""How fast a simulated learner reaches basic strategy: the trainer against table play.

Printed, never asserted. Run: ``PYTHONPATH=src python benchmarks/bench_learning.py``.

The table is ``night`` (``docs/rules/night.md``): the learner starts from that
night's own "Tips for beginners" and is measured at it.

The learner model
-----------------
*Starting play* (the tips, read on the hand's total, soft or hard alike):

- a pair of aces or of eights: split (when the round allows it);
- a total of 17 or more: stand ("On 17 or more, stand");
- 11 or less: hit ("hit freely");
- 12 to 16: hit against an up card of 7 or higher (ace included), stand
  against 2 to 6;
- insurance: always turned down;
- where the tips are silent the learner plays like a novice: it never
  doubles, never splits any other pair (tens are never split) and never
  surrenders (the table has no surrender anyway).

*Learning*: the learner keeps a memory per chart cell (hand row x up card,
:func:`bjtrainer.trainer.practice.cells.cell_of`: ``hard 11 v 6`` covers 5,6
and 4,7 and 2,4,5), as a learner of a chart does. After each graded miss (a
first answer the grader does not accept) the cell is learned with chance
``P_LEARN``: from then on the learner plays the chart's play there
(:func:`bjtrainer.trainer.chart_play.chart_play`, resolved against the legal
actions: basic strategy).

*Forgetting*: at the end of each day every learned cell is forgotten (back to
the starting play) with chance ``FORGET / (1 + n)``, where ``n`` counts the
right answers given in that cell since it was learned: practice makes a
cell stick. Parameters: ``P_LEARN = 0.5``, ``FORGET = 0.10`` per day; the
first seed is also run with ``FORGET`` 0.03 and 0 (``OTHER_FORGET``) to show
how the gap between the two depends on forgetting.

The two ways of learning
------------------------
Both give the learner ``DECISIONS_PER_DAY = 50`` graded decisions a day
(first answers, the insurance question included; a miss is then played on,
not retried).

- *The trainer*: the real :class:`bjtrainer.trainer.practice.Practice` on a
  :meth:`Store.memory` store, a seeded generator and a
  :class:`~bjtrainer.trainer.clock.ManualClock` advanced a day at a time.
  Each day: the daily five (first play), the due spots, one Mistakes & weak
  spots set, then focused sets of each topic in turn until the day's 50
  decisions are used (a set may be left unfinished).
- *Table play*: random rounds dealt at a ``night`` table
  (:class:`bjtrainer.engine.table.Table`, seeded shoe, bet 5, a fresh table
  when the chips run out), every decision graded by the same
  :class:`~bjtrainer.trainer.coach.Coach`.

*The measure*, after each day: the EV the learner gives up per round against
basic strategy (the EV of the chart's play minus the EV of the learner's
play), in units of the original wager, over the first decision of a
round: every two-card hand against every up card, weighted by independent
draws (1/13 a rank, 4/13 for a ten; with an ace up by the 9/13 chance that the
dealer has no blackjack, since the round ends at the peek otherwise), with
the EVs of :func:`bjtrainer.ev.analyse` (``docs/numbers.md``, "1. Independent
draws"); naturals give nothing up. Printed: the decisions until that loss is
under 0.1% of the bet, for both, and their ratio (the target: the trainer at
least 3 times faster). A run that has not reached the target after
``MAX_DAYS`` (1000 days, 50,000 decisions) is shown as ``>50000``, and its
ratio as a lower bound.

The whole run takes about three minutes; the EVs of the 540 two-card spots
are solved once and cached, the chart once per process.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from functools import cache

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.engine.table import Table
from bjtrainer.errors import PracticeError
from bjtrainer.ev import HandSpot, analyse
from bjtrainer.store import RunKind, Store
from bjtrainer.trainer.chart_play import chart_play
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.practice import Practice
from bjtrainer.trainer.practice.cells import ChartCell, cell_of
from bjtrainer.trainer.practice.sets import PracticeSet
from bjtrainer.trainer.practice.topics import TOPIC_TITLES, Topic
from bjtrainer.trainer.spots import Spot

RULES = PRESETS["night"]
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
CHANCE = {rank: (4 / 13 if rank == "T" else 1 / 13) for rank in RANKS}
P_LEARN = 0.5
FORGET = 0.10
DECISIONS_PER_DAY = 50
TARGET = 0.001  # EV given up per round, units of the bet
MAX_DAYS = 1000  # a run stops here if it has not reached the target
SEEDS = (1, 2, 3)
#: Other forgetting rates tried with the first seed, to show how the gap depends on it.
OTHER_FORGET = (0.03, 0.0)


def _value(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank == "T" else int(rank)


def _total(cards: tuple[str, ...]) -> int:
    hard = sum(_value(card) for card in cards)
    return hard + 10 if "A" in cards and hard + 10 <= 21 else hard


def starting_play(cards: tuple[str, ...], up: str, legal: frozenset[Action]) -> Action:
    """The beginner tips (module docstring) at a hand decision."""
    if Action.NO_INSURANCE in legal:
        return Action.NO_INSURANCE
    if (
        len(cards) == 2
        and cards[0] == cards[1]
        and cards[0] in ("A", "8")
        and Action.SPLIT in legal
    ):
        return Action.SPLIT
    total = _total(cards)
    if total >= 17:
        return Action.STAND
    if total <= 11:
        return Action.HIT
    return Action.HIT if up in ("7", "8", "9", "T", "A") else Action.STAND


class Learner:
    """The learner of the module docstring; ``rng`` draws its learning and forgetting."""

    def __init__(self, rng: np.random.Generator, forget: float = FORGET) -> None:
        self.rng = rng
        self.forget = forget
        self.right_since: dict[ChartCell, int] = {}  # the learned cells

    def play(self, spot: Spot) -> Action:
        if cell_of(spot) in self.right_since:
            action = chart_play(RULES, spot)
            if action is not None:
                return action
        return starting_play(spot.cards, spot.up, spot.legal)

    def graded(self, spot: Spot, accepted: bool) -> None:
        key = cell_of(spot)
        if accepted:
            if key in self.right_since:
                self.right_since[key] += 1
        elif self.rng.random() < P_LEARN:
            self.right_since[key] = 0

    def end_of_day(self) -> None:
        for key in list(self.right_since):
            if self.rng.random() < self.forget / (1 + self.right_since[key]):
                del self.right_since[key]


@cache
def _first_spots() -> list[tuple[float, Spot, dict[Action, float], float]]:
    """Every two-card first decision: weight, spot, EVs, EV of the chart's play (cached)."""
    spots = []
    for i, a in enumerate(RANKS):
        for b in RANKS[i:]:
            if {a, b} == {"A", "T"}:
                continue  # a natural: no decision
            hand_weight = CHANCE[a] * CHANCE[b] * (1 if a == b else 2)
            for up in RANKS:
                weight = hand_weight * CHANCE[up] * (9 / 13 if up == "A" else 1.0)
                evs = dict(analyse(RULES, HandSpot((a, b), up)).evs)
                spot = Spot(RULES.id, (a, b), up, legal=frozenset(evs))
                chart = chart_play(RULES, spot)
                assert chart is not None
                spots.append((weight, spot, evs, evs[chart]))
    return spots


def expected_loss(learner: Learner) -> float:
    """EV given up per round against basic strategy, units of the bet (module docstring)."""
    loss = 0.0
    for weight, spot, evs, chart_ev in _first_spots():
        loss += weight * (chart_ev - evs[learner.play(spot)])
    return loss


def _play_set(practice_set: PracticeSet, learner: Learner, budget: int) -> int:
    """Answer decisions of a set until it ends or ``budget`` is used; return decisions made."""
    made = 0
    while made < budget:
        pending = practice_set.pending
        if pending is None:
            if not practice_set.next_spot():
                break
            continue
        outcome = practice_set.answer(learner.play(pending.spot), pending.token)
        made += 1
        learner.graded(pending.spot, outcome.applied)
        if not outcome.applied:
            practice_set.play_on(pending.token)
    return made


def trainer_run(seed: int, forget: float = FORGET) -> tuple[int | None, float]:
    """Days of practice with the real Practice API; decisions to the target and the last loss."""
    clock = ManualClock(datetime(2026, 1, 5, 18, 0, tzinfo=UTC), zone="UTC")
    practice = Practice(Store.memory(), RULES, clock, np.random.default_rng(seed))
    learner = Learner(np.random.default_rng(seed + 1000), forget)
    topics = [topic for topic in TOPIC_TITLES if practice.can_start_focus(topic)]
    turn = 0
    loss = expected_loss(learner)
    for day in range(1, MAX_DAYS + 1):
        left = DECISIONS_PER_DAY
        starters: list[tuple[RunKind, Topic | None]] = [
            (RunKind.DAILY, None),
            (RunKind.DUE, None),
            (RunKind.REVIEW, None),
        ]
        for kind, topic in starters:
            if left <= 0:
                break
            if kind is RunKind.DAILY and practice.daily_status().next_is_replay:
                continue
            try:
                practice_set = practice.start(kind, topic)
            except PracticeError:
                continue
            left -= _play_set(practice_set, learner, left)
        while left > 0:
            topic = topics[turn % len(topics)]
            turn += 1
            left -= _play_set(practice.start(RunKind.FOCUS, topic), learner, left)
        learner.end_of_day()
        loss = expected_loss(learner)
        if loss < TARGET:
            return day * DECISIONS_PER_DAY, loss
        clock.advance(timedelta(days=1))
    return None, loss


def table_run(seed: int, forget: float = FORGET) -> tuple[int | None, float]:
    """Days of plain table play; decisions to the target and the last loss."""
    rng = np.random.default_rng(seed)
    coach = Coach(RULES)
    learner = Learner(np.random.default_rng(seed + 1000), forget)
    table = Table(RULES, rng)
    loss = expected_loss(learner)
    for day in range(1, MAX_DAYS + 1):
        made = 0
        while made < DECISIONS_PER_DAY:
            round_ = table.round
            if round_ is None or round_.phase is Phase.SETTLED:
                if not table.can_deal():
                    table = Table(RULES, rng)  # out of chips: sit down again
                table.deal()
                continue
            spot = coach.spot(round_)
            if spot is None:  # pragma: no cover - a round in play waits for an answer
                break
            action = learner.play(spot)
            verdict = coach.grade(spot, action)
            made += 1
            learner.graded(spot, verdict.accepted)
            table.apply(action)
        learner.end_of_day()
        loss = expected_loss(learner)
        if loss < TARGET:
            return day * DECISIONS_PER_DAY, loss
    return None, loss


def _shown(decisions: int | None) -> str:
    return f"{decisions:>6}" if decisions is not None else f">{MAX_DAYS * DECISIONS_PER_DAY}"


def _ratio(trainer: int | None, table: int | None) -> str:
    if trainer is None:
        return "the trainer did not reach the target"
    if table is None:
        return f"the trainer is over {MAX_DAYS * DECISIONS_PER_DAY / trainer:.1f}x faster"
    return f"the trainer is {table / trainer:.1f}x faster"


def _compare(seed: int, forget: float) -> tuple[int | None, int | None]:
    trained, trained_loss = trainer_run(seed, forget)
    played, played_loss = table_run(seed, forget)
    print(
        f"  FORGET={forget:.2f} seed {seed}: trainer {_shown(trained)} decisions "
        f"(loss {trained_loss:.5f}), table {_shown(played)} decisions (loss {played_loss:.5f}); "
        f"{_ratio(trained, played)}"
    )
    return trained, played


def main() -> None:
    start = time.perf_counter()
    beginner = expected_loss(Learner(np.random.default_rng(0)))
    print(f"night table: the beginner tips give up {beginner:.5f} of the bet per round")
    print(
        f"decisions until under {TARGET:.3f} a round, {DECISIONS_PER_DAY} a day; "
        f"P_LEARN={P_LEARN}, forgetting FORGET/(1+right answers) a day"
    )
    runs = [_compare(seed, FORGET) for seed in SEEDS]
    trained = [run[0] for run in runs]
    played = [run[1] for run in runs]
    if all(run is not None for run in trained):
        trainer_mean = sum(run for run in trained if run is not None) / len(SEEDS)
        table_mean = (
            sum(run for run in played if run is not None) / len(SEEDS)
            if all(run is not None for run in played)
            else None
        )
        shown_table = f"{table_mean:.0f}" if table_mean is not None else _shown(None)
        ratio = _ratio(round(trainer_mean), round(table_mean) if table_mean is not None else None)
        print(
            f"mean of {len(SEEDS)} seeds, FORGET={FORGET:.2f}: trainer {trainer_mean:.0f}, "
            f"table {shown_table} decisions; {ratio} (target: 3x)"
        )
    print("other forgetting rates:")
    for forget in OTHER_FORGET:
        _compare(SEEDS[0], forget)
    print(f"took {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
