"""``bjtrainer`` with no subcommand: ``--rules`` skips the choice of table.

``docs/playing.md``, "Sitting down": "`bjtrainer --rules NAME|FILE` sits
down at that table at once"; ``docs/custom-tables.md``, "When the file is
wrong": a wrong file gets one clear message per problem and nothing
starts. The app runs headless (no terminal is needed) and ends at its first
real screen, after the opening screen: the test sees the app the launcher
built.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bjtrainer import cli
from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.seat import TABLE_SETTING

#: Each app the launcher ran, with its remembered table setting at that time.
Launched = list[tuple[BjTrainerApp, str | None]]


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> Launched:
    apps: Launched = []
    real_run = BjTrainerApp.run

    def run(self: BjTrainerApp, *args: object, **kwargs: object) -> None:
        real_run(self, headless=True, size=(80, 24))

    def opened(self: BjTrainerApp, message: BjTrainerApp.Opened) -> None:
        apps.append((self, self.store.get_setting(TABLE_SETTING)))
        self.exit()

    monkeypatch.setattr(BjTrainerApp, "run", run)
    monkeypatch.setattr(BjTrainerApp, "on_bj_trainer_app_opened", opened, raising=False)
    return apps


def test_rules_name_opens_that_table(launched: Launched) -> None:
    assert cli.main(["--rules", "night"]) == 0
    [(app, remembered)] = launched
    assert app.session.table.rules.id == "night"
    assert remembered is None  # the remembered choice is untouched


def test_no_rules_leaves_the_choice_to_the_sit_down_screen(launched: Launched) -> None:
    assert cli.main([]) == 0
    [(app, _)] = launched
    with pytest.raises(RuntimeError):
        app.session  # noqa: B018 - nobody sits until the sit-down screen is answered


def test_a_bad_rules_file_starts_nothing(
    launched: Launched, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('decks = 9\nblackjack_payout = "six to five"\n', encoding="utf-8")
    assert cli.main(["--rules", str(path)]) == cli.EXIT_USAGE
    assert launched == []
    error = capsys.readouterr().err
    head, *problems = error.splitlines()  # the file once, then one line per problem
    assert head == f"bjtrainer: error: {path}: 2 problems:"
    assert [line.split(" = ")[0] for line in problems] == ["- decks", "- blackjack_payout"]


def test_subcommands_still_default_to_practice(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hint", "--hand", "T 6", "--up", "T", "--json"]) == 0
    assert '"rules": "practice"' in capsys.readouterr().out
