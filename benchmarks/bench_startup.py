"""Whole-process start-up figures against their targets, each beside its anchor.

Printed, never asserted (``docs/architecture.md``, "Start-up"):

- ``bjtrainer hint --rules practice --hand "T 6" --up T`` as a whole
  process, next to ``python -c "import numpy"``: target at most 2x.
- ``bjtrainer`` to its first frame, next to an empty Textual ``App``
  started the same way: target at most 1.3x. Both run through one small
  script that makes every ``App`` headless (100 x 34) and exit on Textual's
  ``Ready`` event, which the app gets once its first frame is drawn. The
  trainer's first frame is its opening screen (the felt and the title,
  drawn before the store opens: ``docs/architecture.md``, "Start-up"); so
  it is also timed to its first real screen (``BjTrainerApp.Opened``: the
  sit-down or table screen up, its frame drawn), against the same anchor.
  Both are timed at a first start (the sit-down screen) and with a table
  chosen before (the table screen).

Each pair of processes runs back to back, its order alternating, so a busy
machine slows both alike; the figures are medians over the pairs of the
wall time and of the CPU time (user + system, from ``os.wait4``). Python
writes its bytecode to a temporary folder here (a user's install has it;
``PYTHONDONTWRITEBYTECODE`` would compile every module of bjtrainer at every
start), and each command runs once before it is timed. After the figures,
``python -X importtime`` of each command: the 15 imports that take longest
with what they import.

Run: ``python benchmarks/bench_startup.py [PAIRS]`` (default 9 pairs).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

PAIRS = 9
HINT_TARGET = 2.0
FRAME_TARGET = 1.3

#: Run ``sys.argv[1]`` ("empty" or a bjtrainer command line) with every App
#: headless, exiting when its first frame has been drawn.
#: Writes to standard error the seconds from the script's start to ``App.run``
#: (imports, the app's making) and from there to the first frame. With
#: ``FIRST_FRAME_UNTIL=real`` in the environment the trainer exits at its first
#: real screen instead (an empty App at its first frame still).
FIRST_FRAME = """
import os
import sys
import time
start = time.perf_counter()
from textual.app import App

def exit_now(self, *_):
    print(f"phases {ran - start} {time.perf_counter() - ran}", file=sys.stderr)
    print("screens", *(type(screen).__name__ for screen in self.screen_stack), file=sys.stderr)
    self.exit()

def exit_on_first_frame(self, event):
    if os.environ.get("FIRST_FRAME_UNTIL") != "real" or type(self) is App:
        exit_now(self)

def run_headless(self, **options):
    global ran
    ran = time.perf_counter()
    return _run(self, headless=True, size=(100, 34))

App.on_ready = exit_on_first_frame  # Textual's Ready: the first frame is displayed
_run = App.run
App.run = run_headless
if sys.argv[1:] == ["empty"]:
    App().run()
else:
    from bjtrainer.cli import main
    from bjtrainer.tui.app import BjTrainerApp
    if os.environ.get("FIRST_FRAME_UNTIL") == "real":
        BjTrainerApp.on_bj_trainer_app_opened = exit_now
    raise SystemExit(main(sys.argv[1:]))
"""

#: A returning user's store: the table chosen on the sit-down screen, the
#: guided introduction's invitation answered.
RETURNING = """
from bjtrainer.store import Store
from bjtrainer.tui.screens.lesson import INVITED_SETTING
from bjtrainer.tui.seat import TABLE_SETTING
with Store.open() as store:
    store.set_setting(TABLE_SETTING, "practice")
    store.set_setting(INVITED_SETTING, "1")
