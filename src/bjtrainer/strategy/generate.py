"""Regenerate ``strategy_tables/`` for every preset: ``python -m bjtrainer.strategy.generate``.

Prints one line per file written. Each chart is computed exactly for the
preset's own deck count (:func:`bjtrainer.strategy.build_chart`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.strategy.chart import build_chart
from bjtrainer.strategy.tables import write_chart_files


def write_preset_tables(
    directory: Path | None = None, tables: Iterable[Rules] = PRESETS.values()
) -> list[Path]:
    """Compute and write the CSV and Markdown chart of each table.

    Parameters
    ----------
    directory : Path, optional
        Defaults to the repository's ``strategy_tables/``.
    tables : Iterable[Rules]
        Defaults to the four presets of ``engine.presets.PRESETS``.

    Returns
    -------
    list[Path]
        The files written, two per table.
    """
    written: list[Path] = []
    for rules in tables:
        written.extend(write_chart_files(build_chart(rules), rules, directory))
    return written


def main(argv: list[str] | None = None) -> int:
    """Write every preset's chart files; an optional argument names the folder."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else None
    for path in write_preset_tables(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
