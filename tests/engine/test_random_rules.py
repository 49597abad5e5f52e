"""Random valid rules, random legal play: chips are conserved, payouts are
right, and a saved table restores exactly, whatever the table.

Hypothesis draws every field of :class:`Rules` within what it
allows (docs/rules/README.md; ``FIELD_HELP``), the shoe's seed and the seed of the
player's choices. At every step of play:

- ``balance + chips_on_table()`` equals the chips before the round plus the
  nets of what is settled (``docs/rules/practice.md``, "Chips and bets":
  chips are whole and conserved);
- the JSON round trip of ``Table.to_state()`` restores an equal table that
  takes the same next step to the same state.

At the end of every round the settlement is checked against an oracle
written here from the rules: each hand's return from its cards, the
dealer's cards and the payout ratio (half chips rounded down), insurance
2:1, and the dealer drawing to 17 (hitting soft 17 under H17) only while a
live hand is left. Random rules also survive ``rules_to_toml`` and back.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import rules_from_toml, rules_to_toml
from bjtrainer.engine.table import Table

ROUNDS = 20


@st.composite
def valid_rules(draw: st.DrawFn) -> Rules:
    """Every field of Rules, drawn within what it allows."""
    step = draw(st.integers(1, 10))
    min_bet = step * draw(st.integers(1, 5))
    max_bet = min_bet + step * draw(st.integers(0, 40))
    first_bet = min_bet + step * draw(st.integers(0, (max_bet - min_bet) // step))
    max_split_hands = draw(st.integers(1, 8))
    peek = draw(st.sampled_from(["ace_or_ten", "ace", "none"]))
    surrenders = ["none", "late", "early"] if peek == "none" else ["none", "late"]
    return Rules(
        id="t_" + draw(st.from_regex(r"[a-z0-9_.-]{0,12}", fullmatch=True)),
        name=draw(st.text(max_size=30)),
        source=draw(st.text(max_size=10)),
        decks=draw(st.integers(1, 8)),
        penetration=draw(
            st.floats(0.0, 1.0, exclude_min=True, allow_nan=False, allow_subnormal=False)
        ),
        shuffle_every_round=draw(st.booleans()),
        dealer_hits_soft_17=draw(st.booleans()),
        peek=peek,
        blackjack_payout=f"{draw(st.integers(1, 9))}:{draw(st.integers(1, 9))}",
        insurance=draw(st.sampled_from(["half_bet", "up_to_half", "none"])),
        double_on=draw(st.sampled_from(["any", "below_21", "9_to_11", "10_to_11"])),
        double_after_split=draw(st.booleans()),
        max_split_hands=max_split_hands,
        resplit_aces=max_split_hands >= 3 and draw(st.booleans()),
        surrender=draw(st.sampled_from(surrenders)),
        starting_chips=min_bet * draw(st.integers(1, 3) | st.integers(20, 200)),
        min_bet=min_bet,
        max_bet=max_bet,
        bet_step=step,
        first_bet=first_bet,
        # Bets are built from the chips, so the smallest chip is the bet step.
        chip_denominations=tuple(
            step * k
            for k in sorted(
                {1, *draw(st.lists(st.integers(2, 100), max_size=3, unique=True))}
                if draw(st.booleans())
                else ()
            )
        ),
        refill=draw(st.booleans()),
        repeat_bet_box=draw(st.booleans()),
        cash_out=draw(st.booleans()),
    )


def _natural(cards: list[Card]) -> bool:
    return len(cards) == 2 and {card.value for card in cards} == {1, 10}


def _total(cards: list[Card]) -> tuple[int, bool]:
    hard = sum(card.value for card in cards)
    if any(card.rank == "A" for card in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _dealer_must_hit(cards: list[Card], rules: Rules) -> bool:
    total, soft = _total(cards)
    return total < 17 or (total == 17 and soft and rules.dealer_hits_soft_17)


def check_settlement(round_: Round) -> None:
    """The oracle: every hand's return and the dealer's draws, from the rules."""
    rules, dealer, up = round_.rules, round_.dealer_cards, round_.up_card
    ratio = Fraction(*map(int, rules.blackjack_payout.split(":")))
    dealer_natural = _natural(dealer)
    known_first = up.rank == "A" or rules.peeks_with(up.rank)  # checked before a natural is paid
    live = False
    expected_net = 0
    for hand in round_.hands:
        total, _ = _total(hand.cards)
        natural = len(round_.hands) == 1 and not hand.from_split and _natural(hand.cards)
        if hand.surrendered:
            # Late surrender before any check loses the whole bet to a dealer blackjack;
            # early surrender, or late after the peek, gives half back (docs/numbers.md, 6.).
            late_unchecked = rules.surrender == "late" and not rules.peeks_with(up.rank)
            returned = 0 if dealer_natural and late_unchecked else hand.wager // 2
        elif total > 21:
            returned = 0
        elif natural and not (dealer_natural and known_first):
            returned = hand.wager + math.floor(hand.wager * ratio)
        elif natural:
            returned = hand.wager  # blackjack against blackjack
        elif dealer_natural:
            returned = 0
        else:
            live = True
            dealer_total = _total(dealer)[0]
            if dealer_total > 21 or total > dealer_total:
                returned = 2 * hand.wager
            elif total == dealer_total:
                returned = hand.wager
            else:
                returned = 0
        assert hand.returned == returned, (hand, dealer)
        expected_net += returned - hand.wager
    stake = round_.insurance_wager
    expected_net += 2 * stake if dealer_natural else -stake
    assert round_.result is not None and round_.result.net == expected_net
    if live:
        assert not _dealer_must_hit(dealer, rules)
        assert all(_dealer_must_hit(dealer[:n], rules) for n in range(2, len(dealer)))
    else:
        assert len(dealer) == 2  # no live hand: the dealer draws nothing
    if dealer_natural and rules.peeks_with(up.rank):
        assert all(r.action in (Action.INSURANCE, Action.NO_INSURANCE) for r in round_.history)


def settled_net(round_: Round) -> int:
    """Net of what is settled so far, from the hands' wagers and returns."""
    net = sum(hand.returned - hand.wager for hand in round_.hands if hand.settled)
    if round_.result is not None:
        net += round_.result.insurance_net
    elif round_.insurance_wager and round_.dealer_checked:
        net -= round_.insurance_wager  # lost at a clean peek
    return net


