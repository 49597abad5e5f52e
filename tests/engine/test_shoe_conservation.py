"""The shoe never holds a card twice, however deep the cut.

``docs/custom-tables.md``, "Every field" (``penetration``): a cut that lets
the shoe run dry in the middle of a round has the discards (never the cards
on the table) shuffled in to finish it, and the table says so. Hypothesis
draws rules with one or two decks and a deep cut (penetration 0.85 to 1),
the shoe's seed and the player's choices, and plays rounds. At every step,
the cards still in the shoe, the cards of the round (read from its hands
and the dealer's cards, not from the shoe) and the discards (the cards
dealt since the shuffle that are not the round's) are the full shoe: every
card exactly ``decks`` times. A round during which the shoe ran dry says so
(``Round.discards_reshuffled``), and the saved table restores by replay to
an equal table that goes on identically.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card, full_deck
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.table import Table
from tests.engine.test_random_rules import valid_rules

ROUNDS = 14


@st.composite
def deep_cut_rules(draw: st.DrawFn) -> Rules:
    """Random valid rules with a small shoe and a deep cut, reshuffled only by the cut."""
    rules = draw(valid_rules())
    return Rules.model_validate(
        {
            **rules.model_dump(),
            "decks": draw(st.integers(1, 2)),
            "penetration": draw(st.sampled_from([1.0, 0.99, 0.95, 0.9]) | st.floats(0.85, 1.0)),
            "shuffle_every_round": False,
            "refill": True,
        }
    )


def round_cards(round_: Round) -> list[Card]:
    """The cards on the table, read from the round: every hand's, then the dealer's."""
    return [card for hand in round_.hands for card in hand.cards] + list(round_.dealer_cards)


def undealt(table: Table) -> list[Card]:
    """The cards still in the shoe, from its saved order (two characters a card)."""
    state = table.shoe.to_state()
    codes = state["order"][2 * state["dealt"] :]
    return [Card.from_code(codes[i : i + 2]) for i in range(0, len(codes), 2)]


def check_conservation(table: Table) -> None:
    """Shoe + table + discards = the full shoe, each card exactly ``decks`` times."""
    full = Counter(full_deck() * table.rules.decks)
    on_table = Counter(round_cards(table.round)) if table.round is not None else Counter()
    seen = Counter(table.shoe.seen)
    assert not on_table - seen, "a card on the table that the shoe never dealt"
    discards = seen - on_table
    in_shoe = undealt(table)
    assert Counter(in_shoe) + on_table + discards == full
    assert len(in_shoe) + on_table.total() + discards.total() == full.total()


def restored(table: Table) -> Table:
    twin = Table.from_state(json.loads(json.dumps(table.to_state())))
    assert twin == table
    return twin


def play(table: Table, choose: np.random.Generator, rounds: int) -> int:
    """Play ``rounds`` rounds of random legal choices, checking at every step.

    Returns the number of rounds during which the shoe ran dry.
    """
    dry = 0
    for _ in range(rounds):
        if table.can_refill() and not table.can_deal():
            table.refill()
        if not table.can_deal():
            break
        left = table.shoe.cards_left
        reshuffles = table.shoe.needs_shuffle()
        round_ = table.deal()
        check_conservation(table)
        while round_.phase is not Phase.SETTLED:
            twin = restored(table)
            legal = sorted(round_.legal_actions())
            action = legal[int(choose.integers(len(legal)))]
            amount = None
            if action is Action.INSURANCE and table.rules.insurance == "up_to_half":
                amount = int(choose.integers(1, min(round_.insurance_cost(), table.balance) + 1))
            table.apply(action, amount)
            check_conservation(table)
            twin.apply(action, amount)
            assert twin.to_state() == table.to_state()
            assert twin.round is not None
            assert twin.round.discards_reshuffled == round_.discards_reshuffled
        used = len(round_cards(round_))
        # The shoe ran dry exactly when the round used more cards than were left.
        ran_dry = not reshuffles and used > left
        assert round_.discards_reshuffled == ran_dry
        dry += ran_dry
        restored(table)
    return dry


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=deep_cut_rules(), shoe_seed=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1))
def test_random_deep_cuts_conserve_every_card(rules: Rules, shoe_seed: int, seed: int) -> None:
    play(Table(rules, np.random.default_rng(shoe_seed)), np.random.default_rng(seed), ROUNDS)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=deep_cut_rules(), shoe_seed=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1))
def test_many_random_deep_cuts_conserve_every_card(rules: Rules, shoe_seed: int, seed: int) -> None:
    play(Table(rules, np.random.default_rng(shoe_seed)), np.random.default_rng(seed), 3 * ROUNDS)


def test_one_deck_dealt_to_the_last_card_runs_dry_and_says_so() -> None:
    """One deck, a cut of 1: rounds go on until the deck is dry, several times over."""
    rules = PRESETS["home"].model_copy(update={"penetration": 1.0, "shuffle_every_round": False})
    table = Table(rules, np.random.default_rng(11))
    assert play(table, np.random.default_rng(12), 60) >= 3
