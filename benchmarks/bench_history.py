"""A year of practice stays fast: each practice read with a million answers, never asserted.

Target (``docs/practice.md``, "Stats"): with 1,000,000 graded answers in
the store, ``bjtrainer stats --json``, the stats screen, starting a focused
set, a Mistakes & weak spots set and the daily five, and the review queue
each take at most 1.5x their time on an empty store, with a peak memory
under 100 MiB.

Two store files are made: an empty one (the anchor) and one holding the
history. The history is written through the store's own API: the answers
with ``Store.record_attempts`` (the bulk write: ``executemany``, then the
running totals recomputed in SQL, as if each answer had been recorded one
by one), a practice set every ten answers with ``Store.start_run`` and
``Store.finish_run``, and then one miss per opening spot of the hard totals
through ``Practice.record_table_answer`` (the table's own write), so the
review queue holds real rows. The answers are spread over 365 days, every
opening spot and insurance question of the ``practice`` table, 85% first
unassisted answers (90% of them right), 5% after a hint, 10% retries.

Each operation runs in a fresh process, the whole process measured by
``os.wait4`` (``resource`` usage): CPU time (user + system), the median of
``--repeat`` runs, and the highest peak resident set of them.
The operation's own wall time, inside the process, is printed beside.
The peak is the process's ``VmHWM`` (Linux): ``resource.getrusage`` would
report at least the size of the benchmark process it was forked from.
Run: ``python benchmarks/bench_history.py [--answers N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

ANSWERS = 1_000_000
REPEAT = 3
TARGET_RATIO = 1.5
TARGET_MIB = 100
ANSWERS_PER_RUN = 10
DAYS = 365

#: The operations: name, and the child's code (the store's path in ``path``).
OPERATIONS = ("stats --json", "stats screen", "focused set", "review set", "daily five", "queue")

CHILD = """
import asyncio, sys, time
from pathlib import Path
import numpy as np
op, path = sys.argv[1], Path(sys.argv[2])
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
rules = PRESETS["practice"]
began = time.perf_counter()
if op == "stats --json":
    from bjtrainer.cli import main

    main(["stats", "--json"])
elif op == "stats screen":
    from bjtrainer.tui.app import make_app
    from bjtrainer.tui.screens.stats import StatsScreen

    async def show() -> None:
        app = make_app(store=Store.open(path), rules=rules, rng=np.random.default_rng(1))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("m", "0")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen), app.screen

    asyncio.run(show())
else:
    from bjtrainer.trainer.clock import SystemClock
    from bjtrainer.trainer.practice.modes import Practice
    from bjtrainer.trainer.practice.topics import Topic
    with Store.open(path) as store:
        practice = Practice(store, rules, SystemClock(), np.random.default_rng(1))
        if op == "focused set":
            practice.start_focus(Topic.HARD)
        elif op == "review set":
            if practice.can_start_review():
                practice.start_review()
        elif op == "daily five":
            practice.start_daily()
        elif op == "queue":
            practice.review_queue()
        else:
            raise SystemExit(f"no operation {op!r}")
