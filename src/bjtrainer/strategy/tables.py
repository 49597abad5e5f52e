"""Chart files: ``strategy_tables/<preset>.csv``, ``.md`` and ``.json``, and checking them.

The CSV is plain: the header ``hand,2,3,4,5,6,7,8,9,T,A`` and one line per
row of :data:`~bjtrainer.strategy.chart.ROWS`, each cell a code of
:class:`~bjtrainer.strategy.codes.Code`. The Markdown file holds the same
chart as three tables (hard, soft, pairs) with a note naming the rules and
how the chart was computed. The JSON file holds the codes and the averaged
exact EVs behind every cell (units of the original wager), with the key of
the rules it was computed for (:func:`bjtrainer.strategy.cache.cache_key`),
so the presets' charts are read, never computed, wherever bjtrainer is
installed. All three are generated (:func:`write_chart_files`);
:func:`committed_differences` compares a committed CSV with a fresh
computation, cell by cell.

The committed files live in the repository's top-level ``strategy_tables/``
folder, which the build maps to the package ``bjtrainer.strategy_tables``
(package data, read with :mod:`importlib.resources`: :func:`packaged_tables`);
writing goes to the source checkout's folder (:func:`default_tables_dir`).
"""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import BjTrainerError
from bjtrainer.strategy.chart import COLUMNS, HARD_ROWS, PAIR_ROWS, ROWS, SOFT_ROWS, Chart
from bjtrainer.strategy.codes import CODE_MEANINGS, Code

#: The CSV header.
HEADER: tuple[str, ...] = ("hand", *COLUMNS)


class ChartFileError(BjTrainerError, ValueError):
    """A chart file that is missing or not in the expected form."""


@dataclass(frozen=True)
class CellDifference:
    """One cell where two charts disagree.

    Attributes
    ----------
    row, column : str
        The cell (``"hard 16"``, ``"T"``).
    expected, actual : Code
        The code in the reference chart (e.g. committed) and in the other (e.g. fresh).
    """

    row: str
    column: str
    expected: Code
    actual: Code

    def __str__(self) -> str:
        return f"{self.row} v {self.column}: {self.expected.value} -> {self.actual.value}"


#: The package the build makes of the top-level ``strategy_tables/`` folder.
TABLES_PACKAGE = "bjtrainer.strategy_tables"

#: Decimal places kept of each EV in the JSON file (far below any difference a chart shows).
EV_DIGITS = 12


def _checkout_tables_dir() -> Path | None:
    """``strategy_tables/`` of the source checkout this module runs from, if it is one."""
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "strategy_tables").is_dir():
        return root / "strategy_tables"
    return None


def default_tables_dir() -> Path:
    """The source checkout's ``strategy_tables/`` (next to ``src/``), where charts are written.

    Raises
    ------
    ChartFileError
        If bjtrainer runs from an installed wheel (pipx, ``pip install .``),
        where there is no such folder: give a folder instead (``--dir``).
    """
    folder = _checkout_tables_dir()
    if folder is None:
        raise ChartFileError(
            "bjtrainer is installed from a wheel, not run from a source checkout, so there "
            "is no strategy_tables/ folder to write: give one with --dir DIR."
        )
    return folder


def packaged_tables() -> Traversable:
    """The committed charts as installed: the package data ``bjtrainer.strategy_tables``.

    Falls back to the source checkout's folder for an install made before
    the charts were package data (an old editable install).

    Raises
    ------
    ChartFileError
        If neither is found.
    """
    try:
        return resources.files(TABLES_PACKAGE)
    except ModuleNotFoundError:
        folder = _checkout_tables_dir()
        if folder is None:
            raise ChartFileError(
                f"The committed charts ({TABLES_PACKAGE}) are not installed."
            ) from None
        return folder


