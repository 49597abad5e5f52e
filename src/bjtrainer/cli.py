"""The ``bjtrainer`` command line.

``bjtrainer`` with no subcommand opens the trainer (the Textual app); each
subcommand lives in its own module of :mod:`bjtrainer.commands`, named in
:data:`COMMANDS` with its one-line help. Only the module of the subcommand
given is imported (its parser is declared when argparse first looks it up),
so ``bjtrainer hint`` does not pay for the others, and building the parser
imports neither numpy, pydantic, sqlite-utils nor Textual
(``docs/architecture.md``, "Start-up").

Exit status: 0 on success, 2 for bad input (a bad card, a spot that cannot
occur, an unknown table) with a one-line message on standard error (a rules
file's problems: one line each), 130 after Ctrl+C, with one line and no
traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Sequence
from types import ModuleType
from typing import Any, TextIO

from bjtrainer import __version__
from bjtrainer.commands import EXIT_STOPPED, Once, given_twice
from bjtrainer.errors import BjTrainerError, RulesError

EXIT_USAGE = 2

#: Shells ``--print-completion`` writes a completion script for (shtab's).
COMPLETION_SHELLS = ("bash", "zsh", "tcsh", "fish")


class PrintCompletion(argparse.Action):
    """``--print-completion SHELL``: print the shell's completion script and exit (shtab).

    The script completes subcommands, options and their choices, and after
    ``--rules`` the preset names and file names (:func:`rules_completion`).
    shtab is imported only here: it costs tens of milliseconds, which no
    other command pays.
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        import shtab

        for action in _every_action(parser):
            if action.dest in ("rules", "table"):  # a preset name or a rules file
                both = rules_completion() if values != "tcsh" else shtab.FILE
                action.complete = both  # type: ignore[attr-defined]
        sys.stdout.write(shtab.complete(parser, shell=str(values)))
        parser.exit()


def rules_completion() -> dict[str, Any]:
    """What completes after ``--rules``: the preset names and file names (shtab's form).

    A shell function of the script offers both (bash: ``compgen -W`` and
    ``compgen -f``; zsh: ``_alternative`` of the names and ``_files``; fish:
    the names and ``__fish_complete_path``). tcsh gets file names only.
    """
    from bjtrainer.engine.presets import PRESETS

    names = " ".join(PRESETS)  # listing the presets reads none of their files
    return {
        "bash": "_shtab_bjtrainer_rules",
        "zsh": "_shtab_bjtrainer_rules",
        "fish": f"(printf '%s\\n' {names}; __fish_complete_path (commandline -ct))",
        "preamble": {
            "bash": (
                "# a preset or a rules file after --rules\n"
                "_shtab_bjtrainer_rules() {\n"
                f'  compgen -W "{names}" -- "$1"\n'
                '  compgen -f -- "$1"\n'
                "}\n"
            ),
            "zsh": (
                "# a preset or a rules file after --rules\n"
                "_shtab_bjtrainer_rules() {\n"
                f"  _alternative 'presets:preset table:({names})' 'files:rules file:_files'\n"
                "}\n"
            ),
        },
    }


