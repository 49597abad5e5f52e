"""Which actions a spot allows, which spots cannot occur, and what the figures mean.

Rules: ``docs/rules/<table>.md`` for practice, guide, night and home; the
independent-draw model of ``docs/numbers.md``, "1. Independent draws" (each
rank 1/13, ten-values 4/13).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from bjtrainer.engine.actions import HAND_ACTIONS, Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev import (
    HandSpot,
    analyse,
    dealer_distribution,
    insurance_ev_per_chip,
    round_ev,
    rules_actions,
)

PRACTICE = PRESETS["practice"]
# Double on 10 or 11 only, RSA, three hands: rules no preset has yet.
VARIANT = PRACTICE.model_copy(
    update={"id": "variant", "double_on": "10_to_11", "resplit_aces": True, "max_split_hands": 3}
)
STAND, HIT, DOUBLE, SPLIT, SURRENDER = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)


def spot(cards: str, up: str, hands: int = 1, pending: int = 0) -> HandSpot:
    return HandSpot(
        cards=tuple(cards.split()),
        up=up,
        split_hand=hands > 1,
        hands_in_round=hands,
        pending_split_hands=pending,
    )


@pytest.mark.parametrize(
    ("rules", "hand_spot", "expected"),
    [
        # practice: double any first two cards, late surrender on the original hand
        (PRACTICE, spot("T 6", "T"), (STAND, HIT, DOUBLE, SURRENDER)),
        (PRACTICE, spot("8 8", "T"), (STAND, HIT, DOUBLE, SPLIT, SURRENDER)),
        (PRACTICE, spot("J K", "5"), (STAND, HIT, DOUBLE, SPLIT, SURRENDER)),  # equal value
        (PRACTICE, spot("A A", "6"), (STAND, HIT, DOUBLE, SPLIT, SURRENDER)),
        (PRACTICE, spot("5 4 7", "T"), (STAND, HIT)),
        # split hands: DAS, no surrender, up to four hands
        (PRACTICE, spot("7 4", "6", hands=2, pending=1), (STAND, HIT, DOUBLE)),
        (PRACTICE, spot("8 8", "T", hands=3), (STAND, HIT, DOUBLE, SPLIT)),
        (PRACTICE, spot("8 8", "T", hands=4), (STAND, HIT, DOUBLE)),
        # guide: double below 21, no surrender
        (PRESETS["guide"], spot("T 6", "T"), (STAND, HIT, DOUBLE)),
        # night: no surrender
        (PRESETS["night"], spot("8 8", "T"), (STAND, HIT, DOUBLE, SPLIT)),
        # home: one split only (two hands), no double after a split
        (PRESETS["home"], spot("4 4", "5"), (STAND, HIT, DOUBLE, SPLIT)),
        (PRESETS["home"], spot("4 4", "5", hands=2, pending=1), (STAND, HIT)),
        # double on 10 or 11 only; RSA: a split pair of aces may resplit, never hit
        (VARIANT, spot("A 8", "6"), (STAND, HIT, SURRENDER)),
        (VARIANT, spot("6 4", "6"), (STAND, HIT, DOUBLE, SURRENDER)),
        (VARIANT, spot("A A", "6", hands=2, pending=1), (STAND, SPLIT)),
    ],
)
def test_rules_actions(rules: Rules, hand_spot: HandSpot, expected: tuple[Action, ...]) -> None:
    assert rules_actions(rules, hand_spot) == expected
    # analyse() values exactly these actions, in the same (display) order
    assert tuple(analyse(rules, hand_spot).evs) == expected


def test_no_split_at_a_one_hand_table() -> None:
    one_hand = PRACTICE.model_copy(update={"id": "one_hand", "max_split_hands": 1})
    assert SPLIT not in rules_actions(one_hand, spot("8 8", "T"))


@pytest.mark.parametrize(
    ("rules", "hand_spot"),
    [
        (PRACTICE, HandSpot((), "T")),  # no cards
        (PRACTICE, spot("T", "5")),  # one card is not a decision
        (PRACTICE, spot("T 6 Z", "T")),  # not a card
        (PRACTICE, spot("T 6", "Z")),  # not an up card
        (PRACTICE, spot("T 6", "10")),  # ranks are A 2-9 T J Q K
        (PRACTICE, spot("T 9 8", "5")),  # 27: busted
        (PRACTICE, spot("T 6 5", "5")),  # 21 stands by itself
        (PRACTICE, spot("A K", "5")),  # a natural is settled, not played
        (PRACTICE, spot("A T", "5", hands=2)),  # a split 21 stands by itself
        (PRACTICE, HandSpot(("T", "6"), "5", hands_in_round=0)),
        (PRACTICE, spot("T 6", "5", hands=5)),  # practice: at most four hands
        (PRACTICE, HandSpot(("T", "6"), "5", split_hand=False, hands_in_round=2)),
        (PRACTICE, HandSpot(("T", "6"), "5", split_hand=True, hands_in_round=1)),
        (PRACTICE, HandSpot(("T", "6"), "5", pending_split_hands=1)),
        (PRACTICE, spot("T 6", "5", hands=2, pending=2)),  # only one other hand
        (PRACTICE, spot("T 6", "5", hands=2, pending=-1)),
        (PRACTICE, spot("A 5", "5", hands=2)),  # a split ace takes one card and stands
        (PRACTICE, spot("A A", "5", hands=2)),  # no RSA at practice
        (PRACTICE, spot("A 2 3", "5", hands=2)),  # a split ace takes one card only
        (VARIANT, spot("A A", "5", hands=3)),  # RSA, but no room for a fourth hand
        (PRESETS["home"], spot("8 8", "5", hands=3)),  # home: at most two hands
    ],
)
def test_spots_that_cannot_occur(rules: Rules, hand_spot: HandSpot) -> None:
    for call in (analyse, rules_actions):
        with pytest.raises(InvalidSpotError) as raised:
            call(rules, hand_spot)
        assert "\n" not in str(raised.value)
        assert str(raised.value)


@pytest.mark.parametrize(
    ("rules", "cards", "up", "message"),
    [
        # home is one deck: 4 cards of each value but ten
        ("home", "A A A A 5", "A", "shows 5 aces, but 1 deck holds only 4."),
        ("home", "2 2 2 2 2 3", "5", "shows 5 twos, but 1 deck holds only 4."),
    ],
)
def test_more_cards_than_the_shoe_holds_is_said_in_words(
    rules: str, cards: str, up: str, message: str
) -> None:
    with pytest.raises(InvalidSpotError, match=re.escape(message)):
        analyse(PRESETS[rules], spot(cards, up))


@pytest.mark.parametrize(
    "hand_spot",
    [
        spot("T 6", "T"),
        spot("A 7", "9"),
        spot("T 8", "8"),
        spot("9 2 5", "A"),
        spot("2 3", "6"),
        spot("8 8", "T", hands=2, pending=1),
    ],
)
@pytest.mark.parametrize("rules", [PRACTICE, PRESETS["night"], PRESETS["home"]])
def test_stand_chances_match_stand_value(rules: Rules, hand_spot: HandSpot) -> None:
    analysis = analyse(rules, hand_spot)
    assert analysis.stand_win + analysis.stand_push + analysis.stand_loss == pytest.approx(1.0)
    assert analysis.evs[STAND] == pytest.approx(analysis.stand_win - analysis.stand_loss)
    assert analysis.evs[analysis.best] == max(analysis.evs.values())


def test_surrender_is_half_the_wager() -> None:
    # docs/rules/practice.md, "Surrender": half the bet back; docs/numbers.md, "6. Surrender".
    assert analyse(PRACTICE, spot("T 6", "T")).evs[SURRENDER] == -0.5


def test_sixteen_against_ten_facts() -> None:
    analysis = analyse(PRACTICE, spot("T 6", "T"))
    # 6, 7, 8, 9 and the four ten-values bust a hard 16: 4/13 + 4/13.
    assert analysis.bust_next == pytest.approx(8 / 13)
    # Standing on 16 never pushes.
    assert analysis.stand_push == 0.0
    # Surrender (-0.5) beats hitting (-0.5398, Appendix 1) at the practice table.
    assert analysis.best is SURRENDER


def test_face_cards_count_as_ten() -> None:
    assert analyse(PRACTICE, spot("K 6", "Q")) == analyse(PRACTICE, spot("T 6", "T"))


@pytest.mark.parametrize(
    ("rules", "up", "checked", "hidden"),
    [
        (PRACTICE, "T", True, False),  # peek with an ace or a ten
        (PRACTICE, "A", True, False),
        (PRACTICE, "7", False, False),  # no blackjack possible
        (PRESETS["night"], "T", False, True),  # docs/rules/night.md: no early check
        (PRESETS["night"], "A", True, False),
    ],
)
def test_peek_state(rules: Rules, up: str, checked: bool, hidden: bool) -> None:
    analysis = analyse(rules, spot("T 6", up))
    assert analysis.dealer_checked is checked
    assert analysis.hidden_blackjack is hidden


def test_hidden_blackjack_costs_a_doubled_hand_twice() -> None:
    # With a ten up and no check, the hole card is an ace with chance 1/13 and that
    # blackjack takes the doubled wager too: the double of 11 against an unchecked ten
    # equals (12/13) x the checked double plus (1/13) x (-2).
    unchecked = analyse(PRESETS["night"], spot("6 5", "T")).evs[DOUBLE]
    checked = analyse(PRACTICE, spot("6 5", "T")).evs[DOUBLE]
    assert unchecked == pytest.approx(12 / 13 * checked + 1 / 13 * -2.0, abs=1e-12)


@pytest.mark.parametrize(("up", "blackjack"), [("A", 4 / 13), ("T", 1 / 13), ("K", 1 / 13)])
def test_peek_conditions_the_dealer(up: str, blackjack: float) -> None:
    before = dealer_distribution(PRACTICE, up, checked=False)
    after = dealer_distribution(PRACTICE, up, checked=True)
    assert before.shape == after.shape == (7,)
    assert before[6] == pytest.approx(blackjack)
    assert after[6] == 0.0
    assert after[:6] == pytest.approx(before[:6] / (1.0 - blackjack))
    assert before.sum() == pytest.approx(1.0)
    assert after.sum() == pytest.approx(1.0)


def test_ten_up_bust_after_the_peek() -> None:
    # docs/numbers.md: 21.21% / (12/13) = 22.98%.
    after = dealer_distribution(PRACTICE, "T", checked=True)
    assert round(100 * after[5], 2) == 22.98


@pytest.mark.parametrize("up", ["2", "6", "9"])
def test_no_blackjack_without_ace_or_ten(up: str) -> None:
    before = dealer_distribution(PRACTICE, up, checked=False)
    assert before[6] == 0.0
    assert before == pytest.approx(dealer_distribution(PRACTICE, up, checked=True))


def test_hits_soft_17_changes_only_soft_17() -> None:
    # With a 6 up, H17 draws to A 6 (soft 17) instead of standing: fewer 17s.
    h17 = PRACTICE.model_copy(update={"id": "h17", "dealer_hits_soft_17": True})
    s17 = dealer_distribution(PRACTICE, "6", checked=False)
    hit = dealer_distribution(h17, "6", checked=False)
    assert hit[0] < s17[0]
    assert hit[5] > s17[5]
    # With a ten up the dealer can only reach soft 17 with an A 6 after three or
    # more cards (T A is a blackjack, T A 6 is hard 17): nothing changes.
    assert dealer_distribution(h17, "T", checked=False) == pytest.approx(
        dealer_distribution(PRACTICE, "T", checked=False)
    )


def test_bad_up_card_for_dealer_distribution() -> None:
    with pytest.raises(InvalidSpotError):
        dealer_distribution(PRACTICE, "X", checked=False)


def test_insurance_per_chip() -> None:
    # 2:1 on 4/13, the stake lost on 9/13: 2 x 4/13 - 9/13 = -1/13 per chip.
    assert insurance_ev_per_chip(PRESETS["guide"], "A") == pytest.approx(-1 / 13, abs=1e-15)


def test_round_ev_breakdown_adds_up() -> None:
    result = round_ev(PRACTICE)
    assert list(result.by_up) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]
    weights = {rank: (4 if rank == "T" else 1) / 13 for rank in result.by_up}
    overall = sum(weights[rank] * ev for rank, ev in result.by_up.items())
    assert result.expected_return == pytest.approx(overall, abs=1e-15)
    # Late surrender can only help the player (Appendix 1 is this table without it).
    no_surrender = PRACTICE.model_copy(update={"id": "no_surrender", "surrender": "none"})
    assert result.expected_return > round_ev(no_surrender).expected_return
    # Each call hands out its own breakdown.
    result.by_up["A"] = 0.0
    assert round_ev(PRACTICE).by_up["A"] != 0.0


def test_hand_actions_order_is_the_display_order() -> None:
    analysis = analyse(PRACTICE, spot("8 8", "T"))
    assert list(analysis.evs) == [a for a in HAND_ACTIONS if a in analysis.evs]


def _distinct_orders(cards: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every distinct order of these cards, each once: twelve aces have one order."""
    left = Counter(cards)
    order: list[str] = []

    def extend() -> Iterator[tuple[str, ...]]:
        if len(order) == len(cards):
            yield tuple(order)
            return
        for rank in sorted(left):
            if left[rank]:
                left[rank] -= 1
                order.append(rank)
                yield from extend()
                order.pop()
                left[rank] += 1

    return extend()


