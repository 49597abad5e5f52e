"""The core never imports Textual (``docs/architecture.md``: data flows one way).

Every module of the core packages is imported in a fresh process, plus the
command modules that must start without the TUI (``daily``, ``stats``).
"""

import pkgutil
import subprocess
import sys

import bjtrainer

CORE_PACKAGES = ("engine", "ev", "strategy", "simulate", "trainer", "store")
ALSO_WITHOUT_TUI = ["bjtrainer.commands.daily", "bjtrainer.commands.stats"]


def core_modules() -> list[str]:
    modules = []
    for package in CORE_PACKAGES:
        path = [f"{bjtrainer.__path__[0]}/{package}"]
        modules.append(f"bjtrainer.{package}")
        prefix = f"bjtrainer.{package}."
        modules += [info.name for info in pkgutil.walk_packages(path, prefix)]
    return modules


def test_core_does_not_import_textual() -> None:
    modules = core_modules() + ALSO_WITHOUT_TUI
    assert "bjtrainer.trainer.practice.modes" in modules  # the discovery found the modules
    code = (
        "import sys\n"
        + "".join(f"import {module}\n" for module in modules)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' "
        "or m.startswith('bjtrainer.tui') or m == 'bjtrainer.cli')\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
