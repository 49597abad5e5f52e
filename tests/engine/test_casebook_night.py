"""Casebook: one test per rule of the ``night`` column of docs/rules/README.md
("Rule by rule").

Every test names its row there and quotes the night table's source
document ("source: ...", named in ``docs/rules/night.md``) where it speaks.
Shoes are stacked: player, dealer up card, player, dealer hole card
(``docs/rules/practice.md``, "Order of a round", step 2), then cards in
the order they are drawn. Chip amounts are worked out by hand from the
rules in each docstring: 500 chips and the stated bet.
tests/engine/test_other_tables.py already holds three night cases (a split
and doubled 8,8 lost to a ten-up blackjack, a natural with a ten up paid at
once, a natural on 5 paid 7); the cases here add to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.records import Outcome
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError

Dealer = Callable[..., tuple[Table, Round]]
NIGHT = PRESETS["night"]


def ranks(cards: list[Card]) -> list[str]:
    return [card.rank for card in cards]


def test_decks_six_decks() -> None:
    """Row "decks": 6 (source: "Cards come out of a
    six-deck shoe")."""
    shoe = Shoe(NIGHT, np.random.default_rng(6))
    drawn = Counter(shoe.draw() for _ in range(6 * 52))
    assert shoe.size == 312
    assert set(drawn.values()) == {6} and len(drawn) == 52


def test_reshuffle_before_the_next_round_below_a_quarter() -> None:
    """Row "reshuffle" (source: "Once fewer than a
    quarter of the cards are left, the shoe is reshuffled before the next
    hand"): 78 of 312 left is not fewer than a quarter, 77 is."""
    shoe = Shoe(NIGHT, np.random.default_rng(9))
    for _ in range(312 - 78):
        shoe.draw()
    assert not shoe.needs_shuffle()
    shoe.draw()
    assert shoe.needs_shuffle()


def test_dealer_stands_on_soft_17(deal: Dealer) -> None:
    """Row "dealer soft 17" (source: "on 17 or more the
    dealer stands, soft 17 included"). 6 up and an A in the hole make soft 17:
    the dealer draws nothing and the player's 18 wins the 5 bet."""
    table, round_ = deal(["T", "6", "8", "A", "5"], rules=NIGHT)
    round_.stand()
    assert ranks(round_.dealer_cards) == ["6", "A"]
    assert round_.result is not None and round_.result.dealer_total == 17
    assert table.balance == 505


def test_blackjack_pays_3_to_2(deal: Dealer) -> None:
    """Row "blackjack pays" (source: "Pays 3 to 2: on a
    10 bet you get 15 plus your 10 back")."""
    table, round_ = deal(["A", "8", "Q", "9"], rules=NIGHT, bet=10)
    assert round_.hands[0].returned == 25
    assert table.balance == 515


def test_half_chips_rounded_down(deal: Dealer) -> None:
    """Row "half chips": rounded down (source: "When the
    math comes out to half a chip, as with a blackjack on a 5 bet, the game
    rounds down"). Insurance on 5 costs floor(2.5) = 2; a natural on 15 wins
    floor(22.5) = 22."""
    _, round_ = deal(["9", "A", "8", "7"], rules=NIGHT, bet=5)
    assert round_.insurance_cost() == 2
    table, round_ = deal(["A", "5", "K", "9"], rules=NIGHT, bet=15)
    assert round_.result is not None and round_.result.net == 22
    assert table.balance == 522


def test_dealer_checks_only_with_an_ace_right_after_the_insurance_answer(deal: Dealer) -> None:
    """Row "dealer checks for blackjack": ace up only, right after the
    insurance answer (source: "With an ace showing, the dealer
    checks the hole card right after you answer: if it's a blackjack, the hand
    ends there"). The 10 bet is lost before the player's 20 is played."""
    table, round_ = deal(["T", "A", "Q", "K"], rules=NIGHT, bet=10)
    assert round_.legal_actions() == {Action.INSURANCE, Action.NO_INSURANCE}
    assert not round_.dealer_checked
    round_.decline_insurance()
    assert round_.phase is Phase.SETTLED and round_.dealer_checked
    assert round_.result is not None and round_.result.dealer_blackjack
    assert table.balance == 490

    _, round_ = deal(["T", "T", "Q", "7"], rules=NIGHT)
    assert round_.phase is Phase.PLAYER
    assert not round_.dealer_checked  # a ten up is not checked


def test_ten_up_blackjack_found_after_the_player_takes_doubled_money(deal: Dealer) -> None:
    """Row "ten up, dealer has blackjack" (source: "When
    the dealer's up card is a ten-value card, there is no early check. You play
    your hand as usual, and if the hole card turns out to make a blackjack, the
    dealer beats every one of your hands that isn't a blackjack, doubled and
    split hands included"). 6,5 against K: no insurance offer, double allowed;
    the double draws T for a three-card 21, the hole ace makes a blackjack and
    takes the doubled 20."""
    table, round_ = deal(["6", "K", "5", "A", "T"], rules=NIGHT, bet=10)
    assert round_.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}
    round_.double()
    assert round_.hands[0].total == 21
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.DEALER_BLACKJACK,)
    assert round_.result.hand_nets == (-20,)
    assert table.balance == 480


