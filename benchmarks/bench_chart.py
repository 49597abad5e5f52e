"""Exact finite-shoe analysis timings against their targets, printed, never asserted.

- The full six-deck chart of the ``practice`` table from cold (every cache
  empty, in a fresh process after the imports), splits by the CDP method
  (``docs/numbers.md``, "7. Splitting"); target: at most the time of Eric
  Farmer's C++ ``strategy`` program (v7.6, CDP) for the same rules, whole
  process, measured in the same run as the anchor. His program is built
  with ``g++ -O2`` in a temporary folder from a copy of
  github.com/possibly-wrong/blackjack: the folder or git directory named by
  ``FARMER_BLACKJACK_SRC``, else a shallow clone; where neither works (no
  network, no compiler) the target is the figure measured when this was
  written, about 1.0 s whole process on this two-core machine
  (:data:`FARMER_STATED_SECONDS`). With his program built, the benchmark
  also prints the largest difference between his split values and ours.
  Also shown: our same process end to end, imports included.
- The shoe-aware figures of one spot mid-shoe (half a six-deck shoe seen):
  the first spot of a fresh process, and then each further spot; target at
  most 50 ms.

Each figure is the median of several fresh processes, run with one BLAS
thread; wall-clock figures grow when other work shares the machine, so CPU
times (user + system, of the whole process where it says so) are printed
too and are the ones compared. Run: ``python benchmarks/bench_chart.py``.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RUNS = 5

#: Farmer's ``strategy`` for the ``practice`` rules, whole process, when this
#: benchmark was written (the target where his program cannot be built).
FARMER_STATED_SECONDS = 1.0

#: His program's questions, answered for the practice rules: 6 decks, S17,
#: double any two cards (and soft), not after hitting, DAS, resplits (to 4
#: hands), no resplit of aces, CDP (neither CDZ- nor CDP1), late surrender,
#: blackjack pays 1.5; then the output file; then split queries.
FARMER_ANSWERS = ["6", "n", "y", "y", "n", "y", "y", "n", "n", "n", "y", "1.5"]

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

SPLITS = """
import json
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev.exact.two_card import two_card_table
table = two_card_table(PRESETS["practice"])
split = {f"{p + 1},{u + 1}": float(table.split[u, p]) for p in range(10) for u in range(10)}
print(json.dumps(split))
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


