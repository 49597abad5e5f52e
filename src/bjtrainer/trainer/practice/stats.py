"""Practice statistics, computed from the recorded attempts of one table.

The figures of ``docs/practice.md``, "Stats": accuracy of first unassisted
answers overall, per topic, and per spot (a heat map of hand x up card); EV
given up per 100 decisions; hint rate and retry rate; the costliest
mistakes; progress over time.

Definitions (decided here):

- **accuracy**: accepted first unassisted answers / first unassisted
  answers (``AttemptKind.FIRST``), overall, per topic
  (:func:`bjtrainer.trainer.practice.topics.topics_of`; a spot may be in several)
  and per chart cell (:mod:`bjtrainer.trainer.practice.cells`, the heat map);
- **EV given up per 100 decisions**: ``100 * sum(ev_lost) / n`` over the
  first unassisted answers, units of the original wager (0.5 means half a
  bet given up every hundred decisions);
- **hint rate**: first answers given after a Hint or Why / all first
  answers (each decision counts once);
- **retry rate**: decisions retried at least once / all decisions;
- **costliest mistakes**: spots by the EV their wrong first answers gave
  up, summed (answers after a hint included: the play was still wrong);
- **progress**: per local date, the first unassisted answers, their
  accuracy and EV given up per 100.

Every rate is ``None`` while its denominator is 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.store.records import AttemptKind, AttemptRecord
from bjtrainer.strategy.chart import COLUMNS
from bjtrainer.trainer.practice.attempts import AttemptCounts, count_attempts, is_first_answer
from bjtrainer.trainer.practice.cells import ROW_ORDER, ChartCell, cell_of
from bjtrainer.trainer.practice.topics import Topic, topics_of
from bjtrainer.trainer.spots import Spot, parse_spot_key

__all__ = [
    "COSTLIEST",
    "CostlyMistake",
    "DayProgress",
    "HeatMap",
    "Rate",
    "Stats",
    "compute_stats",
]

#: How many costliest mistakes the figures list.
COSTLIEST = 5


@dataclass(frozen=True)
class Rate:
    """Right answers out of answers.

    Attributes
    ----------
    answers : int
    right : int
    """

    answers: int = 0
    right: int = 0

    @property
    def accuracy(self) -> float | None:
        """``right / answers`` in 0..1, ``None`` with no answers."""
        return self.right / self.answers if self.answers else None

    def add(self, right: bool) -> Rate:
        """This rate with one more answer."""
        return Rate(self.answers + 1, self.right + int(right))

    def to_json(self) -> dict[str, Any]:
        """``{"answers": n, "right": n, "accuracy": x or null}``."""
        return {"answers": self.answers, "right": self.right, "accuracy": self.accuracy}


@dataclass(frozen=True)
class CostlyMistake:
    """A spot whose wrong first answers gave up the most EV.

    Attributes
    ----------
    spot : Spot
    misses : int
        Wrong first answers.
    ev_lost : float
        EV they gave up, summed, units of the original wager.
    best : Action
        The best legal play.
    taken : Action
        The wrong play made most often (the first in display order on a tie).
    """

    spot: Spot
    misses: int
    ev_lost: float
    best: Action
    taken: Action


@dataclass(frozen=True)
class DayProgress:
    """First unassisted answers of one local date.

    Attributes
    ----------
    day : date
    rate : Rate
    ev_lost : float
        EV given up, summed, units of the original wager.
    """

    day: date
    rate: Rate
    ev_lost: float

    @property
    def ev_lost_per_100(self) -> float | None:
        """``100 * ev_lost / answers``, ``None`` with no answers."""
        return 100 * self.ev_lost / self.rate.answers if self.rate.answers else None


@dataclass(frozen=True)
class HeatMap:
    """Accuracy per chart cell, for a hand x up card heat map.

    Attributes
    ----------
    rows : tuple of str, length R
        The chart rows with at least one answer, in chart order.
    ups : tuple of str, length U = 10
        ``2`` .. ``9``, ``T``, ``A``.
    accuracy : numpy.ndarray, shape (R, U)
        Accuracy in 0..1; NaN where the cell has no answer.
    answers : numpy.ndarray of int, shape (R, U)
        First unassisted answers per cell.
    """

    rows: tuple[str, ...]
    ups: tuple[str, ...]
    accuracy: npt.NDArray[np.float64]
    answers: npt.NDArray[np.int64]


@dataclass(frozen=True)
class Stats:
    """The practice figures of one table (see the module docstring).

    Attributes
    ----------
    rules_id : str
    counts : AttemptCounts
        The three kinds of answer, counted apart.
    by_topic : dict of Topic to Rate
        Every topic, in menu order.
    by_cell : dict of ChartCell to Rate
        Cells with at least one first unassisted answer, chart order.
    ev_lost_per_100 : float or None
    hint_rate : float or None
    retry_rate : float or None
    costliest : tuple of CostlyMistake
        At most :data:`COSTLIEST`, the costliest first.
    progress : tuple of DayProgress
        One per local date with first unassisted answers, oldest first.
    """

    rules_id: str
    counts: AttemptCounts
    by_topic: dict[Topic, Rate]
    by_cell: dict[ChartCell, Rate]
    ev_lost_per_100: float | None
    hint_rate: float | None
    retry_rate: float | None
    costliest: tuple[CostlyMistake, ...]
    progress: tuple[DayProgress, ...]

    @property
    def accuracy(self) -> float | None:
        """Accuracy of first unassisted answers overall, 0..1."""
        return self.counts.accuracy

    def heat_map(self) -> HeatMap:
        """The per-cell accuracy as arrays (rows with data only)."""
        rows = tuple(row for row in ROW_ORDER if any(cell.row == row for cell in self.by_cell))
        accuracy = np.full((len(rows), len(COLUMNS)), np.nan)  # shape (R, U)
        answers = np.zeros((len(rows), len(COLUMNS)), dtype=np.int64)  # shape (R, U)
        for cell, rate in self.by_cell.items():
            r, u = rows.index(cell.row), COLUMNS.index(cell.up)
            answers[r, u] = rate.answers
            if rate.accuracy is not None:
                accuracy[r, u] = rate.accuracy
        return HeatMap(rows, COLUMNS, accuracy, answers)

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-able data (``bjtrainer stats --json``).

        Returns
        -------
        dict
            ``rules``; ``answers`` (``first``, ``after_hint``, ``retry``,
            ``decisions``); ``accuracy``; ``by_topic`` (topic id to
            ``{"answers", "right", "accuracy"}``); ``by_spot`` (a list of
            ``{"hand": "hard 16", "up": "T", "answers", "right",
            "accuracy"}``, chart order); ``ev_lost_per_100``; ``hint_rate``;
            ``retry_rate``; ``costliest`` (``{"spot", "hand", "up",
            "misses", "ev_lost", "best", "taken"}``); ``progress``
            (``{"date", "answers", "right", "accuracy",
            "ev_lost_per_100"}``). Rates are fractions in 0..1 or null.
        """
        counts = self.counts
        return {
            "rules": self.rules_id,
            "answers": {
                "first": counts.first,
                "after_hint": counts.after_hint,
                "retry": counts.retry,
                "decisions": counts.decisions,
            },
            "accuracy": self.accuracy,
            "by_topic": {topic.value: rate.to_json() for topic, rate in self.by_topic.items()},
            "by_spot": [
                {"hand": cell.row, "up": cell.up, **rate.to_json()}
                for cell, rate in self.by_cell.items()
            ],
            "ev_lost_per_100": self.ev_lost_per_100,
            "hint_rate": self.hint_rate,
            "retry_rate": self.retry_rate,
            "costliest": [
                {
                    "spot": mistake.spot.key,
                    "hand": list(mistake.spot.cards),
                    "up": mistake.spot.up,
                    "misses": mistake.misses,
                    "ev_lost": mistake.ev_lost,
                    "best": mistake.best.value,
                    "taken": mistake.taken.value,
                }
                for mistake in self.costliest
            ],
            "progress": [
                {
                    "date": day.day.isoformat(),
                    **day.rate.to_json(),
                    "ev_lost_per_100": day.ev_lost_per_100,
                }
                for day in self.progress
            ],
        }


