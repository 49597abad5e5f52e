"""``bjtrainer daily --date 2026-11-29 --json`` (``docs/practice.md``, "Daily five").

It prints the date's five spots, ``[{"hand": [...], "up": ..., "rules":
...}, ...]``, without answering them: nothing is written to the store.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from bjtrainer.cli import main
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.hand import is_natural
from bjtrainer.engine.presets import PRESETS
from bjtrainer.trainer.practice.daily import daily_spots


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["daily", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_json_has_five_spots_of_the_issue_shape(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--date", "2026-11-29")
    assert len(out) == 5
    for entry in out:
        assert set(entry) == {"hand", "up", "rules"}
        assert entry["rules"] == "practice"
        hand = entry["hand"]
        assert isinstance(hand, list) and len(hand) == 2
        assert all(card in RANK_VALUE for card in hand) and not is_natural(hand)
        assert entry["up"] in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
    expected = daily_spots(PRESETS["practice"], date(2026, 11, 29))
    assert [(e["hand"], e["up"]) for e in out] == [(list(s.cards), s.up) for s in expected]


@pytest.mark.slow
def test_same_in_a_new_process_and_different_next_day(capsys: pytest.CaptureFixture[str]) -> None:
    here = run_json(capsys, "--date", "2026-11-29")
    result = subprocess.run(
        [sys.executable, "-m", "bjtrainer", "daily", "--date", "2026-11-29", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == here
    assert run_json(capsys, "--date", "2026-11-30") != here


def test_rules_choose_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--rules", "home", "--date", "2026-11-29")
    assert {entry["rules"] for entry in out} == {"home"}
    assert main(["--rules", "guide", "daily", "--date", "2026-11-29", "--json"]) == 0
    assert {entry["rules"] for entry in json.loads(capsys.readouterr().out)} == {"guide"}


def test_nothing_is_answered_or_stored(
    capsys: pytest.CaptureFixture[str], isolated_home: Path
) -> None:
    run_json(capsys, "--date", "2026-11-29")
    assert not (isolated_home / "bjtrainer.db").exists()


def test_text_lists_the_five(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-29"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Daily five for 2026-11-29 at the practice table:"
    assert [line[:3] for line in lines[1:]] == ["1. ", "2. ", "3. ", "4. ", "5. "]


def test_without_a_date_it_is_today(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "Europe/Copenhagen")
    from bjtrainer.trainer.clock import SystemClock

    today = SystemClock()().date()
    assert run_json(capsys) == run_json(capsys, "--date", today.isoformat())


@pytest.mark.parametrize("bad", ["2026-13-01", "tomorrow", "29/11/2026"])
def test_a_bad_date_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    assert main(["daily", "--date", bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("bjtrainer: error: Not a date")
    assert captured.err.count("\n") == 1
