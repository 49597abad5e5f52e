"""Speed of ``bjtrainer simulate``, printed, never asserted (``docs/numbers.md``, section 17).

Rounds of basic strategy per second per core, measured in CPU time of this
process (so another program on the machine slows the figure little), for
each preset:

- on the infinite deck: target at least 5,000,000 rounds a second;
- on the table's real shoe with its cut card (``home``: one deck shuffled
  before every round): target at least 200,000.

The anchor, measured in the same run: the engine's own pure-Python
:class:`~bjtrainer.engine.round.Round` playing the same chart (what the
table screen runs for each round), in rounds a second on one core. Also
shown: the wall-clock rate of 6.3 million rounds with ``--jobs 1`` and
``--jobs 2`` (starting the processes included). Each per-core figure is the
best of a few runs of one chunk (131,072 rounds). Run:
``PYTHONPATH=src python benchmarks/bench_simulate.py``.
"""

from __future__ import annotations

import time

import numpy as np

from bjtrainer.engine.actions import HAND_ACTIONS
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.simulate import make_plan, simulate
from bjtrainer.simulate.run import CHUNK_ROUNDS, ShoeKind, play_chunk
from bjtrainer.strategy import cached_chart, chart_action

TARGETS: dict[str, float] = {"infinite": 5_000_000, "real": 200_000}
RUNS = 5
ENGINE_ROUNDS = 3000


def chunk_rate(rules: Rules, shoe: ShoeKind) -> float:
    """Best rounds per CPU second over :data:`RUNS` chunks."""
    plan = make_plan(rules, cached_chart(rules))
    best = 0.0
    for run in range(RUNS):
        start = time.process_time()
        play_chunk(plan, shoe, np.random.SeedSequence(run), CHUNK_ROUNDS)
        best = max(best, CHUNK_ROUNDS / (time.process_time() - start))
    return best


def engine_rate(rules: Rules) -> float:
    """Rounds per CPU second of the engine's Round playing the chart from a real shoe."""
    chart = cached_chart(rules)
    rng = np.random.default_rng(0)
    shoe = Shoe(rules, rng)
    bankroll = Bankroll(10**12)
    start = time.process_time()
    for _ in range(ENGINE_ROUNDS):
        if shoe.needs_shuffle():
            shoe.shuffle()
        round_ = Round(rules, shoe, bankroll, 10)
        while round_.phase is not Phase.SETTLED:
            if round_.phase is Phase.INSURANCE:
                round_.decline_insurance()
                continue
            hand = round_.hands[round_.active]
            legal = [action for action in HAND_ACTIONS if action in round_.legal_actions()]
            cards = [card.rank for card in hand.cards]
            round_.apply(chart_action(chart, cards, round_.up_card.rank, legal))
    return ENGINE_ROUNDS / (time.process_time() - start)


def main() -> None:
    print(f"bjtrainer simulate: rounds per second per core (CPU time, best of {RUNS} chunks)")
    header = f"{'table':<10}{'shoe':<10}{'measured':>14}{'target':>12}{'ratio':>8}"
    print(header)
    for name, rules in PRESETS.items():
        for shoe in ("infinite", "real"):
            rate = chunk_rate(rules, shoe)  # type: ignore[arg-type]
            target = TARGETS[shoe]
            print(f"{name:<10}{shoe:<10}{rate:>14,.0f}{target:>12,.0f}{rate / target:>7.1f}x")
    print()
    print("Anchor, same run: the engine's pure-Python Round, real shoe, one core")
    for name in ("practice", "home"):
        print(f"{name:<10}{engine_rate(PRESETS[name]):>14,.0f} rounds a second")
    print()
    rules = PRESETS["practice"]
    for jobs in (1, 2):
        result = simulate(rules, 48 * CHUNK_ROUNDS, seed=1, jobs=jobs)
        rate = result.rounds / result.seconds
        print(f"practice, infinite deck, --jobs {jobs}: {rate:,.0f} rounds a second (wall clock)")


if __name__ == "__main__":
    main()
