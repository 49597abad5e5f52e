"""``bjtrainer edge``: a table's expected return per round.

How it is computed: docs/numbers.md, "14. House edge per round".

The expected return is the player's, per round, under best play with
independent draws (each rank 1/13, ten-values 4/13), no insurance, in percent
of the original bet: negative when the house has the edge (``guide``:
-0.511734%, Wizard of Odds, Blackjack Appendix 1). It comes from
:func:`bjtrainer.ev.round_ev`; ``docs/numbers.md`` tells how it is computed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bjtrainer.commands import Once, OnceFlag

if TYPE_CHECKING:
    from bjtrainer.engine.rules import Rules

#: Up cards in the order they are printed: 2 to 9, ten-value, ace.
UP_ORDER: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``edge`` and its options."""
    edge = commands.add_parser(
        "edge",
        help="print a table's expected return per round (the house edge)",
        description="Print the player's expected return per round under best play, in "
        "percent of the bet, overall and by dealer up card. Independent draws (each rank "
        "1/13, ten-values 4/13), no insurance; negative means the house has the edge.",
    )
    edge.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    edge.add_argument("--json", action=OnceFlag, help="print JSON instead of text")


def payload(rules: Rules) -> dict[str, Any]:
    """The figures of one table, as ``--json`` prints them.

    Parameters
    ----------
    rules : Rules
        The table.

    Returns
    -------
    dict
        ``{"rules": id, "expected_return_percent": float, "by_up": {"2": float,
        ..., "T": float, "A": float}}``: the player's expected return per round
        in percent of the original bet, overall and given each up card
        (full precision). The overall figure is the average of ``by_up``
        weighted 1/13 per up card, 4/13 for ``"T"``.
    """
    from bjtrainer.ev import round_ev

    result = round_ev(rules)
    return {
        "rules": rules.id,
        "expected_return_percent": 100.0 * result.expected_return,
        "by_up": {rank: 100.0 * result.by_up[rank] for rank in UP_ORDER},
    }


def _signed(percent: float) -> str:
    return f"{percent:+.6f}%"


def _blackjack_check(rules: Rules, rank: str) -> str:
    if rank not in ("A", "T"):
        return "cannot have one"
    if rules.peeks_with(rank):
        return "checked before you act"
    return "found after you act"


def _text_lines(rules: Rules, data: dict[str, Any]) -> list[str]:
    """The lines above the table: the table's name and the overall figure."""
    overall = float(data["expected_return_percent"])
    edge = "house edge" if overall <= 0 else "player edge"
    return [
        rules.name or rules.id,
        f"Expected return per round: {overall:.6f}% of the bet ({edge} {abs(overall):.6f}%).",
        "Best play, independent draws (each rank 1/13, ten-values 4/13), no insurance.",
    ]


def plain_table(
    header: tuple[str, ...], rows: Sequence[tuple[str, ...]], *, right: set[int]
) -> list[str]:
    """Columns as plain text, for output that is not a terminal.

    Cells are separated by two spaces, the columns whose index is in
    ``right`` aligned right; no line ends in a space.
    """
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    return [
        "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in (header, *rows)
    ]


def run(args: argparse.Namespace) -> int:
    """Print the table's expected return; return the exit status.

    Raises
    ------
    RulesError
        For an unknown table or a rules file with problems.
    """
    from bjtrainer.engine.rules_file import load_rules

    rules = load_rules(args.rules)
    data = payload(rules)
    if args.json:
        print(json.dumps(data))
        return 0
    header = ("up card", "chance", "expected return", "dealer blackjack")
    rows = [
        (
            rank,
            "4/13" if rank == "T" else "1/13",
            _signed(data["by_up"][rank]),
            _blackjack_check(rules, rank),
        )
        for rank in UP_ORDER
    ]
    lines = _text_lines(rules, data)
    if not sys.stdout.isatty():
        print("\n".join([*lines, "", *plain_table(header, rows, right={1, 2})]))
        return 0

    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(file=sys.stdout, highlight=False)
    for line in lines:
        console.print(line, markup=False)
    grid = Table(box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
    for index, title in enumerate(header):
        grid.add_column(title, justify="right" if index in (1, 2) else "left")
    for row in rows:
        grid.add_row(*row)
    console.print(grid)
    return 0
