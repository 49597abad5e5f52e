"""Casebook: one test per rule of the ``home`` column of docs/rules/README.md
("Rule by rule").

Every test names its row there and quotes the home game's source
document ("source: ...", named in ``docs/rules/home.md``) where it speaks:
it is in Danish, and quotes are given with an English gloss. Shoes are
stacked: player, dealer up card, player, dealer hole card
(``docs/rules/practice.md``, "Order of a round", step 2), then cards in the order they are
drawn. Chip amounts are worked out by hand from the rules in each
docstring: 500 chips and a bet of 10 unless stated.
tests/engine/test_other_tables.py already checks that there is no insurance
or surrender offer against a 6,7 dealer and that five rounds each start
from a full deck; the cases here add to them.
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
HOME = PRESETS["home"]


def ranks(cards: list[Card]) -> list[str]:
    return [card.rank for card in cards]


def test_decks_one_deck_of_52_cards() -> None:
    """Row "decks": 1 (source: "Brug 52 kort uden
    jokere", use 52 cards without jokers): every card exactly once."""
    shoe = Shoe(HOME, np.random.default_rng(10))
    drawn = Counter(shoe.draw() for _ in range(52))
    assert shoe.size == 52
    assert len(drawn) == 52 and set(drawn.values()) == {1}


def test_reshuffle_before_every_round() -> None:
    """Row "reshuffle": before every round (source:
    "Spiller I med ét sæt kort, bør I blande efter hver hånd", with one deck,
    shuffle after every hand). After one round some 40-odd cards are left,
    far above any cut, yet the next deal starts from the whole deck."""
    table = Table(HOME, np.random.default_rng(12))
    round_ = table.deal()
    while round_.phase is not Phase.SETTLED:
        round_.stand()
    assert table.shoe.cards_left >= 40
    assert table.shoe.needs_shuffle()
    left = table.shoe.cards_left
    table.deal()
    # Without a shuffle at most left - 4 cards would remain; a whole deck leaves 48.
    assert table.shoe.cards_left == 48 > left - 4


def test_dealer_stands_on_soft_17(deal: Dealer) -> None:
    """Row "dealer soft 17": stands (source: "Var det
    dealerens es-6 i dette regelsæt, skulle dealeren allerede være stået på 17
    og ville ikke trække nieren", the dealer's ace-6 stands on 17 and does not
    draw the nine). The player's own A,6 and a 9 is hard 16, still to play
    ("Esset tælles nu som 1, så hånden er 16. Du har stadig et valg")."""
    table, round_ = deal(["T", "A", "8", "6", "9"], rules=HOME)
    round_.stand()
    assert ranks(round_.dealer_cards) == ["A", "6"]
    assert table.balance == 510

    _, round_ = deal(["A", "T", "6", "8", "9"], rules=HOME)
    round_.hit()
    assert (round_.hands[0].total, round_.hands[0].soft) == (16, False)
    assert round_.can_hit() and round_.can_stand()


def test_blackjack_pays_3_to_2_and_three_sevens_1_to_1(deal: Dealer) -> None:
    """Row "blackjack pays": 3:2 (source: "Med en
    indsats på 10 jetoner er gevinsten 15, og dine 10 kommer også tilbage. 7 + 7
    + 7 er også 21, men er ikke blackjack og giver kun almindelig gevinst")."""
    table, round_ = deal(["A", "9", "J", "8"], rules=HOME)
    assert round_.hands[0].returned == 25
    assert table.balance == 515

    table, round_ = deal(["7", "9", "7", "8", "7"], rules=HOME)
    round_.hit()
    assert round_.hands[0].total == 21
    assert round_.result is not None and round_.result.outcomes == (Outcome.WIN,)
    assert table.balance == 510


def test_half_chips_cannot_occur_bets_are_even(deal: Dealer) -> None:
    """Row "half chips": cannot occur, bets are even
    (source: "Brug derfor lige indsatser i øvespillet, så 3:2
    kan betales med hele jetoner", use even bets so 3:2 is paid in whole chips).
    A natural on every allowed bet wins exactly 3/2 of it; odd bets are refused."""
    for bet in range(2, 101, 2):
        table, round_ = deal(["A", "9", "K", "7"], rules=HOME, bet=bet)
        assert round_.result is not None
        assert 2 * round_.result.net == 3 * bet
    table = Table(HOME, np.random.default_rng(1))
    with pytest.raises(IllegalActionError, match="multiples of 2"):
        table.set_bet(15)


def test_dealer_checks_with_an_ace_or_a_ten_up(deal: Dealer) -> None:
    """Row "dealer checks for blackjack": ace or ten up
    (source: "Med es eller en 10-værdi åbent kontrollerer
    dealeren sit skjulte kort for blackjack før videre spil"). With no insurance
    to answer, an ace up is checked at once."""
    _, round_ = deal(["9", "A", "8", "7"], rules=HOME)
    assert round_.phase is Phase.PLAYER
    assert round_.dealer_checked and not round_.hole_revealed
    _, round_ = deal(["9", "K", "8", "7"], rules=HOME)
    assert round_.dealer_checked and not round_.hole_revealed


def test_ten_up_dealer_blackjack_ends_the_round_at_the_peek(deal: Dealer) -> None:
    """Row "ten up, dealer has blackjack" (source:
    "Runden er slut: Alle taber deres indsats, medmindre de selv har blackjack",
    the round is over, everyone loses the bet unless holding blackjack)."""
    table, round_ = deal(["9", "T", "9", "A"], rules=HOME)
    assert round_.phase is Phase.SETTLED and round_.history == []
    assert round_.hands[0].outcome is Outcome.DEALER_BLACKJACK
    assert table.balance == 490


def test_player_blackjack_paid_after_the_peek(deal: Dealer) -> None:
    """Row "your natural, no ace up"
    (source: "Har dealeren ikke blackjack, betales spillernes
    naturlige blackjacks straks med 3:2", without a dealer blackjack naturals
    are paid 3:2 at once). Ten up, 7 in the hole: +15."""
    table, round_ = deal(["A", "T", "K", "7"], rules=HOME)
    assert round_.dealer_checked
    assert round_.hands[0].outcome is Outcome.BLACKJACK
    assert table.balance == 515


def test_blackjack_against_blackjack_pushes(deal: Dealer) -> None:
    """Row "natural against natural" (source: "To
    naturlige blackjacks er push")."""
    table, round_ = deal(["A", "A", "T", "K"], rules=HOME)
    assert round_.hands[0].outcome is Outcome.PUSH
    assert table.balance == 500


def test_no_insurance_even_against_a_blackjack(deal: Dealer) -> None:
    """Row "insurance": not offered (source:
    "Forsikring og surrender er udeladt", insurance and surrender are left out).
    An ace up with a king in the hole ends the round at once: -10."""
    table, round_ = deal(["T", "A", "9", "K"], rules=HOME)
    assert round_.phase is Phase.SETTLED
    assert round_.history == []
    assert round_.insurance_wager == 0
    with pytest.raises(IllegalActionError, match="the round is over"):
        round_.insure()
    assert table.balance == 490


def test_double_first_two_cards_not_after_a_split(deal: Dealer) -> None:
    """Row "double": first two cards, any total, not after a split
    (source: "ingen double efter split"; "Vinder du med 10 +
    10 jetoner, får du 20 i gevinst og dine 20 tilbage", a 10 + 10 win pays 20
    and returns the 20)."""
    table, round_ = deal(["5", "6", "6", "T", "9", "8"], rules=HOME)
    round_.double()
    assert round_.hands[0].returned == 40
    assert table.balance == 520

    _, round_ = deal(["4", "6", "4", "T", "5"], rules=HOME)
    round_.split()
    assert ranks(round_.hands[0].cards) == ["4", "5"]
    assert round_.legal_actions() == {Action.HIT, Action.STAND}
    with pytest.raises(IllegalActionError, match="does not allow doubling after a split"):
        round_.double()


def test_one_split_only(deal: Dealer) -> None:
    """Row "split": equal value, one split only, 2 hands
    (source: "I vores øveopsætning tillades højst ét split")."""
    table, round_ = deal(["8", "T", "8", "7", "8"], rules=HOME)
    round_.split()
    assert ranks(round_.hands[0].cards) == ["8", "8"]
    with pytest.raises(IllegalActionError, match="at most 2 hands"):
        round_.split()
    assert table.balance == 480


def test_split_aces_one_card_each(deal: Dealer) -> None:
    """Row "split aces" (source: "kun ét ekstra kort
    til hvert splittet es", only one more card to each split ace). A,A against
    6 (hole T): A,9 and A,2 stand; the dealer's 16 draws 7 and busts: +10 +10."""
    table, round_ = deal(["A", "6", "A", "T", "9", "2", "7"], rules=HOME)
    round_.split()
    assert round_.phase is Phase.SETTLED
    assert [ranks(hand.cards) for hand in round_.hands] == [["A", "9"], ["A", "2"]]
    assert table.balance == 520


def test_21_after_a_split_pushes_a_dealer_21(deal: Dealer) -> None:
    """Row "21 after a split": ordinary 21; it pushes a dealer 21
    (source: "Es plus 10 efter split tæller almindelig 21";
    "Et tokorts 21 efter split slår ikke dealerens 21 på tre eller flere kort;
    det er push"). A,A against 7 (hole 4): A,K is 21, A,5 soft 16; the dealer
    draws T for a three-card 21: push and -10."""
    table, round_ = deal(["A", "7", "A", "4", "K", "5", "T"], rules=HOME)
    round_.split()
    assert round_.result is not None
    assert round_.result.dealer_total == 21
    assert round_.result.outcomes == (Outcome.PUSH, Outcome.LOSS)
    assert table.balance == 490


def test_no_surrender(deal: Dealer) -> None:
    """Row "surrender": none (source: "Forsikring og
    surrender er udeladt")."""
    _, round_ = deal(["T", "T", "6", "7"], rules=HOME)
    with pytest.raises(IllegalActionError, match="does not offer surrender"):
        round_.surrender()


def test_hand_reaching_21_stands_by_itself(deal: Dealer) -> None:
    """Row "a hand reaching 21" (source: "Rammer du præcis
    21 efter et hit, står hånden automatisk", hitting exactly 21 stands the hand).
    A,5 hits 5 (soft 21) against the dealer's 20: +10."""
    table, round_ = deal(["A", "T", "5", "K", "5"], rules=HOME)
    round_.hit()
    assert round_.phase is Phase.SETTLED
    assert table.balance == 510


def test_split_hands_played_one_at_a_time_in_order(deal: Dealer) -> None:
    """Row "split hands" (source: "Splittede
    hænder spilles færdig én ad gangen i den rækkefølge, de blev delt")."""
    _, round_ = deal(["7", "T", "7", "8", "3", "K", "2"], rules=HOME)
    round_.split()
    assert ranks(round_.hands[1].cards) == ["7"]
    round_.hit()
    assert round_.active == 0 and round_.hands[0].total == 20
    round_.stand()
    assert round_.active == 1
    assert ranks(round_.hands[1].cards) == ["7", "2"]


def test_busted_hand_is_not_revived_and_all_busted_draws_nothing(deal: Dealer) -> None:
    """Row "dealer draws" (source: "Hvis
    du allerede er gået over 21, bliver hånden ikke genoplivet af, at dealeren
    senere også går over", a bust is not revived by a later dealer bust). The
    dealer's 14 would draw; with every hand busted it does not."""
    table, round_ = deal(["T", "4", "5", "T", "9"], rules=HOME)
    round_.hit()
    assert round_.hole_revealed
    assert ranks(round_.dealer_cards) == ["4", "T"]
    assert round_.hands[0].outcome is Outcome.BUST
    assert table.balance == 490


def test_starting_chips_500_and_even_bets_2_to_100() -> None:
    """Rows "starting chips" (500, decided for the trainer), "bet" (even amounts
    2..100, decided for the trainer) and "leave the table" (no CASH OUT)."""
    table = Table(HOME, np.random.default_rng(4))
    assert table.balance == 500
    assert all(table.can_bet(amount) for amount in range(2, 101, 2))
    assert not any(table.can_bet(amount) for amount in (0, 1, 3, 99, 101, 102))
    assert not HOME.cash_out


def test_out_of_chips_refill_between_rounds(deal: Dealer) -> None:
    """Row "out of chips": refill between rounds, back to the 500
    starting chips."""
    table, round_ = deal(["T", "T", "6", "9", "8"], rules=HOME, bet=10, balance=10)
    with pytest.raises(IllegalActionError, match="a round is in play"):
        table.refill()
    round_.hit()
    assert table.balance == 0
    table.refill()
    assert table.balance == 500


def test_next_bet_reuses_the_last_bet(deal: Dealer) -> None:
    """Row "next bet": reuses the last bet. On a bet of 20, 19 beats 17
    (+20); the next deal bets 20 again."""
    table, round_ = deal(["T", "7", "9", "K", "4", "5", "6", "8"], rules=HOME, bet=20)
    round_.stand()
    assert table.balance == 520
    assert table.deal().bet == 20
