"""What starting ``bjtrainer`` imports (``docs/architecture.md``, "Start-up").

Each check runs in a fresh process and reads ``sys.modules``: the parser is
built without numpy, pydantic, sqlite-utils, Rich or Textual and without any
subcommand's module; ``bjtrainer hint`` at a preset imports numpy (its
figures are numpy) but neither pydantic, sqlite-utils nor Textual, and no
other subcommand's module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bjtrainer.cli import COMMANDS, _every_action, _parser

HEAVY = ("numpy", "pydantic", "sqlite_utils", "rich", "textual")

REPORT = """
import json, sys
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules} & set(HEAVY))))
print(json.dumps(sorted(name for name in sys.modules if name.startswith("bjtrainer.commands."))))
"""


def imported_after(code: str, home: Path) -> tuple[list[str], list[str]]:
    """The heavy packages and the command modules imported after ``code`` ran."""
    script = f"HEAVY = {HEAVY!r}\n{code}\n{REPORT}"
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "BJTRAINER_HOME": str(home)},
    )
    heavy, commands = done.stdout.splitlines()[-2:]
    return json.loads(heavy), json.loads(commands)


def test_building_the_parser_imports_nothing_heavy(tmp_path: Path) -> None:
    code = "import bjtrainer.cli\nbjtrainer.cli._parser()"
    assert imported_after(code, tmp_path) == ([], [])


def test_hint_imports_numpy_and_its_own_module_only(tmp_path: Path) -> None:
    code = (
        "import contextlib, io\n"
        "from bjtrainer.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    assert main(['hint', '--rules', 'practice', '--hand', 'T 6', '--up', 'T']) == 0\n"
        "assert 'Hint: Surrender (EV -0.500).' in out.getvalue()\n"
    )
    assert imported_after(code, tmp_path) == (["numpy"], ["bjtrainer.commands.hint"])


def test_a_bad_rules_file_still_gets_its_messages(tmp_path: Path) -> None:
    """A value the rules do not take goes through pydantic, and says what is wrong."""
    bad = tmp_path / "bad.toml"
    bad.write_text("decks = 9\n", encoding="utf-8")
    code = (
        "import contextlib, io\n"
        "from bjtrainer.cli import main\n"
        "with contextlib.redirect_stderr(io.StringIO()) as err:\n"
        f"    assert main(['hint', '--rules', {str(bad)!r}, '--hand', 'T 6', '--up', 'T']) == 2\n"
        "assert 'decks = 9 is not allowed' in err.getvalue(), err.getvalue()\n"
    )
    assert imported_after(code, tmp_path) == (["numpy", "pydantic"], ["bjtrainer.commands.hint"])


def test_help_lists_every_command_as_its_module_declares_it() -> None:
    """The help before any subcommand's module is imported equals the help after all are."""
    parser = _parser()
    before = parser.format_help()
    actions = _every_action(parser)  # declares every subcommand's own parser
    assert parser.format_help() == before
    for name in COMMANDS:
        assert f"    {name} " in before
    hand = [action for action in actions if "--hand" in action.option_strings]
    assert hand, "the hint parser was declared by its module"


FIRST_FRAME = """
import json, sys
from textual.app import App
from bjtrainer.tui.app import BjTrainerApp

def at_first_frame(self):
    # Textual's Ready has come (the first frame is drawn): what is loaded now,
    # before the app would import the rest and open the store.
    print(json.dumps({
        "screens": [type(screen).__name__ for screen in self.screen_stack],
        "look": [self.theme, self.design, self.has_class("-ascii")],
        "loaded": sorted(
            name for name in sys.modules
            if name.split(".")[0] in ("numpy", "pydantic", "sqlite_utils", "sqlite3")
            or name.startswith(("bjtrainer.store", "bjtrainer.trainer", "bjtrainer.ev",
                                "bjtrainer.strategy", "bjtrainer.tui.screens.table"))
        ),
    }))
    self.exit()

BjTrainerApp._import_the_rest = at_first_frame
_run = App.run
App.run = lambda self, **options: _run(self, headless=True, size=(80, 24))
from bjtrainer.cli import main
assert main(sys.argv[1:]) == 0
"""


def first_frame(home: Path, *argv: str) -> dict[str, object]:
    """What ``bjtrainer ARGV`` shows and has imported when its first frame is drawn."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, *argv],
        capture_output=True,
        text=True,
        check=True,
        env={
            **{key: value for key, value in os.environ.items() if key != "TEXTUAL_THEME"},
            "BJTRAINER_HOME": str(home),
        },
    )
    seen: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return seen


@pytest.mark.slow
def test_the_app_draws_its_first_frame_before_numpy_and_the_store(tmp_path: Path) -> None:
    """``bjtrainer`` (and ``--rules``) at its first frame: the opening screen, no store yet."""
    for argv in ([], ["--rules", "night"]):
        assert first_frame(tmp_path, *argv) == {
            "screens": ["Screen", "OpeningScreen"],
            "look": ["textual-dark", "classic", False],
            "loaded": [],
        }, argv
        assert list(tmp_path.iterdir()) == []  # the store file is not even created yet


def test_the_first_frame_has_the_theme_and_design_chosen_last(tmp_path: Path) -> None:
    """Read from the store file read-only with sqlite3, without sqlite-utils; nothing written."""
    from bjtrainer.store import Store
    from bjtrainer.tui.seat import DESIGN_SETTING, THEME_SETTING

    with Store.open(tmp_path / "bjtrainer.db") as store:
        store.set_setting(THEME_SETTING, "textual-light")
        store.set_setting(DESIGN_SETTING, "ascii")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    seen = first_frame(tmp_path)
    assert seen["look"] == ["textual-light", "ascii", True]
    assert seen["loaded"] == ["sqlite3", "sqlite3.dbapi2"]
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
