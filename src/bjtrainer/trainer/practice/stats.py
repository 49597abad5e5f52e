"""Practice statistics of one table, from the running totals of its answers.

The store keeps the sums these figures need as each answer is written
(:mod:`bjtrainer.store.summary`), so :func:`stats_from_summary` reads a row
per spot and per day, never the answers; :func:`compute_stats` folds a list
of answers into the same totals.

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

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev import round_ev
from bjtrainer.ev.independent.policy import policy_round_ev
from bjtrainer.store.records import AttemptRecord
from bjtrainer.store.summary import AnswerSummary, summarise
from bjtrainer.strategy.chart import COLUMNS
from bjtrainer.trainer.luck import Luck
from bjtrainer.trainer.practice.attempts import AttemptCounts
from bjtrainer.trainer.practice.cells import ROW_ORDER, ChartCell, cell_of
from bjtrainer.trainer.practice.topics import Topic, topics_of
from bjtrainer.trainer.spots import Spot, is_insurance_spot, parse_spot_key

__all__ = [
    "COSTLIEST",
    "CostlyMistake",
    "DayProgress",
    "HeatMap",
    "OwnEdge",
    "Rate",
    "Stats",
    "compute_stats",
    "own_edge",
    "own_policy",
    "stats_from_summary",
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
        return self.plus(1, int(right))

    def plus(self, answers: int, right: int) -> Rate:
        """This rate with ``answers`` more answers, ``right`` of them right."""
        return Rate(self.answers + answers, self.right + right)

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
class OwnEdge:
    """The expected return of the user's own play beside that of perfect play.

    From the latest first unassisted answer of each first-hand spot
    (:func:`own_policy`), every other spot played best, in the model of
    ``bjtrainer edge`` (``docs/numbers.md``, "18. Your own house edge").

    Attributes
    ----------
    your_play : float
        Expected return per round of the user's play, units of the original
        wager (-0.0071 is -0.71% per round).
    perfect_play : float
        The same under best play (``bjtrainer edge``).
    spots : int
        Spots played the user's own way (the policy's size).
    """

    your_play: float
    perfect_play: float
    spots: int

    def line(self) -> str:
        """``"Your play: -0.71% per round; perfect play: -0.43%."``."""
        return (
            f"Your play: {100 * self.your_play:.2f}% per round; "
            f"perfect play: {100 * self.perfect_play:.2f}%."
        )

    def to_json(self) -> dict[str, Any]:
        """``{"your_play", "perfect_play"}`` per round in units of the bet, and ``spots``."""
        return {
            "your_play": self.your_play,
            "perfect_play": self.perfect_play,
            "spots": self.spots,
        }


def own_policy(summary: AnswerSummary) -> dict[tuple[tuple[str, ...], str], Action]:
    """The user's play per first hand: the latest first unassisted answer of its spot.

    Hands of a split and the insurance question are left out (the house
    edge takes no insurance; a split hand's value is the split's). A hand
    recorded under several spot keys (the chips allowed a double once and
    not another time) takes the latest answer of them all.

    Returns
    -------
    dict
        ``(cards, up)`` (value ranks) to the action, for
        :func:`bjtrainer.ev.independent.policy.policy_round_ev`.
    """
    latest: dict[tuple[tuple[str, ...], str], tuple[int, Action]] = {}
    for row in summary.spots.values():
        if row.last_action is None or row.last_id is None:
            continue
        spot = _spot(row.spot_key)
        if spot is None or spot.split_hand or spot.hands_in_round != 1:
            continue
        if is_insurance_spot(spot) or row.last_action in INSURANCE_ACTIONS:
            continue
        hand = (spot.cards, spot.up)
        if hand not in latest or latest[hand][0] < row.last_id:
            latest[hand] = (row.last_id, row.last_action)
    return {hand: action for hand, (_, action) in latest.items()}


def own_edge(rules: Rules, summary: AnswerSummary) -> OwnEdge:
    """The return of the user's own play and of perfect play (:class:`OwnEdge`).

    Raises
    ------
    InvalidSpotError
        If a stored spot cannot be a decision at these rules.
    """
    policy = own_policy(summary)
    return OwnEdge(
        your_play=policy_round_ev(rules, policy),
        perfect_play=round_ev(rules).expected_return,
        spots=len(policy),
    )


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
    own_edge : OwnEdge or None
        The return of the user's own play beside perfect play; ``None``
        when not computed (:func:`compute_stats` of bare answers).
    luck : Luck or None
        The rounds played at the table: chips won, what the decisions
        were expected to win, luck (``docs/numbers.md``, "19. Luck and
        skill at the table"); ``None`` when not given.
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
    own_edge: OwnEdge | None = None
    luck: Luck | None = None

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
            ``rules``; ``own_edge`` (``{"your_play", "perfect_play",
            "spots"}``: expected return per round, units of the original
            wager, or null); ``luck`` (``{"rounds", "bets", "won",
            "given_up", "expected", "luck"}`` in chips, or null); ``answers``
            (``first``, ``after_hint``, ``retry``,
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
            "own_edge": self.own_edge.to_json() if self.own_edge is not None else None,
            "luck": (
                self.luck.to_json(self.own_edge.perfect_play)
                if self.luck is not None and self.own_edge is not None
                else None
            ),
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


def _costliest(summary: AnswerSummary, limit: int) -> tuple[CostlyMistake, ...]:
    wrong = [spot for spot in summary.spots.values() if spot.wrong]
    ranked = sorted(wrong, key=lambda spot: (-spot.wrong_ev_lost, -spot.wrong, spot.spot_key))
    order = list(Action)
    found = []
    for row in ranked:
        spot = _spot(row.spot_key)
        plays = summary.wrong_plays.get(row.spot_key)
        if spot is None or row.wrong_best is None or not plays:
            continue
        most = max(plays.items(), key=lambda item: (item[1], -order.index(item[0])))
        found.append(CostlyMistake(spot, row.wrong, row.wrong_ev_lost, row.wrong_best, most[0]))
        if len(found) == limit:
            break
    return tuple(found)


def compute_stats(
    rules: Rules,
    attempts: Iterable[AttemptRecord],
    *,
    costliest: int = COSTLIEST,
    with_edge: bool = True,
) -> Stats:
    """The figures of one table from its attempts, folded in Python.

    Parameters
    ----------
    rules : Rules
        The table; attempts of other tables are ignored.
    attempts : iterable of AttemptRecord
        Oldest first.
    costliest : int
        How many costliest mistakes to list.
    with_edge : bool
        Compute :attr:`Stats.own_edge`.

    Returns
    -------
    Stats
        The same figures as :func:`stats_from_summary` of the store's
        running totals of those answers.
    """
    return stats_from_summary(
        rules, summarise(attempts, rules.id), costliest=costliest, with_edge=with_edge
    )


def stats_from_summary(
    rules: Rules,
    summary: AnswerSummary,
    *,
    costliest: int = COSTLIEST,
    with_edge: bool = True,
    luck: Luck | None = None,
) -> Stats:
    """The figures of one table from its running totals (``Store.answer_summary``).

    Reads one row per spot and per day, never the answers themselves, so
    a history of a million answers costs what a week's does.

    Parameters
    ----------
    rules : Rules
        The table.
    summary : AnswerSummary
        Its running totals (:mod:`bjtrainer.store.summary`).
    costliest : int
        How many costliest mistakes to list.
    with_edge : bool
        Compute :attr:`Stats.own_edge` (the return of the user's play).
    luck : Luck, optional
        The table's tally of luck and skill (``trainer.luck.saved_luck``).

    Returns
    -------
    Stats
    """
    spots = summary.spots.values()
    counts = AttemptCounts(
        first=sum(spot.first for spot in spots),
        first_right=sum(spot.first_right for spot in spots),
        after_hint=sum(spot.after_hint for spot in spots),
        retry=sum(spot.retry for spot in spots),
    )
    by_topic = {topic: Rate() for topic in Topic}
    cells: dict[ChartCell, Rate] = {}
    topic_cache: dict[str, frozenset[Topic]] = {}
    ev_lost = 0.0
    for row in spots:
        ev_lost += row.first_ev_lost
        spot = _spot(row.spot_key)
        if spot is None or not row.first:
            continue
        cell = cell_of(spot)
        cells[cell] = cells.get(cell, Rate()).plus(row.first, row.first_right)
        for topic in _topics(rules, spot, topic_cache):
            by_topic[topic] = by_topic[topic].plus(row.first, row.first_right)
    order = {row: index for index, row in enumerate(ROW_ORDER)}
    by_cell = {
        cell: cells[cell]
        for cell in sorted(cells, key=lambda c: (order.get(c.row, len(order)), COLUMNS.index(c.up)))
    }
    decisions = counts.decisions
    return Stats(
        rules_id=rules.id,
        counts=counts,
        by_topic=by_topic,
        by_cell=by_cell,
        ev_lost_per_100=100 * ev_lost / counts.first if counts.first else None,
        hint_rate=counts.after_hint / decisions if decisions else None,
        retry_rate=summary.retried / decisions if decisions else None,
        costliest=_costliest(summary, costliest),
        own_edge=own_edge(rules, summary) if with_edge else None,
        luck=luck,
        progress=tuple(
            DayProgress(
                date.fromisoformat(day.local_date), Rate(day.first, day.first_right), day.ev_lost
            )
            for day in summary.days
        ),
    )
