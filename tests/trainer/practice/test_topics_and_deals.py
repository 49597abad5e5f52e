"""Topics, their candidate spots, and dealing a chosen spot exactly.

Topics: ``docs/practice.md``, "Focused practice" (six topics: hard totals,
soft totals, pairs, doubling, stiff hands (hard 12-16), surrender and
insurance) and "Dealing a spot". Chart plays used as independent references
are the published six-deck S17 DAS late-surrender basic strategy (Wizard of
Odds, "4-Deck to 8-Deck Blackjack Strategy"): doubles on hard 9 v 3-6,
hard 10 v 2-9, hard 11 v 2-10, soft 13-14 v 5-6, soft 15-16 v 4-6, soft
17-18 v 3-6; surrender 16 v 9, 10, A and 15 v 10.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.errors import InvalidSpotError, PracticeError
from bjtrainer.store import Store
from bjtrainer.trainer.practice.deals import at_target, deal, plan_deal, practice_bet
from bjtrainer.trainer.practice.topics import TOPIC_TITLES, Topic, topic_spots, topics_of
from bjtrainer.trainer.spots import Spot, decision_spot
from tests.trainer.practice.practice_support import make_practice

PRACTICE, GUIDE, HOME = PRESETS["practice"], PRESETS["guide"], PRESETS["home"]
VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
UPS = VALUES


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def two_card_hands() -> list[tuple[str, str]]:
    return [hand for hand in combinations_with_replacement(VALUES, 2) if set(hand) != {"A", "T"}]


def hard_total(cards: tuple[str, ...]) -> int:
    return sum(RANK_VALUE[card] for card in cards)


def test_six_topics_in_menu_order() -> None:
    assert list(TOPIC_TITLES.values()) == [
        "Hard totals",
        "Soft totals",
        "Pairs",
        "Doubling",
        "Stiff hands 12-16",
        "Surrender and insurance",
    ]


def test_candidate_counts_by_brute_force() -> None:
    hands = two_card_hands()
    assert len(hands) == 54
    hard = [h for h in hands if "A" not in h and h[0] != h[1]]
    soft = [h for h in hands if "A" in h and h[0] != h[1]]
    pairs = [h for h in hands if h[0] == h[1]]
    stiff = [h for h in hands if "A" not in h and 12 <= hard_total(h) <= 16]
    assert len(topic_spots(PRACTICE, Topic.HARD)) == 10 * len(hard) == 360
    assert len(topic_spots(PRACTICE, Topic.SOFT)) == 10 * len(soft) == 80
    assert len(topic_spots(PRACTICE, Topic.PAIRS)) == 10 * len(pairs) == 100
    assert len(topic_spots(PRACTICE, Topic.STIFF)) == 10 * len(stiff)
    # guide: no surrender, so only the 54 insurance questions; home: neither.
    assert len(topic_spots(GUIDE, Topic.SURRENDER_INSURANCE)) == 54
    assert topic_spots(HOME, Topic.SURRENDER_INSURANCE) == ()


def cells(topic: Topic) -> set[tuple[str, int, str]]:
    found = set()
    for spot in topic_spots(PRACTICE, topic):
        if Action.INSURANCE in spot.legal:
            continue
        kind = "soft" if "A" in spot.cards and hard_total(spot.cards) <= 11 else "hard"
        total = hard_total(spot.cards) + (10 if kind == "soft" else 0)
        found.add((kind, total, spot.up))
    return found


def test_every_chart_double_is_in_the_doubling_topic() -> None:
    chart = (
        [("hard", 9, up) for up in "3456"]
        + [("hard", 10, up) for up in "23456789"]
        + [("hard", 11, up) for up in "23456789T"]
        + [("soft", total, up) for total in (13, 14) for up in "56"]
        + [("soft", total, up) for total in (15, 16) for up in "456"]
        + [("soft", total, up) for total in (17, 18) for up in "3456"]
    )
    assert set(chart) <= cells(Topic.DOUBLING)
    assert ("hard", 20, "6") not in cells(Topic.DOUBLING)


def test_every_chart_surrender_is_in_the_surrender_topic() -> None:
    chart = [("hard", 16, up) for up in "9TA"] + [("hard", 15, "T")]
    assert set(chart) <= cells(Topic.SURRENDER_INSURANCE)
    assert ("hard", 12, "6") not in cells(Topic.SURRENDER_INSURANCE)


def test_topics_of_later_decisions() -> None:
    three_cards = Spot(
        "practice", ("4", "5", "7"), "T", legal=frozenset({Action.STAND, Action.HIT})
    )
    assert topics_of(PRACTICE, three_cards) == {Topic.HARD, Topic.STIFF}
    insurance = Spot(
        "practice", ("T", "9"), "A", legal=frozenset({Action.INSURANCE, Action.NO_INSURANCE})
    )
    assert topics_of(PRACTICE, insurance) == {Topic.SURRENDER_INSURANCE}


@pytest.mark.parametrize("topic", list(Topic))
def test_a_focused_set_deals_ten_spots_of_its_topic(store: Store, topic: Topic) -> None:
    practice = make_practice(store, seed=11)
    practice_set = practice.start_focus(topic)
    assert practice_set.size == 10
    assert len({plan.target.key for plan in practice_set.plans}) == 10
    for position, plan in enumerate(practice_set.plans):
        cards = plan.target.cards
        total = hard_total(cards)
        if topic is Topic.HARD:
            assert "A" not in cards and cards[0] != cards[1]
        elif topic is Topic.SOFT:
            assert "A" in cards and cards[0] != cards[1]
        elif topic is Topic.PAIRS:
            assert cards[0] == cards[1]
        elif topic is Topic.STIFF:
            assert "A" not in cards and 12 <= total <= 16
        elif topic is Topic.DOUBLING:
            assert Action.DOUBLE in plan.target.legal
        else:
            assert Action.INSURANCE in plan.target.legal or Action.SURRENDER in plan.target.legal
        # The spot really happens: the first hand decision (after any insurance) is it.
        if position:
            assert practice_set.next_spot()
        pending = practice_set.pending
        assert pending is not None
        if pending.spot.key != plan.target.key:
            assert practice_set.round.phase is Phase.INSURANCE
            practice_set.answer(Action.NO_INSURANCE)
            pending = practice_set.pending
        assert pending is not None and pending.spot.key == plan.target.key
        # Play it out so the next spot can be dealt.
        while practice_set.pending is not None:
            legal = practice_set.round.legal_actions()
            outcome = practice_set.answer(
                Action.STAND if Action.STAND in legal else Action.NO_INSURANCE
            )
            if not outcome.applied:
                practice_set.play_on()
    assert practice_set.finished


def test_a_topic_the_table_lacks_cannot_start(store: Store) -> None:
    practice = make_practice(store, rules=HOME)
    assert not practice.can_start_focus(Topic.SURRENDER_INSURANCE)
    with pytest.raises(PracticeError, match="nothing to practise"):
        practice.start_focus(Topic.SURRENDER_INSURANCE)
    assert practice.can_start_focus(Topic.PAIRS)
    info = {item.topic: item.spots for item in practice.topics()}
    assert info[Topic.SURRENDER_INSURANCE] == 0 and info[Topic.PAIRS] == 100


def test_the_hole_card_never_gives_the_dealer_a_natural() -> None:
    rng = np.random.default_rng(3)
    for up in ("A", "T"):
        spot = Spot(
            "practice",
            ("9", "7"),
            up,
            legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}),
        )
        for _ in range(200):
            plan = plan_deal(PRACTICE, spot, rng)
            hole = plan.cards[3][0]
            assert RANK_VALUE[hole] != (10 if up == "A" else 1)
            table = deal(PRACTICE, plan, rng)
            assert table.round is not None and table.round.phase is not Phase.SETTLED


@pytest.mark.parametrize(
    ("cards", "up", "split", "hands", "pending", "legal"),
    [
        (("2", "4", "T"), "T", False, 1, 0, "SH"),  # after a hit
        (("2", "3", "4", "5"), "A", False, 1, 0, "SH"),  # two hits, ace up
        (("8", "3"), "6", True, 2, 1, "SHD"),  # first hand of a split
        (("8", "3"), "6", True, 2, 0, "SHD"),  # second hand of a split
        (("8", "8"), "6", True, 3, 2, "SHDP"),  # a resplit
        (("8", "2", "5"), "A", True, 3, 1, "SH"),  # middle hand of three, after a hit
    ],
)
def test_later_decisions_are_dealt_with_their_lead_in(
    cards: tuple[str, ...], up: str, split: bool, hands: int, pending: int, legal: str
) -> None:
    names = {"S": Action.STAND, "H": Action.HIT, "D": Action.DOUBLE, "P": Action.SPLIT}
    target = Spot("practice", cards, up, split, hands, pending, frozenset(names[c] for c in legal))
    rng = np.random.default_rng(5)
    plan = plan_deal(PRACTICE, target, rng)
    assert plan.lead_in and not plan.opening
    assert set(plan.lead_in) <= {Action.NO_INSURANCE, Action.HIT, Action.SPLIT, Action.STAND}
    table = deal(PRACTICE, plan, rng)
    assert table.round is not None and at_target(table.round, target)
    spot = decision_spot(table.round)
    assert spot is not None and spot.key == target.key


def test_spots_no_deal_can_reach_are_refused() -> None:
    rng = np.random.default_rng(1)
    three_hands = Spot("home", ("8", "3"), "6", True, 3, 0, frozenset({Action.STAND, Action.HIT}))
    with pytest.raises(InvalidSpotError, match="No deal"):
        plan_deal(HOME, three_hands, rng)  # home allows one split only
    guide_spot = Spot("guide", ("T", "6"), "T", legal=frozenset({Action.STAND, Action.HIT}))
    with pytest.raises(InvalidSpotError, match="guide"):
        plan_deal(PRACTICE, guide_spot, rng)


def test_the_practice_bet_lets_insurance_be_offered() -> None:
    assert practice_bet(PRACTICE) == 10  # the table's first bet
    tiny = PRACTICE.model_copy(update={"first_bet": 1, "min_bet": 1})
    assert practice_bet(tiny) == 2  # half of it rounds down to one chip
    stepped = PRESETS["night"].model_copy(update={"first_bet": 5})
    assert practice_bet(stepped) == 5
