"""Run a simulation: fixed chunks of rounds, each with its own seed, on one core or many.

The rounds are cut into fixed chunks (:data:`CHUNK_ROUNDS`); chunk ``i``
plays from ``SeedSequence(seed).spawn(chunks)[i]``, whatever the number of
processes, and each chunk's result is three whole numbers (rounds, sum of
nets, sum of squared nets, in scale units), so the result of a seed is the
same with any ``jobs`` (``docs/numbers.md``, "17. Simulation").

At a real shoe (``shoe="real"``) a chunk is :data:`SEATS` tables side by
side, each playing :data:`SEAT_ROUNDS` consecutive rounds (the last table of
the last chunk fewer) from a freshly shuffled shoe, reshuffled between
rounds where the table's cut card says (``Rules.penetration``,
``Rules.shuffle_every_round``; ``Shoe.needs_shuffle``).
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.pool
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.rules import Rules
from bjtrainer.simulate.plan import Plan, make_plan
from bjtrainer.simulate.rounds import InfiniteDeck, Shoes, play_rounds
from bjtrainer.strategy import Chart, cached_chart

__all__ = [
    "BATCH_ROUNDS",
    "CHUNK_ROUNDS",
    "SEATS",
    "SEAT_ROUNDS",
    "ShoeKind",
    "SimulationResult",
    "SimulationStopped",
    "Tally",
    "play_chunk",
    "simulate",
]

ShoeKind = Literal["infinite", "real"]

#: Tables side by side in a real-shoe chunk, and the rounds each plays.
SEATS = 512
SEAT_ROUNDS = 256
#: Rounds per chunk (both kinds of shoe).
CHUNK_ROUNDS = SEATS * SEAT_ROUNDS
#: Rounds played at once on the infinite deck: arrays that stay in the
#: processor's cache (1.7 times as fast as a whole chunk at once).
BATCH_ROUNDS = 32768


@dataclass(frozen=True)
class Tally:
    """Sums over some rounds, exact: nets in scale units (``Plan.unit`` per wager)."""

    rounds: int
    total: int
    squares: int

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.rounds + other.rounds, self.total + other.total, self.squares + other.squares
        )


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation found.

    Attributes
    ----------
    rules_id : str
    shoe : {"infinite", "real"}
    rounds : int
    seed : int
        The seed the rounds were played from (given, or drawn from the OS).
    mean : float
        Mean return per round, units of the original wager.
    standard_error : float
        Standard error of ``mean``: the sample standard deviation of a
        round's net over the square root of ``rounds`` (same units).
    seconds : float
        Wall-clock time of the play.
    jobs : int
        Processes that played.
    """

    rules_id: str
    shoe: ShoeKind
    rounds: int
    seed: int
    mean: float
    standard_error: float
    seconds: float
    jobs: int


class SimulationStopped(KeyboardInterrupt):
    """Ctrl+C stopped a simulation: what the chunks played before it measured.

    A :class:`KeyboardInterrupt`, so that code which does not look at the
    partial result stops as at any Ctrl+C.

    Attributes
    ----------
    partial : SimulationResult or None
        The mean return and its standard error over the whole chunks played
        before the stop (units of the original wager); ``None`` when fewer
        than 2 rounds were.
    rounds : int
        The rounds asked for.
    """

    def __init__(self, partial: SimulationResult | None, rounds: int) -> None:
        super().__init__()
        self.partial = partial
        self.rounds = rounds


def play_chunk(plan: Plan, shoe: ShoeKind, seed: np.random.SeedSequence, rounds: int) -> Tally:
    """Play ``rounds`` rounds (at most :data:`CHUNK_ROUNDS`) from one seed.

    Returns
    -------
    Tally
    """
    rng = np.random.Generator(np.random.PCG64(seed))
    if shoe == "infinite":
        deck, tally = InfiniteDeck(rng), Tally(0, 0, 0)
        for start in range(0, rounds, BATCH_ROUNDS):
            nets = play_rounds(plan, deck, np.arange(min(BATCH_ROUNDS, rounds - start)))
            tally += Tally(len(nets), int(nets.sum()), _squares(nets))
        return tally
    seats = math.ceil(rounds / SEAT_ROUNDS)
    last = rounds - (seats - 1) * SEAT_ROUNDS  # rounds of the last table
    shoes = Shoes.shuffled(rng, seats, plan.decks)
    every, fewer = np.arange(seats), np.arange(seats - 1)
    total = squares = 0
    for played in range(SEAT_ROUNDS if seats > 1 else last):
        rows = every if played < last else fewer
        shoes.shuffle(rows[shoes.needs_shuffle(plan)[rows]])
        nets = play_rounds(plan, shoes, rows)
        total += int(nets.sum())
        squares += _squares(nets)
    return Tally(rounds, total, squares)


