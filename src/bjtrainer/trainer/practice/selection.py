"""The weighted draw of focused practice: missed spots and unseen spots come first.

Spots are drawn "with weight toward the ones the user gets wrong most and
the ones they have seen least, so that rare cells (soft doubles, pairs
against an ace) come up, not only T,T v T" (``docs/practice.md``, "How the
spots of a set are drawn").

Decided here, the weight of a candidate spot with ``seen`` first answers of
which ``misses`` were misses (``bjtrainer.trainer.practice.attempts.is_miss``)::

    w = (1 + 2 * misses) / sqrt(1 + seen) / cell_size

- ``1 + 2 * misses`` grows with every miss ("missed most"): a spot missed
  once already outweighs one never dealt;
- ``1 / sqrt(1 + seen)`` fades as a spot is seen ("seen least") without
  ever reaching 0, so a known spot still comes up now and then;
- ``cell_size`` is the number of candidates in the spot's chart cell
  (:mod:`bjtrainer.trainer.practice.cells`): hard 12 v 4 has four two-card hands
  (T,2 9,3 8,4 7,5), hard 5 v 4 only 2,3; dividing by it gives every cell
  the same chance before any answer, so rare cells are not crowded out.

An unseen spot weighs 1 / cell_size; one answered right ten times
0.302 / cell_size; one missed three times in four 3.130 / cell_size.

A set draws without replacement (``numpy.random.Generator.choice`` with
``replace=False``), so a set never repeats a spot.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from bjtrainer.trainer.practice.attempts import SpotHistory
from bjtrainer.trainer.practice.cells import cell_of
from bjtrainer.trainer.spots import Spot

__all__ = ["draw_spots", "selection_weights", "spot_weight"]


def spot_weight(history: SpotHistory) -> float:
    """``(1 + 2 * misses) / sqrt(1 + seen)``, before the cell share.

    Raises
    ------
    ValueError
        If ``misses`` is negative or more than ``seen``.
    """
    seen, misses = history.seen, history.misses
    if not 0 <= misses <= seen:
        raise ValueError(f"A spot cannot be missed {misses} times in {seen} answers.")
    return (1 + 2 * misses) / math.sqrt(1 + seen)


def selection_weights(
    candidates: Sequence[Spot], histories: Mapping[str, SpotHistory]
) -> npt.NDArray[np.float64]:
    """The draw probability of each candidate for a single draw.

    Parameters
    ----------
    candidates : sequence of Spot, length n
    histories : mapping of spot key to SpotHistory
        From ``bjtrainer.trainer.practice.attempts.spot_histories``; a spot that is
        absent has not been seen.

    Returns
    -------
    numpy.ndarray, shape (n,)
        Non-negative, summing to 1 (empty for no candidates).
    """
    if not candidates:
        return np.zeros(0)
    cells = [cell_of(spot) for spot in candidates]
    sizes = Counter(cells)
    weights = np.array(  # shape (n,)
        [
            spot_weight(histories.get(spot.key, SpotHistory())) / sizes[cell]
            for spot, cell in zip(candidates, cells, strict=True)
        ]
    )
    return weights / weights.sum()  # type: ignore[no-any-return]


def draw_spots(
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
        If ``count`` is negative.
    """
    if count < 0:
        raise ValueError(f"Cannot draw {count} spots.")
    pool = [spot for spot in candidates if spot.key not in exclude]
    size = min(count, len(pool))
    if size == 0:
        return ()
    chosen = rng.choice(len(pool), size=size, replace=False, p=selection_weights(pool, histories))
    return tuple(pool[int(index)] for index in chosen)
