"""``bjtrainer daily``: the daily five of a date, without answering them.

What the five are and how they are chosen: docs/practice.md, "Daily five".
"""

from __future__ import annotations

import argparse
import json
import re
from datetime import date
from typing import Any

from bjtrainer.commands import Once, OnceFlag

#: The form of ``--date``: four, two and two ASCII digits.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``daily`` and its options."""
    daily = commands.add_parser(
        "daily",
        help="print the daily five of a date",
        description="Print the five spots of a date's daily five at a table: the same for "
        "every user and every start on that date. Nothing is answered or stored.",
    )
    daily.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    daily.add_argument(
        "--date",
        action=Once,
        metavar="YYYY-MM-DD",
        help="the local date (default: today in your time zone)",
    )
    daily.add_argument("--json", action=OnceFlag, help="print JSON instead of text")


def parse_date(text: str) -> date:
    """A date written ``YYYY-MM-DD`` with the digits 0-9, spaces around it allowed.

    Only that form: ``date.fromisoformat`` also reads ``20261129`` and the
    week date ``2026-W48-7``, which the option does not show.

    Raises
    ------
    PracticeError
        With a one-line message for anything else (another form, digits of
        another script, a day that does not exist such as 2026-02-30).
    """
    from bjtrainer.errors import PracticeError
    from bjtrainer.inputs import shown, strip_spaces

    written = strip_spaces(text)
    problem = PracticeError(f"Not a date: {shown(written)}. Write it YYYY-MM-DD, e.g. 2026-11-29.")
    if not _DATE.fullmatch(written):
        raise problem
    try:
        return date.fromisoformat(written)
    except ValueError:
        raise problem from None


def payload(rules_name: str, day: date) -> tuple[list[dict[str, Any]], list[str]]:
    """The JSON payload and the text lines of a date's five.

    Returns
    -------
    (list of dict, list of str)
        ``[{"hand": ["6", "T"], "up": "T", "rules": "practice"}, ...]``
        (five entries, value ranks, play order) and the same as text.

    Raises
    ------
    RulesError
        For an unknown table.
    """
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.trainer.practice.cells import cell_of
    from bjtrainer.trainer.practice.daily import daily_spots

    rules = load_rules(rules_name)
    spots = daily_spots(rules, day)
    data = [{"hand": list(spot.cards), "up": spot.up, "rules": rules.id} for spot in spots]
    text = [f"Daily five for {day.isoformat()} at the {rules.id} table:"]
    for number, spot in enumerate(spots, start=1):
        row = cell_of(spot).row
        text.append(f"{number}. {' '.join(spot.cards)} against {spot.up} ({row})")
    return data, text


def run(args: argparse.Namespace) -> int:
    """Print the date's five spots; return the exit status."""
    from bjtrainer.engine.presets import DEFAULT_PRESET
    from bjtrainer.trainer.clock import SystemClock

    day = parse_date(args.date) if args.date is not None else SystemClock()().date()
    data, text = payload(getattr(args, "rules", DEFAULT_PRESET), day)
    if args.json:
        print(json.dumps(data))
    else:
        print("\n".join(text))
    return 0
