"""The ``bjtrainer`` command line.

``bjtrainer`` with no subcommand opens the trainer (the Textual app); each
subcommand lives in its own module of :mod:`bjtrainer.commands`.

Exit status: 0 on success, 2 for bad input (a bad card, a spot that cannot
occur, an unknown table) with a one-line message on standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from bjtrainer import __version__
from bjtrainer.commands import (
    Once,
    chart,
    daily,
    doctor,
    edge,
    export,
    given_twice,
    hint,
    rules,
    serve,
    simulate,
    stats,
)
from bjtrainer.errors import BjTrainerError

EXIT_USAGE = 2

#: Shells ``--print-completion`` writes a completion script for (shtab's).
COMPLETION_SHELLS = ("bash", "zsh", "tcsh", "fish")


class PrintCompletion(argparse.Action):
    """``--print-completion SHELL``: print the shell's completion script and exit (shtab).

    The script completes subcommands, options and their choices, and file
    names after ``--rules``. shtab is imported only here: it costs tens of
    milliseconds, which no other command pays.
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
                action.complete = shtab.FILE  # type: ignore[attr-defined]
        sys.stdout.write(shtab.complete(parser, shell=str(values)))
        parser.exit()


def _every_action(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options and arguments of ``parser`` and of every subcommand's parser."""
    found = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _every_action(sub)
    return found


#: Subcommand name -> module with ``add_parser`` and ``run``.
COMMANDS = {
    "hint": hint,
    "edge": edge,
    "rules": rules,
    "chart": chart,
    "daily": daily,
    "stats": stats,
    "doctor": doctor,
    "serve": serve,
    "simulate": simulate,
    "export": export,
}

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
    for module in COMMANDS.values():
        module.add_parser(subparsers)
    return parser


def one_line(message: str) -> str:
    """An error message on one line: ``"file.toml: a; b"`` for a header and its problems."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return f"{lines[0]} {'; '.join(lines[1:])}"
    return "; ".join(lines)


def open_trainer(args: argparse.Namespace) -> int:
    """Open the Textual app (at ``args.rules`` if given); return the exit status.

    ``bjtrainer --rules NAME|FILE`` sits down at that table at once, skipping
    the choice of table; without it the app opens the table chosen last, or
    its sit-down screen at the first start (docs/playing.md, "Sitting down").
    The TUI is imported here, not at the top, so that subcommands start without
    Textual.

    Raises
    ------
    RulesError
        If ``args.rules`` is neither a preset nor a valid rules file.
    StoreError
        If the store cannot be opened.
    """
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.store import Store
    from bjtrainer.tui.app import make_app

    given: str | None = getattr(args, "rules", None)  # absent unless --rules was given
    rules = load_rules(given) if given is not None else None
    with Store.open() as store:
        make_app(store=store, rules=rules, invite=True).run()
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
    run = COMMANDS[args.command].run if args.command else open_trainer
    try:
        return int(run(args))
    except BrokenPipeError:
        # The reader went away (``bjtrainer edge --json | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except BjTrainerError as exc:
        print(f"bjtrainer: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
