"""Table rules: one frozen pydantic model, the four presets, and rules files.

Every column of ``shared/RULES.md`` is expressible with :class:`Rules`; each
rule is read where it acts (the shoe reads the deck count and penetration,
the round reads peek, doubling and splitting, ...). Presets and their source
documents:

========== ============================== ==========================================
preset     source (shared/seeds/)          in one line
========== ============================== ==========================================
practice   ``003_2bdd88f24671a4ec.txt``    6D S17 DAS, 4 hands, late surrender, peek
guide      ``004_f728663f2b5a3adc.txt``    6D S17 DAS, 4 hands, no surrender, peek
night      ``000_8a8a97ee632ebe69.txt``    6D S17 DAS, 4 hands, peek on ace only
home       ``002_d3bfe4c3d11df71d.txt``    1 deck, shuffled every round, one split
========== ============================== ==========================================

A table of one's own is a flat TOML file of the same fields, one
``field = value`` line each, no ``[rules]`` header (issue 4, item 5;
``docs/custom-tables.md``). Fields left out take the ``practice`` values.
:func:`load_rules` reads it and reports every problem at once, one line
each, naming the field, the value and what is allowed; no table starts
from a file with a problem. :func:`rules_to_toml` writes such a file.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bjtrainer.errors import RulesError

__all__ = [
    "DEFAULT_PRESET",
    "FIELD_HELP",
    "PRESETS",
    "DoubleOn",
    "Insurance",
    "Peek",
    "Rules",
    "Surrender",
    "load_rules",
    "rules_from_toml",
    "rules_to_toml",
]

Peek = Literal["ace_or_ten", "ace", "none"]
DoubleOn = Literal["any", "below_21", "9_to_11", "10_to_11"]
Surrender = Literal["none", "late"]
Insurance = Literal["half_bet", "up_to_half", "none"]


class Rules(BaseModel):
    """The rules of one table. Frozen and hashable, so solvers cache on it.

    Chip amounts are whole chips. Ratios (``blackjack_payout``) are exact;
    only chip settlement rounds half chips down (``shared/RULES.md``).
    What every field allows, in words: :data:`FIELD_HELP`.

    Raises
    ------
    pydantic.ValidationError
        On construction, for a field outside what it allows, or fields that
        do not fit together (:data:`FIELD_HELP` says how).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Preset id or a name for a custom table.")
    name: str = Field(default="", description="One line describing the table.")
    source: str = Field(default="", description="Seed document the rules come from.")

    # The shoe
    decks: int = Field(default=6, ge=1, le=8, description="Decks in the shoe (52 cards each).")
    penetration: float = Field(
        default=0.75,
        gt=0.0,
        le=1.0,
        description="Share of the shoe dealt before a reshuffle between rounds "
        "(0.75: reshuffle once fewer than a quarter is left).",
    )
    shuffle_every_round: bool = Field(default=False, description="Shuffle before every round.")

    # The dealer
    dealer_hits_soft_17: bool = Field(default=False, description="H17 if true, S17 if false.")
    peek: Peek = Field(
        default="ace_or_ten",
        description="Up cards with which the dealer checks for blackjack before the player acts.",
    )

    # Payouts
    blackjack_payout: str = Field(default="3:2", description="Natural payout as 'win:stake'.")
    insurance: Insurance = Field(
        default="half_bet",
        description="'half_bet': costs half the bet (rounded down); 'up_to_half': any whole "
        "amount up to that; 'none': not offered.",
    )

    # Player options
    double_on: DoubleOn = Field(
        default="any",
        description="Two-card totals that may double: any, below_21, 9_to_11 or 10_to_11.",
    )
    double_after_split: bool = Field(default=True, description="DAS.")
    max_split_hands: int = Field(
        default=4, ge=1, le=8, description="Most hands a split may make (1 = no split)."
    )
    resplit_aces: bool = Field(default=False, description="RSA.")
    surrender: Surrender = Field(default="late", description="Late surrender or none.")

    # Chips and bets
    starting_chips: int = Field(default=1000, ge=1)
    min_bet: int = Field(default=1, ge=1)
    max_bet: int = Field(default=1000, ge=1)
    bet_step: int = Field(default=1, ge=1, description="Bets are whole multiples of this.")
    first_bet: int = Field(default=10, ge=1)
    chip_denominations: tuple[int, ...] = Field(
        default=(), description="Chips a bet is built from (empty: any amount)."
    )
    refill: bool = Field(default=True, description="'Refill free chips' between rounds.")
    repeat_bet_box: bool = Field(
        default=False, description="A 'Repeat last bet' box and CLEAR instead of auto-reuse."
    )
    cash_out: bool = Field(default=False, description="CASH OUT and a top-five board.")

    @field_validator("blackjack_payout")
    @classmethod
    def _check_payout(cls, value: str) -> str:
        try:
            win, stake = (int(part) for part in value.split(":"))
        except ValueError:
            raise ValueError(
                "must be 'win:stake' with whole numbers, e.g. '3:2' or '6:5'"
            ) from None
        if win <= 0 or stake <= 0:
            raise ValueError("both sides must be positive, e.g. '3:2'")
        return f"{win}:{stake}"

    @model_validator(mode="after")
    def _check_together(self) -> Rules:
        problems = _relation_problems(self.model_dump())
        if problems:
            raise ValueError("; ".join(message for _, message in problems))
        return self

    @property
    def blackjack_ratio(self) -> Fraction:
        """Natural payout per unit staked, exact: ``Fraction(3, 2)`` for 3:2."""
        win, stake = (int(part) for part in self.blackjack_payout.split(":"))
        return Fraction(win, stake)

    def peeks_with(self, up_rank: str) -> bool:
        """Whether the dealer checks the hole card for blackjack with this up card.

        Only an ace or a ten-value up card can hide a blackjack.
        """
        if up_rank == "A":
            return self.peek in ("ace_or_ten", "ace")
        if up_rank in ("T", "J", "Q", "K"):
            return self.peek == "ace_or_ten"
        return False

    def may_double_total(self, total: int) -> bool:
        """Whether a two-card hand of this total (hard or soft) may double."""
        if self.double_on == "any":
            return True
        if self.double_on == "below_21":
            return total < 21
        if self.double_on == "9_to_11":
            return 9 <= total <= 11
        return 10 <= total <= 11

    @property
    def max_bet_now(self) -> int:
        """The table maximum for an opening bet (balance not considered)."""
        return self.max_bet


