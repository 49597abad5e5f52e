"""Compute a table's chart once: kept in memory and in the user cache directory.

The cache file is ``<cache_dir>/charts/<sha256 of the key>.json``
(:func:`bjtrainer.paths.cache_dir`; ``$BJTRAINER_HOME/cache`` when that is
set), keyed by the rules' JSON and :data:`CHART_METHOD_VERSION`, so a change
of rules or of the method never reads a stale chart. It holds the codes and
the averaged EVs of every cell. A cache file that cannot be read is simply
recomputed and rewritten.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.paths import cache_dir
from bjtrainer.strategy.chart import COLUMNS, ROWS, Chart, build_chart
from bjtrainer.strategy.codes import Code

#: Bump when the way charts are computed changes: old cache files are then ignored.
CHART_METHOD_VERSION = 1


def cache_key(rules: Rules) -> str:
    """The cache key of a table's chart: the method version and the rules' JSON.

    ``name`` and ``source`` describe a table and change no figure, so they are
    left out: rewording them reuses the cached chart.
    """
    fields = rules.model_dump(mode="json", exclude={"name", "source"})
    return json.dumps({"method": CHART_METHOD_VERSION, "rules": fields}, sort_keys=True)


def cache_path(rules: Rules) -> Path:
    """Where the chart of ``rules`` is cached."""
    digest = hashlib.sha256(cache_key(rules).encode("utf-8")).hexdigest()
    return cache_dir() / "charts" / f"{digest}.json"


def _to_json(chart: Chart, key: str) -> str:
    return json.dumps(
        {
            "key": key,
            "rules_id": chart.rules_id,
            "double_after_split": chart.double_after_split,
            "codes": {row: {c: chart.code(row, c).value for c in COLUMNS} for row in ROWS},
            "evs": {
                row: {c: {a.value: v for a, v in chart.evs[row][c].items()} for c in COLUMNS}
                for row in ROWS
            },
        }
    )


def _from_json(data: dict[str, Any]) -> Chart:
    codes = {row: {c: Code(data["codes"][row][c]) for c in COLUMNS} for row in ROWS}
    evs = {
        row: {c: {Action(a): float(v) for a, v in data["evs"][row][c].items()} for c in COLUMNS}
        for row in ROWS
    }
    return Chart(
        rules_id=str(data["rules_id"]),
        double_after_split=bool(data["double_after_split"]),
        codes=codes,
        evs=evs,
    )


def _read(path: Path, key: str) -> Chart | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key") != key:
            return None
        return _from_json(data)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, chart: Chart, key: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_text(_to_json(chart, key), encoding="utf-8")
        temporary.replace(path)
    except OSError:
        pass  # a read-only cache only costs a recomputation next time


@functools.lru_cache(maxsize=16)
def cached_chart(rules: Rules) -> Chart:
    """The chart of a table, computed once and then read from the cache.

    Parameters
    ----------
    rules : Rules
        The table.

    Returns
    -------
    Chart
        With the averaged EVs of every cell. Memoised in this process, and on
        disk across processes (:func:`cache_path`).
    """
    key = cache_key(rules)
    path = cache_path(rules)
    chart = _read(path, key)
    if chart is None:
        chart = build_chart(rules)
        _write(path, chart, key)
    return chart
