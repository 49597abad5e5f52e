"""``bjtrainer chart`` (``docs/numbers.md``, "12. The basic-strategy chart").

Expected cells: the published six-deck S17 DAS late-surrender basic
strategy (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"): 11 v A
hit; 16 v 9, T, A surrender; A,7 v 2 stand; A,2 v 5 double.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bjtrainer.cli import main


def chart_rows(text: str) -> dict[str, list[str]]:
    rows = {}
    for line in text.splitlines():
        parts = [p.strip() for p in line.strip("│ ").split("│")]
        if len(parts) == 11 and parts[0].split(" ")[0] in ("hard", "soft", "pair"):
            rows[parts[0]] = parts[1:]
    return rows


@pytest.mark.slow
def test_prints_the_practice_chart(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--rules", "practice"]) == 0
    rows = chart_rows(capsys.readouterr().out)
    assert len(rows) == 16 + 8 + 10
    columns = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
    hard_11 = dict(zip(columns, rows["hard 11"], strict=True))
    assert hard_11["A"] == "H"
    hard_16 = dict(zip(columns, rows["hard 16"], strict=True))
    assert [hard_16[c] for c in ("9", "T", "A")] == ["Rh", "Rh", "Rh"]
    assert dict(zip(columns, rows["soft 18"], strict=True))["2"] == "S"
    assert dict(zip(columns, rows["soft 13"], strict=True))["5"] == "Dh"


def test_write_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--rules", "home", "--write", "--dir", str(tmp_path)]) == 0
    csv = (tmp_path / "home.csv").read_text(encoding="utf-8")
    assert csv.splitlines()[0] == "hand,2,3,4,5,6,7,8,9,T,A"
    # Single deck: 7,7 v T is a stand (Wizard of Odds single-deck chart; docs/numbers.md,
    # "The chart play").
    pair_7 = next(line for line in csv.splitlines() if line.startswith("pair 7,"))
    assert pair_7.split(",")[9] == "S"
    assert main(["chart", "--rules", "home", "--check", "--dir", str(tmp_path)]) == 0
    # Spoil one cell: --check names it and exits 1.
    (tmp_path / "home.csv").write_text(csv.replace(pair_7, pair_7.replace(",S,", ",H,", 1)))
    capsys.readouterr()
    assert main(["chart", "--rules", "home", "--check", "--dir", str(tmp_path)]) == 1
    assert "pair 7" in capsys.readouterr().out


def test_committed_practice_chart_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--rules", "practice", "--check"]) == 0


def test_unknown_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--rules", "nowhere"]) == 2
    assert "nowhere" in capsys.readouterr().err


CUSTOM = """\
id = "mine"
name = "Two decks, H17"
decks = 2
dealer_hits_soft_17 = true
"""


@pytest.mark.slow
def test_a_custom_tables_chart_shows_progress_on_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped: nothing on standard error. On a terminal: a bar naming the work, on stderr."""
    rules = tmp_path / "mine.toml"
    rules.write_text(CUSTOM, encoding="utf-8")
    assert main(["chart", "--rules", str(rules), "--write", "--dir", str(tmp_path)]) == 0
    piped = capsys.readouterr()
    assert piped.err == ""
    assert piped.out.splitlines() == [
        f"wrote {tmp_path / name}" for name in ("mine.csv", "mine.md", "mine.json")
    ]
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich: standard error counts as a terminal
    assert main(["chart", "--rules", str(rules), "--check", "--dir", str(tmp_path)]) == 0
    shown = capsys.readouterr()
    assert "Computing the chart of mine" in shown.err
    assert "21/21" in shown.err  # ten up cards, the player's recursion, ten pairs
    assert "matches a fresh computation" in shown.out


def test_write_outside_a_source_checkout_asks_for_dir(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bjtrainer.strategy.tables as tables_module

    monkeypatch.setattr(tables_module, "_checkout_tables_dir", lambda: None)
    assert main(["chart", "--rules", "home", "--write"]) == 2
    assert "--dir" in capsys.readouterr().err


def test_check_reads_the_installed_charts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--rules", "home", "--check"]) == 0
    out = capsys.readouterr().out
    assert "home.csv" in out and "matches a fresh computation" in out


def test_check_of_a_table_of_your_own_says_only_presets_have_charts_and_computes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bjtrainer.strategy as strategy

    def no_computing(*args: object, **kwargs: object) -> None:
        raise AssertionError("computed a chart with nothing to compare it with")

    monkeypatch.setattr(strategy, "build_chart", no_computing)
    rules = tmp_path / "mine.toml"
    rules.write_text(CUSTOM, encoding="utf-8")
    assert main(["chart", "--rules", str(rules), "--check"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "Only the preset tables (practice, guide, night, home) have committed charts" in (
        captured.err
    )
    assert f"bjtrainer chart --rules {rules} --write --dir DIR" in captured.err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["chart", "--rules", str(rules), "--check", "--dir", str(empty)]) == 2
    err = capsys.readouterr().err
    assert f"No chart of mine in {empty} (mine.csv)" in err and "Errno" not in err
