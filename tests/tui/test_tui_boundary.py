"""Layering: the core never imports Textual, and importing the app touches nothing.

shared/DESIGN.md: "Data flows one way ... `tui` and `cli` use everything,
and nothing imports them", checked in a fresh interpreter; and "Nothing
opens the database or reads the clock at import time".
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CORE = (
    "bjtrainer.engine.table",
    "bjtrainer.ev",
    "bjtrainer.trainer.coach",
    "bjtrainer.trainer.explain",
    "bjtrainer.store",
    # The TUI's plain-Python parts stay free of Textual too.
    "bjtrainer.trainer.session",
    "bjtrainer.tui.views.table",
    "bjtrainer.tui.keys",
    "bjtrainer.tui.seat",
    "bjtrainer.tui.views.table_summary",
    "bjtrainer.tui.views.cards",
    "bjtrainer.store.board",
)


def test_core_does_not_import_textual() -> None:
    code = "\n".join(
        [*(f"import {module}" for module in CORE), "import sys", "print('textual' in sys.modules)"]
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_importing_the_app_opens_no_store(isolated_home: Path) -> None:
    code = "import bjtrainer.tui.app, bjtrainer.tui.screens.table"
    subprocess.run([sys.executable, "-c", code], check=True)
    assert not (isolated_home / "bjtrainer.db").exists()
