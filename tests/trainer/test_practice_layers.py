"""Practice is core: it never imports Textual (shared/DESIGN.md, "Data flows one way")."""

import subprocess
import sys

PRACTICE_MODULES = [
    "bjtrainer.trainer.practice",
    "bjtrainer.trainer.sets",
    "bjtrainer.trainer.stats",
    "bjtrainer.trainer.daily",
    "bjtrainer.trainer.schedule",
    "bjtrainer.trainer.clock",
    "bjtrainer.store.practice",
    "bjtrainer.commands.daily",
    "bjtrainer.commands.stats",
]


def test_practice_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {module}\n" for module in PRACTICE_MODULES)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' "
        "or m.startswith('bjtrainer.tui') or m == 'bjtrainer.cli')\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
