"""The core never imports Textual (shared/DESIGN.md, "Data flows one way")."""

import subprocess
import sys

CORE = [
    "bjtrainer.engine.rules",
    "bjtrainer.engine.table",
    "bjtrainer.ev",
    "bjtrainer.store",
    "bjtrainer.trainer.grading",
    "bjtrainer.trainer.coach",
    "bjtrainer.trainer.explain",
]


def test_core_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {module}\n" for module in CORE)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' "
        "or m.startswith('bjtrainer.tui') or m == 'bjtrainer.cli')\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
