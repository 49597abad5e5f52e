"""Importing the app and its table screen opens no database.

Checked in a fresh interpreter with ``BJTRAINER_HOME`` pointed at an empty
folder. Which packages may import Textual is stated by the import-linter
contract of ``pyproject.toml`` and checked by ``tests/test_layers.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.slow
def test_importing_the_app_opens_no_store(isolated_home: Path) -> None:
    code = "import bjtrainer.tui.app, bjtrainer.tui.screens.table"
    subprocess.run([sys.executable, "-c", code], check=True)
    assert not (isolated_home / "bjtrainer.db").exists()