def test_ten_up_blackjack_takes_split_money_after_a_bust(deal: Dealer) -> None:
    """Row "ten up, dealer has blackjack", split hands: 9,9 against Q
    (hole A). Hand 1 9,4 hits 9 and busts (settled at once, -10); hand 2 9,2
    doubles and draws 9 for 20; the blackjack then takes the doubled 20 too:
    net -30."""
    table, round_ = deal(["9", "Q", "9", "A", "4", "9", "2", "9"], rules=NIGHT, bet=10)
    round_.split()
    round_.hit()
    assert round_.hands[0].outcome is Outcome.BUST  # lost before the reveal
    assert not round_.hole_revealed
    round_.double()
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.BUST, Outcome.DEALER_BLACKJACK)
    assert round_.result.hand_nets == (-10, -20)
    assert table.balance == 470


def test_player_blackjack_with_no_ace_up_settled_at_once(deal: Dealer) -> None:
    """Row "your natural, no ace up": settled at once, 3:2,
    without looking at the hole card (source: "If you're dealt
    a blackjack and the dealer isn't showing an ace, the hand is settled right
    away"). Against a 4 up the round is over at the deal and the dealer's 13
    draws nothing: +15."""
    table, round_ = deal(["A", "4", "T", "9", "8"], rules=NIGHT, bet=10)
    assert round_.phase is Phase.SETTLED
    assert round_.history == []
    assert ranks(round_.dealer_cards) == ["4", "9"]
    assert table.balance == 515


def test_blackjack_against_blackjack_pushes_with_an_ace_up(deal: Dealer) -> None:
    """Row "natural against natural": push, only possible with an ace up
    (source: "Blackjack against blackjack: Push. Your bet comes
    back")."""
    table, round_ = deal(["K", "A", "A", "J"], rules=NIGHT, bet=10)
    round_.decline_insurance()
    assert round_.hands[0].outcome is Outcome.PUSH
    assert table.balance == 500


def test_insurance_costs_half_the_bet_rounded_down_pays_2_to_1(deal: Dealer) -> None:
    """Row "insurance": ace up; costs half the bet, rounded down; pays
    2:1 (source: "Insurance costs half your bet and pays 2 to 1
    if the dealer has blackjack"). On a 5 bet it costs 2 and wins 4; the main
    bet loses 5: net -1."""
    table, round_ = deal(["9", "A", "8", "T"], rules=NIGHT, bet=5)
    with pytest.raises(IllegalActionError, match="costs exactly 2"):
        round_.insure(1)
    assert round_.insure().amount == 2
    assert round_.result is not None
    assert round_.result.insurance_net == 4
    assert round_.result.net == -1
    assert table.balance == 499


def test_double_any_total_also_after_a_split(deal: Dealer) -> None:
    """Row "double": first two cards, any total, also after a split
    (source: "Allowed on any total, and after a split too").
    Hard 20 doubles and draws an A (21) against 17: +20. 7,7 split: hand 1
    7,4 doubles and draws 9 (20)."""
    table, round_ = deal(["T", "7", "K", "T", "A"], rules=NIGHT, bet=10)
    round_.double()
    assert round_.result is not None and round_.result.net == 20
    assert table.balance == 520

    _, round_ = deal(["7", "6", "7", "T", "4", "9", "5"], rules=NIGHT, bet=10)
    round_.split()
    assert round_.can_double()
    round_.double()
    assert round_.hands[0].wager == 20 and round_.hands[0].total == 20


def test_split_equal_values_up_to_four_hands(deal: Dealer) -> None:
    """Row "split": equal value (J+K too), up to 4 hands
    (source: "a jack and a king ... You can split again, up to
    four hands")."""
    _, round_ = deal(["J", "9", "K", "8"], rules=NIGHT)
    assert round_.can_split()
    table, round_ = deal(["6", "9", "6", "8", "6", "6", "6"], rules=NIGHT, bet=10)
    for _ in range(3):
        round_.split()
    assert len(round_.hands) == 4 and not round_.can_split()
    assert table.balance == 460


def test_split_aces_one_card_each_both_stand(deal: Dealer) -> None:
    """Row "split aces": one card each, both stand; no resplit (decided
    here; source: "Each ace gets one card only, and both hands
    stand"). A,A against 8 (hole 9): 7 and A come; soft 18 and soft 12 stand,
    the dealer's 17 beats one and loses to the other: net 0."""
    table, round_ = deal(["A", "8", "A", "9", "7", "A"], rules=NIGHT, bet=10)
    round_.split()
    assert round_.phase is Phase.SETTLED
    assert [ranks(hand.cards) for hand in round_.hands] == [["A", "7"], ["A", "A"]]
    assert round_.result is not None and round_.result.hand_nets == (10, -10)
    assert table.balance == 500


