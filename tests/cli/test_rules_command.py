"""``bjtrainer rules``: the presets, and any table as a rules file.

``docs/custom-tables.md``, "The file": "``bjtrainer rules --show NAME``
writes every field with a comment saying what it allows", a file to start
from. The presets and their one-line names are those of
``docs/rules/README.md``, "The four tables".
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from bjtrainer.cli import main
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import load_rules


def test_lists_every_preset_with_its_one_line_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out  # plain when not a terminal
    lines = out.splitlines()
    assert lines[0].split() == ["preset", "table", "source"]
    for preset, line in zip(["practice", "guide", "night", "home"], lines[1:5], strict=True):
        rules = PRESETS[preset]
        assert line.startswith(preset + " ")
        assert rules.name in line
        assert line.endswith(rules.source)
    assert "bjtrainer rules --show NAME" in out


def test_list_uses_rich_in_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" in out
    assert all(preset in out for preset in PRESETS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_show_prints_every_field_of_the_preset(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--show", preset]) == 0
    out = capsys.readouterr().out
    data = tomllib.loads(out)
    expected = PRESETS[preset].model_dump()
    expected["chip_denominations"] = list(expected["chip_denominations"])
    assert data == expected
    assert out.startswith("# bjtrainer rules file: ")


def test_show_normalises_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A two-line file comes back with every field, the practice values filled in."""
    path = tmp_path / "short.toml"
    path.write_text("dealer_hits_soft_17 = true\ndecks = 2\n", encoding="utf-8")
    assert main(["rules", "--show", str(path)]) == 0
    data = tomllib.loads(capsys.readouterr().out)
    assert set(data) == set(Rules.model_fields)
    assert data["id"] == "short"
    assert data["dealer_hits_soft_17"] is True and data["decks"] == 2
    assert data["surrender"] == PRESETS["practice"].surrender
    shown = tmp_path / "shown.toml"
    main(["rules", "--show", str(path)])
    shown.write_text(capsys.readouterr().out, encoding="utf-8")
    assert load_rules(str(shown)) == load_rules(str(path))


def test_show_of_an_unknown_table_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--show", "casino"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("bjtrainer: error: No table 'casino'")
    assert captured.err.count("\n") == 1
