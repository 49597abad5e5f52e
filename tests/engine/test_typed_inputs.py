"""Cards typed as text and rules files named by a path: only what is asked for.

``docs/playing.md``, "Typing a bet, a name or a path": a card is one of
A, 2-9, T (or 10), J, Q, K, in either case, with spaces, tabs or commas
between cards; digits of other scripts (``'٣'``, which ``int`` reads as 3)
and superscripts (``'²'``, for which ``str.isdigit`` is true) are not cards,
and a control character separates nothing. ``docs/custom-tables.md``, "When
the file is wrong": a rules-file path that is not a rules file gets one line
saying what it is. Every message quotes what was typed short (its first 40
characters and its length), so it stays one line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bjtrainer.engine.cards import RANKS, parse_rank, parse_ranks
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import MAX_FILE_BYTES, load_rules, rules_from_toml
from bjtrainer.errors import InvalidCardError, RulesError
from bjtrainer.inputs import shown

#: Every way to type a card that parse_rank accepts, and the rank it reads.
TYPED_RANKS: dict[str, str] = {
    **{rank: rank for rank in RANKS},
    **{rank.lower(): rank for rank in RANKS if rank.isalpha()},
    "10": "T",
}


def test_every_typed_rank_and_nothing_else() -> None:
    for typed, rank in TYPED_RANKS.items():
        assert parse_rank(typed) == rank
        assert parse_rank(f" \t{typed} ") == rank


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_random_text_is_a_card_only_when_typed_as_one(text: str) -> None:
    token = text.strip(" \t")
    if token in TYPED_RANKS:
        assert parse_rank(text) == TYPED_RANKS[token]
    else:
        with pytest.raises(InvalidCardError, match=r"^Not a card: .*\. Cards are A, 2-9"):
            parse_rank(text)


@pytest.mark.parametrize(
    "typed",
    ["٣", "²", "١٠", "３", "\u2163", "", " ", "\x00", "T\x1c", "K\u200b", "\u212a", "1"],
    ids=repr,
)
def test_not_cards(typed: str) -> None:
    with pytest.raises(InvalidCardError) as error:
        parse_rank(typed)
    assert str(error.value) == (
        f"Not a card: {shown(typed.strip(' '))}. Cards are A, 2-9, T (or 10), J, Q, K."
    )


def test_cards_are_separated_by_spaces_tabs_and_commas_only() -> None:
    assert parse_ranks("T 6") == parse_ranks("T,6") == parse_ranks(" t\t,6 ") == ["T", "6"]
    assert parse_ranks("A,7") == ["A", "7"]
    for separator in ("\x1c", "\x1f", "\x0b", "\x0c", "\n", "\u2028", "\u3000"):
        with pytest.raises(InvalidCardError, match="Not a card"):
            parse_ranks(f"T{separator}6")
    with pytest.raises(InvalidCardError, match=r"^No cards given"):
        parse_ranks(" , \t")


def test_a_long_text_is_quoted_short() -> None:
    with pytest.raises(InvalidCardError) as error:
        parse_ranks("1" * 10_000)
    message = str(error.value)
    assert message == (
        f"Not a card: '{'1' * 40}…' (10000 characters). Cards are A, 2-9, T (or 10), J, Q, K."
    )


def test_shown_escapes_control_characters_and_cuts_long_text() -> None:
    assert shown("T\x1c6") == "'T\\x1c6'"
    assert shown("\udcff") == "'\\udcff'"
    assert shown("ab" * 30, limit=5) == "'ababa…' (60 characters)"


# Rules files named by a path


def test_a_missing_file_says_no_such_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    with pytest.raises(RulesError) as error:
        load_rules(str(missing))
    assert str(error.value) == (
        f"No table {str(missing)!r}: no such file, and no preset of that name; "
        "use one of practice, guide, night, home, or the path of a rules file."
    )


def test_an_empty_name_is_no_table() -> None:
    for empty in ("", "  "):
        with pytest.raises(RulesError) as error:
            load_rules(empty)
        assert str(error.value) == (
            "No table given: use one of practice, guide, night, home, or the path of a rules file."
        )


@pytest.mark.parametrize(
    "path", ["~no_such_user_here/table.toml", "a\x00b.toml", "x" * 10_000, "y/" * 3000]
)
def test_paths_that_name_no_file(path: str) -> None:
    with pytest.raises(RulesError, match="no such file") as error:
        load_rules(path)
    assert len(str(error.value)) < 300


def test_a_folder_a_device_and_a_binary_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"is a folder, not a rules file: give the path"):
        load_rules(str(tmp_path))
    with pytest.raises(RulesError, match=r"is not a regular file \(a device or a pipe\)"):
        load_rules(os.devnull)
    binary = tmp_path / "table.toml"
    binary.write_bytes(b"decks = 2\n\x00\x01\x02")
    with pytest.raises(RulesError, match="is a binary file, not a rules file"):
        load_rules(str(binary))
    latin = tmp_path / "latin1.toml"
    latin.write_bytes('name = "Bo\xeft"\n'.encode("latin-1"))
    with pytest.raises(RulesError) as error:
        load_rules(str(latin))
    assert str(error.value) == (
        f"{str(latin)!r}: cannot read the rules file: it is not UTF-8 text "
        "(byte 11 is not); save it as UTF-8."
    )


def test_a_file_too_large_to_be_rules(tmp_path: Path) -> None:
    large = tmp_path / "large.toml"
    large.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    with pytest.raises(RulesError, match=f"it has {MAX_FILE_BYTES + 3} bytes"):
        load_rules(str(large))


def test_a_preset_name_in_another_case_still_loads(tmp_path: Path) -> None:
    assert load_rules("Practice").id == "practice"
    assert load_rules(" NIGHT ").id == "night"


def test_numbers_too_long_to_read(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="a number in the file has thousands of digits"):
        rules_from_toml("decks = " + "9" * 5000 + "\n", origin="big.toml")
    with pytest.raises(RulesError) as error:
        rules_from_toml(f'id = "{"a" * 10_000}"\n', origin="long.toml")
    assert len(str(error.value)) < 300
    assert "(10002 characters)" in str(error.value)


@pytest.mark.parametrize("payout", ["٣:٢", " 3 : 2", "3_0:2", "3:2 ", "+3:2", "3:２"])
def test_a_payout_is_written_with_the_digits_0_to_9(payout: str) -> None:
    with pytest.raises(RulesError, match="blackjack_payout"):
        rules_from_toml(f'blackjack_payout = "{payout}"\n', origin="payout.toml")
    assert Rules(id="t", blackjack_payout="6:5").blackjack_payout == "6:5"
