"""Table rules: one frozen pydantic model and the four presets.

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
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bjtrainer.errors import RulesError

Peek = Literal["ace_or_ten", "ace", "none"]
DoubleOn = Literal["any", "below_21", "9_to_11", "10_to_11"]
Surrender = Literal["none", "late"]
Insurance = Literal["half_bet", "up_to_half", "none"]


class Rules(BaseModel):
    """The rules of one table. Frozen and hashable, so solvers cache on it.

    Chip amounts are whole chips. Ratios (``blackjack_payout``) are exact;
    only chip settlement rounds half chips down (``shared/RULES.md``).
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
    def _check_bets(self) -> Rules:
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")
        for field in ("min_bet", "max_bet", "first_bet"):
            amount = getattr(self, field)
            if amount % self.bet_step:
                raise ValueError(f"{field} {amount} is not a multiple of bet_step {self.bet_step}")
        if not self.min_bet <= self.first_bet <= self.max_bet:
            raise ValueError(
                f"first_bet {self.first_bet} is outside {self.min_bet}..{self.max_bet}"
            )
        if self.resplit_aces and self.max_split_hands < 3:
            raise ValueError("resplit_aces needs max_split_hands of 3 or more")
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


def _describe(error: ValidationError) -> str:
    lines = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem["loc"]) or "rules"
        value = problem.get("input")
        shown = "" if isinstance(value, dict) else f" (got {value!r})"
        lines.append(f"{where}: {problem['msg']}{shown}")
    return "\n".join(lines)


def load_rules(name_or_path: str) -> Rules:
    """Return a preset by id, or the rules of a TOML file.

    A file holds the same fields as the presets; fields it leaves out take
    the ``practice`` preset's values.

    Raises
    ------
    RulesError
        If the name is neither a preset nor a readable file, or the file is
        not valid TOML or not valid rules: one line per problem, naming the
        field, the value and what is allowed.
    """
    if name_or_path in PRESETS:
        return PRESETS[name_or_path]
    path = Path(name_or_path)
    if not path.is_file():
        names = ", ".join(PRESETS)
        raise RulesError(f"No table {name_or_path!r}: use one of {names}, or a rules file.")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesError(f"{path}: cannot read rules file: {exc}") from None
    base = PRESETS[DEFAULT_PRESET].model_dump()
    base.update({"id": path.stem, "name": f"Custom table from {path.name}", "source": path.name})
    base.update(data)
    try:
        return Rules.model_validate(base)
    except ValidationError as exc:
        raise RulesError(f"{path}:\n{_describe(exc)}") from None
