"""``bjtrainer edge`` (``docs/numbers.md``, "14. House edge per round").

It prints the table's expected return per round under best play with
independent draws (the house edge), in percent with six decimals, and the
breakdown by up card; ``--json`` prints ``{"rules": NAME,
"expected_return_percent": -0.511734, "by_up": {"2": ..., ..., "A": ...}}``.
The ``guide`` figure is published: Wizard of Odds, Blackjack Appendix 1,
the house edge "-0.511734%" (``docs/numbers.md``, "15. Published figures
we match").
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bjtrainer.cli import error_text, main
from bjtrainer.engine.rules_file import load_rules
from bjtrainer.errors import RulesError

UPS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
CHANCE = {up: (4 if up == "T" else 1) / 13 for up in UPS}


def edge_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["edge", *args, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_guide_json_is_the_published_house_edge(capsys: pytest.CaptureFixture[str]) -> None:
    data = edge_json(capsys, "--rules", "guide")
    assert list(data) == ["rules", "expected_return_percent", "by_up"]
    assert data["rules"] == "guide"
    assert data["expected_return_percent"] == pytest.approx(-0.511734, abs=1e-6)
    # full precision, not the six printed decimals
    assert data["expected_return_percent"] != round(data["expected_return_percent"], 6)
    assert list(data["by_up"]) == UPS


def test_by_up_averages_to_the_overall_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """Each up card comes with chance 1/13, a ten-value 4/13: the overall
    figure is the by-up figures so weighted."""
    data = edge_json(capsys, "--rules", "practice")
    weighted = sum(CHANCE[up] * data["by_up"][up] for up in UPS)
    assert data["expected_return_percent"] == pytest.approx(weighted, abs=1e-12)


def test_night_differs_from_guide_only_with_a_ten_up(capsys: pytest.CaptureFixture[str]) -> None:
    """night and guide differ in the peek with a ten up (``docs/rules/night.md``,
    "Ten up: no early check") and in doubling a two-card 21, which never
    happens (a two-card 21 is a natural, or a split hand that stands): every
    other up card gives the same figure."""
    guide = edge_json(capsys, "--rules", "guide")["by_up"]
    night = edge_json(capsys, "--rules", "night")["by_up"]
    for up in UPS:
        if up == "T":
            assert night[up] != pytest.approx(guide[up], abs=1e-9)
        else:
            assert night[up] == pytest.approx(guide[up], abs=1e-12), up


def test_global_rules_option_works_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "home", "edge", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "home"


def test_custom_six_to_five_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 6:5 table pays 0.3 less on every natural that is not pushed: with
    the practice peek, a natural (chance 8/169) pushes only a dealer blackjack
    (chance 1/13 x 4/13 under an ace up, 4/13 x 1/13 under a ten up)."""
    path = tmp_path / "six_five.toml"
    path.write_text('blackjack_payout = "6:5"\n', encoding="utf-8")
    custom = edge_json(capsys, "--rules", str(path))
    practice = edge_json(capsys, "--rules", "practice")
    assert custom["rules"] == "six_five"
    pushed = 2 * (1 / 13) * (4 / 13)
    cost = 100 * 0.3 * (8 / 169) * (1 - pushed)
    change = practice["expected_return_percent"] - custom["expected_return_percent"]
    assert change == pytest.approx(cost, abs=1e-10)


def test_text_is_plain_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "guide"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    assert "Expected return per round: -0.511734% of the bet (house edge 0.511734%)." in out
    lines = out.splitlines()
    assert all(line == line.rstrip() for line in lines)
    rows = [line.split() for line in lines if line[:1] in UPS and "%" in line]
    assert [row[0] for row in rows] == UPS
    assert [row[1] for row in rows] == ["1/13"] * 8 + ["4/13", "1/13"]
    assert all(re.fullmatch(r"[+-]\d+\.\d{6}%", row[2]) for row in rows)
    assert "checked before you act" in out
    assert "found after you act" not in out  # guide peeks with an ace or a ten


def test_night_text_says_a_ten_up_is_not_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "night"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("T "))
    assert row.endswith("found after you act")


def test_text_uses_rich_in_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["edge", "--rules", "guide"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" in out  # styled header
    assert "─" in out  # the table's rule
    assert "-0.511734%" in out


def test_a_bad_rules_file_exits_2_naming_the_file_once_then_a_problem_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('decks = 0\nblackjack_payot = "6:5"\n', encoding="utf-8")
    assert main(["edge", "--rules", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    head, typo, decks = captured.err.splitlines()  # not a terminal: no line is wrapped
    assert head == f"bjtrainer: error: {path}: 2 problems:"
    assert typo.startswith("- ") and typo.endswith('did you mean "blackjack_payout"?')
    assert decks == "- decks = 0 is not allowed; decks takes a whole number from 1 to 8 " + (
        "(52 cards each)."
    )
    assert captured.err.count(str(path)) == 1


def test_on_a_terminal_each_problem_wraps_between_words_under_its_own_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.toml").write_text("decks = 12\npenetration = 1.5\n", encoding="utf-8")
    with pytest.raises(RulesError) as raised:
        load_rules("bad.toml")
    lines = error_text(raised.value, width=40).splitlines()
    assert lines[0] == "bjtrainer: error: bad.toml: 2 problems:"
    assert len(lines) > 3 and all(len(line) <= 40 for line in lines)
    problems = [line for line in lines if line.startswith("- ")]
    assert [p.split(" = ")[0] for p in problems] == ["- decks", "- penetration"]
    assert all(line.startswith(("- ", "  ")) for line in lines[1:])
    words = " ".join(" ".join(lines[1:]).split())  # wrapped between words: none cut
    assert words == " ".join(f"- {problem}" for problem in raised.value.problems)


def test_unknown_table_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "casino"]) == 2
    assert "No table 'casino'" in capsys.readouterr().err


def test_runs_as_a_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bjtrainer", "edge", "--rules", "night", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rules"] == "night"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "custom-tables.md"


def _assert_close(got: object, want: object) -> None:
    """Equal structure and text; numbers equal to 1e-12 (summation order differs
    between CPUs, so the last printed digit may too)."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and got.keys() == want.keys()
        for key in want:
            _assert_close(got[key], want[key])
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            _assert_close(g, w)
    elif isinstance(want, float) and not isinstance(want, bool):
        assert got == pytest.approx(want, rel=0, abs=1e-12)
    else:
        assert got == want


def test_the_examples_in_the_docs_are_current(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/custom-tables.md shows an example file and what ``edge`` prints for
    it (text and JSON), and a wrong file and its error: all must be what the
    command prints today."""
    blocks = re.findall(r"```(\w+)\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    toml = [body for lang, body in blocks if lang == "toml"]
    text = [body for lang, body in blocks if lang == "text"]
    (answer,) = [body for lang, body in blocks if lang == "json"]
    monkeypatch.chdir(tmp_path)
    Path("casino.toml").write_text(toml[0], encoding="utf-8")
    assert main(["edge", "--rules", "casino.toml"]) == 0
    assert capsys.readouterr().out == text[0]
    assert main(["edge", "--rules", "casino.toml", "--json"]) == 0
    _assert_close(json.loads(capsys.readouterr().out), json.loads(answer))

    Path("mytable.toml").write_text(toml[1], encoding="utf-8")
    (wrong,) = [body for body in text if body.startswith("$ bjtrainer edge --rules mytable")]
    command, *error = wrong.splitlines()
    assert command == "$ bjtrainer edge --rules mytable.toml"
    assert main(command.split()[2:]) == 2
    assert capsys.readouterr().err.splitlines() == error
