"""``bjtrainer export``: graded decisions or settled rounds as CSV or JSON (docs/export.md)."""

from __future__ import annotations

import argparse
import sys

from bjtrainer.commands import Once

#: The table exported when ``--rules`` is not given: every table.
DEFAULT_RULES = "all"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``export`` and its options."""
    export = commands.add_parser(
        "export",
        help="write your graded decisions (or settled rounds) as CSV or JSON",
        description="Write every graded decision kept in the local store, one row each: time, "
        "table, spot, cards, up card, legal actions, your action, the EV of every action, the "
        "best action, EV given up, accepted, kind and run. With --what rounds, every settled "
        "round at the table: wagers, net and chips after. The columns are described in "
        "docs/export.md.",
    )
    export.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE|all",
        help="table: a preset, a rules file, a table id in the store, or all (default: all)",
    )
    export.add_argument(
        "--format",
        action=Once,
        choices=("csv", "json"),
        default="csv",
        help="csv (a header line, then one line a row) or json (an array of objects); default csv",
    )
    export.add_argument(
        "--since",
        action=Once,
        metavar="DATE",
        help="only rows of this local date or later, YYYY-MM-DD",
    )
    export.add_argument(
        "-o",
        "--output",
        action=Once,
        metavar="FILE",
        help="write to FILE (whole, or not at all) instead of standard output",
    )
    export.add_argument(
        "--what",
        action=Once,
        choices=("decisions", "rounds"),
        default="decisions",
        help="decisions (every graded answer, the default) or rounds (every settled round)",
    )


def run(args: argparse.Namespace) -> int:
    """Write the export; return the exit status.

    Raises
    ------
    ExportError
        If ``--since`` is not a date or the output file cannot be written.
    RulesError
        If ``--rules`` names no table.
    StoreError
        If the store cannot be read.
    """
    from pathlib import Path

    from bjtrainer.store import Store
    from bjtrainer.trainer.export import (
        parse_since,
        resolve_rules,
        rows_of,
        write_atomically,
        write_rows,
    )

    since = parse_since(args.since) if args.since is not None else None
    with Store.open() as store:
        rules_ids = resolve_rules(store, getattr(args, "rules", DEFAULT_RULES))
        columns, rows = rows_of(store, args.what, rules_ids=rules_ids, since=since)
        if args.output is None:
            write_rows(rows, columns, sys.stdout, args.format)
            sys.stdout.flush()
        else:
            write_atomically(
                Path(args.output), lambda out: write_rows(rows, columns, out, args.format)
            )
    return 0
