"""The four presets, read from ``engine/presets/*.toml`` by the rules-file loader.

``data/presets.json`` holds every field of every preset as the tables were
defined before they became TOML files (``docs/rules/<table>.md``); the files
must give exactly those rules.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from bjtrainer.engine.presets import DEFAULT_PRESET, PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import rules_from_toml, rules_to_toml

EXPECTED = json.loads((Path(__file__).parent / "data" / "presets.json").read_text())


def test_the_presets_are_the_four_tables_in_order() -> None:
    assert list(PRESETS) == ["practice", "guide", "night", "home"]
    assert DEFAULT_PRESET == "practice"


@pytest.mark.parametrize("name", ["practice", "guide", "night", "home"])
def test_each_preset_file_gives_the_tables_rules(name: str) -> None:
    rules = PRESETS[name]
    assert rules.model_dump(mode="json") == EXPECTED[name]
    assert rules == Rules.model_validate(EXPECTED[name])
    assert rules.id == name


@pytest.mark.parametrize("name", ["practice", "guide", "night", "home"])
def test_each_preset_file_is_the_writers_form_of_its_rules(name: str) -> None:
    """Below its own three-line header the file is what ``rules_to_toml`` writes."""
    text = (resources.files("bjtrainer.engine") / "presets" / f"{name}.toml").read_text()
    written = rules_to_toml(PRESETS[name])
    assert text.split("\n\n", 1)[1] == written.split("\n\n", 1)[1]
    assert text.startswith(f"# The {name} table, one of bjtrainer's presets: docs/rules/{name}.md.")
    assert rules_from_toml(text, origin=f"{name}.toml") == PRESETS[name]


def test_a_night_chip_table_and_a_single_deck_home_game() -> None:
    """Spot checks against docs/rules/night.md and docs/rules/home.md."""
    night, home = PRESETS["night"], PRESETS["home"]
    assert (night.starting_chips, night.min_bet, night.max_bet) == (500, 5, 500)
    assert night.chip_denominations == (5, 25, 100, 500)
    assert (night.peek, night.refill, night.repeat_bet_box, night.cash_out) == (
        "ace",
        False,
        True,
        True,
    )
    assert (home.decks, home.shuffle_every_round, home.max_split_hands) == (1, True, 2)
    assert (home.double_after_split, home.insurance) == (False, "none")
