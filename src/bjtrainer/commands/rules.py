"""``bjtrainer rules``: the presets, and any table as a rules file (docs/custom-tables.md).

``bjtrainer rules`` lists the presets (docs/rules/README.md, "The four tables") with their
one-line names; ``bjtrainer rules --show NAME|FILE`` prints a preset, or a
rules file normalised (every field, with comments), as a TOML rules file to
start a table of one's own from (:func:`bjtrainer.engine.rules_file.rules_to_toml`).
"""

from __future__ import annotations

import argparse
import sys

from bjtrainer.commands import Once


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``rules`` and its options."""
    rules = commands.add_parser(
        "rules",
        help="list the preset tables, or print one as a rules file",
        description="With no option, list the preset tables. With --show, print a preset "
        "(or a rules file, normalised) as a TOML rules file to start a table of your own "
        "from; play at it with: bjtrainer --rules FILE.",
    )
    rules.add_argument(
        "--show",
        action=Once,
        metavar="NAME|FILE",
        help="print this preset or rules file as a commented TOML rules file",
    )


def run(args: argparse.Namespace) -> int:
    """List the presets or print one table as a rules file; return the exit status.

    Raises
    ------
    RulesError
        For an unknown table or a rules file with problems (``--show``).
    """
    from bjtrainer.commands.edge import plain_table
    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.engine.rules_file import load_rules, rules_to_toml

    if args.show is not None:
        sys.stdout.write(rules_to_toml(load_rules(args.show)))
        return 0

    header = ("preset", "table", "source")
    rows = [(preset.id, preset.name, preset.source) for preset in PRESETS.values()]
    footer = "Print one as a rules file to start from: bjtrainer rules --show NAME"
    if not sys.stdout.isatty():
        print("\n".join([*plain_table(header, rows, right=set()), "", footer]))
        return 0

    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(file=sys.stdout, highlight=False)
    grid = Table(box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
    for title in header:
        grid.add_column(title)
    for row in rows:
        grid.add_row(*row)
    console.print(grid)
    console.print(footer, markup=False)
    return 0
