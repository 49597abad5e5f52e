"""``bjtrainer stats``: the practice figures of a table (docs/practice.md, "Stats")."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from bjtrainer.commands import Once, OnceFlag

if TYPE_CHECKING:
    from bjtrainer.trainer.practice.stats import Stats


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``stats`` and its options."""
    stats = commands.add_parser(
        "stats",
        help="print your practice figures at a table",
        description="Print the accuracy of your first unassisted answers (overall, per topic "
        "and per spot), EV given up per 100 decisions, hint and retry rates, the costliest "
        "mistakes and progress by day, from the local store.",
    )
    stats.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    stats.add_argument("--json", action=OnceFlag, help="print JSON instead of text")


def _share(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def text_lines(figures: Stats) -> list[str]:
    """The figures as lines of text."""
    from bjtrainer.trainer.practice.topics import TOPIC_TITLES
    from bjtrainer.trainer.wording import label

    counts = figures.counts
    per_100 = figures.ev_lost_per_100
    lines = [
        f"Practice at the {figures.rules_id} table",
        f"Decisions: {counts.decisions} ({counts.first} unassisted, "
        f"{counts.after_hint} after a hint), retries {counts.retry}.",
        f"Accuracy of first unassisted answers: {_share(figures.accuracy)}.",
        "EV given up per 100 decisions: "
        + ("-" if per_100 is None else f"{per_100:.3f} bets")
        + ".",
        f"Hint rate {_share(figures.hint_rate)}, retry rate {_share(figures.retry_rate)}.",
        *([figures.own_edge.line()] if figures.own_edge is not None else []),
        *(
            [f"At the table: {figures.luck.line(figures.own_edge.perfect_play)}"]
            if figures.luck is not None and figures.own_edge is not None and figures.luck.rounds
            else []
        ),
        "By topic:",
    ]
    for topic, rate in figures.by_topic.items():
        lines.append(f"  {TOPIC_TITLES[topic]}: {_share(rate.accuracy)} of {rate.answers}")
    if figures.costliest:
        lines.append("Costliest mistakes:")
        for mistake in figures.costliest:
            lines.append(
                f"  {' '.join(mistake.spot.cards)} v {mistake.spot.up}: {mistake.misses} x "
                f"{label(mistake.taken)} instead of {label(mistake.best)}, "
                f"{mistake.ev_lost:.3f} bets given up"
            )
    if figures.progress:
        lines.append("By day:")
        for day in figures.progress:
            lines.append(
                f"  {day.day.isoformat()}: {_share(day.rate.accuracy)} of {day.rate.answers}"
            )
    return lines


def run(args: argparse.Namespace) -> int:
    """Print the table's practice figures; return the exit status."""
    from bjtrainer.engine.presets import DEFAULT_PRESET
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.store import Store
    from bjtrainer.trainer.luck import saved_luck
    from bjtrainer.trainer.practice.stats import stats_from_summary

    rules = load_rules(getattr(args, "rules", DEFAULT_PRESET))
    with Store.open() as store:
        figures = stats_from_summary(
            rules, store.answer_summary(rules.id), luck=saved_luck(store, rules.id)
        )
    if args.json:
        print(json.dumps(figures.to_json()))
    else:
        print("\n".join(text_lines(figures)))
    return 0