"""

HINT = ["-m", "bjtrainer", "hint", "--rules", "practice", "--hand", "T 6", "--up", "T"]
NUMPY = ["-c", "import numpy"]


def timed(arguments: Sequence[str], env: dict[str, str]) -> tuple[float, float, list[float]]:
    """Wall and CPU seconds of ``python ARGUMENTS`` as a whole process, and its phases.

    The phases are the seconds the process wrote after ``phases`` on standard
    error (none for a process that writes none).
    """
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, *arguments], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    assert process.stderr is not None
    error = process.stderr.read()
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(arguments)} failed: {error.decode(errors='replace')}")
    phases = [
        float(value)
        for line in error.decode(errors="replace").splitlines()
        if line.startswith("phases ")
        for value in line.split()[1:]
    ]
    return wall, usage.ru_utime + usage.ru_stime, phases


def screens(arguments: Sequence[str], env: dict[str, str]) -> str:
    """The screens on the stack at the first frame of ``python ARGUMENTS`` (the script)."""
    done = subprocess.run(
        [sys.executable, *arguments], env=env, capture_output=True, text=True, check=True
    )
    return next(line for line in done.stderr.splitlines() if line.startswith("screens "))[8:]


def paired(
    anchor: Sequence[str], subject: Sequence[str], env: dict[str, str], pairs: int
) -> dict[str, float]:
    """Median wall and CPU seconds of anchor and subject over interleaved pairs."""
    timed(anchor, env), timed(subject, env)  # warm: bytecode written, files cached
    runs: dict[str, list[float]] = {
        key: [] for key in ("aw", "ac", "sw", "sc", "ratio", "a0", "a1", "s0", "s1")
    }
    for index in range(pairs):
        if index % 2:
            subject_times = timed(subject, env)
            anchor_times = timed(anchor, env)
        else:
            anchor_times = timed(anchor, env)
            subject_times = timed(subject, env)
        runs["aw"].append(anchor_times[0])
        runs["ac"].append(anchor_times[1])
        runs["sw"].append(subject_times[0])
        runs["sc"].append(subject_times[1])
        runs["ratio"].append(subject_times[0] / anchor_times[0])
        for name, phases in (("a", anchor_times[2]), ("s", subject_times[2])):
            for phase, seconds in enumerate(phases):
                runs[f"{name}{phase}"].append(seconds)
    return {key: statistics.median(values) for key, values in runs.items() if values}


def report(
    title: str,
    anchor_name: str,
    figures: dict[str, float],
    target: float,
    until: str = "its first frame",
) -> None:
    ratio = figures["sw"] / figures["aw"]
    verdict = "met" if ratio <= target else "NOT met"
    print(title)
    for name, wall, cpu in ((anchor_name, "aw", "ac"), ("measured", "sw", "sc")):
        line = f"  {name:<44} {figures[wall] * 1000:7.0f} ms wall {figures[cpu] * 1000:6.0f} ms CPU"
        phase = wall[0]
        if f"{phase}0" in figures:
            line += (
                f" ({figures[f'{phase}0'] * 1000:.0f} ms to App.run, "
                f"{figures[f'{phase}1'] * 1000:.0f} ms from there to "
                f"{'its first frame' if phase == 'a' else until})"
            )
        print(line)
    print(
        f"  ratio {ratio:.2f}x wall (median of pair ratios {figures['ratio']:.2f}x), "
        f"{figures['sc'] / figures['ac']:.2f}x CPU; target <= {target}x wall: {verdict}"
    )


def import_summary(arguments: Sequence[str], env: dict[str, str], top: int = 15) -> None:
    """The ``top`` imports of ``python -X importtime ARGUMENTS`` by cumulative time."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((int(cumulative), int(own), name.strip()))
    rows.sort(reverse=True)
    print(f"  python -X importtime {' '.join(arguments)}: top {top} by cumulative time")
    print(f"  {'cumulative':>10} {'self':>8}  module")
    for cumulative_us, own_us, name in rows[:top]:
        print(f"  {cumulative_us / 1000:8.1f} ms {own_us / 1000:6.1f} ms  {name}")


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else PAIRS
    with tempfile.TemporaryDirectory() as scratch:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch, "pycache"))
        script = Path(scratch, "first_frame.py")
        script.write_text(FIRST_FRAME, encoding="utf-8")
        first_start = Path(scratch, "first_start")
        returning = Path(scratch, "returning")
        first_start.mkdir()
        returning.mkdir()
        env["BJTRAINER_HOME"] = str(first_start)
        print(f"{pairs} interleaved pairs per figure; medians. Python {sys.version.split()[0]}.")
        print()
        hint = paired(NUMPY, HINT, env, pairs)
        report(
            "bjtrainer hint, whole process", 'anchor: python -c "import numpy"', hint, HINT_TARGET
        )
        print()
        empty = [str(script), "empty"]
        table_env = dict(env, BJTRAINER_HOME=str(returning))
        timed(["-c", RETURNING], table_env)
        for start, start_env in (("first start", env), ("a table chosen before", table_env)):
            for until, shown in (("", "its first frame"), ("real", "its first real screen")):
                until_env = dict(start_env, FIRST_FRAME_UNTIL=until)
                figures = paired(empty, [str(script)], until_env, pairs)
                report(
                    f"bjtrainer to {shown}, {start} ({screens([str(script)], until_env)})",
                    "anchor: an empty Textual App",
                    figures,
                    FRAME_TARGET,
                    shown,
                )
                print()
        print("Imports")
        import_summary(HINT, env)
        print()
        import_summary([str(script)], dict(table_env, FIRST_FRAME_UNTIL="real"))


if __name__ == "__main__":
    main()
