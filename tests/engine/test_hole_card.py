"""The hole card stays face down until the reveal.

docs/rules/practice.md "Order of a round", step 2: "dealer hole card face down";
the source: "The dealer's displayed total excludes its hidden card
until reveal".
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from bjtrainer.engine.cards import Card
from bjtrainer.engine.hand import HandValue, evaluate
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.table import Table

Dealer = Callable[..., tuple[Table, Round]]


def test_hole_card_hidden_until_the_dealer_plays(deal: Dealer) -> None:
    _, round_ = deal(["T", "7", "8", "9H", "5"])
    hole = Card("9", "H")
    assert round_.dealer_cards[1] == hole
    assert hole not in round_.dealer_visible()
    assert round_.dealer_visible() == [Card("7", "S"), None]
    assert round_.dealer_visible_value() == HandValue(7, False)
    round_.hit()  # 18 + 5 = 23: bust, the hole card is shown
    assert round_.hole_revealed
    assert round_.dealer_visible() == [Card("7", "S"), hole]
    assert round_.dealer_visible_value() == HandValue(16, False)


def test_hole_card_hidden_while_insurance_is_open(deal: Dealer) -> None:
    _, round_ = deal(["T", "A", "8", "KH"])
    assert round_.phase is Phase.INSURANCE
    assert round_.dealer_visible() == [Card("A", "S"), None]
    assert round_.dealer_visible_value() == HandValue(11, True)
    round_.decline_insurance()  # the peek finds the blackjack: shown
    assert round_.dealer_visible() == [Card("A", "S"), Card("K", "H")]


def test_hole_card_never_visible_before_the_reveal_in_random_play() -> None:
    """600 rounds of the practice and night tables, a random legal action at
    every step: before the reveal only the up card is visible."""
    choose = np.random.default_rng(77)
    for name in ("practice", "night"):
        table = Table(PRESETS[name], np.random.default_rng(5))
        for _ in range(300):
            if not table.can_deal():
                table = Table(PRESETS[name], np.random.default_rng(int(choose.integers(1000))))
            round_ = table.deal()
            while True:
                if not round_.hole_revealed:
                    assert round_.dealer_visible() == [round_.up_card, None]
                    assert round_.dealer_visible_value() == evaluate([round_.up_card])
                else:
                    assert round_.phase is Phase.SETTLED
                    assert round_.dealer_visible() == round_.dealer_cards
                if round_.phase is Phase.SETTLED:
                    break
                legal = sorted(round_.legal_actions())
                round_.apply(legal[int(choose.integers(len(legal)))])