def _spot(key: str) -> Spot | None:
    try:
        return parse_spot_key(key)
    except InvalidSpotError:
        return None


def _topics(rules: Rules, spot: Spot, cache: dict[str, frozenset[Topic]]) -> frozenset[Topic]:
    if spot.key not in cache:
        try:
            cache[spot.key] = topics_of(rules, spot)
        except InvalidSpotError:
            cache[spot.key] = frozenset()
    return cache[spot.key]


def _costliest(rules_attempts: list[AttemptRecord], limit: int) -> tuple[CostlyMistake, ...]:
    lost: dict[str, float] = {}
    misses: Counter[str] = Counter()
    taken: dict[str, Counter[Action]] = {}
    best: dict[str, Action] = {}
    for attempt in rules_attempts:
        if not is_first_answer(attempt.kind) or attempt.accepted:
            continue
        key = attempt.spot_key
        lost[key] = lost.get(key, 0.0) + attempt.ev_lost
        misses[key] += 1
        taken.setdefault(key, Counter())[attempt.action] += 1
        best[key] = attempt.best
    ranked = sorted(lost, key=lambda key: (-lost[key], -misses[key], key))
    found = []
    for key in ranked:
        spot = _spot(key)
        if spot is None:
            continue
        most = max(taken[key].items(), key=lambda item: (item[1], -list(Action).index(item[0])))
        found.append(CostlyMistake(spot, misses[key], lost[key], best[key], most[0]))
        if len(found) == limit:
            break
    return tuple(found)