def restored(table: Table) -> Table:
    twin = Table.from_state(json.loads(json.dumps(table.to_state())))
    assert twin == table
    return twin


def play_step(table: Table, choose: np.random.Generator) -> None:
    """One random legal decision, taken on the table and on a restored twin."""
    round_ = table.round
    assert round_ is not None
    twin = restored(table)
    legal = sorted(round_.legal_actions())
    action = legal[int(choose.integers(len(legal)))]
    if Action.SPLIT in legal and choose.random() < 0.5:
        action = Action.SPLIT  # splits are rare: take them often
    amount: int | None = None
    if action is Action.INSURANCE and table.rules.insurance == "up_to_half":
        amount = int(choose.integers(1, min(round_.insurance_cost(), table.balance) + 1))
    round_.apply(action, amount)
    assert twin.round is not None
    twin.round.apply(action, amount)
    assert twin.to_state() == table.to_state()


def between_rounds(table: Table, choose: np.random.Generator) -> bool:
    """Maybe refill, maybe change the bet; False when no deal is possible."""
    rules = table.rules
    if table.can_refill() and (not table.can_deal() or choose.random() < 0.1):
        table.refill()
    if choose.random() < 0.4:
        top = min(rules.max_bet, table.balance)
        if top >= rules.min_bet:
            steps = (top - rules.min_bet) // rules.bet_step
            table.set_bet(rules.min_bet + rules.bet_step * int(choose.integers(steps + 1)))
    return table.can_deal()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=valid_rules(), shoe_seed=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1))
@pytest.mark.slow
def test_random_rules_conserve_chips_and_restore(rules: Rules, shoe_seed: int, seed: int) -> None:
    choose = np.random.default_rng(seed)
    table = restored(Table(rules, np.random.default_rng(shoe_seed)))
    for _ in range(ROUNDS):
        if not between_rounds(table, choose):
            assert table.balance < rules.min_bet and not rules.refill
            break
        start = table.balance
        round_ = table.deal()
        while True:
            assert table.balance >= 0
            assert table.balance + round_.chips_on_table() == start + settled_net(round_)
            if round_.phase is Phase.SETTLED:
                break
            play_step(table, choose)
        check_settlement(round_)
        assert round_.chips_on_table() == 0
        assert round_.result is not None
        assert table.balance == start + round_.result.net
        restored(table)


@settings(max_examples=60, deadline=None)
@given(rules=valid_rules())
@pytest.mark.slow
def test_random_rules_survive_a_rules_file(rules: Rules) -> None:
    """``rules_to_toml`` writes every field so that the file loads back equal."""
    assert rules_from_toml(rules_to_toml(rules), origin="random.toml") == rules
