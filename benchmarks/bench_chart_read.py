"""A preset's chart read from the installed files against computing it, printed, never asserted.

What the first G, the first graded decision and ``bjtrainer chart`` cost for
a preset (``docs/numbers.md``, 12, "Read, not computed"): in a fresh process
after the imports, with an empty cache folder,

- ``chart_for(preset)``: the committed ``strategy_tables/<preset>.json``
  read from the package; target at most 20 ms of CPU;
- anchor, in the same run: ``build_chart(preset)``, the exact computation
  every first look paid before the charts were package data.

Then the whole process of ``bjtrainer chart --rules practice``, CPU (user +
system), against ``python -c "import numpy"`` measured alongside. Each
figure is the median of fresh processes with one BLAS thread; CPU times are
the ones compared. Run: ``python benchmarks/bench_chart_read.py``.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

RUNS = 5
TARGET_READ_MS = 20.0

ONE = """
import json, sys, time
from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import build_chart, chart_for
rules = PRESETS[sys.argv[1]]
start = time.process_time()
chart = chart_for(rules) if sys.argv[2] == "read" else build_chart(rules)
print(json.dumps({"cpu": time.process_time() - start, "cell": chart.code("hard 16", "T").value}))
"""


def _env() -> dict[str, str]:
    home = tempfile.mkdtemp(prefix="bench-chart-read-")
    return {**os.environ, "OPENBLAS_NUM_THREADS": "1", "BJTRAINER_HOME": home}


def _in_process(preset: str, how: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", ONE, preset, how],
        env=_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(out.stdout)["cpu"])


def _whole_process_cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=_env(), stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Print each preset's read and compute times, then the whole ``chart`` command."""
    from bjtrainer.engine.presets import PRESETS

    print(f"first chart of a preset, fresh process, CPU ms (median of {RUNS}):")
    print(f"  {'table':<10}{'read':>8}{'target':>8}{'computed (anchor)':>20}")
    for preset in PRESETS:
        read = statistics.median(_in_process(preset, "read") for _ in range(RUNS))
        built = statistics.median(_in_process(preset, "compute") for _ in range(RUNS))
        print(f"  {preset:<10}{read * 1000:>8.1f}{TARGET_READ_MS:>8.0f}{built * 1000:>20.1f}")
    chart = [sys.executable, "-m", "bjtrainer", "chart", "--rules", "practice"]
    numpy = [sys.executable, "-c", "import numpy"]
    ours = statistics.median(_whole_process_cpu(chart) for _ in range(RUNS))
    anchor = statistics.median(_whole_process_cpu(numpy) for _ in range(RUNS))
    print(
        f"bjtrainer chart --rules practice, whole process CPU: {ours * 1000:.0f} ms; "
        f'python -c "import numpy" (anchor): {anchor * 1000:.0f} ms; '
        f"ratio {ours / anchor:.1f}x"
    )


if __name__ == "__main__":
    main()
