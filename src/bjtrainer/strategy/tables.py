"""Chart files: ``strategy_tables/<preset>.csv`` and ``.md``, and checking them.

The CSV is plain: the header ``hand,2,3,4,5,6,7,8,9,T,A`` and one line per
row of :data:`~bjtrainer.strategy.chart.ROWS`, each cell a code of
:class:`~bjtrainer.strategy.codes.Code`. The Markdown file holds the same
chart as three tables (hard, soft, pairs) with a note naming the rules and
how the chart was computed. Both are generated (:func:`write_chart_files`);
:func:`committed_differences` compares a committed CSV with a fresh
computation, cell by cell.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass
from pathlib import Path

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


def default_tables_dir() -> Path:
    """The repository's ``strategy_tables/`` folder (next to ``src/``)."""
    return Path(__file__).resolve().parents[3] / "strategy_tables"


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


def read_chart(path: Path, rules: Rules) -> Chart:
    """Read ``strategy_tables/<preset>.csv`` for a table.

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
exact with one split; resplits follow the published approximation that counts
only the pair cards removed (Wizard of Odds, Blackjack Appendix 9;
`bjtrainer.ev.exact.split`). Each cell is the play that is best on average
over the two-card hands making that total (pairs included in the hard rows with
their non-split values), each hand weighted by its chance against that up card
after the peek: a total-dependent basic strategy. Regenerate with
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
) -> tuple[Path, Path]:
    """Write ``<directory>/<rules.id>.csv`` and ``.md`` (replacing them atomically).

    Parameters
    ----------
    chart : Chart
        The chart, for ``rules``.
    rules : Rules
        The table (named in the Markdown note).
    directory : Path, optional
        Defaults to :func:`default_tables_dir`.

    Returns
    -------
    tuple[Path, Path]
        The CSV and Markdown paths.
    """
    folder = directory or default_tables_dir()
    csv_path, md_path = folder / f"{rules.id}.csv", folder / f"{rules.id}.md"
    _write_atomic(csv_path, chart_to_csv(chart))
    _write_atomic(md_path, chart_to_markdown(chart, rules))
    return csv_path, md_path


def compare_charts(expected: Chart, actual: Chart) -> list[CellDifference]:
    """Every cell where two charts differ, in row then column order."""
    return [
        CellDifference(row, column, expected.code(row, column), actual.code(row, column))
        for row in ROWS
        for column in COLUMNS
        if expected.code(row, column) is not actual.code(row, column)
    ]


def committed_differences(
    rules: Rules, fresh: Chart, directory: Path | None = None
) -> list[CellDifference]:
    """Compare the committed ``<rules.id>.csv`` with a freshly computed chart.

    Parameters
    ----------
    rules : Rules
        The table.
    fresh : Chart
        A chart just computed for ``rules`` (:func:`~bjtrainer.strategy.chart.build_chart`).
    directory : Path, optional
        Where the committed files are; defaults to :func:`default_tables_dir`.

    Returns
    -------
    list[CellDifference]
        Empty when the committed file is up to date.

    Raises
    ------
    ChartFileError
        If the committed file is missing or malformed.
    """
    folder = directory or default_tables_dir()
    return compare_charts(read_chart(folder / f"{rules.id}.csv", rules), fresh)
