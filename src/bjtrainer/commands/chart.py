"""``bjtrainer chart``: the table's basic-strategy chart.

The chart is computed exactly for the table's own deck count
(:mod:`bjtrainer.strategy`), cached on disk, and printed in colour: hits,
stands, doubles, splits and surrenders each in their own colour
(:data:`bjtrainer.strategy.CODE_STYLES`), with a legend of the codes. A
preset's chart is read from the committed files (package data), never
computed; another table's is computed once (with a progress bar on standard
error when that is a terminal) and then read from the cache.
``--write`` regenerates ``strategy_tables/<id>.csv``, ``.md`` and ``.json``
in the source checkout (or ``--dir``) and says where; ``--check`` compares
the committed files, wherever bjtrainer is installed, with a fresh
computation and exits 1, listing the cells, when they differ; only the
presets have committed files, so for a table of your own it says so and
exits 2 unless ``--dir`` holds the files ``--write`` wrote there.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bjtrainer.commands import Once, OnceFlag

EXIT_DIFFERENT = 1

#: Largest difference of a committed EV from a fresh one that ``--check``
#: accepts, in units of the original wager (the JSON keeps 12 decimals).
EV_TOLERANCE = 1e-9


def folder(text: str) -> Path:
    """The ``--dir`` argument: the path of a folder that exists.

    Raises
    ------
    argparse.ArgumentTypeError
        With one line (the path quoted short) for an empty text, a path that
        names nothing or cannot name a file (a NUL character, a name too
        long), or a path that is not a folder.
    """
    from bjtrainer.inputs import shown

    if not text:
        raise argparse.ArgumentTypeError("give the path of a folder, e.g. --dir strategy_tables")
    path = Path(text)
    try:
        is_folder = path.is_dir()
        exists = is_folder or path.exists()
    except (OSError, ValueError):  # a NUL character, a name too long
        exists = is_folder = False
    if not exists:
        raise argparse.ArgumentTypeError(f"no such folder: {shown(text)}")
    if not is_folder:
        raise argparse.ArgumentTypeError(f"{shown(text)} is a file, not a folder")
    return path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``chart`` and its options."""
    chart = commands.add_parser(
        "chart",
        help="print the table's basic-strategy chart",
        description="Print the table's total-dependent basic-strategy chart, computed exactly "
        "for its own deck count (six decks; one for home).",
    )
    chart.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table: a preset or a rules file (default: practice)",
    )
    action = chart.add_mutually_exclusive_group()
    action.add_argument(
        "--write",
        action=OnceFlag,
        help="regenerate strategy_tables/<table>.csv, .md and .json from a fresh computation",
    )
    action.add_argument(
        "--check",
        action=OnceFlag,
        help="compare the committed chart of the table with a fresh computation "
        "(exit 1 if different)",
    )
    chart.add_argument(
        "--dir",
        action=Once,
        type=folder,
        default=None,
        metavar="DIR",
        help="an existing folder of the chart files (default: for --write, the source "
        "checkout's strategy_tables/; for --check, the installed charts)",
    )


def nothing_to_check(table: str, given: str, directory: Path | None) -> str:
    """Why ``--check`` has no chart of ``table`` to compare, and what to do (one line).

    Only the presets' charts come with bjtrainer; a table of your own has
    one to check only where ``--write --dir DIR`` wrote it
    (``docs/numbers.md``, "12. The basic-strategy chart").
    """
    if directory is not None:
        return (
            f"No chart of {table} in {directory} ({table}.csv): write it there first with "
            f"bjtrainer chart --rules {given} --write --dir {directory}."
        )
    from bjtrainer.engine.presets import PRESETS

    return (
        f"Only the preset tables ({', '.join(PRESETS)}) have committed charts to check; "
        f"{table} is a table of your own, whose chart is computed from its rules. To check "
        f"it later, write it once: bjtrainer chart --rules {given} --write --dir DIR, "
        "then --check --dir DIR."
    )


def run(args: argparse.Namespace) -> int:
    """Print, write or check the chart; return the exit status.

    Raises
    ------
    ChartFileError
        For ``--check`` of a table with no committed chart (a table of your
        own without ``--dir``: :func:`nothing_to_check`), or a malformed one.
    """
    from rich.console import Console
    from rich.table import Table

    from bjtrainer.commands.progress import progress_bar
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.strategy import (
        CODE_MEANINGS,
        CODE_STYLES,
        COLUMNS,
        ROWS,
        ChartFileError,
        build_chart,
        chart_for,
        committed_differences,
        committed_ev_difference,
        default_tables_dir,
        packaged_tables,
        write_chart_files,
    )

    rules = load_rules(args.rules)
    console = Console(highlight=False)
    computing = f"Computing the chart of {rules.id}"
    if args.write:
        target = args.dir or default_tables_dir()
        with progress_bar(computing) as on_progress:
            fresh = build_chart(rules, on_progress=on_progress)
        try:
            written = write_chart_files(fresh, rules, target)
        except OSError as exc:
            raise ChartFileError(
                f"Cannot write the chart files of {rules.id}: {exc.strerror or exc}."
            ) from None
        for path in written:
            console.print(f"wrote {path}", soft_wrap=True)
        return 0
    if args.check:
        committed = args.dir or packaged_tables()
        if not (committed / f"{rules.id}.csv").is_file():  # before seconds of computing
            raise ChartFileError(nothing_to_check(rules.id, args.rules, args.dir))
        with progress_bar(computing) as on_progress:
            fresh = build_chart(rules, on_progress=on_progress)
        differences = committed_differences(rules, fresh, committed)
        ev_difference = committed_ev_difference(rules, fresh, committed)
        where = committed / f"{rules.id}.csv"
        if not differences and ev_difference is not None and ev_difference <= EV_TOLERANCE:
            console.print(
                f"{rules.id}: the committed chart ({where}) matches a fresh computation.",
                soft_wrap=True,
            )
            return 0
        for difference in differences:
            console.print(str(difference))
        if ev_difference is None:
            console.print(
                f"{rules.id}.json: missing or unreadable next to {where}.", soft_wrap=True
            )
        elif ev_difference > EV_TOLERANCE:
            console.print(
                f"{rules.id}.json: EVs differ from a fresh computation by up to "
                f"{ev_difference:.3g} (more than {EV_TOLERANCE:g})."
            )
        return EXIT_DIFFERENT

    with progress_bar(computing) as on_progress:
        chart = chart_for(rules, on_progress=on_progress)
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    grid = Table(
        title=f"{rules.name}\nBasic strategy for {decks}, computed exactly",
        show_lines=False,
        pad_edge=False,
    )
    grid.add_column("hand", justify="left", no_wrap=True)
    for column in COLUMNS:
        grid.add_column(column, justify="center", no_wrap=True)
    previous_kind = ""
    for row in ROWS:
        kind = row.split()[0]
        if previous_kind and kind != previous_kind:
            grid.add_section()
        previous_kind = kind
        codes = [chart.code(row, column) for column in COLUMNS]
        grid.add_row(row, *(f"[{CODE_STYLES[c]}]{c.value:^3}[/]" for c in codes))
    console.print(grid)
    legend = Table.grid(padding=(0, 2))
    entries = [
        f"[{CODE_STYLES[code]}]{code.value:^3}[/] {meaning}"
        for code, meaning in CODE_MEANINGS.items()
    ]
    for start in range(0, len(entries), 2):
        legend.add_row(*entries[start : start + 2])
    console.print(legend)
    return 0
