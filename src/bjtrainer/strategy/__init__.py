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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Where each name below lives: a module is imported when one of its names is
#: first read, so a caller that needs :mod:`bjtrainer.strategy.cells` alone
#: does not import the cache, the files and the solver (docs/architecture.md,
#: "Start-up").
_HOMES = {
    "ProgressCallback": "bjtrainer.ev.exact.player",
    "cached_chart": "bjtrainer.strategy.cache",
    "chart_for": "bjtrainer.strategy.cache",
    "COLUMNS": "bjtrainer.strategy.chart",
    "ROWS": "bjtrainer.strategy.chart",
    "Chart": "bjtrainer.strategy.chart",
    "build_chart": "bjtrainer.strategy.chart",
    "cell_code": "bjtrainer.strategy.chart",
    "CODE_MEANINGS": "bjtrainer.strategy.codes",
    "CODE_STYLES": "bjtrainer.strategy.codes",
    "Code": "bjtrainer.strategy.codes",
    "resolve_code": "bjtrainer.strategy.codes",
    "chart_action": "bjtrainer.strategy.lookup",
    "CellDifference": "bjtrainer.strategy.tables",
    "ChartFileError": "bjtrainer.strategy.tables",
    "chart_from_csv": "bjtrainer.strategy.tables",
    "chart_to_csv": "bjtrainer.strategy.tables",
    "chart_to_markdown": "bjtrainer.strategy.tables",
    "committed_differences": "bjtrainer.strategy.tables",
    "committed_ev_difference": "bjtrainer.strategy.tables",
    "compare_charts": "bjtrainer.strategy.tables",
    "default_tables_dir": "bjtrainer.strategy.tables",
    "packaged_tables": "bjtrainer.strategy.tables",
    "read_chart": "bjtrainer.strategy.tables",
    "write_chart_files": "bjtrainer.strategy.tables",
}


def __getattr__(name: str) -> Any:
    """The name from its module, imported now (PEP 562); ``AttributeError`` if unknown."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


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
