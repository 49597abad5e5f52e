"""Casebook: one test per rule of the ``guide`` column of docs/rules/README.md
("Rule by rule").

Every test names its row there and quotes the guide table's source
document ("source: ...", named in ``docs/rules/guide.md``) where it speaks.
Shoes are stacked: player, dealer up card, player, dealer hole card
(``docs/rules/practice.md``, "Order of a round", step 2), then cards in
the order they are drawn. Chip amounts are worked out by hand from the
rules in each docstring: 1000 chips and a bet of 10 unless stated.
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
GUIDE = PRESETS["guide"]


def ranks(cards: list[Card]) -> list[str]:
    return [card.rank for card in cards]


def test_decks_six_decks() -> None:
    """Row "decks": 6 (source: "Six decks of cards")."""
    shoe = Shoe(GUIDE, np.random.default_rng(5))
    drawn = Counter(shoe.draw() for _ in range(6 * 52))
    assert shoe.size == 312
    assert len(drawn) == 52
    assert set(drawn.values()) == {6}


def test_reshuffle_between_rounds_below_a_quarter() -> None:
    """Row "reshuffle": as practice, between rounds once fewer than a
    quarter (78 of 312 cards) is left (decided for the trainer). At 77 left the next deal
    starts from a freshly shuffled shoe: only its own 4 cards are seen."""
    table = Table(GUIDE, np.random.default_rng(8))
    while table.shoe.cards_left > 78:
        table.shoe.draw()
    assert not table.shoe.needs_shuffle()
    table.shoe.draw()
    assert table.shoe.needs_shuffle()
    round_ = table.deal()
    dealt = len(round_.dealer_cards) + sum(len(hand.cards) for hand in round_.hands)
    assert table.shoe.cards_left == 312 - dealt


def test_dealer_stands_on_soft_17(deal: Dealer) -> None:
    """Row "dealer soft 17": stands (source: "With the
    soft 17 rule used here, a dealer total of ace and 6 is a stopping point").
    The player's 19 beats A,6: +10."""
    table, round_ = deal(["T", "A", "9", "6"], rules=GUIDE)
    round_.decline_insurance()
    round_.stand()
    assert ranks(round_.dealer_cards) == ["A", "6"]
    assert round_.result is not None and round_.result.dealer_total == 17
    assert table.balance == 1010


def test_blackjack_pays_3_to_2(deal: Dealer) -> None:
    """Row "blackjack pays": 3:2 (source: "A natural on
    a 10-unit bet earns 15 units, and 25 units come back to you in total")."""
    table, round_ = deal(["A", "9", "K", "7"], rules=GUIDE)
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert round_.hands[0].returned == 25
    assert table.balance == 1015


def test_half_chips_rounded_down(deal: Dealer) -> None:
    """Row "half chips": rounded down (decided for the trainer). A natural on 5
    wins floor(7.5) = 7; on a bet of 7 insurance goes up to floor(3.5) = 3."""
    table, round_ = deal(["A", "9", "K", "7"], rules=GUIDE, bet=5)
    assert round_.result is not None and round_.result.net == 7
    assert table.balance == 1007

    _, round_ = deal(["T", "A", "9", "7"], rules=GUIDE, bet=7)
    assert round_.insurance_cost() == 3
    assert round_.can_insure(3)
    assert not round_.can_insure(4)


def test_dealer_checks_with_an_ace_or_a_ten_up(deal: Dealer) -> None:
    """Row "dealer checks for blackjack": ace or ten up
    (source: "checks for blackjack when the face-up card is an
    ace or a ten-value card"). A clean peek keeps the hole card down; with an
    ace up the check follows the insurance answer."""
    _, round_ = deal(["T", "Q", "7", "8"], rules=GUIDE)
    assert round_.dealer_checked and not round_.hole_revealed
    assert round_.phase is Phase.PLAYER

    _, round_ = deal(["T", "A", "7", "8"], rules=GUIDE)
    assert round_.phase is Phase.INSURANCE and not round_.dealer_checked
    round_.decline_insurance()
    assert round_.dealer_checked and not round_.hole_revealed

    _, round_ = deal(["T", "9", "7", "8"], rules=GUIDE)
    assert not round_.dealer_checked  # a 9 up cannot hide a blackjack


def test_ten_up_dealer_blackjack_ends_the_round_at_the_peek(deal: Dealer) -> None:
    """Row "ten up, dealer has blackjack": the round ends at the peek
    (source: "A dealer blackjack ends the round there, and the
    main bets are settled before anyone acts"). The player's 11 never doubles:
    only the 10 is lost."""
    table, round_ = deal(["5", "J", "6", "A"], rules=GUIDE)
    assert round_.phase is Phase.SETTLED
    assert round_.history == []
    assert round_.hands[0].outcome is Outcome.DEALER_BLACKJACK
    assert table.balance == 990


def test_player_blackjack_paid_after_the_peek(deal: Dealer) -> None:
    """Row "your natural, no ace up": paid 3:2 after the
    peek. With a ten up and a 6 in the hole the check is clean: +15, and the
    dealer's 16 draws nothing (no live hand is left)."""
    table, round_ = deal(["K", "T", "A", "6", "5"], rules=GUIDE)
    assert round_.dealer_checked
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert ranks(round_.dealer_cards) == ["T", "6"]
    assert table.balance == 1015


def test_blackjack_against_blackjack_pushes(deal: Dealer) -> None:
    """Row "natural against natural": push (source: "A
    player holding blackjack as well pushes")."""
    table, round_ = deal(["A", "A", "Q", "J"], rules=GUIDE)
    round_.decline_insurance()
    assert round_.hands[0].outcome is Outcome.PUSH
    assert table.balance == 1000


def test_insurance_any_whole_amount_up_to_half_the_bet(deal: Dealer) -> None:
    """Row "insurance": ace up; any whole amount up to half the bet;
    pays 2:1 (source: "It costs up to half your original bet.
    It pays 2:1 if the dealer's hole card turns out to be a ten-value card").
    3 chips insured on a 10 bet: main -10, insurance +6, net -4."""
    _, round_ = deal(["T", "A", "8", "K"], rules=GUIDE)
    with pytest.raises(IllegalActionError, match="whole amount from 1 to 5"):
        round_.insure(6)
    with pytest.raises(IllegalActionError, match="whole amount from 1 to 5"):
        round_.insure(0)
    table, round_ = deal(["T", "A", "8", "K"], rules=GUIDE)
    assert round_.insure(3).amount == 3
    assert round_.result is not None
    assert round_.result.insurance_net == 6
    assert round_.result.hand_nets == (-10,)
    assert table.balance == 996


def test_double_on_two_card_hands_below_21_also_after_a_split(deal: Dealer) -> None:
    """Row "double": two-card hands totalling below 21, also after a
    split (source: "You may double on any two-card hand below
    21, including on eligible hands formed by splitting"). 4,4 against 9 (hole
    8): hand 1 4,7 doubles and draws T (21), hand 2 4,6 doubles and draws T
    (20); the dealer stands on 17: +20 and +20. A third card ends doubling."""
    assert GUIDE.may_double_total(20) and not GUIDE.may_double_total(21)
    table, round_ = deal(["4", "9", "4", "8", "7", "T", "6", "T"], rules=GUIDE)
    round_.split()
    round_.double()
    round_.double()
    assert round_.result is not None
    assert [hand.wager for hand in round_.hands] == [20, 20]
    assert round_.result.hand_nets == (20, 20)
    assert table.balance == 1040

    _, round_ = deal(["2", "9", "3", "8", "4"], rules=GUIDE)
    round_.hit()
    with pytest.raises(IllegalActionError, match=r"^Cannot double: the hand already has 3"):
        round_.double()


def test_split_equal_values_up_to_four_hands(deal: Dealer) -> None:
    """Row "split": equal value, up to 4 hands (source:
    "You may split into a maximum of four hands"). Q,K splits; 3s that keep
    coming make four hands of 10 and the fourth pair may not split."""
    _, round_ = deal(["Q", "7", "K", "9"], rules=GUIDE)
    assert round_.can_split()
    table, round_ = deal(["3", "T", "3", "7", "3", "3", "3"], rules=GUIDE)
    for _ in range(3):
        round_.split()
    assert len(round_.hands) == 4
    assert ranks(round_.hands[0].cards) == ["3", "3"]
    assert not round_.can_split()
    assert round_.chips_on_table() == 40
    assert table.balance == 960


def test_split_aces_one_card_each_no_resplit(deal: Dealer) -> None:
    """Row "split aces" (source: "Aces cannot be split
    again. Each split ace receives exactly one card, and that hand cannot be hit
    or doubled"). A,A against 5 (hole T): hand 1 draws K, hand 2 draws another
    A and may not resplit; both stand. The dealer's 15 draws T and busts:
    +10 +10."""
    table, round_ = deal(["A", "5", "A", "T", "K", "A", "T"], rules=GUIDE)
    round_.split()
    assert round_.phase is Phase.SETTLED
    assert [ranks(hand.cards) for hand in round_.hands] == [["A", "K"], ["A", "A"]]
    assert round_.history[-1].action is Action.SPLIT
    assert round_.result is not None and round_.result.hand_nets == (10, 10)
    assert table.balance == 1020


def test_21_after_a_split_is_paid_1_to_1(deal: Dealer) -> None:
    """Row "21 after a split": ordinary 21, 1:1 (source:
    "an ace and a ten-value card received after splitting a pair: that hand
    counts as an ordinary 21 and a win on it pays 1:1"). T,T split: hand 1 T,A
    (21) returns 20, not 25; hand 2 T,9 beats the dealer's 17 too."""
    table, round_ = deal(["T", "8", "T", "9", "A", "9"], rules=GUIDE)
    round_.split()
    round_.stand()
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.WIN, Outcome.WIN)
    assert round_.hands[0].returned == 20
    assert table.balance == 1020


