"""The committed ``strategy_tables/`` files equal a fresh computation.

Hand-typed charts are the commonest fault of blackjack trainers
(``docs/numbers.md``, "12. The basic-strategy chart": computed, not typed
in): these files are generated, and this test fails, listing the differing
cells, as soon as a committed chart and the computation disagree.
Regenerate with ``python -m bjtrainer.strategy.generate``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.strategy import (
    build_chart,
    chart_to_markdown,
    committed_differences,
    committed_ev_difference,
)
from bjtrainer.strategy.cache import cache_key

TABLES = Path(__file__).resolve().parents[2] / "strategy_tables"


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
def test_committed_csv_equals_a_fresh_computation(preset: str) -> None:
    rules = PRESETS[preset]
    differences = committed_differences(rules, build_chart(rules), TABLES)
    assert not differences, f"{preset}.csv differs from a fresh computation in " + "; ".join(
        str(d) for d in differences
    )


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
def test_committed_json_holds_the_fresh_evs_under_the_rules_key(preset: str) -> None:
    """What the app reads instead of computing (docs/numbers.md, 12, "Read, not computed")."""
    rules = PRESETS[preset]
    data = json.loads((TABLES / f"{preset}.json").read_text(encoding="utf-8"))
    assert data["key"] == cache_key(rules), f"{preset}.json is stale: regenerate it"
    fresh = build_chart(rules)
    assert data["codes"] == {
        r: {c: code.value for c, code in row.items()} for r, row in fresh.codes.items()
    }
    largest = committed_ev_difference(rules, fresh, TABLES)
    assert largest is not None and largest <= 1e-9, f"{preset}.json EVs off by {largest}"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_committed_markdown_equals_a_fresh_computation(preset: str) -> None:
    rules = PRESETS[preset]
    committed = (TABLES / f"{preset}.md").read_text(encoding="utf-8")
    assert committed == chart_to_markdown(build_chart(rules), rules), (
        f"{preset}.md is stale: run python -m bjtrainer.strategy.generate"
    )
