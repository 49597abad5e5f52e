"""``bjtrainer hint``: the hint, its reason and the why figures for one spot.

What they say: docs/playing.md, "Hint, Why and the grade line". The hint
is the best play with its EV and one sentence comparing it with the
second-best play, the one with the next highest EV
(:func:`bjtrainer.trainer.reasons.hint_reason`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bjtrainer.commands import Once, OnceFlag


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``hint`` and its options."""
    hint = commands.add_parser(
        "hint",
        help="print the hint and the why figures for one spot",
        description="Print the best play and the numbers behind it for one spot. "
        "Figures use independent draws (each rank 1/13, ten-values 4/13), in units of the bet.",
    )
    hint.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    hint.add_argument(
        "--hand",
        action=Once,
        required=True,
        help='the player\'s cards, e.g. "T 6" or "A,7" (A 2-9 T J Q K; 10 = T)',
    )
    hint.add_argument("--up", action=Once, required=True, help="the dealer's up card, e.g. T")
    hint.add_argument("--json", action=OnceFlag, help="print JSON instead of text")


def payload(rules_id: str, hand: list[str], up: str) -> tuple[dict[str, Any], list[str]]:
    """The JSON payload and the text lines for one spot.

    The payload holds the best play, every EV (units of the bet), the bust
    chance, the stand chances, the second-best play (``second_best``,
    ``null`` when there is none) and the reason sentence (``reason``).

    Raises
    ------
    RulesError, InvalidSpotError
        For an unknown table or a spot that cannot occur as a decision.
    """
    from bjtrainer.engine.hand import evaluate
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.ev import HandSpot, analyse
    from bjtrainer.trainer.explain import hint_line, why_lines
    from bjtrainer.trainer.reasons import hint_reason, next_best
    from bjtrainer.trainer.spots import Spot

    rules = load_rules(rules_id)
    analysis = analyse(rules, HandSpot(cards=tuple(hand), up=up))
    spot = Spot(rules.id, tuple(hand), up, legal=frozenset(analysis.evs))
    second = next_best(analysis.evs, analysis.best)
    reason = hint_reason(rules, spot, analysis.evs)
    data: dict[str, Any] = {
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
        "second_best": second.value if second is not None else None,
        "reason": reason,
    }
    value = evaluate(hand)
    kind = "soft" if value.soft else "hard"
    text = [
        rules.name,
        f"Hand {' '.join(hand)} ({kind} {value.total}) against up card {up}.",
        hint_line(analysis),
        reason,
        *why_lines(analysis),
    ]
    return data, text


def run(args: argparse.Namespace) -> int:
    """Print the spot's figures; return the exit status."""
    from bjtrainer.engine.cards import parse_rank, parse_ranks

    hand = parse_ranks(args.hand)
    up = parse_rank(args.up)
    data, text = payload(args.rules, hand, up)
    if args.json:
        print(json.dumps(data))
    else:
        print("\n".join(text))
    return 0