def test_no_surrender(deal: Dealer) -> None:
    """Row "surrender": none (source: "Surrender is not
    offered"). 16 against a ten: hit, stand or double only."""
    _, round_ = deal(["T", "T", "6", "7"], rules=GUIDE)
    assert round_.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}
    with pytest.raises(IllegalActionError, match="does not offer surrender"):
        round_.surrender()


def test_hand_reaching_21_stands_hitting_only_below_21(deal: Dealer) -> None:
    """Row "a hand reaching 21": stands; hitting allowed only below 21
    (source: "You can keep hitting while your total is below
    21"). 4,5 draws 2 (11) and may hit again; then 3,7 make 21 and the hand
    stands by itself against the dealer's 18: +10."""
    table, round_ = deal(["4", "8", "5", "T", "2", "3", "7"], rules=GUIDE)
    round_.hit()
    assert round_.can_hit()
    round_.hit()
    round_.hit()
    assert round_.hands[0].total == 21
    assert round_.phase is Phase.SETTLED
    assert table.balance == 1010


def test_worked_round_of_the_guide(deal: Dealer) -> None:
    """Source, "A worked round": 10 and 6 against a 9; a hit
    brings a 4 (20); the hole card is a 7 (16), the dealer draws a 3 and
    finishes on 19. "Your 20 beats 19, so you win": +10."""
    table, round_ = deal(["T", "9", "6", "7", "4", "3"], rules=GUIDE)
    round_.hit()
    assert round_.hands[0].total == 20
    round_.stand()
    assert ranks(round_.dealer_cards) == ["9", "7", "3"]
    assert round_.result is not None and round_.result.dealer_total == 19
    assert table.balance == 1010