own = time.perf_counter() - began
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(f"{own:.4f} {int(peak.split()[1]) / 1024:.1f}", file=sys.stderr)
"""


def history(count: int, run_ids: list[int], seed: int) -> Iterator[object]:
    """``count`` graded answers of the ``practice`` table over :data:`DAYS` days, oldest first."""
    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.store import AttemptKind, AttemptRecord
    from bjtrainer.trainer.coach import Coach
    from bjtrainer.trainer.practice.topics import insurance_spots, opening_spots

    rules = PRESETS["practice"]
    coach = Coach(rules)
    spots = [*opening_spots(rules), *insurance_spots(rules)]
    figures = [coach.evs(spot) for spot in spots]
    rng = np.random.default_rng(seed)
    end = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0)
    start = end - timedelta(days=DAYS)
    step = (end - start) / max(count, 1)
    which = rng.integers(len(spots), size=count)
    kinds = rng.choice(3, size=count, p=[0.85, 0.05, 0.10])
    right = rng.random(count) < 0.9
    last_decision = "none"
    for number in range(count):
        spot, evs = spots[int(which[number])], figures[int(which[number])]
        best = max(evs, key=evs.__getitem__)
        others = [action for action in evs if action is not best]
        action = best if right[number] or not others else others[number % len(others)]
        kind = (AttemptKind.FIRST, AttemptKind.AFTER_HINT, AttemptKind.RETRY)[int(kinds[number])]
        token = f"history/{number}"
        decision = last_decision if kind is AttemptKind.RETRY else token
        last_decision = decision
        moment = start + step * number
        in_run = run_ids[number // ANSWERS_PER_RUN] if number % 3 else None
        yield AttemptRecord(
            token=token,
            decision_key=decision,
            run_id=in_run,
            position=None if in_run is None else number % ANSWERS_PER_RUN,
            rules_id=rules.id,
            spot_key=spot.key,
            cards=spot.cards,
            up=spot.up,
            split_hand=False,
            kind=kind,
            action=action,
            best=best,
            accepted=action is best,
            ev_lost=evs[best] - evs[action],
            evs=evs,
            created_at=moment.isoformat(),
            local_date=moment.date().isoformat(),
        )


def fill(path: Path, count: int) -> float:
    """Write the history into a new store at ``path``; the seconds it took."""
    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.store import RunKind, RunRecord, Store
    from bjtrainer.trainer.clock import SystemClock
    from bjtrainer.trainer.coach import Coach
    from bjtrainer.trainer.practice.modes import Practice
    from bjtrainer.trainer.practice.topics import Topic, topic_spots

    rules = PRESETS["practice"]
    began = time.perf_counter()
    with Store.open(path) as store:
        runs = -(-count // ANSWERS_PER_RUN)
        end = datetime.now(UTC)
        run_ids = []
        with store.transaction():
            for number in range(runs):
                moment = (end - timedelta(days=DAYS * (1 - number / max(runs, 1)))).isoformat()
                run_id = store.start_run(
                    RunRecord(rules.id, RunKind.FOCUS, (), moment, moment[:10], topic="hard")
                )
                store.finish_run(run_id, moment)
                run_ids.append(run_id)
        store.record_attempts(history(count, run_ids, seed=1))  # type: ignore[arg-type]
        practice = Practice(store, rules, SystemClock(), np.random.default_rng(2))
        coach = Coach(rules)
        for number, spot in enumerate(topic_spots(rules, Topic.HARD)[:120]):
            evs = coach.evs(spot)
            worst = min(evs, key=evs.__getitem__)
            practice.record_table_answer(
                spot, coach.grade(spot, worst), hint_shown=False, token=f"miss/{number}"
            )
    return time.perf_counter() - began


def fill_apart(path: Path, count: int) -> float:
    """:func:`fill` in a process of its own (this one stays small); the seconds it took."""
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import bench_history"
    code += f"; print(bench_history.fill(__import__('pathlib').Path({str(path)!r}), {count}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def measure(op: str, home: Path) -> tuple[float, float, float]:
    """One run of ``op`` on the store in ``home``: CPU seconds, peak MiB, the op's own seconds.

    CPU is the whole process's (``os.wait4``'s ``resource`` usage); the peak
    is the process's own ``VmHWM`` read at its end (``ru_maxrss`` would
    start from the parent's size at the fork on Linux).
    """
    env = {**os.environ, "BJTRAINER_HOME": str(home)}
    command = [sys.executable, "-c", CHILD, op, str(home / "bjtrainer.db")]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        out.seek(0)
        err.seek(0)
        printed, errors = out.read().decode(), err.read().decode()
    if status != 0:
        raise SystemExit(f"{op} failed: {errors[-2000:]}")
    del printed  # the figures themselves (stats --json prints them)
    own, peak = (float(word) for word in errors.split()[-2:])
    return usage.ru_utime + usage.ru_stime, peak, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=ANSWERS, help="answers in the history")
    parser.add_argument("--repeat", type=int, default=REPEAT, help="runs of each operation")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder, "empty"), Path(folder, "full")
        for home in (empty, full):
            home.mkdir()
        from bjtrainer.store import Store

        Store.open(empty / "bjtrainer.db").close()
        seconds = fill_apart(full / "bjtrainer.db", args.answers)
        size = (full / "bjtrainer.db").stat().st_size / 2**20
        print(f"History: {args.answers:,} answers written in {seconds:.1f} s ({size:.0f} MiB).")
        print(
            f"Target: CPU at most {TARGET_RATIO}x the empty store's (the anchor, this run), "
            f"peak memory under {TARGET_MIB} MiB. Median CPU of {args.repeat} whole processes."
        )
        header = f"{'operation':<14}{'empty CPU':>10}{'full CPU':>10}{'ratio':>7}"
        header += f"{'target':>8}{'peak MiB':>10}{'own s':>8}  verdict"
        print(header)
        for op in OPERATIONS:
            runs = {
                name: [measure(op, home) for _ in range(args.repeat)]
                for name, home in (("empty", empty), ("full", full))
            }
            cpu = {name: statistics.median(run[0] for run in found) for name, found in runs.items()}
            peak = max(run[1] for run in runs["full"])
            own = statistics.median(run[2] for run in runs["full"])
            ratio = cpu["full"] / cpu["empty"]
            verdict = "met" if ratio <= TARGET_RATIO and peak < TARGET_MIB else "MISSED"
            print(
                f"{op:<14}{cpu['empty']:>9.2f}s{cpu['full']:>9.2f}s{ratio:>6.2f}x"
                f"{TARGET_RATIO:>7.1f}x{peak:>10.1f}{own:>8.3f}  {verdict}"
            )


if __name__ == "__main__":
    main()