def timed(
    command: list[str], **kwargs: Any
) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Run a whole process; (result, wall seconds, CPU seconds: user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return out, wall, cpu


def farmer_source(folder: Path) -> Path | None:
    """A copy of Farmer's sources in ``folder`` (``src/`` inside), or None."""
    given = os.environ.get("FARMER_BLACKJACK_SRC")
    try:
        if given and (Path(given) / "src" / "strategy.cpp").exists():
            shutil.copytree(Path(given) / "src", folder / "src")
            return folder
        if given:  # a git directory, such as a bare mirror
            archive = subprocess.run(
                ["git", f"--git-dir={given}", "archive", "HEAD", "src"],
                check=True,
                capture_output=True,
                timeout=60,
            )
            subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
            return folder
        subprocess.run(
            [
                "git",
                "clone",
                "--depth",
                "1",
                "https://github.com/possibly-wrong/blackjack",
                str(folder / "clone"),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        return folder / "clone"
    except (OSError, subprocess.SubprocessError):
        return None


def build_farmer(folder: Path) -> Path | None:
    """Farmer's ``strategy`` built with ``g++ -O2`` in ``folder``, or None (why on stderr)."""
    if shutil.which("g++") is None:
        print("g++ not found: Farmer's program not built", file=sys.stderr)
        return None
    source = farmer_source(folder)
    if source is None:
        print("Farmer's sources not found (FARMER_BLACKJACK_SRC, git clone)", file=sys.stderr)
        return None
    src = source / "src"
    program = folder / "strategy"
    files = ["strategy.cpp", "blackjack.cpp", "pdf/blackjack_pdf.cpp", "indices.cpp"]
    try:
        subprocess.run(
            ["g++", "-O2", "-o", str(program), *files, "-I.", "-Ipdf"],
            cwd=src,
            check=True,
            capture_output=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError) as error:
        print(f"Farmer's program did not build: {error}", file=sys.stderr)
        return None
    return program


def run_farmer(program: Path, folder: Path, splits: bool) -> tuple[str, float, float]:
    """One whole run for the practice rules; (stdout, wall, CPU); split queries if asked."""
    answers = [*FARMER_ANSWERS, str(folder / "table.txt")]
    if splits:
        answers += [f"{up} 2 {pair} {pair}" for pair in range(1, 11) for up in range(1, 11)]
    answers.append("0 0")
    out, wall, cpu = timed([str(program)], input="\n".join(answers) + "\n", cwd=folder)
    return out.stdout, wall, cpu


def main() -> None:
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as build:
        # One core: no BLAS threads (the only BLAS call is a small matrix product).
        env = dict(os.environ, BJTRAINER_HOME=home, OPENBLAS_NUM_THREADS="1")
        program = build_farmer(Path(build))
        charts, ours_cpu, farmer_wall, farmer_cpu = [], [], [], []
        for _ in range(RUNS):  # paired: ours, then his, in turn
            out, _, cpu = timed([sys.executable, "-c", CHART], env=env)
            charts.append(json.loads(out.stdout))
            ours_cpu.append(cpu)
            if program is not None:
                _, wall, cpu = run_farmer(program, Path(build), splits=False)
                farmer_wall.append(wall)
                farmer_cpu.append(cpu)
        spots = [run(SPOTS, env) for _ in range(RUNS)]
        difference = None
        if program is not None:
            text, _, _ = run_farmer(program, Path(build), splits=True)
            theirs = [float(v) / 100 for v in re.findall(r"Split +E\(X\) = *([-0-9.]+)%", text)]
            mine = run(SPLITS, env)
            keys = [f"{pair},{up}" for pair in range(1, 11) for up in range(1, 11)]
            difference = max(abs(mine[k] - v) for k, v in zip(keys, theirs, strict=True))
    chart = statistics.median(float(r["chart"]) for r in charts)
    cpu = statistics.median(float(r["cpu"]) for r in charts)
    process = statistics.median(float(r["process"]) for r in charts)
    first = statistics.median(float(r["first"]) for r in spots)
    rest = [float(t) for r in spots for t in r["rest"]]
    whole = statistics.median(ours_cpu)
    if farmer_cpu:
        target = statistics.median(farmer_cpu)
        anchor = (
            f"Farmer's strategy (g++ -O2), whole process: {target * 1000:.1f} ms CPU, "
            f"{statistics.median(farmer_wall) * 1000:.1f} ms wall"
        )
    else:
        target = FARMER_STATED_SECONDS
        anchor = f"Farmer's strategy not built: the stated {target * 1000:.0f} ms"
    print(
        f"practice chart (6 decks, CDP splits), from cold, CPU: {cpu * 1000:7.1f} ms   "
        f"(target <= {target * 1000:.1f} ms)"
    )
    print(f"  the same, wall clock:                  {chart * 1000:7.1f} ms")
    print(
        f"  our whole process, imports included:   {whole * 1000:7.1f} ms CPU, "
        f"{process * 1000:.1f} ms wall to the end of the chart"
    )
    print(f"  anchor: {anchor}")
    if difference is not None:
        print(f"  largest split difference from Farmer's CDP values: {difference:.1e}")
    print(f"shoe-aware spot mid-shoe, first in run:  {first * 1000:7.1f} ms   (target <= 50 ms)")
    median, worst = statistics.median(rest) * 1000, max(rest) * 1000
    print(
        f"shoe-aware spot mid-shoe, next spots:    {median:7.1f} ms median, "
        f"{worst:.1f} ms worst (a pair, with resplits)   (target <= 50 ms)"
    )


if __name__ == "__main__":
    main()
