"""The saved table keeps where its chips came from: the start, the refills, the settled nets.

``to_state()["chips"]`` is ``{"start", "refills", "settled"}``, the nets of
the rounds before the one saved; with the round's own settled net they add
up to the balance plus the chips on the table (``docs/numbers.md``,
"Units": chips are conserved).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import SavedStateError

PRACTICE = PRESETS["practice"]
NIGHT = PRESETS["night"]


def stacked_table(cards: list[str], rules: Rules = PRACTICE, bet: int | None = None) -> Table:
    """A table whose shoe deals ``cards`` first (player, up, player, hole, ...)."""
    table = Table(rules, np.random.default_rng(0), shoe=Shoe.stacked(rules, cards))
    if bet is not None:
        table.bet = bet
    return table


def saved(table: Table) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(json.dumps(table.to_state()))
    return state


def test_a_new_table_starts_its_account_with_the_starting_chips() -> None:
    table = Table(PRACTICE, np.random.default_rng(1))
    assert saved(table)["chips"] == {"start": 1000, "refills": 0, "settled": 0}


def test_the_account_follows_a_lost_round_a_refill_and_a_won_round() -> None:
    # Round 1: T,6 = 16 against T (hole 7): standing loses the whole balance.
    # Round 2: T,9 = 19 against 5 (hole T): the dealer draws a T and busts.
    table = stacked_table(["T", "T", "6", "7", "T", "5", "9", "T", "T"], bet=1000)
    table.deal()
    table.apply(Action.STAND)
    assert table.balance == 0
    assert saved(table)["chips"] == {"start": 1000, "refills": 0, "settled": 0}
    table.refill()
    assert saved(table)["chips"] == {"start": 1000, "refills": 1000, "settled": 0}
    table.deal()  # the lost round's -1000 joins the earlier nets
    assert saved(table)["chips"] == {"start": 1000, "refills": 1000, "settled": -1000}
    table.apply(Action.STAND)
    assert table.balance == 2000 == 1000 + 1000 - 1000 + 1000  # the won round's +1000
    restored = Table.from_state(saved(table))
    assert restored == table
    assert (restored.started_with, restored.refilled, restored.settled_earlier) == (
        1000,
        1000,
        -1000,
    )


def test_a_new_night_starts_a_new_account() -> None:
    # T,6 against T (hole 7): standing loses the 100 bet.
    table = stacked_table(["T", "T", "6", "7"], rules=NIGHT, bet=100)
    table.deal()
    table.apply(Action.STAND)
    assert table.balance == 400
    night = table.cash_out()
    assert saved(night)["chips"] == {"start": 500, "refills": 0, "settled": 0}


def test_a_table_saved_without_an_account_starts_one_with_the_chips_it_holds() -> None:
    # 8,8 against an ace (hole 6): insurance (5 chips) is lost at the peek and
    # the 10-chip bet is still on the table: 985 held + 10 on the table, less
    # the -5 already settled, is the 1000 the table started with.
    table = stacked_table(["8", "A", "8", "6"])
    table.deal()
    table.apply(Action.INSURANCE)
    assert table.balance == 985
    state = saved(table)
    del state["chips"]
    restored = Table.from_state(state)
    assert saved(restored)["chips"] == {"start": 1000, "refills": 0, "settled": 0}
    restored.apply(Action.STAND)
    round_ = restored.round
    assert round_ is not None and round_.result is not None
    assert restored.balance == 1000 + round_.result.net


@pytest.mark.parametrize(
    ("chips", "value"),
    [
        ("settled", 1.5),
        ("settled", True),
        ("settled", "-10"),
        ("refills", -1),
        ("start", None),
    ],
)
def test_a_broken_account_is_refused(chips: str, value: Any) -> None:
    state = saved(Table(PRACTICE, np.random.default_rng(1)))
    state["chips"][chips] = value
    with pytest.raises(SavedStateError):
        Table.from_state(state)


@pytest.mark.parametrize("chips", [[], {"start": 1000}, "1000"])
def test_an_account_that_is_not_one_is_refused(chips: Any) -> None:
    state = saved(Table(PRACTICE, np.random.default_rng(1)))
    state["chips"] = chips
    with pytest.raises(SavedStateError):
        Table.from_state(state)


def test_a_negative_account_of_nets_is_kept() -> None:
    state = saved(Table(PRACTICE, np.random.default_rng(1)))
    state["chips"] = {"start": 1000, "refills": 2000, "settled": -2000}
    assert saved(Table.from_state(state))["chips"] == state["chips"]
