"""Speed of the EV layer for the ``practice`` rules, printed, never asserted.

- Solving every spot from cold (every cache cleared): the dealer program,
  the stand/hit/double tables and the split values; target at most 5 ms.
  Also shown: the same followed by ``analyse`` of every two-card spot
  (540: 54 two-card hands that are not naturals x 10 up cards).
- One ``analyse`` call afterwards (the Hint and Why of one spot), averaged
  over every two-card spot and a set of split-hand spots; target at most
  20 microseconds.
- The round's expected return from cold, for reference.

Each figure is the median of several runs. Run:
``PYTHONPATH=src python benchmarks/bench_ev.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import HandSpot, analyse, round_ev
from bjtrainer.ev import spot as spot_module
from bjtrainer.ev.independent import dealer as dealer_module
from bjtrainer.ev.independent import house_edge, solution

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
RUNS = 31
CALLS = 20


def clear_caches() -> None:
    """Forget everything solved, so the next call starts cold."""
    solution.solve.cache_clear()
    dealer_module.dealer_table.cache_clear()
    house_edge._solve_round.cache_clear()
    spot_module._read_hand.cache_clear()


def every_two_card_spot() -> list[HandSpot]:
    hands = [
        (a, b)
        for i, a in enumerate(RANKS)
        for b in RANKS[i:]
        if {a, b} != {"A", "T"}  # a natural is settled, not a decision
    ]
    return [HandSpot(hand, up) for hand in hands for up in RANKS]


def split_hand_spots() -> list[HandSpot]:
    return [
        HandSpot((rank, rank), up, split_hand=True, hands_in_round=hands, pending_split_hands=p)
        for rank in "2345678T"
        for up in RANKS
        for hands in (2, 3)
        for p in range(hands)
    ]


def median_seconds(work: Callable[[], object], *, cold: bool) -> float:
    times = []
    for _ in range(RUNS):
        if cold:
            clear_caches()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rules = PRESETS["practice"]
    two_card = every_two_card_spot()
    spot_set = two_card + split_hand_spots()

    solve_all = median_seconds(lambda: solution.solve(rules), cold=True)

    def solve_and_analyse() -> None:
        for spot in two_card:
            analyse(rules, spot)

    cold_all = median_seconds(solve_and_analyse, cold=True)
    round_cold = median_seconds(lambda: round_ev(rules), cold=True)

    clear_caches()
    for spot in spot_set:  # warm: solved once, hands read once
        analyse(rules, spot)

    def analyse_set() -> None:
        for _ in range(CALLS):
            for spot in spot_set:
                analyse(rules, spot)

    per_call = median_seconds(analyse_set, cold=False) / (CALLS * len(spot_set))

    print(f"practice rules, {len(two_card)} two-card spots, {len(spot_set)} spots in the set")
    print(f"solve every spot from cold:              {solve_all * 1e3:7.3f} ms   (target <= 5 ms)")
    print(f"  cold solve + analyse all two-card spots: {cold_all * 1e3:7.3f} ms")
    print(f"analyse() per call afterwards:           {per_call * 1e6:7.2f} us   (target <= 20 us)")
    print(f"round_ev() from cold (house edge):       {round_cold * 1e3:7.3f} ms")


if __name__ == "__main__":
    main()