def _every_action(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options and arguments of ``parser`` and of every subcommand's parser."""
    found = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name in list(action.choices):
                found += _every_action(action.choices[name])  # declared now if not yet
    return found


#: Subcommand name -> its one-line help, as its module's ``add_parser`` gives it
#: (``bjtrainer --help`` lists these without importing the modules). The module
#: ``bjtrainer.commands.<name>`` has ``add_parser`` and ``run``.
COMMANDS = {
    "hint": "print the hint and the why figures for one spot",
    "edge": "print a table's expected return per round (the house edge)",
    "rules": "list the preset tables, or print one as a rules file",
    "chart": "print the table's basic-strategy chart",
    "daily": "print the daily five of a date",
    "stats": "print your practice figures at a table",
    "doctor": "check the store file (and move a broken one aside with --reset)",
    "serve": "serve the trainer to a web browser (needs bjtrainer[web])",
    "simulate": "play many rounds of basic strategy and measure the return per round",
    "export": "write your graded decisions (or settled rounds) as CSV or JSON",
}


def command_module(name: str) -> ModuleType:
    """The module of subcommand ``name`` (imported now if not yet)."""
    return importlib.import_module(f"bjtrainer.commands.{name}")


class _DeclaredWhenRead(dict[str, argparse.ArgumentParser]):
    """The subcommands' parsers: a placeholder each, until argparse reads one.

    Reading ``name`` (argparse does when it meets the subcommand, the
    completion script for every one) imports its module and lets its
    ``add_parser`` declare the real parser in the placeholder's place, its
    help line where the placeholder's was.
    """

    def __init__(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        super().__init__()
        self._subparsers = subparsers
        self._declared: set[str] = set()

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        if name in COMMANDS and name not in self._declared:
            self._declared.add(name)
            lines = self._subparsers._choices_actions
            place = next(i for i, line in enumerate(lines) if line.dest == name)
            del lines[place]
            super().__delitem__(name)
            before = len(lines)
            command_module(name).add_parser(self._subparsers)
            if len(lines) > before:  # its help line: back where the placeholder's was
                lines.insert(place, lines.pop())
        return super().__getitem__(name)


#: Subcommands that open the app (in a browser): without --rules, the app's own choice.
OPENS_APP = {"serve"}
#: Subcommands with a default table of their own (``export``: every table).
OWN_DEFAULT_RULES = {"export"}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bjtrainer",
        description="A blackjack basic-strategy trainer for the terminal. "
        "With no command, opens the trainer.",
    )
    parser.add_argument("--version", action="version", version=f"bjtrainer {__version__}")
    parser.add_argument(
        "--print-completion",
        action=PrintCompletion,
        choices=COMPLETION_SHELLS,
        metavar="SHELL",
        help="print the shell completion script for SHELL (bash, zsh, tcsh or fish) and exit; "
        'e.g. eval "$(bjtrainer --print-completion bash)" in ~/.bashrc',
    )
    parser.add_argument(
        "--rules",
        action=Once,
        dest="table",  # moved to args.rules by main, which refuses it given again after COMMAND
        default=argparse.SUPPRESS,  # unset unless given; each subcommand has its own default
        metavar="NAME|FILE",
        help="table to sit at: a preset or a rules file (default: the table chosen "
        "last on the sit-down screen; it opens at the first start)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers._name_parser_map = subparsers.choices = _DeclaredWhenRead(subparsers)
    for name, summary in COMMANDS.items():
        subparsers.add_parser(name, help=summary, add_help=False)
    return parser


def one_line(message: str) -> str:
    """An error message on one line: ``"file.toml: a; b"`` for a header and its problems."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return f"{lines[0]} {'; '.join(lines[1:])}"
    return "; ".join(lines)


def error_text(exc: BjTrainerError, *, width: int | None = None) -> str:
    """The ``bjtrainer: error: ...`` text of ``exc`` for standard error.

    One line, except a rules file with several problems: its path once, then
    one problem per line (:meth:`RulesError.listing`). With ``width`` (a
    terminal's columns) each line is wrapped between words, a problem's
    continuation lines indented under its text; without it (a pipe, a log)
    nothing is wrapped.
    """
    lines = exc.listing() if isinstance(exc, RulesError) else [one_line(str(exc))]
    lines[0] = f"bjtrainer: error: {lines[0]}"
    if width is None:
        return "\n".join(lines)
    return "\n".join(
        textwrap.fill(
            line,
            width=width,
            subsequent_indent="  " if line.startswith("- ") else "",
            break_long_words=False,
            break_on_hyphens=False,
        )
        for line in lines
    )


def _terminal_width(stream: TextIO) -> int | None:
    """The columns of the terminal ``stream`` writes to; ``None`` if it is no terminal."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream.isatty() else None
    except (AttributeError, OSError, ValueError):  # a replaced stream (tests), a closed one
        return None


def open_trainer(args: argparse.Namespace) -> int:
    """Open the Textual app (at ``args.rules`` if given); return the exit status.

    ``bjtrainer --rules NAME|FILE`` sits down at that table at once, skipping
    the choice of table; without it the app opens the table chosen last, or
    its sit-down screen at the first start (docs/playing.md, "Sitting down").
    The TUI is imported here, not at the top, so that subcommands start without
    Textual. The app draws its first frame before it opens the store
    (docs/architecture.md, "Start-up"); a store it cannot open ends it, and
    the error is raised here, after the terminal is given back.

    Raises
    ------
    RulesError
        If ``args.rules`` is neither a preset nor a valid rules file.
    StoreError
        If the store cannot be opened.
    """
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.tui.app import make_app

    given: str | None = getattr(args, "rules", None)  # absent unless --rules was given
    rules = load_rules(given) if given is not None else None
    app = make_app(rules=rules, invite=True)
    try:
        app.run()
    finally:
        app.close_store()
    if app.open_error is not None:
        raise app.open_error
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if hasattr(args, "table"):  # bjtrainer --rules X [COMMAND]
        if hasattr(args, "rules"):
            parser.error(given_twice("--rules"))
        args.rules = args.table
    own_default = OPENS_APP | OWN_DEFAULT_RULES
    if args.command and args.command not in own_default and not hasattr(args, "rules"):
        args.rules = "practice"  # subcommands default to practice; the app to its sit-down screen
    run = command_module(args.command).run if args.command else open_trainer
    try:
        return int(run(args))
    except KeyboardInterrupt:  # Ctrl+C: a line, not a traceback (simulate says more)
        print("bjtrainer: stopped (Ctrl+C).", file=sys.stderr)
        return EXIT_STOPPED
    except BrokenPipeError:
        # The reader went away (``bjtrainer edge --json | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except BjTrainerError as exc:
        print(error_text(exc, width=_terminal_width(sys.stderr)), file=sys.stderr)
        return EXIT_USAGE