def compute_stats(
    rules: Rules, attempts: Iterable[AttemptRecord], *, costliest: int = COSTLIEST
) -> Stats:
    """The figures of one table from its attempts.

    Parameters
    ----------
    rules : Rules
        The table; attempts of other tables are ignored.
    attempts : iterable of AttemptRecord
        From ``Store.attempts(rules.id)``.
    costliest : int
        How many costliest mistakes to list.

    Returns
    -------
    Stats
    """
    mine = [attempt for attempt in attempts if attempt.rules_id == rules.id]
    counts = count_attempts(mine)
    by_topic = {topic: Rate() for topic in Topic}
    cells: dict[ChartCell, Rate] = {}
    days: dict[date, tuple[Rate, float]] = {}
    topic_cache: dict[str, frozenset[Topic]] = {}
    ev_lost = 0.0
    for attempt in mine:
        if attempt.kind is not AttemptKind.FIRST:
            continue
        ev_lost += attempt.ev_lost
        day = date.fromisoformat(attempt.local_date)
        rate, lost = days.get(day, (Rate(), 0.0))
        days[day] = (rate.add(attempt.accepted), lost + attempt.ev_lost)
        spot = _spot(attempt.spot_key)
        if spot is None:
            continue
        cell = cell_of(spot)
        cells[cell] = cells.get(cell, Rate()).add(attempt.accepted)
        for topic in _topics(rules, spot, topic_cache):
            by_topic[topic] = by_topic[topic].add(attempt.accepted)
    order = {row: index for index, row in enumerate(ROW_ORDER)}
    by_cell = {
        cell: cells[cell]
        for cell in sorted(cells, key=lambda c: (order.get(c.row, len(order)), COLUMNS.index(c.up)))
    }
    retried = {attempt.decision_key for attempt in mine if attempt.kind is AttemptKind.RETRY}
    decisions = counts.decisions
    return Stats(
        rules_id=rules.id,
        counts=counts,
        by_topic=by_topic,
        by_cell=by_cell,
        ev_lost_per_100=100 * ev_lost / counts.first if counts.first else None,
        hint_rate=counts.after_hint / decisions if decisions else None,
        retry_rate=len(retried) / decisions if decisions else None,
        costliest=_costliest(mine, costliest),
        progress=tuple(DayProgress(day, *days[day]) for day in sorted(days)),
    )
