"""The ``bjtrainer`` command.

``bjtrainer`` with no subcommand opens the trainer (the Textual app).
``bjtrainer hint --rules practice --hand "T 6" --up T [--json]`` prints the
hint and the why figures for one spot.

Exit status: 0 on success, 2 for bad input (a bad card, a spot that cannot
occur, an unknown table) with a one-line message on standard error.
Heavy modules (numpy, Textual) are imported only by the subcommand that
needs them, so ``bjtrainer hint`` starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from bjtrainer import __version__
from bjtrainer.errors import BjTrainerError

EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bjtrainer",
        description="A blackjack basic-strategy trainer for the terminal. "
        "With no command, opens the trainer.",
    )
    parser.add_argument("--version", action="version", version=f"bjtrainer {__version__}")
    parser.add_argument(
        "--rules",
        default="practice",
        metavar="NAME",
        help="table to sit at (default: practice)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    hint = commands.add_parser(
        "hint",
        help="print the hint and the why figures for one spot",
        description="Print the best play and the numbers behind it for one spot. "
        "Figures use independent draws (each rank 1/13, ten-values 4/13), in units of the bet.",
    )
    hint.add_argument(
        "--rules", default=argparse.SUPPRESS, metavar="NAME", help="table (default: practice)"
    )
    hint.add_argument(
        "--hand",
        required=True,
        help='the player\'s cards, e.g. "T 6" or "A,7" (A 2-9 T J Q K; 10 = T)',
    )
    hint.add_argument("--up", required=True, help="the dealer's up card, e.g. T")
    hint.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _hint_payload(rules_id: str, hand: list[str], up: str) -> tuple[dict[str, Any], list[str]]:
    from bjtrainer.engine.rules import load_rules
    from bjtrainer.ev import HandSpot, analyse
    from bjtrainer.trainer.explain import hint_line, why_lines

    rules = load_rules(rules_id)
    analysis = analyse(rules, HandSpot(cards=tuple(hand), up=up))
    payload: dict[str, Any] = {
        "rules": rules.id,
        "hand": hand,
        "up": up,
        "best": analysis.best.value,
        "ev": {action.value: ev for action, ev in analysis.evs.items()},
        "bust_next": analysis.bust_next,
        "stand": {
            "win": analysis.stand_win,
            "push": analysis.stand_push,
            "loss": analysis.stand_loss,
        },
    }
    text = [f"{rules.name}", f"Hand {' '.join(hand)} against up card {up}.", hint_line(analysis)]
    text += why_lines(analysis)
    return payload, text


def _run_hint(args: argparse.Namespace) -> int:
    from bjtrainer.engine.cards import parse_rank, parse_ranks

    hand = parse_ranks(args.hand)
    up = parse_rank(args.up)
    payload, text = _hint_payload(args.rules, hand, up)
    if args.json:
        print(json.dumps(payload))
    else:
        print("\n".join(text))
    return 0


def _run_app(args: argparse.Namespace) -> int:
    from bjtrainer.engine.rules import load_rules
    from bjtrainer.store import Store
    from bjtrainer.tui.app import make_app

    rules = load_rules(args.rules)
    store = Store.open()
    make_app(store=store, rules=rules).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "hint":
            return _run_hint(args)
        return _run_app(args)
    except BjTrainerError as exc:
        message = str(exc).replace("\n", "; ")
        print(f"bjtrainer: error: {message}", file=sys.stderr)
        return EXIT_USAGE
