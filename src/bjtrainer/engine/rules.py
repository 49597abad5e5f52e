"""The rules of a table: one frozen dataclass and what its fields allow.

Each rule is read where it acts (the shoe reads the deck count and
penetration, the round reads peek, doubling and splitting, ...). The four
presets are :mod:`bjtrainer.engine.presets` (``docs/rules/<table>.md``);
a table of one's own is a rules file, :mod:`bjtrainer.engine.rules_file`
(``docs/custom-tables.md``). Both are read into :class:`Rules`, whose
cross-field checks (bets and ``bet_step``, ``resplit_aces`` and
``max_split_hands``, ...) and :data:`FIELD_HELP` live here.

Values already as the rules keep them (an ``int`` in range, a ``bool``, one
of a field's words, a tuple of ``int``) are taken as they are; anything
else goes through the pydantic schema of :mod:`bjtrainer.engine.rules_schema`,
which converts what it can (``6.0`` decks to ``6``, a list of chips to a
tuple) and raises ``pydantic.ValidationError`` for the rest. pydantic is
imported only then, so a table from the presets or a well-formed file
starts without it (``docs/architecture.md``, "Start-up").
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Literal, get_args, get_type_hints

__all__ = [
    "FIELD_HELP",
    "LIMITS",
    "DoubleOn",
    "Insurance",
    "Peek",
    "RuleField",
    "Rules",
    "Surrender",
    "relation_problems",
]

Peek = Literal["ace_or_ten", "ace", "none"]
DoubleOn = Literal["any", "below_21", "9_to_11", "10_to_11"]
Surrender = Literal["none", "late", "early"]
Insurance = Literal["half_bet", "up_to_half", "none"]

#: The bounds of the numeric fields, as pydantic ``Field`` constraints
#: (``ge``/``le``: at least/at most, ``gt``: above). Read by the fast check
#: of :class:`Rules` and by the schema (:mod:`bjtrainer.engine.rules_schema`).
LIMITS: dict[str, dict[str, float]] = {
    "decks": {"ge": 1, "le": 8},
    "penetration": {"gt": 0.0, "le": 1.0},
    "max_split_hands": {"ge": 1, "le": 8},
    "starting_chips": {"ge": 1},
    "min_bet": {"ge": 1},
    "max_bet": {"ge": 1},
    "bet_step": {"ge": 1},
    "first_bet": {"ge": 1},
}

_PAYOUT = re.compile(r"([0-9]{1,9}):([0-9]{1,9})")


def payout_problem(value: str) -> tuple[str, str | None]:
    """``blackjack_payout`` written as the rules keep it, or the sentence of its problem.

    Returns ``(value, None)`` with the value normalised (``"03:2"`` becomes
    ``"3:2"``), or ``(value, sentence)`` when it is not ``"win:stake"`` in
    positive whole numbers.
    """
    # The digits 0-9 only: int() would also read "٣:٢", " 3 : 2" and "3_0:2".
    parts = _PAYOUT.fullmatch(value)
    if parts is None:
        return value, "must be 'win:stake' with whole numbers, e.g. '3:2' or '6:5'"
    win, stake = int(parts[1]), int(parts[2])
    if win <= 0 or stake <= 0:
        return value, "both sides must be positive, e.g. '3:2'"
    return f"{win}:{stake}", None


@dataclasses.dataclass(frozen=True)
class RuleField:
    """One field of :class:`Rules`: its type (``annotation``) and its ``default``.

    ``default`` is :data:`dataclasses.MISSING` for ``id``, the one field
    without a default.
    """

    annotation: Any
    default: Any


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rules:
    """The rules of one table. Frozen and hashable, so solvers cache on it.

    Chip amounts are whole chips. Ratios (``blackjack_payout``) are exact;
    only chip settlement rounds half chips down (``docs/numbers.md``,
    section "Chips"). What every field allows, in words: :data:`FIELD_HELP`.
    The methods named ``model_*`` do what pydantic's of that name do.

    Raises
    ------
    pydantic.ValidationError
        On construction, for a field outside what it allows, or fields that
        do not fit together (:data:`FIELD_HELP` says how).
    """

    #: Every field by name, in order (filled in below the class).
    model_fields: ClassVar[dict[str, RuleField]]

    id: str  # preset id or a name for a custom table
    name: str = ""  # one line describing the table
    source: str = ""  # where the rules come from

    # The shoe
    decks: int = 6  # decks in the shoe (52 cards each)
    #: Share of the shoe dealt before a reshuffle between rounds (0.75:
    #: reshuffle once fewer than a quarter is left).
    penetration: float = 0.75
    shuffle_every_round: bool = False

    # The dealer
    dealer_hits_soft_17: bool = False  # H17 if true, S17 if false
    peek: Peek = "ace_or_ten"  # up cards with which the dealer checks for blackjack

    # Payouts
    blackjack_payout: str = "3:2"  # natural payout as 'win:stake'
    insurance: Insurance = "half_bet"

    # Player options
    double_on: DoubleOn = "any"
    double_after_split: bool = True  # DAS
    max_split_hands: int = 4  # most hands a split may make (1 = no split)
    resplit_aces: bool = False  # RSA
    surrender: Surrender = "late"

    # Chips and bets
    starting_chips: int = 1000
    min_bet: int = 1
    max_bet: int = 1000
    bet_step: int = 1  # bets are whole multiples of this
    first_bet: int = 10
    chip_denominations: tuple[int, ...] = ()  # chips a bet is built from (empty: any amount)
    refill: bool = True  # 'Refill free chips' between rounds
    repeat_bet_box: bool = False  # a 'Repeat last bet' box and CLEAR instead of auto-reuse
    cash_out: bool = False  # CASH OUT and a top-five board

    def __post_init__(self) -> None:
        values = self.model_dump()
        if not _as_kept(values):
            for field, value in _schema_checked(values, strict=False).items():
                object.__setattr__(self, field, value)

    @classmethod
    def model_validate(cls, obj: object, *, strict: bool | None = None) -> Rules:
        """The rules from a mapping of fields (a rules file's, a saved table's).

        Fields left out take their defaults; ``id`` must be given. With
        ``strict``, no value is converted (pydantic's strict mode).

        Raises
        ------
        pydantic.ValidationError
            For an unknown or missing field, a value outside what its field
            allows, or fields that do not fit together.
        """
        if isinstance(obj, Rules):
            return obj
        if isinstance(obj, Mapping) and "id" in obj and set(obj) <= _FIELD_NAMES:
            values = {**_DEFAULTS, **obj}
            if not strict:
                # A saved table's JSON holds a list where the field keeps a tuple.
                values = {
                    name: tuple(value) if type(value) is list else value
                    for name, value in values.items()
                }
            if _as_kept(values):
                return cls._made(values)
        return cls._made(_schema_checked(obj, strict=bool(strict)))

    @classmethod
    def _made(cls, values: Mapping[str, Any]) -> Rules:
        """Rules with these fields as they are: no check (``values`` is checked)."""
        made = object.__new__(cls)
        for field in _FIELD_NAMES_IN_ORDER:
            object.__setattr__(made, field, values[field])
        return made

    def model_dump(
        self, *, mode: Literal["python", "json"] = "python", exclude: set[str] | None = None
    ) -> dict[str, Any]:
        """Every field by name; in ``"json"`` mode ``chip_denominations`` is a list."""
        dumped = {
            field: getattr(self, field)
            for field in _FIELD_NAMES_IN_ORDER
            if not exclude or field not in exclude
        }
        if mode == "json" and "chip_denominations" in dumped:
            dumped["chip_denominations"] = list(dumped["chip_denominations"])
        return dumped

    def model_dump_json(self) -> str:
        """The fields as one line of JSON, as pydantic writes it."""
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))

    def model_copy(self, *, update: Mapping[str, Any] | None = None) -> Rules:
        """A copy with the fields in ``update`` replaced, unchecked (as pydantic's)."""
        return self._made({**self.model_dump(), **(update or {})})

    @property
    def blackjack_ratio(self) -> Fraction:
        """Natural payout per unit staked, exact: ``Fraction(3, 2)`` for 3:2."""
        win, stake = (int(part) for part in self.blackjack_payout.split(":"))
        return Fraction(win, stake)

    def describes_same_game(self, other: Rules) -> bool:
        """Whether ``other`` differs from these rules at most in ``name`` and ``source``.

        Those two fields describe a table; they change no rule. A saved table
        whose rules differ only there is the same table (docs/custom-tables.md,
        "Every field").
        """
        return self.model_copy(update={"name": other.name, "source": other.source}) == other

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


_HINTS = get_type_hints(Rules)
Rules.model_fields = {
    field.name: RuleField(annotation=_HINTS[field.name], default=field.default)
    for field in dataclasses.fields(Rules)
}
_FIELD_NAMES_IN_ORDER = tuple(Rules.model_fields)
_FIELD_NAMES = frozenset(_FIELD_NAMES_IN_ORDER)
_DEFAULTS = {
    name: info.default
    for name, info in Rules.model_fields.items()
    if info.default is not dataclasses.MISSING
}


def _kept_as(value: object, annotation: Any, limits: Mapping[str, float]) -> bool:
    """Whether ``value`` is of ``annotation`` exactly and within ``limits``: as the schema
    leaves it."""
    if annotation is int or annotation is float:
        if type(value) is not annotation:
            return False
        number: float = value
        return (
            ("ge" not in limits or number >= limits["ge"])
            and ("le" not in limits or number <= limits["le"])
            and ("gt" not in limits or number > limits["gt"])
        )
    if annotation is bool or annotation is str:
        return type(value) is annotation
    if annotation == tuple[int, ...]:
        return type(value) is tuple and all(type(item) is int for item in value)
    return type(value) is str and value in get_args(annotation)  # a Literal of words


def _as_kept(values: Mapping[str, Any]) -> bool:
    """Whether every field is given, as the schema would leave it, and the fields fit together."""
    if set(values) != _FIELD_NAMES:
        return False
    for field, info in Rules.model_fields.items():
        if not _kept_as(values[field], info.annotation, LIMITS.get(field, {})):
            return False
    payout = values["blackjack_payout"]
    if payout_problem(payout) != (payout, None):
        return False
    return not relation_problems(values)


def _schema_checked(values: object, *, strict: bool) -> dict[str, Any]:
    """The fields as the pydantic schema reads ``values``.

    Raises
    ------
    pydantic.ValidationError
        Where the schema refuses them.
    """
    from bjtrainer.engine.rules_schema import checked

    return checked(values, strict=strict)


def relation_problems(
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
    if good("surrender", "peek") and values["surrender"] == "early" and values["peek"] != "none":
        problems.append(
            (
                "surrender",
                'surrender = "early" needs peek = "none": early surrender comes before any '
                'check for blackjack, and this dealer checks first (say "late" instead)',
            )
        )
    return problems


#: What each field of :class:`Rules` allows, in words; rules-file messages,
#: :func:`~bjtrainer.engine.rules_file.rules_to_toml` comments and
#: ``docs/custom-tables.md`` use it.
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
    "surrender": '"late" (first two cards of the original hand, after the peek; where the '
    'dealer has not checked, a dealer blackjack still takes the whole bet), "early" (before '
    'any check: half back even against a blackjack; needs peek = "none") or "none"',
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