def test_split_hands_get_their_second_card_in_turn(deal: Dealer) -> None:
    """Row "split hands": each next hand gets its second card when its
    turn begins (decided for the trainer). 9,9: hand 1 takes 2 then 5 while
    hand 2 waits with one 9; hand 2 then gets the K."""
    _, round_ = deal(["9", "T", "9", "7", "2", "5", "K"], rules=GUIDE)
    round_.split()
    round_.hit()
    assert ranks(round_.hands[0].cards) == ["9", "2", "5"]
    assert ranks(round_.hands[1].cards) == ["9"]
    round_.stand()
    assert ranks(round_.hands[1].cards) == ["9", "K"]


def test_all_hands_busted_dealer_draws_nothing(deal: Dealer) -> None:
    """Row "dealer draws": the hole card is shown, the
    dealer does not draw (source: "Busting loses the wager
    immediately"). The dealer's 15 would have to draw; it does not: -10."""
    table, round_ = deal(["T", "5", "6", "T", "9"], rules=GUIDE)
    round_.hit()
    assert round_.hole_revealed
    assert ranks(round_.dealer_cards) == ["5", "T"]
    assert table.balance == 990


def test_a_bust_stays_lost_when_the_dealer_busts_later(deal: Dealer) -> None:
    """Row "dealer draws" with a live hand left
    (source: "a dealer bust later in the round does not bring
    it back"). 8,8 against 6 (hole T): hand 1 8,6 hits K (24, -10); hand 2 8,9
    stands; the dealer's 16 draws T (26): hand 2 +10, net 0."""
    table, round_ = deal(["8", "6", "8", "T", "6", "K", "9", "T"], rules=GUIDE)
    round_.split()
    round_.hit()
    round_.stand()
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.BUST, Outcome.WIN)
    assert round_.result.net == 0
    assert table.balance == 1000


def test_starting_chips_and_bets_as_practice() -> None:
    """Rows "starting chips" (1000, decided for the trainer), "bet" (whole chips
    1..1000, first bet 10, as practice) and "leave the table" (no CASH OUT)."""
    table = Table(GUIDE, np.random.default_rng(2))
    assert table.balance == 1000
    assert table.bet == 10
    assert table.can_bet(1) and table.can_bet(1000)
    assert not table.can_bet(0) and not table.can_bet(1001)
    assert not GUIDE.cash_out


def test_next_deal_reuses_the_last_bet_lowered_to_the_balance(deal: Dealer) -> None:
    """Rows "bet" and "next bet": the next deal reuses the last bet,
    lowered to the balance. 30 on 45: 16 hits and busts (-30), the next deal
    bets the 15 left."""
    table, round_ = deal(
        ["T", "T", "6", "8", "9", "4", "7", "5", "8"], rules=GUIDE, bet=30, balance=45
    )
    round_.hit()
    assert table.balance == 15
    assert table.deal().bet == 15
    assert table.balance == 0


def test_out_of_chips_refill_restores_1000(deal: Dealer) -> None:
    """Row "out of chips": "Refill free chips" between rounds restores
    1000, as practice (source: "practice credits with no
    monetary value")."""
    table, round_ = deal(["T", "T", "6", "8", "8"], rules=GUIDE, balance=10)
    round_.hit()
    assert table.balance == 0
    assert not table.can_deal()
    table.refill()
    assert table.balance == 1000
