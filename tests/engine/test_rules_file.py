"""A table of one's own: TOML rules files (``docs/custom-tables.md``).

"A TOML file with the same fields as the presets, e.g. dealer hits soft 17,
blackjack pays 6:5 ... A wrong file gets one clear message per problem,
naming the field, the value and what is allowed; nothing starts with a
half-valid table. ``bjtrainer rules --show NAME`` prints a preset as such a
file to start from." Fields a file leaves out take the ``practice`` values
(``docs/rules/practice.md``).
"""

from __future__ import annotations

import tomllib
import typing
from pathlib import Path

import numpy as np
import pytest

from bjtrainer.cli import main
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import FIELD_HELP, Rules
from bjtrainer.engine.rules_file import load_rules, rules_from_toml, rules_to_toml
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import RulesError

H17_SIX_FIVE = """\
# My casino's table
id = "casino"
dealer_hits_soft_17 = true
blackjack_payout = "6:5"
double_on = "10_to_11"
double_after_split = false
decks = 8
surrender = "none"
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def problems(path: str) -> list[str]:
    with pytest.raises(RulesError) as raised:
        load_rules(path)
    return str(raised.value).splitlines()


def test_custom_h17_six_to_five_file(tmp_path: Path) -> None:
    """The fields given are read; every other field is the practice table's."""
    rules = load_rules(write(tmp_path, "casino.toml", H17_SIX_FIVE))
    given = {
        "id": "casino",
        "dealer_hits_soft_17": True,
        "blackjack_payout": "6:5",
        "double_on": "10_to_11",
        "double_after_split": False,
        "decks": 8,
        "surrender": "none",
    }
    practice = PRESETS["practice"].model_dump()
    for field, value in rules.model_dump().items():
        if field in given:
            assert value == given[field], field
        elif field not in ("name", "source"):
            assert value == practice[field], field
    assert rules.source == "casino.toml"
    assert rules.name == "Custom table from casino.toml"


def test_custom_table_plays_by_its_file(tmp_path: Path) -> None:
    """At the custom table a natural on 10 wins 12 (6:5), and the dealer's
    6,A (soft 17) hits: a 4 makes 21 and beats the player's 20."""
    rules = load_rules(write(tmp_path, "casino.toml", H17_SIX_FIVE))
    table = Table(rules, np.random.default_rng(0), shoe=Shoe.stacked(rules, ["A", "9", "K", "7"]))
    table.deal()
    assert table.balance == 1012

    shoe = Shoe.stacked(rules, ["T", "6", "K", "A", "4"])
    table = Table(rules, np.random.default_rng(0), shoe=shoe)
    round_ = table.deal()
    round_.stand()
    assert [card.rank for card in round_.dealer_cards] == ["6", "A", "4"]
    assert table.balance == 990


def test_a_typo_and_a_bad_value_give_one_message_each(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "mine.toml",
        'dealer_hits_soft_17 = true\nblackjack_payot = "6:5"\ndecks = 9\n',
    )
    lines = problems(path)
    assert len(lines) == 2
    typo, value = lines
    assert typo.startswith(f"{path}: ")
    assert '"blackjack_payot" is not a rules field; did you mean "blackjack_payout"?' in typo
    assert value.startswith(f"{path}: decks = 9 is not allowed")
    assert "a whole number from 1 to 8" in value


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('decks = "6"', 'decks = "6" is not allowed'),  # a quoted number
        ("decks = 6.0", "decks = 6.0 is not allowed"),  # not a whole number
        ('dealer_hits_soft_17 = "yes"', 'dealer_hits_soft_17 = "yes" is not allowed'),
        ('peek = "ten"', '"ace_or_ten" (the dealer checks'),
        ('blackjack_payout = "3-2"', '"win:stake" in whole numbers above 0'),
        ('blackjack_payout = "0:1"', 'blackjack_payout = "0:1" is not allowed'),
        ("penetration = 0", "penetration = 0 is not allowed"),
        ("max_split_hands = 0", "from 1 (no split) to 8"),
        ("chip_denominations = 5", "chip_denominations = 5 is not allowed"),
        ('surrender = "always"', 'surrender takes "late"'),
        ('id = "my table|x"', 'id = "my table|x" is not allowed'),
    ],
)
def test_bad_values_name_field_value_and_what_is_allowed(
    tmp_path: Path, line: str, expected: str
) -> None:
    lines = problems(write(tmp_path, "mine.toml", line + "\n"))
    assert len(lines) == 1
    assert expected in lines[0]
    assert lines[0].endswith(".")


