"""One answer-and-save at the table while a second window writes, printed, never asserted.

Target: the 99th percentile of one answer-and-save under a second writer at
most 50 ms (``docs/playing.md``, "Two windows").

One process plays the ``practice`` table with a :class:`TableSession`; each
timed call is ``TableSession.play``: the revision check, the grade, the
move, and the one ``BEGIN IMMEDIATE`` transaction that stores the attempt,
its review-queue row and the saved table. A second process plays the
``home`` table on the same store file for the whole time (every key press
a write): once at 20 key presses a second (a very fast player in another
window), once as fast as it can (each write waits for the other's). The
same is measured with no second writer, for reference. The first rounds
are played untimed (the grader's figures are computed once per table).
Run: ``python benchmarks/bench_two_windows.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession

ANSWERS = 1000
WARM_UP = 50

#: The second window: plays ``home`` until the stop file appears, a key press every
#: ``PAUSE`` seconds at most (0: no pause); prints its writes.
SECOND_WRITER = """
import sys, time
from datetime import UTC, datetime, timedelta
from pathlib import Path
import numpy as np
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession

path, ready, stop = (Path(name) for name in sys.argv[1:4])
pause = float(sys.argv[4])
rng = np.random.default_rng(2)  # the key presses (the table has its own generator)
start = datetime(2025, 1, 2, tzinfo=UTC)
ticks = iter(range(10**9))
writes = 0
with Store.open(path) as store:
    clock = lambda: start + timedelta(seconds=next(ticks))
    session = TableSession.open(store, PRESETS["home"], np.random.default_rng(3), clock)
    ready.touch()
    while not stop.exists():
        began = time.perf_counter()
        if session.in_play:
            legal = sorted(session.round.legal_actions(), key=str)
            session.play(legal[int(rng.integers(len(legal)))])
        elif session.table.can_refill():
            session.refill()
        else:
            session.deal()
        writes += 1
        time.sleep(max(0.0, pause - (time.perf_counter() - began)))
print(writes)
"""


def ticking_clock() -> object:
    start = datetime(2025, 1, 2, tzinfo=UTC)
    ticks = iter(range(10**9))
    return lambda: start + timedelta(seconds=next(ticks))


def answer_times(session: TableSession, rng: np.random.Generator, count: int) -> list[float]:
    """Seconds of each of ``count`` answers (deals and refills between them are not timed)."""
    times: list[float] = []
    while len(times) < count:
        if not session.in_play:
            if session.table.can_refill():
                session.refill()
            session.deal()
            continue
        round_ = session.round
        assert round_ is not None
        legal = sorted(round_.legal_actions(), key=str)
        action = legal[int(rng.integers(len(legal)))]
        began = time.perf_counter()
        session.play(action)
        times.append(time.perf_counter() - began)
    return times


def measure(home: Path, pause: float | None) -> tuple[list[float], int]:
    """The answer times at ``practice``, and the second window's writes meanwhile.

    ``pause``: the second window's seconds between key presses (0: none);
    ``None``: no second window.
    """
    path = home / f"bjtrainer-{pause}.db"
    ready, stop = home / "ready", home / "stop"
    ready.unlink(missing_ok=True)
    stop.unlink(missing_ok=True)
    rng = np.random.default_rng(1)  # the key presses (the table has its own generator)
    with Store.open(path) as store:
        table_rng = np.random.default_rng(4)
        session = TableSession.open(store, PRESETS["practice"], table_rng, ticking_clock())  # type: ignore[arg-type]
        answer_times(session, rng, WARM_UP)
        writer = None
        if pause is not None:
            command = [sys.executable, "-c", SECOND_WRITER, str(path), str(ready), str(stop)]
            command.append(str(pause))
            writer = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            while not ready.exists():
                time.sleep(0.01)
            time.sleep(1.0)  # its grader's figures are computed: it writes at full speed now
        times = answer_times(session, rng, ANSWERS)
        if writer is None:
            return times, 0
        stop.touch()
        out, _ = writer.communicate(timeout=60)
        if writer.returncode != 0:
            raise SystemExit(f"the second writer failed (exit {writer.returncode})")
        return times, int(out)


def report(label: str, times: list[float]) -> None:
    milliseconds = sorted(t * 1000 for t in times)
    p99 = milliseconds[int(0.99 * len(milliseconds)) - 1]
    print(
        f"{label:<26} median {statistics.median(milliseconds):6.2f} ms   "
        f"p99 {p99:6.2f} ms   max {milliseconds[-1]:7.2f} ms   (n = {len(milliseconds)})"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["BJTRAINER_HOME"] = folder
        alone, _ = measure(home, None)
        paced, paced_writes = measure(home, 0.05)
        flat_out, writes = measure(home, 0.0)
    print("One answer-and-save at the practice table (TableSession.play):")
    report("alone", alone)
    report("second writer, 20/s", paced)
    report("second writer, flat out", flat_out)
    print(f"the second writer made {paced_writes} and {writes} writes meanwhile")
    print("target: p99 <= 50 ms under a second writer")


if __name__ == "__main__":
    main()
