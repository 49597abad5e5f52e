"""Basic-strategy charts: computed exactly for each table, read and written as files.

The chart of a table is total-dependent basic strategy for its own deck
count, computed from the exact finite-shoe analysis of :mod:`bjtrainer.ev`
(:func:`build_chart`, with an optional ``on_progress(done, total)``
callback), read from the committed files for the presets and cached on disk
for any other table (:func:`chart_for`, :func:`cached_chart`), written to
``strategy_tables/<preset>.csv``, ``.md`` and ``.json``
(:func:`write_chart_files`), checked against the committed files
(:func:`committed_differences`), and
read for a spot (:func:`chart_action`, the cell named by
:mod:`bjtrainer.strategy.cells`), and drawn in the colours of
:data:`CODE_STYLES`. No Textual here.
"""

from bjtrainer.ev.exact.player import ProgressCallback
from bjtrainer.strategy.cache import cached_chart, chart_for
from bjtrainer.strategy.chart import COLUMNS, ROWS, Chart, build_chart, cell_code
from bjtrainer.strategy.codes import CODE_MEANINGS, CODE_STYLES, Code, resolve_code
from bjtrainer.strategy.lookup import chart_action
from bjtrainer.strategy.tables import (
    CellDifference,
    ChartFileError,
    chart_from_csv,
    chart_to_csv,
    chart_to_markdown,
    committed_differences,
    committed_ev_difference,
    compare_charts,
    default_tables_dir,
    packaged_tables,
    read_chart,
    write_chart_files,
)

__all__ = [
    "CODE_MEANINGS",
    "CODE_STYLES",
    "COLUMNS",
    "ROWS",
    "CellDifference",
    "Chart",
    "ChartFileError",
    "Code",
    "ProgressCallback",
    "build_chart",
    "cached_chart",
    "cell_code",
    "chart_action",
    "chart_for",
    "chart_from_csv",
    "chart_to_csv",
    "chart_to_markdown",
    "committed_differences",
    "committed_ev_difference",
    "compare_charts",
    "default_tables_dir",
    "packaged_tables",
    "read_chart",
    "resolve_code",
    "write_chart_files",
]