def chart_to_csv(chart: Chart) -> str:
    """The chart as CSV text (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in ROWS:
        writer.writerow([row, *(chart.code(row, column).value for column in COLUMNS)])
    return out.getvalue()


def chart_from_csv(text: str, *, rules_id: str, double_after_split: bool) -> Chart:
    """Read a chart from CSV text.

    Parameters
    ----------
    text : str
        The file's content.
    rules_id : str
        The table the chart is for.
    double_after_split : bool
        Whether that table allows DAS (what ``Ph`` means there).

    Returns
    -------
    Chart
        Without EVs.

    Raises
    ------
    ChartFileError
        If the header, a row label or a code is not as expected.
    """
    lines = list(csv.reader(io.StringIO(text)))
    if not lines or tuple(lines[0]) != HEADER:
        raise ChartFileError(f"A chart CSV starts with {','.join(HEADER)!r}.")
    codes: dict[str, dict[str, Code]] = {}
    for line in lines[1:]:
        if not line:
            continue
        if len(line) != len(HEADER) or line[0] not in ROWS:
            raise ChartFileError(f"Not a chart row: {','.join(line)!r}.")
        try:
            codes[line[0]] = {c: Code(v) for c, v in zip(COLUMNS, line[1:], strict=True)}
        except ValueError:
            raise ChartFileError(f"Unknown code in row {line[0]!r}: {line[1:]}.") from None
    missing = [row for row in ROWS if row not in codes]
    if missing:
        raise ChartFileError(f"The chart CSV lacks rows: {', '.join(missing)}.")
    return Chart(rules_id=rules_id, double_after_split=double_after_split, codes=codes)


def read_chart(path: Path | Traversable, rules: Rules) -> Chart:
    """Read ``strategy_tables/<preset>.csv`` for a table (a file or installed package data).

    Raises
    ------
    ChartFileError
        If the file cannot be read or is not a chart.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ChartFileError(f"Cannot read chart {path}: {exc}") from None
    return chart_from_csv(text, rules_id=rules.id, double_after_split=rules.double_after_split)


def chart_to_dict(chart: Chart, key: str) -> dict[str, Any]:
    """The chart with its EVs as plain JSON data, under the rules' cache key.

    Shape: ``{"key", "rules_id", "double_after_split", "codes": {row: {column:
    code}}, "evs": {row: {column: {action: EV}}}}``, EVs rounded to
    :data:`EV_DIGITS` places.
    """
    return {
        "key": key,
        "rules_id": chart.rules_id,
        "double_after_split": chart.double_after_split,
        "codes": {row: {c: chart.code(row, c).value for c in COLUMNS} for row in ROWS},
        "evs": {
            row: {
                c: {
                    a.value: round(v, EV_DIGITS)
                    for a, v in chart.evs.get(row, {}).get(c, {}).items()
                }
                for c in COLUMNS
            }
            for row in ROWS
        },
    }


def chart_from_dict(data: dict[str, Any], rules_id: str) -> Chart:
    """The chart of :func:`chart_to_dict`'s data, for the table ``rules_id``.

    Raises
    ------
    KeyError, ValueError, TypeError, AttributeError
        If the data is not in that shape.
    """
    codes = {row: {c: Code(data["codes"][row][c]) for c in COLUMNS} for row in ROWS}
    evs = {
        row: {c: {Action(a): float(v) for a, v in data["evs"][row][c].items()} for c in COLUMNS}
        for row in ROWS
    }
    return Chart(
        rules_id=rules_id,
        double_after_split=bool(data["double_after_split"]),
        codes=codes,
        evs=evs,
    )


def chart_to_json(chart: Chart, key: str) -> str:
    """:func:`chart_to_dict` as JSON text, one row per line (readable in a diff)."""
    data = chart_to_dict(chart, key)
    head = {k: data[k] for k in ("key", "rules_id", "double_after_split")}
    lines = ["{", *(f"{json.dumps(k)}: {json.dumps(v)}," for k, v in head.items())]
    for part in ("codes", "evs"):
        rows = [f"  {json.dumps(row)}: {json.dumps(data[part][row])}" for row in ROWS]
        lines += [
            f"{json.dumps(part)}: {{",
            ",\n".join(rows),
            "}" + ("," if part == "codes" else ""),
        ]
    return "\n".join([*lines, "}"]) + "\n"


