"""Thousands of random legal rounds, checked at every step.

Hypothesis picks the rules (the four presets of docs/rules/README.md and custom
variants), the shoe seed and the seed of the player's choices. At every step:

- chips are conserved: ``balance + chips_on_table()`` equals the starting
  chips plus refills plus the nets of everything settled, worked out here
  from the hands' wagers and returns (``docs/rules/practice.md``, "Chips and
  bets": chips are whole and conserved);
- every action in ``legal_actions()`` is accepted (tried on a restored copy)
  and every other action raises IllegalActionError and changes nothing;
- ``Table.from_state`` of the JSON round-tripped ``to_state()`` equals the
  table and continues identically: one step ahead at every step, and a twin
  restored at a random step plays in lockstep to the end;
- the hole card is hidden from ``dealer_visible()`` before the reveal.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card
from bjtrainer.engine.hand import evaluate
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError


def _variant(**changes: Any) -> Rules:
    return Rules.model_validate({**PRESETS["practice"].model_dump(), **changes})


RULESETS: list[Rules] = [
    *PRESETS.values(),
    _variant(id="h17_rsa", dealer_hits_soft_17=True, resplit_aces=True, double_on="9_to_11"),
    _variant(id="enhc", peek="none", insurance="up_to_half", decks=2, penetration=0.5),
    _variant(
        id="six_five",
        peek="ace",
        blackjack_payout="6:5",
        max_split_hands=3,
        double_after_split=False,
        starting_chips=60,
        first_bet=20,
    ),
]

ROUNDS_PER_EXAMPLE = 12


def _round_settled_net(round_: Round) -> int:
    """Net of what is settled so far, from the public hand fields and the rules:
    insurance is settled at a clean peek, or with the round."""
    net = sum(hand.returned - hand.wager for hand in round_.hands if hand.settled)
    if round_.result is not None:
        net += round_.result.insurance_net
    elif round_.insurance_wager and round_.dealer_checked:
        net -= round_.insurance_wager
    return net


def _check_hole_card(round_: Round) -> None:
    visible = round_.dealer_visible()
    if round_.hole_revealed:
        assert visible == round_.dealer_cards
        assert round_.phase is Phase.SETTLED or round_.dealer_checked
    else:
        assert visible == [round_.up_card, None]
        assert round_.dealer_visible_value() == evaluate([round_.up_card])
        assert len(round_.dealer_cards) == 2


def _roundtrip(table: Table) -> Table:
    state = json.loads(json.dumps(table.to_state()))
    restored = Table.from_state(state)
    assert restored == table
    assert restored.to_state() == state
    return restored


def _check_legal_and_illegal(table: Table, round_: Round) -> None:
    legal = round_.legal_actions()
    if round_.phase is Phase.SETTLED:
        assert legal == frozenset()
    for action in Action:
        if action in legal:
            copy = Table.from_state(table.to_state())
            assert copy.round is not None
            record = copy.round.apply(action)
            assert record.action is action
        else:
            before = table.to_state()
            try:
                round_.apply(action)
            except IllegalActionError as error:
                assert str(error).startswith("Cannot ") and str(error).endswith(".")
            else:
                raise AssertionError(f"{action} is not legal but was accepted")
            assert table.to_state() == before


class Ledger:
    """What the balance should be, from settled nets and refills."""

    def __init__(self, table: Table) -> None:
        self.base = table.balance  # start + refills + nets of finished rounds

    def check(self, table: Table) -> None:
        round_ = table.round
        if round_ is None:
            assert table.balance == self.base
            return
        net = _round_settled_net(round_)
        assert round_.settled_net() == net
        assert table.balance + round_.chips_on_table() == self.base + net
        if round_.phase is Phase.SETTLED:
            assert round_.chips_on_table() == 0
            assert round_.result is not None
            assert round_.result.net == sum(round_.result.hand_nets) + round_.result.insurance_net
            assert round_.result.net == net


def _between_rounds(table: Table, choose: np.random.Generator) -> list[tuple[str, int]]:
    """Choose what the player does between rounds: refill now and then, change
    the bet now and then, then deal (when the table allows it)."""
    ops: list[tuple[str, int]] = []
    if table.can_refill() and (not table.can_deal() or choose.random() < 0.05):
        ops.append(("refill", 0))
    if choose.random() < 0.3:
        rules = table.rules
        steps = (rules.max_bet - rules.min_bet) // rules.bet_step
        ops.append(("bet", rules.min_bet + rules.bet_step * int(choose.integers(0, steps + 1))))
    ops.append(("deal", 0))
    return ops


def _do(table: Table, op: str, amount: int, ledger: Ledger | None = None) -> bool:
    """Apply one between-round op; False when it is refused (the table is over)."""
    if op == "refill":
        before = table.balance
        table.refill()
        if ledger is not None:
            ledger.base += table.balance - before
    elif op == "bet":
        if not table.can_bet(amount):
            assert amount > table.balance
            return True
        table.set_bet(amount)
    else:
        if not table.can_deal():
            return False
        if ledger is not None and table.round is not None and table.round.result is not None:
            ledger.base += table.round.result.net
        table.deal()
    return True


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    rules=st.sampled_from(RULESETS),
    shoe_seed=st.integers(0, 2**32 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
@pytest.mark.slow
def test_random_legal_play(rules: Rules, shoe_seed: int, choice_seed: int) -> None:
    choose = np.random.default_rng(choice_seed)
    table = Table(rules, np.random.default_rng(shoe_seed))
    ledger = Ledger(table)
    twin: Table | None = None
    twin_step = int(choose.integers(0, 40))
    step = 0
    for _ in range(ROUNDS_PER_EXAMPLE):
        ops = _between_rounds(table, choose)
        if not all(_do(table, op, amount, ledger) for op, amount in ops):
            break
        if twin is not None:
            for op, amount in ops:
                assert _do(twin, op, amount)
            assert twin == table
        round_ = table.round
        assert round_ is not None
        while True:
            ledger.check(table)
            _check_hole_card(round_)
            _check_legal_and_illegal(table, round_)
            restored = _roundtrip(table)
            if step == twin_step:
                twin = restored
            if round_.phase is Phase.SETTLED:
                break
            legal = sorted(round_.legal_actions())
            action = legal[int(choose.integers(0, len(legal)))]
            amount: int | None = None
            if action is Action.INSURANCE and rules.insurance == "up_to_half":
                most = min(round_.insurance_cost(), table.balance)
                amount = int(choose.integers(1, most + 1))
            round_.apply(action, amount)
            assert restored.round is not None
            restored.round.apply(action, amount)
            assert restored == table
            if twin is not None and twin is not restored:
                assert twin.round is not None
                twin.round.apply(action, amount)
                assert twin == table
            step += 1
    ledger.check(table)


def test_a_twin_restored_mid_hand_plays_on_identically() -> None:
    """A fixed example of the lockstep check: restore after the first decision
    of a split hand and play both tables through several rounds."""
    rules = PRESETS["practice"]
    table = Table(rules, np.random.default_rng(2024))
    twin: Table | None = None
    for _ in range(30):
        round_ = table.deal()
        if twin is not None:
            assert twin.deal().hands[0].cards == round_.hands[0].cards
        while round_.phase is not Phase.SETTLED:
            action = min(round_.legal_actions())  # "double" < "hit" < ... alphabetically
            round_.apply(action)
            if twin is None:
                twin = Table.from_state(json.loads(json.dumps(table.to_state())))
            else:
                assert twin.round is not None
                twin.round.apply(action)
            assert twin == table
    assert twin is not None
    assert twin.shoe.seen == table.shoe.seen
    assert all(isinstance(card, Card) for card in twin.shoe.seen)
