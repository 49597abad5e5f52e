"""Exact finite-shoe analysis timings against their targets, printed, never asserted.

- The full six-deck chart of the ``practice`` table from cold (every cache
  empty, in a fresh process after the imports): target at most 1 s on one
  core. Also shown: the same process end to end, imports included.
- The shoe-aware figures of one spot mid-shoe (half a six-deck shoe seen):
  the first spot of a fresh process, and then each further spot; target at
  most 50 ms.

Each figure is the median of several fresh processes, run with one BLAS
thread; wall-clock figures grow when other work shares the machine, so the
chart's CPU time is printed too. Run:
``python benchmarks/bench_chart.py``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from typing import Any

RUNS = 5

CHART = """
import json, time
start = time.perf_counter()
from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import build_chart
imported, cpu = time.perf_counter(), time.process_time()
build_chart(PRESETS["practice"])
done = time.perf_counter()
print(json.dumps({"chart": done - imported, "cpu": time.process_time() - cpu,
                  "process": done - start}))
"""

SPOTS = """
import json, time
import numpy as np
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import HandSpot
from bjtrainer.ev.exact.composition import unseen_composition
from bjtrainer.ev.exact.spot import analyse_shoe

rules = PRESETS["practice"]
rng = np.random.default_rng(2024)
shoe = list("A23456789TJQK") * 24
order = rng.permutation(len(shoe))
seen = [shoe[i] for i in order[:156]]  # half the shoe dealt
spots = [("T6", "T"), ("88", "T"), ("22", "2"), ("A7", "9"), ("T2", "4"), ("63", "5"),
         ("77", "7"), ("A2", "5"), ("T5", "A"), ("99", "8"), ("AA", "6"), ("T32", "T")]
times = []
for cards, up in spots:
    unseen = unseen_composition(6, seen + list(cards) + [up])
    start = time.perf_counter()
    analyse_shoe(rules, HandSpot(cards=tuple(cards), up=up), unseen)
    times.append(time.perf_counter() - start)
print(json.dumps({"first": times[0], "rest": times[1:]}))
"""


def run(code: str, env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        # One core: no BLAS threads (the only BLAS call is a small matrix product).
        env = dict(os.environ, BJTRAINER_HOME=home, OPENBLAS_NUM_THREADS="1")
        charts = [run(CHART, env) for _ in range(RUNS)]
        spots = [run(SPOTS, env) for _ in range(RUNS)]
    chart = statistics.median(float(r["chart"]) for r in charts)
    cpu = statistics.median(float(r["cpu"]) for r in charts)
    process = statistics.median(float(r["process"]) for r in charts)
    first = statistics.median(float(r["first"]) for r in spots)
    rest = [float(t) for r in spots for t in r["rest"]]
    print(f"practice chart (6 decks), from cold:     {chart * 1000:7.1f} ms   (target <= 1000 ms)")
    print(f"  CPU time of that computation:          {cpu * 1000:7.1f} ms")
    print(f"  the same process, imports included:    {process * 1000:7.1f} ms")
    print(f"shoe-aware spot mid-shoe, first in run:  {first * 1000:7.1f} ms   (target <= 50 ms)")
    median, worst = statistics.median(rest) * 1000, max(rest) * 1000
    print(
        f"shoe-aware spot mid-shoe, next spots:    {median:7.1f} ms median, "
        f"{worst:.1f} ms worst (a pair, with resplits)   (target <= 50 ms)"
    )


if __name__ == "__main__":
    main()
