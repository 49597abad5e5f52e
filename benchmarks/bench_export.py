"""``bjtrainer export`` of a million answers: time and peak memory, printed, never asserted.

Target (``docs/export.md``): the export streams, so its peak memory with
1,000,000 graded answers in the store stays within 1.5x of the export of an
empty store (the anchor: Python, numpy-free start-up and the imports), and
the time grows with the rows alone.

Three store files are filled through the store's own bulk write,
``Store.record_attempts`` (``executemany``; the running totals recomputed
in SQL): empty, a tenth of the answers, and all of them. The answers cycle
over every opening spot of the ``practice`` table with its independent-draw
EVs, a day's worth per local date. Each export runs ``python -m bjtrainer
export`` (CSV, and JSON for the largest) in a fresh process writing to
``/dev/null``, measured by ``os.wait4``: CPU time (user + system) and peak
resident set (``ru_maxrss``).
Run: ``python benchmarks/bench_export.py [--answers N]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import AttemptKind, AttemptRecord, Store
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.spots import Spot

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")

PER_DAY = 2_000


def answers(count: int) -> Iterator[AttemptRecord]:
    """``count`` answers over the practice table's opening spots, the worst play every tenth."""
    rules = PRESETS["practice"]
    coach = Coach(rules)
    figures = []
    for index, first in enumerate(RANKS):
        for second in RANKS[index:]:
            if {first, second} == {"T", "A"}:
                continue  # a natural: no decision
            legal = {Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}
            if first == second:
                legal.add(Action.SPLIT)
            for up in RANKS:
                spot = Spot(rules.id, (first, second), up, legal=frozenset(legal))
                evs = coach.evs(spot)
                figures.append((spot, evs, max(evs, key=evs.__getitem__)))
    first = date(2026, 1, 1)
    for number in range(count):
        spot, evs, best = figures[number % len(figures)]
        action = min(evs, key=evs.__getitem__) if number % 10 == 0 else best
        day = first + timedelta(days=number // PER_DAY)
        second = number % PER_DAY * 30
        yield AttemptRecord(
            token=f"bench/{number}",
            decision_key=f"bench/{number}",
            run_id=None,
            position=None,
            rules_id=rules.id,
            spot_key=spot.key,
            cards=spot.cards,
            up=spot.up,
            split_hand=spot.split_hand,
            kind=AttemptKind.FIRST,
            action=action,
            best=best,
            accepted=action is best,
            ev_lost=evs[best] - evs[action],
            evs=evs,
            created_at=f"{day.isoformat()}T{second // 3600:02d}:{second // 60 % 60:02d}"
            f":{second % 60:02d}+01:00",
            local_date=day.isoformat(),
        )


def fill(home: Path, count: int) -> float:
    """A store of ``count`` answers in ``home``; the seconds the bulk write took."""
    home.mkdir(parents=True)
    began = time.perf_counter()
    with Store.open(home / "bjtrainer.db") as store:
        store.record_attempts(answers(count))
    return time.perf_counter() - began


def export(home: Path, *options: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of one ``bjtrainer export`` to /dev/null."""
    environment = {**os.environ, "BJTRAINER_HOME": str(home)}
    began = time.perf_counter()
    with open(os.devnull, "w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "bjtrainer", "export", *options],
            stdout=sink,
            env=environment,
        )
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    if status != 0:
        raise SystemExit(f"bjtrainer export {' '.join(options)} failed: status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000)
    count = parser.parse_args().answers
    with tempfile.TemporaryDirectory() as folder:
        sizes = {"empty": 0, "a tenth": count // 10, "all": count}
        homes = {name: Path(folder) / name.replace(" ", "-") for name in sizes}
        for name, size in sizes.items():
            seconds = fill(homes[name], size)
            print(f"filled {name}: {size:,} answers in {seconds:.1f} s")
        anchor = export(homes["empty"])
        print(f"{'export':28} {'answers':>10} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9}")
        print(
            f"{'csv, empty (anchor)':28} {0:>10,} {anchor[0]:>8.2f} {anchor[1]:>8.2f} "
            f"{anchor[2]:>9.1f}"
        )
        for name, options in (
            ("csv, a tenth", ()),
            ("csv, all", ()),
            ("json, all", ("--format", "json")),
        ):
            home = homes["a tenth" if "tenth" in name else "all"]
            size = sizes["a tenth" if "tenth" in name else "all"]
            wall, cpu, peak = export(home, *options)
            rate = size / max(cpu - anchor[1], 1e-9)
            print(
                f"{name:28} {size:>10,} {wall:>8.2f} {cpu:>8.2f} {peak:>9.1f}"
                f"   {rate:,.0f} rows/s over the anchor; peak {peak / anchor[2]:.2f}x "
                f"the anchor (target <= 1.5x)"
            )


if __name__ == "__main__":
    main()
