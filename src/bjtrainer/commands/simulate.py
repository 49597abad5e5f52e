"""``bjtrainer simulate``: play many rounds of basic strategy and measure the return.

How it plays and what the standard error means: ``docs/numbers.md``, "17.
Simulation". The mean return per round (units of the original wager, shown
in percent) is printed with its standard error beside the exact figure of
``bjtrainer edge`` (best play, independent draws; ``docs/numbers.md``, "14.
House edge per round"), and with ``--shoe real`` also beside the exact
return of a round from a full shoe (``docs/numbers.md``, "16. Exact shoe").
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any

from bjtrainer.commands import EXIT_STOPPED, Once, OnceFlag

if TYPE_CHECKING:
    from bjtrainer.engine.rules import Rules
    from bjtrainer.simulate import SimulationResult, SimulationStopped


def _count(text: str, *, least: int, what: str, most: int | None = None) -> int:
    """A whole number from ``least`` to ``most``: ``1000000``, ``1_000_000`` or ``1e6``."""
    try:
        value = int(text)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        if not number.is_integer():
            message = f"{what} must be a whole number, not {text!r}"
            raise argparse.ArgumentTypeError(message) from None
        value = int(number)
    if value < least:
        raise argparse.ArgumentTypeError(f"{what} must be at least {least}, not {text}")
    if most is not None and value > most:
        message = f"{what} must be at most {most:,}, not {text}"
        raise argparse.ArgumentTypeError(message)
    return value


#: The most rounds one run plays: 10**12, about a day on two cores at the
#: infinite deck's 5 million rounds a second per core (``docs/numbers.md``,
#: "17. Simulation").
MAX_ROUNDS = 10**12


def _rounds(text: str) -> int:
    return _count(text, least=2, what="--rounds", most=MAX_ROUNDS)


def _seed(text: str) -> int:
    return _count(text, least=0, what="--seed")


def _jobs(text: str) -> int:
    return _count(text, least=0, what="--jobs")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``simulate`` and its options."""
    simulate = commands.add_parser(
        "simulate",
        help="play many rounds of basic strategy and measure the return per round",
        description="Play N rounds of the table's basic-strategy chart (insurance declined) "
        "and print the mean return per round, in percent of the bet, with its standard "
        "error, beside the exact house edge of 'bjtrainer edge'.",
    )
    simulate.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    simulate.add_argument(
        "--rounds",
        action=Once,
        type=_rounds,
        required=True,
        metavar="N",
        help="rounds to play, from 2 to 1e12 (1000000, 1_000_000 or 1e6)",
    )
    simulate.add_argument(
        "--seed",
        action=Once,
        type=_seed,
        default=None,
        metavar="S",
        help="seed (a whole number); the same seed gives the same result (default: a fresh one, "
        "printed)",
    )
    simulate.add_argument(
        "--shoe",
        action=Once,
        choices=("infinite", "real"),
        default="infinite",
        help="infinite: independent draws, as 'edge' assumes (default); real: the table's "
        "shoe, reshuffled at its cut card",
    )
    simulate.add_argument(
        "--jobs",
        action=Once,
        type=_jobs,
        default=1,
        metavar="J",
        help="processes to play in, 0 for every core (default 1); the result does not depend on it",
    )
    simulate.add_argument("--json", action=OnceFlag, help="print JSON instead of text")


def every_core() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def payload(rules: Rules, result: SimulationResult, exact_shoe: float | None) -> dict[str, Any]:
    """The figures of one run, as ``--json`` prints them.

    Returns
    -------
    dict
        ``{"rules", "shoe", "rounds", "seed", "mean_return_percent",
        "standard_error_percent", "edge_percent", "edge_difference_in_se"}``
        and, for ``shoe == "real"``, ``"full_shoe_exact_percent"`` and
        ``"full_shoe_difference_in_se"``: returns per round in percent of the
        original bet; a difference is (mean - exact) / standard error.
    """
    from bjtrainer.ev import round_ev

    edge = round_ev(rules).expected_return
    data: dict[str, Any] = {
        "rules": rules.id,
        "shoe": result.shoe,
        "rounds": result.rounds,
        "seed": result.seed,
        "mean_return_percent": 100.0 * result.mean,
        "standard_error_percent": 100.0 * result.standard_error,
        "edge_percent": 100.0 * edge,
        "edge_difference_in_se": (result.mean - edge) / result.standard_error,
    }
    if exact_shoe is not None:
        data["full_shoe_exact_percent"] = 100.0 * exact_shoe
        data["full_shoe_difference_in_se"] = (result.mean - exact_shoe) / result.standard_error
    return data