def _relation_problems(
    values: Mapping[str, Any], bad: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    """Problems between fields that are each valid alone: ``(field, sentence)`` pairs.

    Fields named in ``bad`` are not valid alone; checks that read them are skipped.
    """

    def good(*fields: str) -> bool:
        return not bad.intersection(fields)

    problems: list[tuple[str, str]] = []
    if good("min_bet", "max_bet") and values["min_bet"] > values["max_bet"]:
        problems.append(
            (
                "min_bet",
                f"min_bet = {values['min_bet']} is above max_bet = {values['max_bet']}; "
                "it may be at most max_bet",
            )
        )
    for field in ("min_bet", "max_bet", "first_bet"):
        if good(field, "bet_step") and values[field] % values["bet_step"]:
            problems.append(
                (
                    field,
                    f"{field} = {values[field]} is not a multiple of "
                    f"bet_step = {values['bet_step']}",
                )
            )
    if good("min_bet", "max_bet", "first_bet"):
        low, high, first = values["min_bet"], values["max_bet"], values["first_bet"]
        if low <= high and not low <= first <= high:
            problems.append(
                ("first_bet", f"first_bet = {first} is outside min_bet..max_bet ({low}..{high})")
            )
    if good("starting_chips", "min_bet") and values["starting_chips"] < values["min_bet"]:
        problems.append(
            (
                "starting_chips",
                f"starting_chips = {values['starting_chips']} is below "
                f"min_bet = {values['min_bet']}; the table could never deal",
            )
        )
    if good("chip_denominations", "bet_step"):
        step = values["bet_step"]
        for chip in values["chip_denominations"]:
            if chip < 1 or chip % step:
                problems.append(
                    (
                        "chip_denominations",
                        f"chip_denominations holds {chip}; every chip must be at least 1 "
                        f"and a multiple of bet_step = {step}",
                    )
                )
        chips = [chip for chip in values["chip_denominations"] if chip >= 1]
        if chips and all(chip % step == 0 for chip in chips) and min(chips) != step:
            problems.append(
                (
                    "bet_step",
                    f"bet_step = {step} is not the smallest chip ({min(chips)}); with "
                    "chip_denominations every bet is built from chips, so bet_step must be "
                    "the smallest chip",
                )
            )
    if (
        good("resplit_aces", "max_split_hands")
        and values["resplit_aces"]
        and values["max_split_hands"] < 3
    ):
        problems.append(
            (
                "resplit_aces",
                "resplit_aces = true needs max_split_hands of 3 or more "
                f"(it is {values['max_split_hands']})",
            )
        )
    return problems


#: What each field of :class:`Rules` allows, in words; rules-file messages,
#: :func:`rules_to_toml` comments and ``docs/custom-tables.md`` use it.
FIELD_HELP: dict[str, str] = {
    "id": 'a short name: letters, digits, "_", "-" or "." (at most 40); it keys the '
    "table's saved state and statistics, so a preset's id only for that preset's rules",
    "name": "any text: one line describing the table",
    "source": "any text: where the rules come from",
    "decks": "a whole number from 1 to 8 (52 cards each)",
    "penetration": "a number above 0 and at most 1: the share of the shoe dealt before "
    "a reshuffle between rounds (0.75: once fewer than a quarter is left)",
    "shuffle_every_round": "true (shuffle the whole shoe before every round) or false",
    "dealer_hits_soft_17": "true (H17: the dealer hits soft 17) or false (S17: stands)",
    "peek": '"ace_or_ten" (the dealer checks for blackjack with an ace or a ten up, '
    'before the player acts), "ace" (only with an ace up) or "none" (never)',
    "blackjack_payout": '"win:stake" in whole numbers above 0, e.g. "3:2" or "6:5"',
    "insurance": '"half_bet" (costs half the bet, rounded down), "up_to_half" '
    '(any whole amount up to that) or "none" (not offered)',
    "double_on": 'two-card totals that may double: "any", "below_21", "9_to_11" or "10_to_11"',
    "double_after_split": "true (DAS: double after a split) or false",
    "max_split_hands": "a whole number from 1 (no split) to 8: the most hands splits make",
    "resplit_aces": "true (RSA: split aces again; needs max_split_hands of 3 or more) or false",
    "surrender": '"late" (after the peek, first two cards of the original hand) or "none"',
    "starting_chips": "a whole number of chips, at least min_bet",
    "min_bet": "a whole number of chips, at least 1, a multiple of bet_step, at most max_bet",
    "max_bet": "a whole number of chips, at least 1, a multiple of bet_step",
    "bet_step": "a whole number of chips, at least 1: every bet is a multiple of it",
    "first_bet": "a whole number of chips from min_bet to max_bet, a multiple of bet_step",
    "chip_denominations": "a list of chips a bet is built from, each a whole number, "
    "at least 1 and a multiple of bet_step, e.g. [5, 25, 100, 500]; [] for any amount",
    "refill": 'true ("Refill free chips" between rounds restores starting_chips) or false',
    "repeat_bet_box": 'true (a "Repeat last bet" box and CLEAR) or false '
    "(the next deal reuses the last bet)",
    "cash_out": "true (CASH OUT and a top-five board) or false",
}

if set(FIELD_HELP) != set(Rules.model_fields):  # pragma: no cover - a programming error
    raise RuntimeError("FIELD_HELP must describe every field of Rules.")


_SIX_DECK = {"decks": 6, "penetration": 0.75, "dealer_hits_soft_17": False}

PRESETS: dict[str, Rules] = {
    "practice": Rules(
        id="practice",
        name="Practice table: 6D S17 DAS, split to 4, late surrender, peek on ace or ten",
        source="003_2bdd88f24671a4ec.txt",
        **_SIX_DECK,
        peek="ace_or_ten",
        insurance="half_bet",
        double_on="any",
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        surrender="late",
        starting_chips=1000,
        min_bet=1,
        max_bet=1000,
        first_bet=10,
        refill=True,
    ),
    "guide": Rules(
        id="guide",
        name="Guide table: 6D S17 DAS, split to 4, no surrender, double below 21",
        source="004_f728663f2b5a3adc.txt",
        **_SIX_DECK,
        peek="ace_or_ten",
        insurance="up_to_half",
        double_on="below_21",
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        surrender="none",
        starting_chips=1000,
        min_bet=1,
        max_bet=1000,
        first_bet=10,
        refill=True,
    ),
    "night": Rules(
        id="night",
        name="Night table: 6D S17 DAS, split to 4, peek on ace only, 500 chips",
        source="000_8a8a97ee632ebe69.txt",
        **_SIX_DECK,
        peek="ace",
        insurance="half_bet",
        double_on="any",
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        surrender="none",
        starting_chips=500,
        min_bet=5,
        max_bet=500,
        bet_step=5,
        first_bet=5,
        chip_denominations=(5, 25, 100, 500),
        refill=False,
        repeat_bet_box=True,
        cash_out=True,
    ),
    "home": Rules(
        id="home",
        name="Home game: 1 deck shuffled every round, S17, one split, no DAS",
        source="002_d3bfe4c3d11df71d.txt",
        decks=1,
        penetration=0.75,
        shuffle_every_round=True,
        dealer_hits_soft_17=False,
        peek="ace_or_ten",
        insurance="none",
        double_on="any",
        double_after_split=False,
        max_split_hands=2,
        resplit_aces=False,
        surrender="none",
        starting_chips=500,
        min_bet=2,
        max_bet=100,
        bet_step=2,
        first_bet=10,
        refill=True,
    ),
}

DEFAULT_PRESET = "practice"

# ----------------------------------------------------------------------
# Rules files

_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
_HEADER = "rules"


def _toml_value(value: object) -> str:
    """A value as TOML writes it: ``true``, ``6``, ``0.75``, ``"3:2"``, ``[5, 25]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        # A TOML basic string; TOML also wants DEL escaped, which JSON leaves alone.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items())
        return "{" + inner + "}"
    return str(value)  # dates and times


def _slug(stem: str) -> str:
    """A valid id made from a file name: other characters become ``_``."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("_.-")[:40]
    return slug if slug else "custom"


def _field_problem(field: str, value: object) -> str:
    return f"{field} = {_toml_value(value)} is not allowed; {field} takes {FIELD_HELP[field]}"


def _unknown_field(key: str) -> str:
    close = difflib.get_close_matches(key, list(Rules.model_fields), n=1, cutoff=0.6)
    hint = (
        f'did you mean "{close[0]}"?'
        if close
        else "the fields are listed in docs/custom-tables.md "
        '(or start from "bjtrainer rules --show practice")'
    )
    return f'"{key}" is not a rules field; {hint}'


def _id_problems(
    merged: Mapping[str, Any], given: bool, bad: frozenset[str], file_name: str
) -> list[str]:
    """An id must be well formed, and a preset's id only for that preset's rules.

    The rules differ from a preset's when a field valid alone differs.
    """
    if "id" in bad:
        return []
    table_id = merged["id"]
    if not _ID_PATTERN.fullmatch(table_id):
        return [_field_problem("id", table_id)]
    preset = PRESETS.get(table_id)
    if preset is None:
        return []
    same = preset.model_dump()
    ignored = bad | {"id", "name", "source"}
    if all(merged[field] == same[field] for field in same if field not in ignored):
        return []
    where = (
        f'id = "{table_id}" is'
        if given
        else f'the file name "{file_name}" gives the id "{table_id}",'
    )
    return [
        f"{where} the {table_id} preset's id, but these rules differ from that preset's; "
        f'give the table an id of its own, e.g. id = "my_{table_id}"'
    ]


def _field_problems(error: ValidationError, data: Mapping[str, Any]) -> dict[str, str]:
    """One sentence per field not valid alone, keyed by the field."""
    problems: dict[str, str] = {}
    for detail in error.errors():
        loc = detail["loc"]
        if loc and str(loc[0]) not in problems:
            field = str(loc[0])
            problems[field] = _field_problem(field, data[field])
    return problems


def _report(origin: str, problems: list[str]) -> str:
    """One line per problem, each starting with the file and ending in a stop."""
    return "\n".join(
        f"{origin}: {problem}" + ("" if problem.endswith(("?", ".")) else ".")
        for problem in problems
    )


def rules_from_toml(text: str, *, origin: str = "custom.toml") -> Rules:
    """The rules of a TOML rules file's text.

    A flat file of ``field = value`` lines, the fields of :class:`Rules`
    (:data:`FIELD_HELP`); no ``[rules]`` header. Fields left out take the
    ``practice`` preset's values (``003_2bdd88f24671a4ec.txt``), except
    ``id`` (from the file name: other characters than letters, digits,
    ``_``, ``-`` and ``.`` become ``_``), ``name`` ("Custom table from
    FILE") and ``source`` (the file name). Values are read strictly: a
    quoted number or a ``6.0`` for a whole number is a problem.

    Parameters
    ----------
    text : str
        The file's contents.
    origin : str, optional
        The file's path as the user gave it: each message starts with it,
        and its name gives the defaults above.

    Returns
    -------
    Rules
        A fully valid table.

    Raises
    ------
    RulesError
        If anything in the file is wrong; one line per problem, each
        starting with ``origin``, naming the field, the value and what is
        allowed: text that is not TOML; a ``[rules]`` table (its fields are
        still checked); a key that is not a field (with a "did you mean"
        suggestion, by :func:`difflib.get_close_matches`); a value outside
        what the field allows; fields that do not fit together (bets and
        ``bet_step``, ``resplit_aces`` and ``max_split_hands``, ...); a
        malformed id, or a preset's id on rules that differ from the preset.
    """
    file_name = Path(origin).name
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{origin}: not a valid TOML file: {exc}") from None
    problems: list[str] = []
    header = data.get(_HEADER)
    if isinstance(header, dict):
        problems.append(
            f"[{_HEADER}] is a table header; write the fields at the top of the file, "
            f"without the [{_HEADER}] line"
        )
        data = {**{k: v for k, v in data.items() if k != _HEADER}, **header}
    for key in data:
        if key not in Rules.model_fields:
            problems.append(_unknown_field(key))
    known = {key: value for key, value in data.items() if key in Rules.model_fields}
    if isinstance(known.get("chip_denominations"), list):
        known["chip_denominations"] = tuple(known["chip_denominations"])
    merged: dict[str, Any] = {
        **PRESETS[DEFAULT_PRESET].model_dump(),
        "id": _slug(Path(file_name).stem),
        "name": f"Custom table from {file_name}",
        "source": file_name,
        **known,
    }
    try:
        rules = Rules.model_validate(merged, strict=True)
    except ValidationError as exc:
        by_field = _field_problems(exc, merged)
        problems.extend(by_field.values())
        bad = frozenset(by_field)
        for field, message in _relation_problems(merged, bad):
            if field not in known:
                message += (
                    f" ({field} is not in the file: it takes the {DEFAULT_PRESET} "
                    f"table's {_toml_value(merged[field])})"
                )
            problems.append(message)
        problems.extend(_id_problems(merged, "id" in known, bad, file_name))
        raise RulesError(_report(origin, problems)) from None
    problems.extend(_id_problems(merged, "id" in known, frozenset(), file_name))
    if problems:
        raise RulesError(_report(origin, problems))
    return rules


def load_rules(name_or_path: str) -> Rules:
    """Return a preset by id, or the rules of a TOML rules file.

    Parameters
    ----------
    name_or_path : str
        A preset id (``practice``, ``guide``, ``night``, ``home``) or the
        path of a rules file (see :func:`rules_from_toml`).

    Returns
    -------
    Rules

    Raises
    ------
    RulesError
        If the name is neither a preset nor a readable file, or the file is
        not valid rules: one line per problem, naming the field, the value
        and what is allowed (see :func:`rules_from_toml`).
    """
    if name_or_path in PRESETS:
        return PRESETS[name_or_path]
    path = Path(name_or_path).expanduser()
    if not path.is_file() and name_or_path.strip().lower() in PRESETS:
        return PRESETS[name_or_path.strip().lower()]  # "Practice", "NIGHT"
    if not path.is_file():
        names = ", ".join(PRESETS)
        raise RulesError(f"No table {name_or_path!r}: use one of {names}, or a rules file.")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError(f"{name_or_path}: cannot read the rules file: {exc}") from None
    return rules_from_toml(text, origin=name_or_path)


_SECTIONS: dict[str, str] = {
    "id": "The table",
    "decks": "The shoe",
    "dealer_hits_soft_17": "The dealer",
    "blackjack_payout": "Payouts",
    "double_on": "The player's options",
    "starting_chips": "Chips and bets",
}


def _comment(text: str, width: int = 78) -> list[str]:
    """``text`` as ``# `` lines of at most ``width`` characters.

    Control characters, which a TOML comment may not hold, become spaces.
    """
    text = re.sub(r"[\x00-\x08\x0a-\x1f\x7f]", " ", text)
    lines: list[str] = []
    line = "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    lines.append(line)
    return lines


def rules_to_toml(rules: Rules) -> str:
    """The rules as a commented TOML rules file a user can start from.

    Every field is written, in the order of :class:`Rules`, each after a
    comment saying what it allows (:data:`FIELD_HELP`), under a header
    saying how to use the file. ``rules_from_toml(rules_to_toml(rules))``
    gives back ``rules`` whenever its id is one a file allows (every preset's
    is; a file keeps a preset's id only while its rules are that preset's).

    Parameters
    ----------
    rules : Rules

    Returns
    -------
    str
        The file's text, ending with a newline.
    """
    lines = [
        *_comment(f"bjtrainer rules file: {rules.name or rules.id}."),
        "# Play at it:      bjtrainer --rules FILE",
        "# Its house edge:  bjtrainer edge --rules FILE",
        *_comment(
            "Fields left out take the practice table's values. Change the id when "
            "you change a rule: the id keys the table's saved state and statistics. "
            "Every field: docs/custom-tables.md."
        ),
    ]
    for field, value in rules.model_dump().items():
        if field in _SECTIONS:
            lines += ["", f"# --- {_SECTIONS[field]} ---"]
        lines += [*_comment(f"{field}: {FIELD_HELP[field]}."), f"{field} = {_toml_value(value)}"]
    return "\n".join(lines) + "\n"