def test_21_after_a_split_is_a_regular_21(deal: Dealer) -> None:
    """Row "21 after a split" (source: "A 21 made after
    a split is a regular 21, not a blackjack"). A,A against 7 (hole T): A,Q and
    A,J are 21s paid 1:1: +10 +10."""
    table, round_ = deal(["A", "7", "A", "T", "Q", "J"], rules=NIGHT, bet=10)
    round_.split()
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.WIN, Outcome.WIN)
    assert table.balance == 520


def test_no_surrender(deal: Dealer) -> None:
    """Row "surrender": none (source: "there is no
    surrender")."""
    _, round_ = deal(["T", "9", "6", "7"], rules=NIGHT)
    assert not round_.can_surrender()
    with pytest.raises(IllegalActionError, match="does not offer surrender"):
        round_.surrender()


def test_hand_reaching_21_stands_by_itself(deal: Dealer) -> None:
    """Row "a hand reaching 21" (source: "Reach 21 and the
    hand stands automatically"). 9,2 hits a T against the dealer's 19: +10."""
    table, round_ = deal(["9", "9", "2", "T", "T"], rules=NIGHT, bet=10)
    round_.hit()
    assert round_.phase is Phase.SETTLED
    assert table.balance == 510


def test_split_hands_get_their_second_card_in_turn(deal: Dealer) -> None:
    """Row "split hands" (decided for the trainer; source:
    "Each hand gets a second card and is played in turn")."""
    _, round_ = deal(["4", "T", "4", "7", "6", "3"], rules=NIGHT)
    round_.split()
    assert ranks(round_.hands[0].cards) == ["4", "6"]
    assert ranks(round_.hands[1].cards) == ["4"]
    round_.stand()
    assert ranks(round_.hands[1].cards) == ["4", "3"]


def test_all_hands_busted_dealer_draws_nothing(deal: Dealer) -> None:
    """Row "dealer draws" (source: "If
    all of your hands busted, the dealer doesn't need to draw")."""
    table, round_ = deal(["T", "3", "5", "9", "8"], rules=NIGHT, bet=10)
    round_.hit()
    assert round_.hole_revealed
    assert ranks(round_.dealer_cards) == ["3", "9"]
    assert table.balance == 490


def test_starting_chips_500() -> None:
    """Row "starting chips": 500 (source: "You sit down
    with 500 chips"); the first bet is the 5 minimum."""
    table = Table(NIGHT, np.random.default_rng(3))
    assert table.balance == 500
    assert table.bet == 5


def test_bet_built_from_chips_5_to_500(deal: Dealer) -> None:
    """Row "bet" (source: "build your bet from chips of
    5, 25, 100 and 500. The opening bet runs from 5 to 500 per hand, and never
    more than you have ... These moves can go past the 500 limit"). Every
    multiple of 5 is a sum of those chips; a bet of 500 doubles to 1000."""
    table = Table(NIGHT, np.random.default_rng(3))
    assert NIGHT.chip_denominations == (5, 25, 100, 500)
    assert all(table.can_bet(amount) for amount in range(5, 501, 5))
    assert not any(table.can_bet(amount) for amount in (0, 3, 7, 505, 1000))
    table.bankroll.balance = 120
    assert table.can_bet(120) and not table.can_bet(125)

    table, round_ = deal(["6", "9", "5", "8", "T"], rules=NIGHT, bet=500, balance=1500)
    round_.double()
    assert round_.hands[0].wager == 1000
    assert table.balance == 2500


def test_out_of_chips_below_5_the_night_is_over(deal: Dealer) -> None:
    """Row "out of chips": below 5 chips the night is over, no refill
    (source: "If you run out of chips and can't cover the 5
    minimum, the night is over"). 5 of 9 lost leaves 4."""
    table, round_ = deal(["T", "T", "6", "8", "9"], rules=NIGHT, bet=5, balance=9)
    round_.hit()
    assert table.balance == 4
    assert not table.can_deal()
    with pytest.raises(IllegalActionError, match="this table has no refill"):
        table.deal()
    with pytest.raises(IllegalActionError, match="no free refill"):
        table.refill()


def test_leave_the_table_the_balance_is_the_score(deal: Dealer) -> None:
    """Row "leave the table": CASH OUT; the balance is the score
    (source: "CASH OUT gets you up from the table with the chips
    you have. That number is your score"). Between rounds no chip is left on
    the table: a won 25 makes the score 525."""
    assert NIGHT.cash_out
    table, round_ = deal(["T", "7", "Q", "9", "K"], rules=NIGHT, bet=25)
    round_.stand()
    assert round_.chips_on_table() == 0
    assert table.balance == 525


def test_next_bet_repeats_the_last_bet(deal: Dealer) -> None:
    """Row "next bet": "Repeat last bet" checked by default
    (source: "The Repeat last bet box is checked by default, so
    the next hand starts with the same bet already down"). 19 beats 17 on a 25
    bet (525); the next deal puts 25 down again (500 left)."""
    assert NIGHT.repeat_bet_box
    table, round_ = deal(["T", "7", "9", "J", "2", "3", "8", "4"], rules=NIGHT, bet=25)
    round_.stand()
    assert table.balance == 525
    assert table.deal().bet == 25
    assert table.balance == 500