def _shoe_words(rules: Rules) -> str:
    size = 52 * rules.decks
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    if rules.shuffle_every_round:
        return f"the table's shoe ({decks}, shuffled before every round)"
    from bjtrainer.simulate.plan import reshuffle_below

    return (
        f"the table's shoe ({decks}, reshuffled once fewer than {reshuffle_below(rules)} of "
        f"{size} cards are left: penetration {rules.penetration:g})"
    )


def text_lines(rules: Rules, result: SimulationResult, data: dict[str, Any]) -> list[str]:
    """The lines ``simulate`` prints."""
    where = (
        "independent draws (each rank 1/13, ten-values 4/13)"
        if result.shoe == "infinite"
        else _shoe_words(rules)
    )
    lines = [
        rules.name or rules.id,
        f"{result.rounds:,} rounds of basic strategy (the table's chart, no insurance) "
        f"on {where}; seed {result.seed}.",
        f"Mean return per round: {data['mean_return_percent']:+.4f}% of the bet, "
        f"standard error {data['standard_error_percent']:.4f}%.",
        "Exact, best play on independent draws (bjtrainer edge): "
        f"{data['edge_percent']:+.4f}% "
        f"({data['edge_difference_in_se']:+.2f} standard errors away).",
    ]
    if "full_shoe_exact_percent" in data:
        lines.append(
            "Exact, first round of a full shoe, best play for the cards held: "
            f"{data['full_shoe_exact_percent']:+.4f}% "
            f"({data['full_shoe_difference_in_se']:+.2f} standard errors away)."
        )
    rate = result.rounds / max(result.seconds, 1e-9)
    processes = "1 process" if result.jobs == 1 else f"{result.jobs} processes"
    lines.append(f"Played in {result.seconds:.2f} s ({rate:,.0f} rounds a second, {processes}).")
    return lines


def stopped_line(stopped: SimulationStopped) -> str:
    """The one line ``simulate`` prints on standard error when Ctrl+C stops it.

    ``"bjtrainer: stopped after 262,144 of 3,000,000,000 rounds: mean return
    per round -0.4012% of the bet, standard error 0.2251% (seed 7)."``: the
    figures of the whole chunks played (``docs/numbers.md``, "17.
    Simulation").
    """
    result = stopped.partial
    if result is None:
        return f"bjtrainer: stopped before the first rounds of {stopped.rounds:,} were played."
    return (
        f"bjtrainer: stopped after {result.rounds:,} of {stopped.rounds:,} rounds: "
        f"mean return per round {100 * result.mean:+.4f}% of the bet, "
        f"standard error {100 * result.standard_error:.4f}% (seed {result.seed})."
    )


def run(args: argparse.Namespace) -> int:
    """Simulate and print the result; return the exit status.

    Ctrl+C while the rounds are played prints :func:`stopped_line` and
    returns :data:`EXIT_STOPPED` (130).

    Raises
    ------
    RulesError
        For an unknown table or a rules file with problems.
    """
    from bjtrainer.commands.progress import progress_bar
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.simulate import SimulationStopped, simulate
    from bjtrainer.strategy import chart_for

    rules = load_rules(args.rules)
    with progress_bar(f"Computing the chart of {rules.id}", quiet=args.json) as on_progress:
        chart = chart_for(rules, on_progress=on_progress)
    jobs = args.jobs or every_core()
    try:
        with progress_bar(f"Playing {args.rounds:,} rounds", quiet=args.json) as on_progress:
            result = simulate(
                rules,
                args.rounds,
                seed=args.seed,
                shoe=args.shoe,
                jobs=jobs,
                chart=chart,
                on_progress=on_progress,
            )
    except SimulationStopped as stopped:
        print(stopped_line(stopped), file=sys.stderr)
        return EXIT_STOPPED
    exact_shoe = None
    if args.shoe == "real":
        from bjtrainer.ev.exact.two_card import game_return, solve_two_card_table

        computing = "Computing the exact return of a full shoe"
        with progress_bar(computing, quiet=args.json) as on_progress:
            exact_shoe = game_return(rules, solve_two_card_table(rules, on_progress=on_progress))
    data = payload(rules, result, exact_shoe)
    if args.json:
        print(json.dumps(data))
    else:
        print("\n".join(text_lines(rules, result, data)))
    return 0
