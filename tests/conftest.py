"""Fixtures shared by every bjtrainer test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bjtrainer.paths import HOME_ENV
from bjtrainer.store import Store


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point ``BJTRAINER_HOME`` at a fresh temporary directory for each test.

    No test can then read or write a user's real store.

    Returns
    -------
    Path
        The directory ``bjtrainer.paths.data_dir()`` now returns.
    """
    home = tmp_path / "bjtrainer-home"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home


@pytest.fixture
def store() -> Iterator[Store]:
    """A fresh in-memory store, closed after the test."""
    with Store.memory() as opened:
        yield opened
