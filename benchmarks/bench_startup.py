"""Whole-process start-up times against their targets, printed, never asserted.

- ``bjtrainer hint`` as a process: target at most 200 ms.
- ``bjtrainer`` to its first frame, next to an empty Textual app started
  the same way in the same run: target at most twice as long.

Each figure is the median of several runs. Run:
``python benchmarks/bench_startup.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 7

EMPTY_APP = """
from textual.app import App
class Empty(App[None]):
    pass
async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
Empty().run(headless=True, size=(100, 34), auto_pilot=first_frame)
"""

TRAINER_APP = """
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app
async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
make_app(store=Store.open()).run(headless=True, size=(100, 34), auto_pilot=first_frame)
"""


def median_seconds(command: list[str], env: dict[str, str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, BJTRAINER_HOME=home)
        hint = median_seconds(
            [sys.executable, "-m", "bjtrainer", "hint", "--hand", "T 6", "--up", "T"], env
        )
        empty = median_seconds([sys.executable, "-c", EMPTY_APP], env)
        trainer = median_seconds([sys.executable, "-c", TRAINER_APP], env)
    print(f"bjtrainer hint, whole process:      {hint * 1000:7.1f} ms   (target <= 200 ms)")
    print(f"empty Textual app to first frame:   {empty * 1000:7.1f} ms")
    print(
        f"bjtrainer to first frame:           {trainer * 1000:7.1f} ms   "
        f"({trainer / empty:.2f}x the empty app; target <= 2x)"
    )


if __name__ == "__main__":
    main()
