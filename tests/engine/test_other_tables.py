"""Rules of the other presets and of custom tables: the engine reads every rule
from ``Rules``, so the ``night``, ``home`` and ``guide`` columns of
docs/rules/README.md and custom variants play by their own rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.records import Outcome
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table

Dealer = Callable[..., tuple[Table, Round]]
PRACTICE = PRESETS["practice"]
NIGHT = PRESETS["night"]
HOME = PRESETS["home"]


def variant(**changes: Any) -> Rules:
    return Rules.model_validate({**PRACTICE.model_dump(), "id": "variant", **changes})


def test_night_ten_up_blackjack_takes_doubled_and_split_money(deal: Dealer) -> None:
    """Row "ten up, dealer has blackjack", night column
    (source: "the dealer beats every one of your hands that
    isn't a blackjack, doubled and split hands included"). 8,8 vs T (hole A):
    no peek; split, double both to 21 and 19; the reveal takes 40 chips."""
    table, round_ = deal(["8", "T", "8", "A", "3", "T", "2", "9"], rules=NIGHT, bet=10)
    assert round_.phase is Phase.PLAYER
    assert not round_.dealer_checked
    round_.split()
    round_.double()
    round_.double()
    assert round_.result is not None
    assert round_.result.dealer_blackjack
    assert round_.result.outcomes == (Outcome.DEALER_BLACKJACK, Outcome.DEALER_BLACKJACK)
    assert round_.result.hand_nets == (-20, -20)
    assert table.balance == 500 - 40


def test_night_natural_with_ten_up_is_paid_at_once(deal: Dealer) -> None:
    """Row "your natural, no ace up", night column:
    "settled at once, 3:2, without looking at the hole card" (source),
    even when the hole card would have made a dealer blackjack: +15 on 10."""
    table, round_ = deal(["A", "T", "K", "A"], rules=NIGHT, bet=10)
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert round_.result is not None and round_.result.net == 15
    assert table.balance == 515


def test_night_natural_on_5_rounds_down(deal: Dealer) -> None:
    """Source: "When the math comes out to half a chip, as with a
    blackjack on a 5 bet, the game rounds down": +7."""
    table, round_ = deal(["A", "9", "K", "7"], rules=NIGHT)
    assert round_.bet == 5
    assert round_.result is not None and round_.result.net == 7
    assert table.balance == 507


def test_home_has_no_insurance_and_no_surrender(deal: Dealer) -> None:
    """Rows "insurance" and "surrender", home column: neither."""
    _, round_ = deal(["T", "A", "6", "7"], rules=HOME)
    assert round_.phase is Phase.PLAYER
    assert round_.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}


def test_home_shuffles_before_every_round() -> None:
    """Row "reshuffle", home column (source)."""
    table = Table(HOME, np.random.default_rng(4))
    for _ in range(5):
        round_ = table.deal()
        while round_.phase is not Phase.SETTLED:
            round_.apply(sorted(round_.legal_actions())[0])
        dealt = len(round_.dealer_cards) + sum(len(hand.cards) for hand in round_.hands)
        assert table.shoe.cards_left == 52 - dealt


def test_dealer_hits_soft_17_under_h17(deal: Dealer) -> None:
    """H17 (docs/rules/README.md abbreviations: "H17 would mean hitting soft 17").
    Dealer 6,A draws a 2 for 19 and beats the player's 18."""
    table, round_ = deal(["T", "6", "8", "A", "2"], rules=variant(dealer_hits_soft_17=True))
    round_.stand()
    assert [card.rank for card in round_.dealer_cards] == ["6", "A", "2"]
    assert round_.result is not None and round_.result.net == -10
    assert table.balance == 990


def test_resplit_aces_when_allowed(deal: Dealer) -> None:
    """RSA: a split ace that draws another ace may be split again. Three ace
    hands A,5 A,6 A,K stand by themselves; the dealer's 16 draws T and busts:
    +10 three times."""
    cards = ["A", "7", "A", "9", "A", "5", "6", "K", "T"]
    table, round_ = deal(cards, rules=variant(resplit_aces=True))
    round_.split()
    round_.split()
    assert [[card.rank for card in hand.cards] for hand in round_.hands] == [
        ["A", "5"],
        ["A", "6"],
        ["A", "K"],
    ]
    assert round_.result is not None
    assert round_.result.hand_nets == (10, 10, 10)
    assert table.balance == 1030


def test_no_peek_ace_up_natural_waits_for_the_reveal(deal: Dealer) -> None:
    """peek = "none" (ENHC, docs/rules/README.md abbreviations): with an ace up a
    natural is not settled until the hole card is shown; against a dealer
    blackjack it pushes and insurance pays 2:1 at the reveal."""
    rules = variant(peek="none", surrender="none")
    table, round_ = deal(["A", "A", "K", "Q"], rules=rules)
    round_.insure()
    assert round_.result is not None
    assert round_.hands[0].outcome is Outcome.PUSH
    assert round_.result.insurance_net == 10
    assert table.balance == 1010

    table, round_ = deal(["A", "A", "K", "7"], rules=rules)
    round_.decline_insurance()
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert table.balance == 1015


def test_six_to_five_blackjack_payout(deal: Dealer) -> None:
    """blackjack_payout "6:5": a natural on 10 wins 12."""
    table, _ = deal(["A", "9", "K", "7"], rules=variant(blackjack_payout="6:5"))
    assert table.balance == 1012


def test_a_stacked_shoe_keeps_its_own_generator() -> None:
    """Shoe.stacked: later shuffles use the shoe's generator (seeded 0 by default)."""
    shoe = Shoe.stacked(HOME, ["A", "9", "K", "7"])
    table = Table(HOME, np.random.default_rng(99), shoe=shoe)
    assert table.rng is shoe.rng
