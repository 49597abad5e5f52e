"""Fixtures shared by every bjtrainer test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bjtrainer.paths import HOME_ENV
from bjtrainer.store import Store


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker per core, and one more.

    Many tests wait rather than compute (the Textual pilot's pauses, child
    processes, the browser), so a third worker on two cores keeps both busy:
    measured on two cores, the whole suite took 242 s with two workers and
    200 s with three.
    """
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else 3


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