def _squares(nets: npt.NDArray[np.int64]) -> int:
    """The exact sum of the squared nets (in Python integers where int64 could overflow)."""
    if not len(nets):
        return 0
    peak = int(np.abs(nets).max())
    if peak * peak * len(nets) < 1 << 62:
        return int(np.dot(nets, nets))
    return sum(int(net) ** 2 for net in nets)


_WORKER_PLAN: list[Plan] = []


def _start_worker(plan: Plan) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _WORKER_PLAN.append(plan)


def _pool(jobs: int, plan: Plan) -> multiprocessing.pool.Pool:
    """``jobs`` processes that play chunks of ``plan``, and ignore Ctrl+C.

    The parent ignores SIGINT while it starts them, so that a Ctrl+C while a
    process imports numpy does not print that process's traceback; the
    parent then stops the pool (:class:`SimulationStopped`).
    """
    context = multiprocessing.get_context("spawn")
    if threading.current_thread() is not threading.main_thread():
        return context.Pool(jobs, initializer=_start_worker, initargs=(plan,))
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(jobs, initializer=_start_worker, initargs=(plan,))
    finally:
        signal.signal(signal.SIGINT, before)


def _play_task(task: tuple[ShoeKind, np.random.SeedSequence, int]) -> Tally:
    shoe, seed, rounds = task
    return play_chunk(_WORKER_PLAN[0], shoe, seed, rounds)


def simulate(
    rules: Rules,
    rounds: int,
    *,
    seed: int | None = None,
    shoe: ShoeKind = "infinite",
    jobs: int = 1,
    chart: Chart | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``rounds`` rounds of the table's basic strategy and measure the return.

    Parameters
    ----------
    rules : Rules
        The table (every rule of play, and the shoe's for ``shoe="real"``).
    rounds : int
        Rounds to play, at least 2.
    seed : int, optional
        Seed of the chunks' generators (at least 0); None draws one below
        2**32 from the OS (it is in the result).
    shoe : {"infinite", "real"}
        Independent draws, or the table's shoe with its cut card.
    jobs : int
        Processes to play in (at least 1); the result does not depend on it.
    chart : Chart, optional
        The chart to play (default the table's,
        :func:`bjtrainer.strategy.cached_chart`: a preset's committed chart).
    on_progress : callable, optional
        Called as ``on_progress(rounds_done, rounds)`` after each chunk.

    Returns
    -------
    SimulationResult

    Raises
    ------
    ValueError
        If ``rounds`` is below 2 or ``jobs`` below 1.
    SimulationStopped
        On Ctrl+C (a :class:`KeyboardInterrupt`): the other processes are
        stopped, and the error holds the result of the chunks played.
    """
    if rounds < 2:
        raise ValueError("A simulation needs at least 2 rounds.")
    if jobs < 1:
        raise ValueError("jobs must be at least 1.")
    plan = make_plan(rules, chart if chart is not None else cached_chart(rules))
    used_seed = secrets.randbelow(1 << 32) if seed is None else seed
    chunks = -(-rounds // CHUNK_ROUNDS)

    def tasks() -> Iterator[tuple[ShoeKind, np.random.SeedSequence, int]]:
        """Chunk ``i``'s seed is ``SeedSequence(used_seed).spawn(chunks)[i]``, made lazily."""
        for i in range(chunks):
            child = np.random.SeedSequence(used_seed, spawn_key=(i,))
            yield shoe, child, min(CHUNK_ROUNDS, rounds - i * CHUNK_ROUNDS)

    tally = Tally(0, 0, 0)
    start = time.perf_counter()
    jobs = min(jobs, chunks)

    def result() -> SimulationResult:
        unit = plan.unit
        mean_units = tally.total / tally.rounds
        variance = (tally.squares - tally.total * mean_units) / (tally.rounds - 1)
        return SimulationResult(
            rules_id=rules.id,
            shoe=shoe,
            rounds=tally.rounds,
            seed=used_seed,
            mean=mean_units / unit,
            standard_error=math.sqrt(max(variance, 0.0) / tally.rounds) / unit,
            seconds=time.perf_counter() - start,
            jobs=jobs,
        )

    try:
        if jobs == 1:
            for task in tasks():
                tally += play_chunk(plan, *task)
                if on_progress is not None:
                    on_progress(tally.rounds, rounds)
        else:
            with _pool(jobs, plan) as pool:
                for part in pool.imap_unordered(_play_task, tasks()):
                    tally += part
                    if on_progress is not None:
                        on_progress(tally.rounds, rounds)
    except KeyboardInterrupt:
        raise SimulationStopped(result() if tally.rounds >= 2 else None, rounds) from None
    return result()
