"""The presets' charts come from the committed files, wherever bjtrainer is installed.

``strategy_tables/`` is installed as the package ``bjtrainer.strategy_tables``
(``setup.py``); a preset's chart, and that of any table whose solver fields
are a preset's, is read from ``<preset>.json`` there, never computed. The
chart cache is keyed on the fields the solver reads, so renaming a table or
changing its chips reuses a cached chart. Expected codes are read from the
committed CSV with the csv module.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import bjtrainer.strategy.cache as cache_module
import bjtrainer.strategy.tables as tables_module
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import (
    COLUMNS,
    ROWS,
    Chart,
    ChartFileError,
    build_chart,
    cached_chart,
    chart_for,
    default_tables_dir,
    packaged_tables,
)
from bjtrainer.strategy.cache import cache_key, cache_path

TABLES = Path(__file__).resolve().parents[2] / "strategy_tables"


def refuse(*args: object, **kwargs: object) -> Chart:
    raise AssertionError("the chart was computed instead of read")


def committed_codes(preset: str) -> dict[str, list[str]]:
    lines = list(csv.reader(io.StringIO((TABLES / f"{preset}.csv").read_text(encoding="utf-8"))))
    return {line[0]: line[1:] for line in lines[1:] if line}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_presets_chart_is_read_not_computed(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_module, "build_chart", refuse)
    cached_chart.cache_clear()
    chart = cached_chart(PRESETS[preset])
    cached_chart.cache_clear()
    assert chart.rules_id == preset
    expected = committed_codes(preset)
    assert {row: [chart.code(row, c).value for c in COLUMNS] for row in ROWS} == expected
    # Every cell has the EVs the chart screen shows: stand and hit at least.
    assert all(
        {"stand", "hit"} <= {a.value for a in chart.evs[r][c]} for r in ROWS for c in COLUMNS
    )
    # Nothing was written to the cache either.
    assert not cache_path(PRESETS[preset]).exists()


def test_a_renamed_preset_with_other_chips_reads_the_presets_chart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cache_module, "build_chart", refuse)
    mine = PRESETS["night"].model_copy(
        update={"id": "mine", "name": "Mine", "starting_chips": 20, "min_bet": 2, "max_bet": 20}
    )
    chart = chart_for(mine)
    assert chart.rules_id == "mine"
    assert chart.code("hard 16", "T").value == committed_codes("night")["hard 16"][8]


@pytest.mark.slow
def test_renaming_a_custom_table_or_its_chips_reuses_its_cached_chart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    two_decks = Rules(id="two", decks=2, dealer_hits_soft_17=True)
    first = chart_for(two_decks)  # computed once, cached on disk
    assert cache_path(two_decks).is_file()
    monkeypatch.setattr(cache_module, "build_chart", refuse)
    renamed = two_decks.model_copy(update={"id": "other", "name": "Other", "first_bet": 5})
    again = chart_for(renamed)
    assert again.rules_id == "other"
    assert again.codes == first.codes and again.evs == first.evs  # as read back, to 12 places
    # A rule the solver reads is another chart: it would be computed.
    with pytest.raises(AssertionError, match="computed"):
        chart_for(two_decks.model_copy(update={"double_after_split": False}))


def test_the_key_leaves_out_exactly_the_fields_the_solver_never_reads() -> None:
    fields = set(Rules.model_fields)
    assert fields > cache_module.NOT_READ_BY_THE_SOLVER
    key = cache_key(PRESETS["practice"])
    for name in ("decks", "dealer_hits_soft_17", "peek", "double_on", "surrender"):
        assert f'"{name}"' in key
    for name in ("id", "name", "starting_chips", "chip_denominations", "blackjack_payout"):
        assert f'"{name}"' not in key


def test_the_committed_charts_are_the_installed_package_data() -> None:
    folder = packaged_tables()
    names = {entry.name for entry in folder.iterdir()}
    assert {f"{p}.{s}" for p in PRESETS for s in ("csv", "md", "json")} <= names
    assert (folder / "practice.csv").read_text(encoding="utf-8") == (
        TABLES / "practice.csv"
    ).read_text(encoding="utf-8")


def test_writing_outside_a_source_checkout_asks_for_a_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert default_tables_dir() == TABLES
    monkeypatch.setattr(tables_module, "_checkout_tables_dir", lambda: None)
    with pytest.raises(ChartFileError, match="--dir"):
        default_tables_dir()


def test_a_stale_packaged_file_is_not_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A committed JSON computed for other rules or another method is ignored."""
    for entry in packaged_tables().iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            data["key"] = data["key"].replace('"method": ', '"method": 9')
            (tmp_path / entry.name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(tables_module, "packaged_tables", lambda: tmp_path)
    monkeypatch.setattr(cache_module, "build_chart", refuse)
    with pytest.raises(AssertionError, match="computed"):
        chart_for(PRESETS["home"])


@pytest.mark.slow
def test_progress_is_reported_step_by_step_and_changes_nothing() -> None:
    """Ten up cards, the player's recursion, then the ten pairs: 21 steps for practice."""
    rules = PRESETS["practice"]
    calls: list[tuple[int, int]] = []
    chart = build_chart(rules, on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 21) for done in range(1, 22)]
    plain = build_chart(rules)
    assert chart.codes == plain.codes and chart.evs == plain.evs


def test_no_split_table_has_no_split_steps() -> None:
    rules = Rules(id="nosplit", decks=1, max_split_hands=1)
    calls: list[tuple[int, int]] = []
    build_chart(rules, on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 11) for done in range(1, 12)]