def test_fields_that_do_not_fit_together_one_message_each(tmp_path: Path) -> None:
    """Bets and ``bet_step``, ``resplit_aces`` and ``max_split_hands``: every
    problem at once, the practice values the file leaves out named as such
    (first_bet 10 is not a multiple of 4), and a field bad alone (decks)
    alongside."""
    text = (
        "min_bet = 40\nmax_bet = 20\nbet_step = 4\nstarting_chips = 30\n"
        "resplit_aces = true\nmax_split_hands = 2\nchip_denominations = [4, 6]\ndecks = 0\n"
    )
    lines = problems(write(tmp_path, "mine.toml", text))
    assert len(lines) == 6
    joined = "\n".join(lines)
    assert "decks = 0 is not allowed" in joined
    assert "min_bet = 40 is above max_bet = 20" in joined
    assert "first_bet = 10 is not a multiple of bet_step = 4" in joined
    assert "first_bet is not in the file: it takes the practice table's 10" in joined
    assert "starting_chips = 30 is below min_bet = 40" in joined
    assert "chip_denominations holds 6" in joined
    assert "resplit_aces = true needs max_split_hands of 3 or more (it is 2)" in joined


def test_a_rules_header_is_reported_and_its_fields_still_checked(tmp_path: Path) -> None:
    lines = problems(write(tmp_path, "mine.toml", "[rules]\ndecks = 12\n"))
    assert len(lines) == 2
    assert "[rules] is a table header; write the fields at the top of the file" in lines[0]
    assert "decks = 12 is not allowed" in lines[1]


def test_an_unknown_field_with_no_close_name(tmp_path: Path) -> None:
    (line,) = problems(write(tmp_path, "mine.toml", "colour = 3\n"))
    assert '"colour" is not a rules field' in line
    assert "bjtrainer rules --show practice" in line


def test_not_toml(tmp_path: Path) -> None:
    (line,) = problems(write(tmp_path, "mine.toml", "decks = \n"))
    assert "not a valid TOML file" in line


def test_a_preset_id_only_for_that_presets_rules(tmp_path: Path) -> None:
    """The id keys saved tables and statistics: a file may not pass other
    rules off as a preset, by its id or by its file name."""
    (line,) = problems(write(tmp_path, "mine.toml", 'id = "guide"\ndecks = 2\n'))
    assert 'id = "guide" is the guide preset\'s id' in line
    assert 'id = "my_guide"' in line
    (line,) = problems(write(tmp_path, "night.toml", "decks = 2\n"))
    assert 'the file name "night.toml" gives the id "night"' in line


def test_the_id_comes_from_the_file_name(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, "my table (v2).toml", "decks = 2\n"))
    assert rules.id == "my_table_v2"


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="No table"):
        load_rules(str(tmp_path / "missing.toml"))
    with pytest.raises(RulesError, match="is a folder, not a rules file"):
        load_rules(str(tmp_path))
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "Bo\xeft"\n'.encode("latin-1"))
    with pytest.raises(RulesError, match="cannot read the rules file"):
        load_rules(str(path))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rules_show_output_loads_back_to_the_same_rules(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--show", preset]) == 0
    path = write(tmp_path, "from_show.toml", capsys.readouterr().out)
    assert load_rules(path) == PRESETS[preset]


def test_rules_to_toml_writes_every_field_after_a_comment() -> None:
    text = rules_to_toml(PRESETS["night"])
    assert set(tomllib.loads(text)) == set(Rules.model_fields)
    lines = text.splitlines()
    for field in Rules.model_fields:
        index = next(i for i, line in enumerate(lines) if line.startswith(f"{field} = "))
        assert lines[index - 1].startswith("#")
    assert rules_from_toml(text) == PRESETS["night"]


def test_field_help_names_every_choice_of_every_field() -> None:
    """Every field has help, and every value a Literal field allows is named in it."""
    assert set(FIELD_HELP) == set(Rules.model_fields)
    literals = {
        field: typing.get_args(info.annotation)
        for field, info in Rules.model_fields.items()
        if typing.get_origin(info.annotation) is typing.Literal
    }
    assert set(literals) == {"peek", "insurance", "double_on", "surrender"}
    for field, choices in literals.items():
        for choice in choices:
            assert f'"{choice}"' in FIELD_HELP[field], (field, choice)


def test_the_docs_list_every_field() -> None:
    """docs/custom-tables.md has a row for every field of Rules."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "custom-tables.md"
    rows = {
        line.split("|")[1].strip().strip("`")
        for line in docs.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `")
    }
    assert rows == set(Rules.model_fields)


def test_chips_that_cannot_make_the_bets_are_refused(tmp_path: Path) -> None:
    """A night-style table whose bets could not be built from its chips
    (docs/rules/night.md, row "chips": "the bet is built from chips of 5, 25, 100 and 500")."""
    path = tmp_path / "chips.toml"
    path.write_text("chip_denominations = [100]\n", encoding="utf-8")
    with pytest.raises(RulesError, match="bet_step = 1 is not the smallest chip"):
        load_rules(str(path))
    path.write_text(
        "chip_denominations = [100, 500]\nbet_step = 100\nmin_bet = 100\nfirst_bet = 100\n",
        encoding="utf-8",
    )
    assert load_rules(str(path)).chip_denominations == (100, 500)
