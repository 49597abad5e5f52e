"""Saving and restoring a table: a saved table is the rules, the shoe state and
the round's history, and restoring replays it, so on the next start the table
comes back exactly: balance, bet, the hand in progress, and the same shoe
continuing (``docs/rules/practice.md``, "Shoe and penetration")."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.table import Table
from bjtrainer.errors import SavedStateError

Dealer = Callable[..., tuple[Table, Round]]
PRACTICE = PRESETS["practice"]


def saved(table: Table) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(json.dumps(table.to_state()))
    return state


def stand_out(round_: Round) -> None:
    while round_.phase is not Phase.SETTLED:
        round_.apply(Action.STAND if round_.can_stand() else Action.NO_INSURANCE)


def test_a_fresh_table_round_trips() -> None:
    table = Table(PRACTICE, np.random.default_rng(8))
    state = saved(table)
    assert state["round"] is None
    assert (state["balance"], state["bet"]) == (1000, 10)
    restored = Table.from_state(state)
    assert restored == table
    assert restored.deal().hands[0].cards == table.deal().hands[0].cards


def test_a_hand_in_progress_comes_back_exactly(deal: Dealer) -> None:
    """Mid-hand after insurance, a split and a hit: same hands, same active hand,
    same wagers and balance; both tables then play on identically."""
    cards = ["8", "A", "8", "6", "3", "2", "9", "T", "5"]
    table, round_ = deal(cards)
    round_.insure()
    round_.split()
    round_.hit()
    restored = Table.from_state(saved(table))
    back = restored.round
    assert back is not None
    assert back.phase is Phase.PLAYER
    assert back.active == round_.active == 0
    assert [hand.cards for hand in back.hands] == [hand.cards for hand in round_.hands]
    assert back.insurance_wager == 5
    assert back.dealer_visible() == round_.dealer_visible()
    assert [r.action for r in back.history] == [Action.INSURANCE, Action.SPLIT, Action.HIT]
    assert restored.balance == table.balance == 1000 - 10 - 5 - 10
    for table_ in (table, restored):
        assert table_.round is not None
        table_.round.stand()
        table_.round.stand()
    assert restored == table
    assert restored.round is not None and round_.result is not None
    assert restored.round.result == round_.result


def test_between_round_changes_are_kept(deal: Dealer) -> None:
    """After a settled round the player refills and changes the bet: both come
    back, and the last round is still there to show."""
    table, round_ = deal(["T", "7", "6", "9", "8"], balance=10)
    round_.hit()  # bust: balance 0
    table.refill()
    table.set_bet(40)
    restored = Table.from_state(saved(table))
    assert (restored.balance, restored.bet) == (1000, 40)
    assert restored.round is not None and restored.round.result == round_.result
    assert restored == table
    assert restored.deal().bet == table.deal().bet == 40
    assert restored == table


def test_a_restored_table_reshuffles_like_the_original() -> None:
    """home shuffles before every round (source): the saved
    state holds the generator, so the restored table shuffles the same."""
    home = PRESETS["home"]
    table = Table(home, np.random.default_rng(31))
    for _ in range(3):
        stand_out(table.deal())
    restored = Table.from_state(saved(table))
    for _ in range(5):
        ours, theirs = restored.deal(), table.deal()
        assert ours.hands[0].cards == theirs.hands[0].cards
        assert restored.shoe.seen == table.shoe.seen
        stand_out(ours)
        stand_out(theirs)
    assert restored == table


def test_custom_rules_are_saved_with_the_table() -> None:
    rules = Rules.model_validate({**PRACTICE.model_dump(), "id": "mine", "decks": 2})
    table = Table(rules, np.random.default_rng(2))
    table.deal()
    restored = Table.from_state(saved(table))
    assert restored.rules == rules
    assert restored.shoe.size == 104


def test_to_state_is_a_copy(deal: Dealer) -> None:
    table, _ = deal(["T", "7", "6", "9"])
    state = table.to_state()
    expected = saved(table)
    state["round"]["actions"].append({"action": "hit", "amount": None})
    state["rng"]["state"]["state"] = 0
    assert table.to_state() == expected


def test_equality_is_equality_of_saved_state(deal: Dealer) -> None:
    table, _ = deal(["T", "7", "6", "9"])
    other, _ = deal(["T", "7", "6", "9"])
    assert table == other
    other.round.hit()  # type: ignore[union-attr]
    assert table != other
    assert table != "a table"


def _tamper(state: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return state


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("format",), 99),
        (("rules", "decks"), 0),
        (("rules", "colour"), "red"),
        (("round", "actions"), [{"action": "split", "amount": None}]),
        (("round", "actions"), [{"action": "jump", "amount": None}]),
        (("round", "balance"), -5),
        (("round", "rng"), {"bit_generator": "NoSuchGenerator"}),
        (("shoe", "dealt"), 0),
        (("balance",), "lots"),
        (("round",), {"balance": 1000}),
    ],
)
def test_broken_saved_tables_are_refused(path: tuple[str, ...], value: Any, deal: Dealer) -> None:
    table, _ = deal(["T", "7", "6", "9"])
    with pytest.raises(SavedStateError):
        Table.from_state(_tamper(saved(table), path, value))


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(SavedStateError):
        Table.from_state([])  # type: ignore[arg-type]
