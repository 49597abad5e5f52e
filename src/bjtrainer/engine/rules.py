"""The rules of a table: one frozen pydantic model and what its fields allow.

Each rule is read where it acts (the shoe reads the deck count and
penetration, the round reads peek, doubling and splitting, ...). The four
presets are :mod:`bjtrainer.engine.presets` (``docs/rules/<table>.md``);
a table of one's own is a rules file, :mod:`bjtrainer.engine.rules_file`
(``docs/custom-tables.md``). Both are read into :class:`Rules`, whose
cross-field checks (bets and ``bet_step``, ``resplit_aces`` and
``max_split_hands``, ...) and :data:`FIELD_HELP` live here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "FIELD_HELP",
    "DoubleOn",
    "Insurance",
    "Peek",
    "Rules",
    "Surrender",
    "relation_problems",
]

Peek = Literal["ace_or_ten", "ace", "none"]
DoubleOn = Literal["any", "below_21", "9_to_11", "10_to_11"]
Surrender = Literal["none", "late", "early"]
Insurance = Literal["half_bet", "up_to_half", "none"]


class Rules(BaseModel):
    """The rules of one table. Frozen and hashable, so solvers cache on it.

    Chip amounts are whole chips. Ratios (``blackjack_payout``) are exact;
    only chip settlement rounds half chips down (``docs/numbers.md``,
    section "Chips"). What every field allows, in words: :data:`FIELD_HELP`.

    Raises
    ------
    pydantic.ValidationError
        On construction, for a field outside what it allows, or fields that
        do not fit together (:data:`FIELD_HELP` says how).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Preset id or a name for a custom table.")
    name: str = Field(default="", description="One line describing the table.")
    source: str = Field(default="", description="Where the rules come from.")

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
    surrender: Surrender = Field(
        default="late", description="Late surrender, early surrender (no-peek tables) or none."
    )

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
        # The digits 0-9 only: int() would also read "٣:٢", " 3 : 2" and "3_0:2".
        parts = re.fullmatch(r"([0-9]{1,9}):([0-9]{1,9})", value)
        if parts is None:
            raise ValueError("must be 'win:stake' with whole numbers, e.g. '3:2' or '6:5'")
        win, stake = int(parts[1]), int(parts[2])
        if win <= 0 or stake <= 0:
            raise ValueError("both sides must be positive, e.g. '3:2'")
        return f"{win}:{stake}"

    @model_validator(mode="after")
    def _check_together(self) -> Rules:
        problems = relation_problems(self.model_dump())
        if problems:
            raise ValueError("; ".join(message for _, message in problems))
        return self

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
