"""bjtrainer installs like a tool: the wheel holds everything the app reads.

The wheel is built from a copy of the project's own files (``pip wheel
--no-deps --no-build-isolation``, the build requirements being in the
``test`` extra), its file list read with :mod:`zipfile`, then installed into
a folder of its own and run there, away from the source checkout: the
committed charts are read from the installed package
(``bjtrainer.strategy_tables``), ``chart --check`` compares them, and
``chart --write`` without ``--dir`` asks for a folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from bjtrainer.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parents[1]
#: What the build reads: the package, the charts and the project files.
SOURCES = ("pyproject.toml", "setup.py", "README.md", "src", "strategy_tables")
PIP = (sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the project (the checkout itself is left as it is)."""
    work = tmp_path_factory.mktemp("build")
    project = work / "project"
    project.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
            shutil.copytree(source, project / name, ignore=ignore)
        else:
            shutil.copy2(source, project / name)
    out = work / "dist"
    subprocess.run(
        [*PIP, "wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("bjtrainer-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_holds_the_charts_presets_styles_and_types(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    charts = {
        f"bjtrainer/strategy_tables/{preset}.{suffix}"
        for preset in PRESETS
        for suffix in ("csv", "md", "json")
    }
    assert charts <= names, sorted(charts - names)
    presets = {f"bjtrainer/engine/presets/{preset}.toml" for preset in PRESETS}
    assert presets <= names, sorted(presets - names)
    styles = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src").rglob("*.tcss")}
    assert styles and styles <= names, sorted(styles - names)
    assert "bjtrainer/py.typed" in names
    assert "bjtrainer/strategy_tables/__init__.py" in names
    modules = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode("utf-8")
    assert "bjtrainer = bjtrainer.cli:main" in text


@pytest.mark.slow
def test_the_installed_wheel_reads_its_charts_and_checks_them(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "installed"
    subprocess.run(
        [*PIP, "install", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    code = """
import sys
import bjtrainer, bjtrainer.strategy.cache as cache
from bjtrainer.cli import main
from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import default_tables_dir, packaged_tables, ChartFileError
print("module", bjtrainer.__file__)
print("charts", packaged_tables())
def refuse(*args, **kwargs):
    raise AssertionError("computed")
cache.build_chart, build = refuse, cache.build_chart
print("hard 16 v T", cache.chart_for(PRESETS["practice"]).code("hard 16", "T").value)
cache.build_chart = build
try:
    default_tables_dir()
except ChartFileError as error:
    print("write", error)
sys.exit(main(["chart", "--rules", "home", "--check"]))
"""
    env = {**os.environ, "PYTHONPATH": str(target), "BJTRAINER_HOME": str(tmp_path / "home")}
    run = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"module {target / 'bjtrainer' / '__init__.py'}"
    assert lines[1] == f"charts {target / 'bjtrainer' / 'strategy_tables'}"
    assert lines[2] == "hard 16 v T Rh"  # read from the installed JSON; the solver refused
    assert lines[3].startswith("write ") and "--dir" in lines[3]
    assert "home: the committed chart" in lines[4] and str(target) in lines[4]
    assert "matches a fresh computation" in lines[4]
