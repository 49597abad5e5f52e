"""Compute a table's chart once: read from the committed files, else cached on disk.

A preset's chart (and any table whose solver fields equal a preset's) is
read from the committed ``strategy_tables/<preset>.json``, installed as
package data (:func:`bjtrainer.strategy.tables.read_packaged_chart`), so it
is never computed. Any other chart is computed once and kept in
``<cache_dir>/charts/<sha256 of the key>.json`` (:func:`bjtrainer.paths.cache_dir`;
``$BJTRAINER_HOME/cache`` when that is set). The key (:func:`cache_key`) is
:data:`CHART_METHOD_VERSION` and the rules' fields the solver reads, so a
change of rules or of the method never reads a stale chart, and renaming a
table or changing its chips reuses it. A cache file that cannot be read is
simply recomputed and rewritten.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from bjtrainer.engine.rules import Rules
from bjtrainer.ev.exact.player import ProgressCallback
from bjtrainer.paths import cache_dir
from bjtrainer.strategy.chart import Chart, build_chart
from bjtrainer.strategy.tables import chart_from_dict, chart_to_dict, read_packaged_chart

#: Bump when the way charts are computed changes: old cache files are then ignored.
CHART_METHOD_VERSION = 2


#: Rules fields the chart's solver never reads: what a table is called, its
#: shoe's cut and shuffles (the chart is for the full shoe), the natural's and
#: insurance's payouts (no chart cell holds a natural or insurance), its chips
#: and bets. Every other field, a future one included, is part of the key.
NOT_READ_BY_THE_SOLVER: frozenset[str] = frozenset(
    {
        "id",
        "name",
        "source",
        "penetration",
        "shuffle_every_round",
        "blackjack_payout",
        "insurance",
        "starting_chips",
        "min_bet",
        "max_bet",
        "bet_step",
        "first_bet",
        "chip_denominations",
        "refill",
        "repeat_bet_box",
        "cash_out",
    }
)


def cache_key(rules: Rules) -> str:
    """The cache key of a table's chart: the method version and the fields the solver reads.

    >>> from bjtrainer.engine.presets import PRESETS
    >>> practice = PRESETS["practice"]
    >>> renamed = practice.model_copy(update={"id": "mine", "name": "Mine", "starting_chips": 50})
    >>> cache_key(renamed) == cache_key(practice)
    True
    >>> cache_key(practice.model_copy(update={"decks": 2})) == cache_key(practice)
    False
    """
    fields = rules.model_dump(mode="json", exclude=set(NOT_READ_BY_THE_SOLVER))
    return json.dumps({"method": CHART_METHOD_VERSION, "rules": fields}, sort_keys=True)


def cache_path(rules: Rules) -> Path:
    """Where the chart of ``rules`` is cached."""
    digest = hashlib.sha256(cache_key(rules).encode("utf-8")).hexdigest()
    return cache_dir() / "charts" / f"{digest}.json"


def _read(path: Path, key: str, rules_id: str) -> Chart | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key") != key:
            return None
        return chart_from_dict(data, rules_id)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write(path: Path, data: dict[str, Any]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        temporary.replace(path)
    except OSError:
        pass  # a read-only cache only costs a recomputation next time


def chart_for(rules: Rules, on_progress: ProgressCallback | None = None) -> Chart:
    """The chart of a table: committed, else cached on disk, else computed and cached.

    Parameters
    ----------
    rules : Rules
        The table.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` while a chart is computed
        (:func:`~bjtrainer.strategy.chart.build_chart`); never called when it
        is read.

    Returns
    -------
    Chart
        For ``rules.id``, with the averaged EVs of every cell, to
        :data:`~bjtrainer.strategy.tables.EV_DIGITS` places whether computed
        now or read (the same figures in every run).
    """
    key = cache_key(rules)
    chart = read_packaged_chart(rules, key)
    if chart is not None:
        return chart
    path = cache_path(rules)
    chart = _read(path, key, rules.id)
    if chart is None:
        data = chart_to_dict(build_chart(rules, on_progress=on_progress), key)
        _write(path, data)
        chart = chart_from_dict(data, rules.id)
    return chart


def chart_is_read(rules: Rules) -> bool:
    """Whether :func:`chart_for` reads the chart of ``rules`` instead of computing it.

    True when a preset has the same solver fields (:func:`cache_key`: its
    committed chart is read) or the disk cache holds a file for them
    (:func:`cache_path`). Cheap (no chart is read, a file's existence at
    most), so a screen can ask before it grades whether the chart must be
    computed first, in a worker.
    """
    from bjtrainer.engine.presets import PRESETS

    key = cache_key(rules)
    if any(cache_key(preset) == key for preset in PRESETS.values()):
        return True
    return cache_path(rules).is_file()


@functools.lru_cache(maxsize=16)
def cached_chart(rules: Rules) -> Chart:
    """:func:`chart_for`, memoised in this process.

    Parameters
    ----------
    rules : Rules
        The table.

    Returns
    -------
    Chart
        With the averaged EVs of every cell: a preset's read from the
        committed files, any other computed once, then read from the disk
        cache (:func:`cache_path`).
    """
    return chart_for(rules)
