"""Chart files and the on-disk cache."""

from __future__ import annotations

from pathlib import Path

import pytest

import bjtrainer.strategy.cache as cache_module
from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import (
    COLUMNS,
    ROWS,
    Chart,
    ChartFileError,
    build_chart,
    cached_chart,
    chart_from_csv,
    chart_to_csv,
    committed_differences,
    write_chart_files,
)
from bjtrainer.strategy.cache import cache_path
from bjtrainer.strategy.codes import Code

PRACTICE = PRESETS["practice"]
#: A table of no preset's rules (practice without surrender): its chart is computed and cached.
OWN = PRACTICE.model_copy(update={"id": "own", "surrender": "none"})


@pytest.fixture(scope="module")
def practice() -> Chart:
    return build_chart(PRACTICE)


def test_csv_has_the_issue_5_layout(practice: Chart) -> None:
    lines = chart_to_csv(practice).splitlines()
    assert lines[0] == "hand,2,3,4,5,6,7,8,9,T,A"
    assert [line.split(",")[0] for line in lines[1:]] == list(ROWS)
    assert lines[1 + ROWS.index("hard 16")] == "hard 16,S,S,S,S,S,H,H,Rh,Rh,Rh"


def test_csv_round_trip(practice: Chart) -> None:
    back = chart_from_csv(chart_to_csv(practice), rules_id="practice", double_after_split=True)
    assert all(back.code(r, c) is practice.code(r, c) for r in ROWS for c in COLUMNS)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hand,2,3\nhard 5,H,H\n",
        "hand,2,3,4,5,6,7,8,9,T,A\nhard 5,H,H,H,H,H,H,H,H,H,X\n",
        "hand,2,3,4,5,6,7,8,9,T,A\nhard 5,H,H,H,H,H,H,H,H,H,H\n",
    ],
)
def test_malformed_csv_is_refused(text: str) -> None:
    with pytest.raises(ChartFileError):
        chart_from_csv(text, rules_id="x", double_after_split=True)


def test_a_changed_cell_is_reported(practice: Chart, tmp_path: Path) -> None:
    csv_path, md_path, json_path = write_chart_files(practice, PRACTICE, tmp_path)
    assert json_path.name == "practice.json"
    assert md_path.read_text(encoding="utf-8").startswith("# Basic strategy: `practice`")
    assert committed_differences(PRACTICE, practice, tmp_path) == []
    text = csv_path.read_text(encoding="utf-8").replace(
        "hard 16,S,S,S,S,S,H,H,Rh,Rh,Rh", "hard 16,S,S,S,S,S,H,H,Rh,H,Rh"
    )
    csv_path.write_text(text, encoding="utf-8")
    differences = committed_differences(PRACTICE, practice, tmp_path)
    assert [str(d) for d in differences] == ["hard 16 v T: H -> Rh"]
    assert differences[0].expected is Code.HIT


def test_a_missing_file_is_refused(practice: Chart, tmp_path: Path) -> None:
    with pytest.raises(ChartFileError):
        committed_differences(PRACTICE, practice, tmp_path)


@pytest.mark.slow
def test_the_chart_is_cached_on_disk(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Computed once, then read back in another process (here: after the memo is cleared)."""
    own = build_chart(OWN)
    cached_chart.cache_clear()
    first = cached_chart(OWN)
    path = cache_path(OWN)
    assert path.is_file() and isolated_home in path.parents
    assert first.evs["hard 16"]["T"] == pytest.approx(own.evs["hard 16"]["T"], abs=1e-12)

    def refuse(*args: object) -> Chart:
        raise AssertionError("recomputed instead of read from the cache")

    monkeypatch.setattr(cache_module, "build_chart", refuse)
    cached_chart.cache_clear()
    again = cached_chart(OWN)
    assert all(again.code(r, c) is own.code(r, c) for r in ROWS for c in COLUMNS)
    assert again.evs == first.evs
    cached_chart.cache_clear()


def test_other_rules_do_not_share_a_cache_file() -> None:
    assert cache_path(PRACTICE) != cache_path(PRESETS["guide"])


def test_a_damaged_cache_file_is_recomputed() -> None:
    cached_chart.cache_clear()
    path = cache_path(OWN)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    chart = cached_chart(OWN)
    assert chart.code("hard 16", "T") is build_chart(OWN).code("hard 16", "T")
    assert path.read_text(encoding="utf-8").startswith('{"key"')
    cached_chart.cache_clear()


def test_the_core_never_imports_textual() -> None:
    """``docs/architecture.md``, "No Textual in the core": the core never imports Textual."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import bjtrainer.strategy, bjtrainer.strategy.generate, bjtrainer.ev.exact.spot\n"
        "import bjtrainer.ev.exact.two_card\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
