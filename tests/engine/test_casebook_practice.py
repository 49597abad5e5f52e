"""Casebook: one test per rule of the ``practice`` column of docs/rules/README.md
("Rule by rule").

Every test names its row there and quotes the practice table's source
document ("source: ...", named in ``docs/rules/practice.md``) where it
speaks. Shoes are stacked: the first four cards go player, dealer up card,
player, dealer hole card (``docs/rules/practice.md``, "Order of a round",
step 2); later cards are drawn in order. Chip amounts are worked out
by hand from the rules in each docstring, for a 1000-chip start and a bet of
10 unless stated.
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
PRACTICE = PRESETS["practice"]


def ranks(cards: list[Card]) -> list[str]:
    return [card.rank for card in cards]


# --- decks ---------------------------------------------------------------


def test_decks_six_decks_of_52_cards() -> None:
    """Row "decks": 6 for practice (source: "six decks")."""
    shoe = Shoe(PRACTICE, np.random.default_rng(7))
    assert shoe.size == 6 * 52
    drawn = [shoe.draw() for _ in range(6 * 52)]
    counts = Counter(drawn)
    assert len(counts) == 52
    assert set(counts.values()) == {6}


# --- reshuffle -----------------------------------------------------------


def test_reshuffle_once_fewer_than_a_quarter_is_left() -> None:
    """Row "reshuffle": between rounds once fewer than a quarter of the
    shoe is left (source: "one shuffled six-deck shoe until a
    between-round reshuffle"). A quarter of 312 cards is 78."""
    shoe = Shoe(PRACTICE, np.random.default_rng(3))
    for _ in range(312 - 78):
        shoe.draw()
    assert shoe.cards_left == 78
    assert not shoe.needs_shuffle()
    shoe.draw()
    assert shoe.cards_left == 77
    assert shoe.needs_shuffle()


def test_reshuffle_happens_at_the_deal_not_during_a_round() -> None:
    """Row "reshuffle" (source): the cut is checked
    between rounds only. With 79 cards left a round is dealt from the same shoe
    even if it goes below 78; the next deal reshuffles first."""
    table = Table(PRACTICE, np.random.default_rng(11))
    while table.shoe.cards_left > 79:
        table.shoe.draw()
    before = table.shoe.seen
    round_ = table.deal()
    assert table.shoe.seen[: len(before)] == before  # no reshuffle at 79 left
    while round_.phase is not Phase.SETTLED:
        if round_.can_stand():
            round_.stand()
        else:
            round_.decline_insurance()
    while table.shoe.cards_left >= 78:
        table.shoe.draw()
    table.deal()
    dealt = len(table.shoe.seen)
    assert table.shoe.size == 312
    assert table.shoe.cards_left == 312 - dealt
    assert dealt < 30  # only this round's cards: the shoe was gathered and reshuffled


# --- dealer soft 17 ------------------------------------------------------


def test_dealer_stands_on_soft_17(deal: Dealer) -> None:
    """Row "dealer soft 17": stands (source: "Stands
    on every 17, including soft 17"). Dealer 6 + A = soft 17 draws nothing;
    player 19 wins 10."""
    table, round_ = deal(["T", "6", "9", "A", "5"])
    round_.stand()
    assert ranks(round_.dealer_cards) == ["6", "A"]
    assert round_.result is not None
    assert round_.result.dealer_total == 17
    assert round_.result.net == 10
    assert table.balance == 1010


def test_dealer_hits_soft_16(deal: Dealer) -> None:
    """Row "dealer soft 17" and step 8 "draws to 17": A,5 (soft 16)
    draws; with a 5 it makes soft 21 and beats the player's 20."""
    table, round_ = deal(["T", "A", "K", "5", "5"])
    round_.decline_insurance()
    round_.stand()
    assert ranks(round_.dealer_cards) == ["A", "5", "5"]
    assert round_.result is not None
    assert round_.result.dealer_total == 21
    assert table.balance == 990


# --- blackjack pays ------------------------------------------------------


def test_blackjack_pays_3_to_2(deal: Dealer) -> None:
    """Row "blackjack pays": 3:2 (source: "A 10-chip
    natural win earns 15 profit and returns 25 including the stake")."""
    table, round_ = deal(["A", "9", "K", "7"])
    assert round_.phase is Phase.SETTLED
    hand = round_.hands[0]
    assert hand.outcome is Outcome.BLACKJACK
    assert hand.returned == 25
    assert round_.result is not None and round_.result.net == 15
    assert table.balance == 1015


# --- half chips ----------------------------------------------------------


def test_half_chips_are_rounded_down(deal: Dealer) -> None:
    """Row "half chips": rounded down. A natural on 5 wins
    floor(7.5) = 7; insurance on a bet of 7 costs floor(3.5) = 3; surrender
    of 5 returns floor(2.5) = 2."""
    table, round_ = deal(["A", "9", "K", "7"], bet=5)
    assert round_.result is not None and round_.result.net == 7
    assert table.balance == 1007

    _, round_ = deal(["T", "A", "7", "9"], bet=7)
    assert round_.insurance_cost() == 3
    round_.insure()
    assert round_.insurance_wager == 3

    table, round_ = deal(["T", "9", "6", "8"], bet=5)
    round_.surrender()
    assert round_.hands[0].returned == 2
    assert round_.result is not None and round_.result.net == -3
    assert table.balance == 997


# --- dealer checks for blackjack / ten up, dealer has blackjack -----------


def test_dealer_peeks_with_ten_up_and_ends_the_round(deal: Dealer) -> None:
    """Rows "dealer checks for blackjack" (ace or ten up, before you act)
    and "ten up, dealer has blackjack" (the round ends at the peek)
    (source: "The dealer checks for Blackjack before player
    actions when showing an ace or a ten-value card"). The player's 11 never
    gets to double: only the 10-chip bet is lost."""
    table, round_ = deal(["6", "K", "5", "A"])
    assert round_.phase is Phase.SETTLED
    assert round_.history == []
    assert round_.hole_revealed
    assert round_.hands[0].outcome is Outcome.DEALER_BLACKJACK
    assert round_.result is not None
    assert round_.result.dealer_blackjack
    assert round_.result.net == -10
    assert table.balance == 990


def test_dealer_peeks_with_ace_up_after_the_insurance_answer(deal: Dealer) -> None:
    """Row "dealer checks for blackjack" and ``docs/rules/practice.md``,
    "Order of a round", steps 3-4: with an ace up insurance is answered
    first, then the peek ends the round on a dealer blackjack."""
    table, round_ = deal(["T", "A", "9", "Q"])
    assert round_.phase is Phase.INSURANCE
    assert not round_.dealer_checked
    assert not round_.hole_revealed
    round_.decline_insurance()
    assert round_.phase is Phase.SETTLED
    assert round_.dealer_checked
    assert round_.result is not None and round_.result.net == -10
    assert table.balance == 990


def test_clean_peek_keeps_the_hole_card_down(deal: Dealer) -> None:
    """Row "dealer checks for blackjack": a peek with no blackjack lets
    the player act, the hole card still face down."""
    _, round_ = deal(["T", "Q", "6", "7"])
    assert round_.phase is Phase.PLAYER
    assert round_.dealer_checked
    assert not round_.hole_revealed
    assert round_.dealer_visible() == [Card("Q", "S"), None]


# --- player blackjack, dealer shows no ace ------------------------------


def test_player_blackjack_paid_after_the_peek(deal: Dealer) -> None:
    """Row "your natural, no ace up": paid 3:2 after the
    peek (source). A ten up with a 5 in the hole: the peek
    is clean, the natural is paid 15, and the dealer's 15 draws nothing since
    no live hand is left."""
    table, round_ = deal(["A", "T", "Q", "5", "6"])
    assert round_.dealer_checked
    assert round_.phase is Phase.SETTLED
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert ranks(round_.dealer_cards) == ["T", "5"]
    assert round_.result is not None and round_.result.net == 15
    assert table.balance == 1015


# --- blackjack vs blackjack ----------------------------------------------


def test_blackjack_against_blackjack_pushes(deal: Dealer) -> None:
    """Row "natural against natural": push (source:
    "Two naturals tie and return the original wager"), with an ace or a ten up."""
    table, round_ = deal(["A", "A", "J", "K"])
    round_.decline_insurance()
    assert round_.hands[0].outcome is Outcome.PUSH
    assert round_.result is not None and round_.result.net == 0
    assert table.balance == 1000

    table, round_ = deal(["K", "T", "A", "A"])
    assert round_.hands[0].outcome is Outcome.PUSH
    assert round_.result is not None and round_.result.net == 0
    assert table.balance == 1000


# --- insurance -----------------------------------------------------------


def test_insurance_pays_2_to_1_on_dealer_blackjack(deal: Dealer) -> None:
    """Row "insurance": ace up, costs half the bet, pays 2:1
    (source: "For a 10-chip original bet, insurance costs 5
    and returns 15 including its stake when it wins. Your main hand settles
    separately"). Main -10, insurance +10: net 0."""
    table, round_ = deal(["T", "A", "8", "K"])
    assert round_.legal_actions() == {Action.INSURANCE, Action.NO_INSURANCE}
    assert round_.insurance_cost() == 5
    record = round_.insure()
    assert record.amount == 5
    assert round_.result is not None
    assert round_.result.insurance_net == 10
    assert round_.result.hand_nets == (-10,)
    assert round_.result.net == 0
    assert table.balance == 1000


def test_insurance_lost_without_dealer_blackjack(deal: Dealer) -> None:
    """Row "insurance": "otherwise it loses" (source).
    Insurance -5; the player's 19 beats the dealer's soft 18 (A,7): +10."""
    table, round_ = deal(["T", "A", "9", "7"])
    round_.insure()
    assert round_.phase is Phase.PLAYER
    assert table.balance == 1000 - 10 - 5
    round_.stand()
    assert round_.result is not None
    assert round_.result.insurance_net == -5
    assert round_.result.hand_nets == (10,)
    assert round_.result.net == 5
    assert table.balance == 1005


def test_insurance_costs_exactly_half_the_bet(deal: Dealer) -> None:
    """Row "insurance" (practice): the cost is half the bet, not any
    amount; a bet of 1 (cost 0) gets no offer."""
    _, round_ = deal(["T", "A", "9", "7"])
    with pytest.raises(IllegalActionError, match="costs exactly 5"):
        round_.insure(3)
    _, round_ = deal(["T", "A", "9", "7"], bet=1)
    assert round_.phase is Phase.PLAYER
    assert Action.INSURANCE not in round_.legal_actions()


# --- double --------------------------------------------------------------


def test_double_adds_an_equal_wager_and_one_card(deal: Dealer) -> None:
    """Row "double": first two cards (source: "Double
    adds an equal wager, gives exactly one more card and ends that hand").
    6,5 doubles to 20 chips, draws T for 21 against the dealer's 17: +20."""
    table, round_ = deal(["6", "T", "5", "7", "T"])
    round_.double()
    hand = round_.hands[0]
    assert hand.wager == 20 and hand.doubled and len(hand.cards) == 3
    assert round_.result is not None and round_.result.net == 20
    assert table.balance == 1020


def test_double_on_any_total(deal: Dealer) -> None:
    """Row "double" (practice): any total, hard 20 and soft 19 too."""
    _, round_ = deal(["T", "6", "K", "8"])
    assert round_.can_double()
    _, round_ = deal(["A", "6", "8", "8"])
    assert round_.can_double()


def test_double_only_on_the_first_two_cards(deal: Dealer) -> None:
    """Row "double": first two cards only."""
    _, round_ = deal(["2", "6", "3", "8", "4"])
    round_.hit()
    assert not round_.can_double()
    with pytest.raises(
        IllegalActionError, match=r"^Cannot double: the hand already has 3 cards\.$"
    ):
        round_.double()


def test_double_after_split(deal: Dealer) -> None:
    """Row "double": also after a split (DAS; source:
    "It is available on the first two cards, including after a split").
    8,8 split; hand 1 8,3 doubles and draws T (21); hand 2 8,2 doubles and
    draws 9 (19); dealer T,7 = 17: +20 and +20."""
    table, round_ = deal(["8", "T", "8", "7", "3", "T", "2", "9"])
    round_.split()
    assert ranks(round_.hands[0].cards) == ["8", "3"]
    round_.double()
    assert ranks(round_.hands[1].cards) == ["8", "2"]
    round_.double()
    assert round_.result is not None
    assert round_.result.hand_nets == (20, 20)
    assert table.balance == 1040


# --- split ---------------------------------------------------------------


def test_split_equal_values_jack_and_king(deal: Dealer) -> None:
    """Row "split": two cards of equal value, J+K too
    (source: "Split equal-value cards")."""
    _, round_ = deal(["J", "7", "K", "9"])
    assert round_.can_split()
    _, round_ = deal(["9", "7", "8", "9"])
    with pytest.raises(
        IllegalActionError,
        match=r"^Cannot split: the two cards have different values \(9 and 8\)\.$",
    ):
        round_.split()


def test_split_up_to_four_hands(deal: Dealer) -> None:
    """Row "split": up to 4 hands (source: "up to four
    hands"). 8s keep coming: three splits make four hands of 10 chips; the
    fourth pair of 8s may not split again."""
    cards = ["8", "T", "8", "7", "8", "8", "8", "8", "T", "T", "T"]
    table, round_ = deal(cards)
    round_.split()  # 2 hands; hand 1 gets an 8
    round_.split()  # 3 hands; hand 1 gets an 8
    round_.split()  # 4 hands; hand 1 gets an 8
    assert len(round_.hands) == 4
    assert round_.chips_on_table() == 40
    assert table.balance == 960
    assert not round_.can_split()
    with pytest.raises(
        IllegalActionError, match=r"^Cannot split: this table allows at most 4 hands\.$"
    ):
        round_.split()


def test_split_hands_are_played_and_settled_in_order(deal: Dealer) -> None:
    """Rows "split" and step 9 "Settlement, hand by hand in the order
    the hands were made". 8,8 vs 6 (hole T): hand 1 8,T stands at 18, hand 2
    8,9 stands at 17; dealer 16 draws 5 for 21: -10, -10."""
    table, round_ = deal(["8", "6", "8", "T", "T", "9", "5"])
    round_.split()
    assert round_.active == 0
    round_.stand()
    assert round_.active == 1
    round_.stand()
    assert round_.result is not None
    assert [hand.total for hand in round_.hands] == [18, 17]
    assert round_.result.hand_nets == (-10, -10)
    assert table.balance == 980


# --- split aces ----------------------------------------------------------


def test_split_aces_one_card_each_no_resplit_hit_or_double(deal: Dealer) -> None:
    """Row "split aces": one card each, then stand; no resplit, hit or
    double (source: "Split aces receive only one additional
    card each and cannot be split again"). A,A vs 6: hand 1 gets another A
    (soft 12, not split again), hand 2 gets 9 (soft 20). Dealer 6,T draws 7:
    23, bust: +10 and +10."""
    table, round_ = deal(["A", "6", "A", "T", "A", "9", "7"])
    round_.split()
    assert round_.phase is Phase.SETTLED
    assert [ranks(hand.cards) for hand in round_.hands] == [["A", "A"], ["A", "9"]]
    assert all(hand.split_aces for hand in round_.hands)
    assert round_.result is not None and round_.result.hand_nets == (10, 10)
    assert table.balance == 1020


# --- 21 after a split ----------------------------------------------------


def test_21_after_a_split_pays_even_money(deal: Dealer) -> None:
    """Row "21 after a split": ordinary 21, pays 1:1
    (source: "A split-hand 21 is an ordinary win, not a 3:2
    Blackjack"). A,A split, each draws a ten: two 21s against 9,8: +10 +10."""
    table, round_ = deal(["A", "9", "A", "8", "K", "Q"])
    round_.split()
    assert [hand.total for hand in round_.hands] == [21, 21]
    assert not any(hand.is_natural for hand in round_.hands)
    assert round_.result is not None
    assert round_.result.outcomes == (Outcome.WIN, Outcome.WIN)
    assert round_.result.net == 20
    assert table.balance == 1020


# --- surrender -----------------------------------------------------------


def test_late_surrender_returns_half_the_bet(deal: Dealer) -> None:
    """Row "surrender": late, first two cards of the original hand,
    returns half the bet (source: "Late surrender then
    returns half your original wager"). The dealer draws nothing for it."""
    table, round_ = deal(["T", "T", "6", "5", "6"])
    assert round_.can_surrender()
    round_.surrender()
    hand = round_.hands[0]
    assert hand.outcome is Outcome.SURRENDER and hand.returned == 5
    assert ranks(round_.dealer_cards) == ["T", "5"]
    assert round_.result is not None and round_.result.net == -5
    assert table.balance == 995


def test_surrender_is_late_never_against_a_dealer_blackjack(deal: Dealer) -> None:
    """Row "surrender": after the peek. With a ten up and an ace in the
    hole the round ends at the peek: there is no surrender and the whole 10
    is lost."""
    table, round_ = deal(["T", "K", "6", "A"])
    assert not round_.can_surrender()
    assert table.balance == 990


def test_surrender_only_on_the_first_two_cards_of_the_original_hand(deal: Dealer) -> None:
    """Row "surrender": first two cards of the original hand only, not
    after a hit, not on a split hand, not while insurance is open."""
    _, round_ = deal(["2", "T", "3", "7", "4"])
    round_.hit()
    with pytest.raises(
        IllegalActionError,
        match=r"^Cannot surrender: only on the first two cards \(the hand has 3\)\.$",
    ):
        round_.surrender()
    _, round_ = deal(["8", "T", "8", "7", "2", "3"])
    round_.split()
    with pytest.raises(IllegalActionError, match="only the original hand may surrender"):
        round_.surrender()
    _, round_ = deal(["T", "A", "6", "7"])
    with pytest.raises(IllegalActionError, match="answer the insurance offer first"):
        round_.surrender()


# --- hand reaches 21 -----------------------------------------------------


def test_hand_reaching_21_stands_by_itself(deal: Dealer) -> None:
    """Row "a hand reaching 21": stands automatically
    (source). 5,6 hits a T: the hand stands and the dealer's
    T,7 = 17 loses: +10."""
    table, round_ = deal(["5", "T", "6", "7", "T"])
    round_.hit()
    assert round_.hands[0].finished
    assert round_.phase is Phase.SETTLED
    assert round_.result is not None and round_.result.net == 10
    assert table.balance == 1010


def test_split_hand_dealt_21_stands_by_itself(deal: Dealer) -> None:
    """Rows "a hand reaching 21" and "split hands": T,T split, hand 1
    draws an A (21) and stands at once; play moves to hand 2."""
    _, round_ = deal(["T", "9", "T", "8", "A", "7"])
    round_.split()
    assert round_.hands[0].total == 21 and round_.hands[0].finished
    assert round_.active == 1
    assert ranks(round_.hands[1].cards) == ["T", "7"]


# --- split hands dealt ---------------------------------------------------


def test_next_split_hand_gets_its_second_card_when_its_turn_begins(deal: Dealer) -> None:
    """Row "split hands" (source: "the next hand
    receives its second card when its turn begins"). Hand 2 waits with one
    card while hand 1 hits; it then gets the next card of the shoe."""
    _, round_ = deal(["8", "T", "8", "7", "2", "5", "4"])
    round_.split()
    assert ranks(round_.hands[0].cards) == ["8", "2"]
    assert ranks(round_.hands[1].cards) == ["8"]
    round_.hit()
    assert ranks(round_.hands[0].cards) == ["8", "2", "5"]
    assert ranks(round_.hands[1].cards) == ["8"]
    round_.stand()
    assert ranks(round_.hands[1].cards) == ["8", "4"]


# --- all hands busted or settled ----------------------------------------


def test_all_hands_busted_dealer_shows_hole_and_draws_nothing(deal: Dealer) -> None:
    """Row "dealer draws": hole card shown, dealer does
    not draw (source: "Going over 21 loses immediately, even
    if the dealer later busts"). Dealer T,4 would have to draw; it does not."""
    table, round_ = deal(["T", "T", "6", "4", "8", "2"])
    round_.hit()
    assert round_.hands[0].outcome is Outcome.BUST
    assert round_.hole_revealed
    assert ranks(round_.dealer_cards) == ["T", "4"]
    assert round_.result is not None and round_.result.net == -10
    assert table.balance == 990


# --- starting chips / bet / out of chips --------------------------------


def test_starting_chips_and_first_bet() -> None:
    """Rows "starting chips" (1000 free chips) and "bet" (first bet 10;
    the source: "Deal uses the previous bet, initially 10 chips")."""
    table = Table(PRACTICE, np.random.default_rng(1))
    assert table.balance == 1000
    assert table.bet == 10
    assert table.deal().bet == 10


def test_next_bet_reuses_the_last_bet(deal: Dealer) -> None:
    """Row "next bet": reuses the last bet (source:
    "Deal starts another round using the previous wager"). A 25-chip push is
    followed by another 25-chip deal."""
    table, round_ = deal(["T", "9", "9", "T"], bet=25)
    round_.stand()
    assert round_.result is not None and round_.result.net == 0
    assert table.deal().bet == 25
    assert table.balance == 975


def test_bet_whole_chips_1_to_1000() -> None:
    """Row "bet": whole chips 1..1000, never more than the balance."""
    table = Table(PRACTICE, np.random.default_rng(1))
    assert table.can_bet(1) and table.can_bet(1000)
    assert not table.can_bet(0)
    assert not table.can_bet(1001)
    table.bankroll.balance = 40
    assert table.can_bet(40) and not table.can_bet(41)
    with pytest.raises(
        IllegalActionError,
        match=r"^Cannot bet 41: the balance is only 40 chips, so bets run from 1 to 40\.$",
    ):
        table.set_bet(41)


def test_next_deal_reuses_the_last_bet_lowered_to_the_balance(deal: Dealer) -> None:
    """Row "bet": "the next deal reuses the last bet, lowered to the
    balance if needed" (source). Bet 50 loses with 60 left:
    the next deal bets the remaining 10, which becomes the last bet."""
    table, round_ = deal(["T", "T", "6", "8", "8", "T", "7", "9", "7"], bet=50, balance=60)
    round_.hit()  # 16 + 8 = 24, bust: -50
    assert table.balance == 10
    round_ = table.deal()
    assert round_.bet == 10
    assert table.bet == 10
    assert table.balance == 0


def test_out_of_chips_refill_restores_1000(deal: Dealer) -> None:
    """Row "out of chips": "Refill free chips" between rounds restores
    1000 (source). Not while a round is in play."""
    table, round_ = deal(["T", "T", "6", "8", "8"], balance=10)
    with pytest.raises(IllegalActionError, match="a round is in play"):
        table.refill()
    round_.hit()
    assert table.balance == 0
    with pytest.raises(IllegalActionError, match=r"refill free chips"):
        table.deal()
    table.refill()
    assert table.balance == 1000
    assert table.deal().bet == 10


# --- doubles and splits need chips --------------------------------------


def test_doubles_and_splits_need_chips_to_cover_the_wager(deal: Dealer) -> None:
    """docs/rules/README.md: "Doubles and splits always need enough chips to cover the new
    wager" (source: "when you have enough chips"). Balance 19
    with a bet of 10 leaves 9."""
    _, round_ = deal(["8", "7", "8", "9"], balance=19)
    assert round_.legal_actions() == {Action.HIT, Action.STAND, Action.SURRENDER}
    with pytest.raises(
        IllegalActionError,
        match=r"^Cannot double: doubling needs 10 more chips and the balance is 9\.$",
    ):
        round_.double()
    with pytest.raises(
        IllegalActionError,
        match=r"^Cannot split: splitting needs 10 more chips and the balance is 9\.$",
    ):
        round_.split()


# --- the round result ----------------------------------------------------


def test_round_result_is_the_net_over_every_wager(deal: Dealer) -> None:
    """docs/rules/README.md: "The round result shown to the player is the net change over
    every wager of the round: all split hands, doubles, insurance and
    surrender together" (source). Ace up, insurance 5 lost;
    8,8 split; hand 1 8,3 doubles and draws T (21); hand 2 8,9 stands (17);
    dealer A,6 is soft 17 and stands: +20, push, -5 = +15."""
    table, round_ = deal(["8", "A", "8", "6", "3", "T", "9"])
    round_.insure()
    round_.split()
    round_.double()
    round_.stand()
    result = round_.result
    assert result is not None
    assert result.hand_nets == (20, 0)
    assert result.insurance_net == -5
    assert result.net == 15
    assert result.describe() == ("Won 15: hand 1 +20 (double), hand 2 push, insurance -5. Net +15.")
    assert table.balance == 1015


# --- order of a round ----------------------------------------------------


def test_deal_in_table_order(deal: Dealer) -> None:
    """docs/rules/practice.md "Order of a round", step 2: player, dealer up card, player,
    dealer hole card face down (source)."""
    _, round_ = deal(["2H", "3D", "4C", "5S"])
    assert round_.hands[0].cards == [Card("2", "H"), Card("4", "C")]
    assert round_.up_card == Card("3", "D")
    assert round_.dealer_cards[1] == Card("5", "S")
    assert round_.dealer_visible() == [Card("3", "D"), None]
    assert round_.dealer_visible_value() == (3, False)