def read_packaged_chart(rules: Rules, key: str) -> Chart | None:
    """The committed chart with EVs of a table, if one was computed for the same ``key``.

    Parameters
    ----------
    rules : Rules
        The table; the chart's ``rules_id`` is its id.
    key : str
        The rules' cache key (:func:`bjtrainer.strategy.cache.cache_key`):
        only a file computed for the same solver fields and method is read.

    Returns
    -------
    Chart or None
        None when no preset's file carries that key, or it cannot be read.
    """
    from bjtrainer.engine.presets import PRESETS

    for preset in PRESETS.values():
        try:
            text = (packaged_tables() / f"{preset.id}.json").read_text(encoding="utf-8")
            data = json.loads(text)
            if data.get("key") == key:
                return chart_from_dict(data, rules.id)
        except (ChartFileError, OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
    return None


def _rules_lines(rules: Rules) -> list[str]:
    dealer = "hits soft 17 (H17)" if rules.dealer_hits_soft_17 else "stands on soft 17 (S17)"
    peek = {
        "ace_or_ten": "checks for blackjack with an ace or a ten up (peek)",
        "ace": "checks for blackjack with an ace up only; a ten-up blackjack takes every wager",
        "none": "does not check for blackjack; a dealer blackjack takes every wager",
    }[rules.peek]
    double = {
        "any": "any first two cards",
        "below_21": "first two cards totalling below 21",
        "9_to_11": "first two cards totalling 9 to 11",
        "10_to_11": "first two cards totalling 10 or 11",
    }[rules.double_on]
    if rules.max_split_hands < 2:
        splits = "no split"
    elif rules.max_split_hands == 2:
        splits = "one split only (2 hands), split aces take one card each"
    else:
        aces = "resplit aces (RSA)" if rules.resplit_aces else "no resplit of aces"
        splits = f"split to {rules.max_split_hands} hands, split aces take one card each, {aces}"
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    return [
        f"- Table: `{rules.id}`, {rules.name}"
        + (f" (source: `{rules.source}`)" if rules.source else ""),
        f"- {decks}; the dealer {dealer} and {peek}",
        f"- Double on {double}; "
        + ("double after split (DAS)" if rules.double_after_split else "no double after split"),
        f"- {splits.capitalize()}; "
        + ("late surrender" if rules.surrender == "late" else "no surrender")
        + f"; blackjack pays {rules.blackjack_payout}",
    ]


_METHOD = """\
Computed, not typed in (`bjtrainer.strategy.build_chart`), for this table's own
deck count. For every two-card hand and up card the expected return of each
action is computed exactly for the finite shoe: the up card and the player's
cards are removed, every later card is drawn without replacement and every
later decision is the best for the exact cards held
(`bjtrainer.ev.exact.player`, `bjtrainer.ev.exact.dealer`); where the dealer
checks for blackjack, the figures are conditioned on a clean peek. Splits are
exact with one split; resplits by Eric Farmer's CDP method, each split hand
played best for the number of pair cards out (`bjtrainer.ev.exact.split`;
`docs/numbers.md`, "7. Splitting"). Each cell is the play that is best on
average over the two-card hands making that total (pairs included in the hard
rows with their non-split values), each hand weighted by its chance against
that up card after the peek: a total-dependent basic strategy. Regenerate with
`python -m bjtrainer.strategy.generate`; a test fails when this file differs
from a fresh computation."""


def _markdown_table(chart: Chart, rows: tuple[str, ...], title: str) -> list[str]:
    lines = [f"### {title}", "", "| hand | " + " | ".join(COLUMNS) + " |"]
    lines.append("|---|" + "---|" * len(COLUMNS))
    for row in rows:
        cells = " | ".join(chart.code(row, column).value for column in COLUMNS)
        lines.append(f"| {row} | {cells} |")
    return [*lines, ""]


def chart_to_markdown(chart: Chart, rules: Rules) -> str:
    """The chart as Markdown: a note on the rules and the method, then hard, soft and pairs."""
    lines = [f"# Basic strategy: `{rules.id}`", "", "## Rules", "", *_rules_lines(rules), ""]
    lines += ["## How it was computed", "", _METHOD, "", "## Codes", ""]
    lines += [f"- `{code.value}`: {meaning}" for code, meaning in CODE_MEANINGS.items()]
    lines += ["", "## Chart (columns: the dealer's up card)", ""]
    lines += _markdown_table(chart, HARD_ROWS, "Hard totals")
    lines += _markdown_table(chart, SOFT_ROWS, "Soft totals (A,2 = soft 13 .. A,9 = soft 20)")
    lines += _markdown_table(chart, PAIR_ROWS, "Pairs")
    return "\n".join(lines).rstrip() + "\n"


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def write_chart_files(
    chart: Chart, rules: Rules, directory: Path | None = None
) -> tuple[Path, Path, Path]:
    """Write ``<directory>/<rules.id>.csv``, ``.md`` and ``.json`` (replacing them atomically).

    Parameters
    ----------
    chart : Chart
        The chart, for ``rules``, with its EVs (:func:`~bjtrainer.strategy.chart.build_chart`).
    rules : Rules
        The table (named in the Markdown note; its cache key goes in the JSON).
    directory : Path, optional
        Defaults to :func:`default_tables_dir`.

    Returns
    -------
    tuple[Path, Path, Path]
        The CSV, Markdown and JSON paths.

    Raises
    ------
    ChartFileError
        If no folder is given and bjtrainer does not run from a source checkout.
    OSError
        If a file cannot be written.
    """
    from bjtrainer.strategy.cache import cache_key

    folder = directory or default_tables_dir()
    paths = tuple(folder / f"{rules.id}.{suffix}" for suffix in ("csv", "md", "json"))
    csv_path, md_path, json_path = paths
    _write_atomic(csv_path, chart_to_csv(chart))
    _write_atomic(md_path, chart_to_markdown(chart, rules))
    _write_atomic(json_path, chart_to_json(chart, cache_key(rules)))
    return csv_path, md_path, json_path


def compare_charts(expected: Chart, actual: Chart) -> list[CellDifference]:
    """Every cell where two charts differ, in row then column order."""
    return [
        CellDifference(row, column, expected.code(row, column), actual.code(row, column))
        for row in ROWS
        for column in COLUMNS
        if expected.code(row, column) is not actual.code(row, column)
    ]


def committed_differences(
    rules: Rules, fresh: Chart, directory: Path | Traversable | None = None
) -> list[CellDifference]:
    """Compare the committed ``<rules.id>.csv`` with a freshly computed chart.

    Parameters
    ----------
    rules : Rules
        The table.
    fresh : Chart
        A chart just computed for ``rules`` (:func:`~bjtrainer.strategy.chart.build_chart`).
    directory : Path or Traversable, optional
        Where the committed files are; defaults to the installed package data
        (:func:`packaged_tables`).

    Returns
    -------
    list[CellDifference]
        Empty when the committed file is up to date.

    Raises
    ------
    ChartFileError
        If the committed file is missing or malformed.
    """
    folder = directory or packaged_tables()
    return compare_charts(read_chart(folder / f"{rules.id}.csv", rules), fresh)


def committed_ev_difference(
    rules: Rules, fresh: Chart, directory: Path | Traversable | None = None
) -> float | None:
    """The largest difference between the committed JSON's EVs and a fresh chart's.

    Parameters
    ----------
    rules, fresh, directory
        As for :func:`committed_differences`.

    Returns
    -------
    float or None
        In units of the original wager (``inf`` where an action is missing on
        one side or the JSON's key is not these rules' key); None when the
        JSON file is missing or malformed.
    """
    from bjtrainer.strategy.cache import cache_key

    folder = directory or packaged_tables()
    try:
        data = json.loads((folder / f"{rules.id}.json").read_text(encoding="utf-8"))
        committed = chart_from_dict(data, rules.id)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if data.get("key") != cache_key(rules):
        return float("inf")
    largest = 0.0
    for row in ROWS:
        for column in COLUMNS:
            mine, theirs = committed.evs[row][column], fresh.evs.get(row, {}).get(column, {})
            if set(mine) != set(theirs):
                return float("inf")
            for action, value in mine.items():
                largest = max(largest, abs(value - theirs[action]))
    return largest
