"""The autouse fixture of tests/conftest.py keeps every test away from real user data."""

from __future__ import annotations

import os
from pathlib import Path

from bjtrainer import paths
from bjtrainer.store import Store


def test_home_points_into_this_tests_tmp_path(isolated_home: Path, tmp_path: Path) -> None:
    assert os.environ[paths.HOME_ENV] == str(isolated_home)
    assert isolated_home.is_relative_to(tmp_path)
    assert paths.data_dir() == isolated_home
    assert paths.store_path() == isolated_home / "bjtrainer.db"


def test_default_store_is_created_inside_the_isolated_home(isolated_home: Path) -> None:
    store = Store.open()
    store.set_setting("k", "v")
    store.close()
    assert (isolated_home / "bjtrainer.db").is_file()
    with Store.open(isolated_home / "bjtrainer.db") as reopened:
        assert reopened.get_setting("k") == "v"
