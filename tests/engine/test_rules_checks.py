"""Rules takes what the pydantic model of the rules took, and refuses what it refused.

The oracle is the model as it was written by hand before :class:`Rules`
became a dataclass: every field with its pydantic constraints, the payout
validator and the check of fields that must fit together. Random rules
(valid and not, as Python values and as a rules file gives them) must come
out of ``Rules(...)`` and ``Rules.model_validate`` with the same values and
types the oracle gives, or fail where it fails, with its errors.
"""

from __future__ import annotations

import random
import re
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules, relation_problems


class Oracle(BaseModel):
    """The rules as one pydantic model, field for field (``docs/custom-tables.md``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str = ""
    source: str = ""
    decks: int = Field(default=6, ge=1, le=8)
    penetration: float = Field(default=0.75, gt=0.0, le=1.0)
    shuffle_every_round: bool = False
    dealer_hits_soft_17: bool = False
    peek: Literal["ace_or_ten", "ace", "none"] = "ace_or_ten"
    blackjack_payout: str = "3:2"
    insurance: Literal["half_bet", "up_to_half", "none"] = "half_bet"
    double_on: Literal["any", "below_21", "9_to_11", "10_to_11"] = "any"
    double_after_split: bool = True
    max_split_hands: int = Field(default=4, ge=1, le=8)
    resplit_aces: bool = False
    surrender: Literal["none", "late", "early"] = "late"
    starting_chips: int = Field(default=1000, ge=1)
    min_bet: int = Field(default=1, ge=1)
    max_bet: int = Field(default=1000, ge=1)
    bet_step: int = Field(default=1, ge=1)
    first_bet: int = Field(default=10, ge=1)
    chip_denominations: tuple[int, ...] = ()
    refill: bool = True
    repeat_bet_box: bool = False
    cash_out: bool = False

    @field_validator("blackjack_payout")
    @classmethod
    def _check_payout(cls, value: str) -> str:
        parts = re.fullmatch(r"([0-9]{1,9}):([0-9]{1,9})", value)
        if parts is None:
            raise ValueError("must be 'win:stake' with whole numbers, e.g. '3:2' or '6:5'")
        win, stake = int(parts[1]), int(parts[2])
        if win <= 0 or stake <= 0:
            raise ValueError("both sides must be positive, e.g. '3:2'")
        return f"{win}:{stake}"

    @model_validator(mode="after")
    def _check_together(self) -> Oracle:
        problems = relation_problems(self.model_dump())
        if problems:
            raise ValueError("; ".join(message for _, message in problems))
        return self


#: Values to draw per field: valid ones as the rules keep them, values pydantic
#: converts (floats for ints, lists for the chips, an int penetration, "03:2"),
#: and values refused (out of range, wrong words, wrong types, nan).
CHOICES: dict[str, list[Any]] = {
    "id": ["mine", "practice", "x.y-1", 7],
    "name": ["", "My table", None],
    "source": ["", "a book"],
    "decks": [1, 2, 6, 8, 0, 9, 6.0, 6.5, "6", True],
    "penetration": [0.75, 1.0, 0.5, 1, 0, 0.0, 1.5, float("nan"), "0.7"],
    "shuffle_every_round": [False, True, 0, 1, "yes"],
    "dealer_hits_soft_17": [False, True, "true", 2],
    "peek": ["ace_or_ten", "ace", "none", "never"],
    "blackjack_payout": ["3:2", "6:5", "03:2", "3:0", "3/2", " 3:2", 3],
    "insurance": ["half_bet", "up_to_half", "none", "full"],
    "double_on": ["any", "below_21", "9_to_11", "10_to_11", "11"],
    "double_after_split": [True, False, 1],
    "max_split_hands": [1, 2, 3, 4, 8, 0, 9, 4.0],
    "resplit_aces": [False, True],
    "surrender": ["none", "late", "early", "always"],
    "starting_chips": [1000, 500, 1, 0, 10.0],
    "min_bet": [1, 5, 10, 25, 0],
    "max_bet": [1000, 500, 5, 0],
    "bet_step": [1, 5, 2, 0],
    "first_bet": [10, 5, 25, 1, 0, 11],
    "chip_denominations": [(), (1, 5, 25), (5, 25, 100), [5, 25], (5, 2.0), ("5",), (0,)],
    "refill": [True, False],
    "repeat_bet_box": [False, True],
    "cash_out": [False, True],
}


def draws(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` mappings of fields: a few fields drawn from :data:`CHOICES` over a preset."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        base = PRESETS[rng.choice(sorted(PRESETS))].model_dump()
        for field in rng.sample(sorted(CHOICES), rng.randint(1, 4)):
            base[field] = rng.choice(CHOICES[field])
        if rng.random() < 0.1:
            del base[rng.choice(sorted(base))]
        if rng.random() < 0.05:
            base["colour"] = "green"
        found.append(base)
    return found


def outcome(make: Any, values: dict[str, Any]) -> tuple[str, Any]:
    """``("ok", fields with their types)`` or ``("error", the errors)`` of one attempt."""
    try:
        made = make(values)
    except ValidationError as exc:
        return "error", [(e["type"], e["loc"], e["msg"]) for e in exc.errors()]
    return "ok", [(field, value, type(value)) for field, value in made.model_dump().items()]


def same_nan(result: tuple[str, Any]) -> tuple[str, Any]:
    """nan is never equal to itself: name it, so two results compare."""
    kind, items = result
    return kind, repr(items)


@pytest.mark.parametrize("strict", [False, True])
def test_validate_agrees_with_the_pydantic_model(strict: bool) -> None:
    cases = draws(600, seed=13 + strict)
    kinds = set()
    for values in cases:
        expected = outcome(lambda v: Oracle.model_validate(v, strict=strict), values)
        got = outcome(lambda v: Rules.model_validate(v, strict=strict), values)
        assert same_nan(got) == same_nan(expected), values
        kinds.add(expected[0])
    assert kinds == {"ok", "error"}  # both kinds were drawn


def test_construction_agrees_with_the_pydantic_model() -> None:
    kinds = set()
    for values in draws(600, seed=29):
        if "id" not in values or "colour" in values:
            continue  # the constructor's own TypeError, as for any Python class
        expected = outcome(lambda v: Oracle(**v), values)
        got = outcome(lambda v: Rules(**v), values)
        assert same_nan(got) == same_nan(expected), values
        kinds.add(expected[0])
    assert kinds == {"ok", "error"}


def test_converted_values_take_the_models_types() -> None:
    chips: Any = [5, 25]
    rules = Rules(
        id="mine", decks=6.0, penetration=1, chip_denominations=chips, bet_step=5, min_bet=5
    )  # type: ignore[arg-type]
    assert (rules.decks, rules.penetration, rules.chip_denominations) == (6, 1.0, (5, 25))
    assert (type(rules.decks), type(rules.penetration)) == (int, float)
    assert Rules(id="mine", blackjack_payout="03:2").blackjack_payout == "3:2"


def test_rules_hash_and_compare_by_their_fields() -> None:
    practice = PRESETS["practice"]
    again = Rules.model_validate(practice.model_dump())
    assert again == practice and hash(again) == hash(practice)
    assert practice.model_copy(update={"decks": 2}) != practice
    assert {practice: 1}[again] == 1
    assert practice.model_dump_json() == Oracle(**practice.model_dump()).model_dump_json()
    assert practice.model_dump(mode="json") == Oracle(**practice.model_dump()).model_dump(
        mode="json"
    )