def test_distinct_orders_are_the_distinct_permutations() -> None:
    for cards in (("A", "A", "2"), ("5", "A", "5", "5"), ("4", "5", "3", "3", "A"), ("A",) * 4):
        want = set(itertools.permutations(cards))
        got = list(_distinct_orders(cards))
        assert len(got) == len(set(got)) and set(got) == want


def _brute_dealable(cards: tuple[str, ...], split_hand: bool) -> bool:
    """Some order of the cards (the first fixed for a split hand) never shows 21 part-way."""

    def value(rank: str) -> int:
        return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)

    head, rest = (cards[:1], cards[1:]) if split_hand else ((), cards)
    for order in _distinct_orders(rest):
        dealt = head + order
        ok = True
        for length in range(2, len(dealt)):
            hard = sum(value(r) for r in dealt[:length])
            if "A" in dealt[:length] and hard == 11:
                ok = False
        if not split_hand and {dealt[0], dealt[1]} == {"A", "T"}:
            ok = False
        if ok:
            return True
    return False


@pytest.mark.parametrize(
    ("cards", "split_hand"),
    [
        (("A",) * 12, False),  # every order passes 11 aces, soft 21
        (("2",) + ("A",) * 11, False),
        (("A",) * 9 + ("2",), False),  # 9 aces and a 2 make soft 21: it stands
        (("T", "A", "A"), False),  # A,A,T: soft 12 then hard 12
        (("5", "A", "5", "5"), True),  # split 5s drawing an ace: 5,A,5 is soft 21
        (("9", "A", "A"), True),
        (("4", "5", "3", "3", "A"), False),
    ],
)
def test_dealable_hands_match_brute_force(cards: tuple[str, ...], split_hand: bool) -> None:
    hands = 2 if split_hand else 1
    hard = sum(1 if r == "A" else 10 if r in "TJQK" else int(r) for r in cards)
    total = hard + 10 if "A" in cards and hard <= 11 else hard
    expected = _brute_dealable(cards, split_hand) and total < 21
    hand_spot = HandSpot(cards, "5", split_hand=split_hand, hands_in_round=hands)
    if expected:
        analyse(PRACTICE, hand_spot)
    else:
        with pytest.raises(InvalidSpotError):
            analyse(PRACTICE, hand_spot)


def test_more_cards_of_a_rank_than_the_shoe_holds_is_not_a_spot() -> None:
    # home is one deck (docs/rules/home.md: 52 cards): four aces at most.
    home = PRESETS["home"]
    with pytest.raises(InvalidSpotError, match="only 4"):
        analyse(home, HandSpot(("A", "A", "A", "A", "A", "5"), "A"))
    with pytest.raises(InvalidSpotError, match="only 4"):
        analyse(home, HandSpot(("A", "A", "A", "A", "5"), "A"))  # five aces with the up card
    analyse(home, HandSpot(("A", "A", "A", "5"), "A"))  # exactly four: fine
    analyse(PRACTICE, HandSpot(("A", "A", "A", "A", "A", "5"), "A"))  # six decks: 24 aces
