"""Every command that opens the store, and the app, refuse a broken store in one line (status 2).

``docs/playing.md``, "A store that cannot be opened": the message says what
is wrong and where the file is, and the file is kept as it was.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from bjtrainer.cli import main
from bjtrainer.paths import store_path
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp
from tests.store.broken_stores import BROKEN, folder_listing, make_good_store


@pytest.fixture(autouse=True)
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[Store]:
    """``bjtrainer`` with no command runs the app headless and ends it at its first real screen.

    The list holds the store of each app that got there (it opens the store
    after its first frame, the opening screen).
    """
    stores: list[Store] = []
    real_run = BjTrainerApp.run

    def run(self: BjTrainerApp, *args: object, **kwargs: object) -> None:
        real_run(self, headless=True, size=(80, 24))

    def opened(self: BjTrainerApp, message: BjTrainerApp.Opened) -> None:
        stores.append(self.store)
        self.exit()

    monkeypatch.setattr(BjTrainerApp, "run", run)
    monkeypatch.setattr(BjTrainerApp, "on_bj_trainer_app_opened", opened, raising=False)
    return stores


@pytest.mark.parametrize("argv", [["stats"], ["stats", "--json"], []], ids=["stats", "json", "app"])
@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_store_gives_one_line_naming_the_file_and_status_2(
    capsys: pytest.CaptureFixture[str], no_app: list[Store], kind: str, argv: list[str]
) -> None:
    write, says = BROKEN[kind]
    path = store_path()
    write(path)
    before = folder_listing(path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("bjtrainer: error: ")
    assert str(path) in captured.err and says in captured.err
    assert "Traceback" not in captured.err
    assert no_app == []  # the app never got past its opening screen
    assert folder_listing(path) == before


def test_the_app_opens_a_store_in_a_read_only_folder_with_a_notice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, no_app: list[Store]
) -> None:
    path = store_path()
    make_good_store(path)
    before = path.read_bytes()
    real_access = os.access

    def read_only(where: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(str(where)) in (path, path.parent):
            return False
        return real_access(where, mode, **kwargs)

    monkeypatch.setattr(os, "access", read_only)
    assert main([]) == 0
    (store,) = no_app
    assert store.unsaved is not None and "read-only" in store.unsaved
    assert main(["stats"]) == 0  # the figures are read from the copy
    assert "Practice at the practice table" in capsys.readouterr().out
    assert path.read_bytes() == before
