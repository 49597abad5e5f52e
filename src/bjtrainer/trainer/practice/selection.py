"""The weighted draw of focused practice: close, costly and missed decisions come first.

Spots are drawn "with weight toward the ones the user gets wrong most and
the ones they have seen least, so that rare cells (soft doubles, pairs
against an ace) come up, not only T,T v T", and toward the decisions that
are hard: close and costly to get wrong (``docs/practice.md``, "How the
spots of a set are drawn").

Decided here, the weight of a candidate spot whose two best legal plays are
``gap`` apart (EV, units of the original wager, from the figures the grading
uses, :meth:`bjtrainer.trainer.coach.Coach.evs`), with ``seen`` first answers
of which ``misses`` were misses (``bjtrainer.trainer.practice.attempts.is_miss``)::

    closeness = 0.1 + 0.9 * exp(-gap / 0.1)
    miss rate = (misses + 1) / (seen + 4)
    w = closeness * (miss rate / 0.25) / cell_size

- ``closeness`` is 1 for a tie and falls as the second-best play falls
  behind (0.42 at a gap of 0.10, 0.12 at 0.30), but never below the floor
  0.1, so every chart cell can still come up. Hard 19 v 9 (stand +0.288,
  the next play, surrender, 0.788 behind) weighs 0.100; A,7 v 9 (hit
  -0.101, stand -0.183: 0.082 apart) 0.495; A,6 v 4 (double 0.119, hit
  0.059) 0.597; 12 v 3 (hit -0.234, stand -0.252) 0.848; 9 v 2 (hit 0.074,
  double 0.061) 0.888 (``practice`` table).
- ``miss rate`` is the spot's own miss rate with a prior of one miss in
  four answers, so an unseen spot counts as 0.25 (factor 1); a spot missed
  once already outweighs one never dealt (0.4: factor 1.6), one answered
  right ten times fades (1/14: factor 0.286) without reaching 0, one missed
  three times in four weighs more (0.5: factor 2).
- ``cell_size`` is the number of candidates in the spot's chart cell
  (:mod:`bjtrainer.trainer.practice.cells`): hard 12 v 4 has four two-card hands
  (T,2 9,3 8,4 7,5), hard 5 v 4 only 2,3; dividing by it shares a cell's
  weight among its hands, so a cell dealt many ways is not drawn more.

A set draws without replacement (``numpy.random.Generator.choice`` with
``replace=False``), so a set never repeats a spot.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.rules import Rules
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.practice.attempts import SpotHistory
from bjtrainer.trainer.practice.cells import cell_of
from bjtrainer.trainer.spots import Spot

__all__ = [
    "CLOSENESS_FLOOR",
    "GAP_SCALE",
    "PRIOR_ANSWERS",
    "PRIOR_MISSES",
    "closeness",
    "draw_spots",
    "ev_gap",
    "selection_weights",
    "spot_weight",
]

#: The least closeness weight, so that every chart cell can come up.
CLOSENESS_FLOOR = 0.1
#: The EV gap (units of the original wager) over which closeness falls by a factor e.
GAP_SCALE = 0.1
#: The prior of the miss rate: one miss in four answers for a spot never answered.
PRIOR_MISSES = 1
PRIOR_ANSWERS = 4


@functools.lru_cache(maxsize=4096)
def ev_gap(rules: Rules, spot: Spot) -> float:
    """EV of the best legal play minus that of the second best, units of the original wager.

    From the figures the grading uses (:meth:`bjtrainer.trainer.coach.Coach.evs`);
    cached, since a spot's figures never change. A spot with a single legal
    play has no second best: its gap is ``inf``.

    Raises
    ------
    ValueError
        If the spot is of another table.
    InvalidSpotError
        If the spot cannot occur under the rules.
    """
    ranked = sorted(Coach(rules).evs(spot).values(), reverse=True)
    if len(ranked) < 2:
        return math.inf
    return ranked[0] - ranked[1]


def closeness(gap: float) -> float:
    """``0.1 + 0.9 * exp(-gap / 0.1)``: 1 for a tie, never below 0.1 (module docstring).

    Raises
    ------
    ValueError
        If ``gap`` is negative.
    """
    if gap < 0:
        raise ValueError(f"An EV gap cannot be negative: {gap}.")
    return CLOSENESS_FLOOR + (1 - CLOSENESS_FLOOR) * math.exp(-gap / GAP_SCALE)


def spot_weight(history: SpotHistory) -> float:
    """The miss-rate factor ``4 * (misses + 1) / (seen + 4)``: 1 for an unseen spot.

    Raises
    ------
    ValueError
        If ``misses`` is negative or more than ``seen``.
    """
    seen, misses = history.seen, history.misses
    if not 0 <= misses <= seen:
        raise ValueError(f"A spot cannot be missed {misses} times in {seen} answers.")
    rate = (misses + PRIOR_MISSES) / (seen + PRIOR_ANSWERS)
    return rate / (PRIOR_MISSES / PRIOR_ANSWERS)


def selection_weights(
    rules: Rules, candidates: Sequence[Spot], histories: Mapping[str, SpotHistory]
) -> npt.NDArray[np.float64]:
    """The draw probability of each candidate for a single draw (module docstring).

    Parameters
    ----------
    rules : Rules
        The candidates' table, for their EV gaps (:func:`ev_gap`).
    candidates : sequence of Spot, length n
    histories : mapping of spot key to SpotHistory
        From ``bjtrainer.trainer.practice.attempts.spot_histories``; a spot that is
        absent has not been seen.

    Returns
    -------
    numpy.ndarray, shape (n,)
        Positive, summing to 1 (empty for no candidates).

    Raises
    ------
    ValueError
        If a candidate is of another table.
    """
    if not candidates:
        return np.zeros(0)
    cells = [cell_of(spot) for spot in candidates]
    sizes = Counter(cells)
    weights = np.array(  # shape (n,)
        [
            closeness(ev_gap(rules, spot))
            * spot_weight(histories.get(spot.key, SpotHistory()))
            / sizes[cell]
            for spot, cell in zip(candidates, cells, strict=True)
        ]
    )
    return weights / weights.sum()  # type: ignore[no-any-return]


def draw_spots(
    rules: Rules,
    candidates: Sequence[Spot],
    histories: Mapping[str, SpotHistory],
    count: int,
    rng: np.random.Generator,
    *,
    exclude: Collection[str] = (),
) -> tuple[Spot, ...]:
    """Draw up to ``count`` distinct spots with :func:`selection_weights`.

    Parameters
    ----------
    rules : Rules
        The candidates' table.
    candidates : sequence of Spot
    histories : mapping of spot key to SpotHistory
    count : int
        Spots wanted; fewer come back when there are fewer candidates.
    rng : numpy.random.Generator
        The only source of randomness.
    exclude : collection of str
        Spot keys not to draw (already in the set).

    Returns
    -------
    tuple of Spot
        In draw order.

    Raises
    ------
    ValueError
        If ``count`` is negative, or a candidate is of another table.
    """
    if count < 0:
        raise ValueError(f"Cannot draw {count} spots.")
    pool = [spot for spot in candidates if spot.key not in exclude]
    size = min(count, len(pool))
    if size == 0:
        return ()
    chosen = rng.choice(
        len(pool), size=size, replace=False, p=selection_weights(rules, pool, histories)
    )
    return tuple(pool[int(index)] for index in chosen)
