"""The shoe: composition, seeded shuffles, stacking, the reshuffle cut, state.

Rules: docs/rules/README.md, row "decks" and row "reshuffle"; docs/rules/<table>.md,
"Shoe and penetration" (the night's source: "Once fewer than a quarter of the
cards are left, the shoe is reshuffled before the next hand"; home: one deck
shuffled every round).
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from bjtrainer.engine.cards import Card, full_deck
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe, parse_card
from bjtrainer.errors import InvalidCardError, SavedStateError

PRACTICE = PRESETS["practice"]
HOME = PRESETS["home"]


def test_same_seed_same_order_other_seed_other_order() -> None:
    first = Shoe(PRACTICE, np.random.default_rng(42))
    second = Shoe(PRACTICE, np.random.default_rng(42))
    other = Shoe(PRACTICE, np.random.default_rng(43))
    a = [first.draw() for _ in range(312)]
    assert a == [second.draw() for _ in range(312)]
    assert a != [other.draw() for _ in range(312)]


def test_single_deck_home_shoe_has_each_card_once() -> None:
    """Source: one deck of 52 cards."""
    shoe = Shoe(HOME, np.random.default_rng(0))
    assert shoe.size == 52
    assert sorted(shoe.draw() for _ in range(52)) == sorted(full_deck())


def test_seen_lists_the_cards_dealt_since_the_shuffle() -> None:
    shoe = Shoe(PRACTICE, np.random.default_rng(5))
    drawn = [shoe.draw() for _ in range(10)]
    assert shoe.seen == drawn
    assert shoe.cards_left == 302
    shoe.shuffle()
    assert shoe.seen == []
    assert shoe.cards_left == 312


def test_stacked_cards_come_first_then_a_full_shuffled_shoe() -> None:
    shoe = Shoe.stacked(PRACTICE, ["AS", "T", "10", "9D", Card("K", "C")])
    assert [shoe.draw() for _ in range(5)] == [
        Card("A", "S"),
        Card("T", "S"),
        Card("T", "S"),
        Card("9", "D"),
        Card("K", "C"),
    ]
    assert shoe.size == 5 + 312
    rest = Counter(shoe.draw() for _ in range(312))
    assert set(rest.values()) == {6} and len(rest) == 52


def test_stacked_rejects_unknown_cards() -> None:
    with pytest.raises(InvalidCardError):
        Shoe.stacked(PRACTICE, ["AS", "ZZ"])
    with pytest.raises(InvalidCardError):
        parse_card("1")


def test_shuffle_every_round_but_not_a_fresh_or_stacked_shoe() -> None:
    """Source: shuffled before every round. A shoe nothing was
    dealt from yet, or with stacked cards still to come, is left as it is."""
    shoe = Shoe(HOME, np.random.default_rng(0))
    assert not shoe.needs_shuffle()
    shoe.draw()
    assert shoe.needs_shuffle()
    stacked = Shoe.stacked(HOME, ["A", "2", "3"])
    stacked.draw()
    assert not stacked.needs_shuffle()
    stacked.draw()
    stacked.draw()
    assert stacked.needs_shuffle()


def test_penetration_cut_is_exact() -> None:
    """A custom penetration of 0.8 on 6 decks: reshuffle below 0.2 * 312 = 62.4
    cards, i.e. at 62 left but not at 63."""
    rules = PRACTICE.model_copy(update={"penetration": 0.8})
    shoe = Shoe(rules, np.random.default_rng(1))
    for _ in range(312 - 63):
        shoe.draw()
    assert not shoe.needs_shuffle()
    shoe.draw()
    assert shoe.needs_shuffle()


def test_an_empty_shoe_needs_a_shuffle_before_the_next_round() -> None:
    rules = HOME.model_copy(update={"penetration": 1.0, "shuffle_every_round": False})
    shoe = Shoe(rules, np.random.default_rng(1))
    for _ in range(51):
        shoe.draw()
    assert not shoe.needs_shuffle()  # one card left: a cut of 1 deals on
    shoe.draw()
    assert shoe.cards_left == 0 and shoe.needs_shuffle()


def test_a_dry_round_finishes_on_its_discards_reshuffled() -> None:
    """One deck, 3 cards left when the round starts: the discards are shuffled in
    behind the round's cards, in the order the table's generator gives them."""
    rules = HOME.model_copy(update={"penetration": 1.0, "shuffle_every_round": False})
    shoe = Shoe(rules, np.random.default_rng(1))
    earlier = [shoe.draw() for _ in range(49)]
    shoe.start_round()
    assert shoe.discards == earlier and shoe.on_table == []
    round_cards = [shoe.draw() for _ in range(3)]
    assert shoe.cards_left == 0 and shoe.on_table == round_cards
    twin_rng = np.random.default_rng()
    twin_rng.bit_generator.state = shoe.rng.bit_generator.state
    expected = [earlier[int(i)] for i in twin_rng.permutation(49)]
    fourth = shoe.draw()
    assert fourth == expected[0] and fourth not in round_cards
    assert shoe.seen == [*round_cards, fourth] == shoe.on_table
    assert shoe.discards == [] and shoe.undealt == expected[1:]
    assert sorted(shoe.seen + shoe.undealt) == sorted(full_deck())  # each card once


def test_state_round_trips_through_json_and_continues_the_same() -> None:
    shoe = Shoe.stacked(PRACTICE, ["A", "K"], np.random.default_rng(9))
    for _ in range(7):
        shoe.draw()
    state = json.loads(json.dumps(shoe.to_state()))
    rng_copy = np.random.default_rng(9)
    rng_copy.bit_generator.state = shoe.rng.bit_generator.state
    restored = Shoe.from_state(PRACTICE, state, rng_copy)
    assert restored.to_state() == shoe.to_state()
    assert restored.seen == shoe.seen
    assert [restored.draw() for _ in range(50)] == [shoe.draw() for _ in range(50)]
    restored.shuffle()
    shoe.shuffle()
    assert restored.to_state() == shoe.to_state()


@pytest.mark.parametrize(
    "state",
    [
        {},
        {"order": "ASXX", "dealt": 0, "stacked": 0},
        {"order": "ASK", "dealt": 0, "stacked": 0},
        {"order": "AS", "dealt": 2, "stacked": 0},
        {"order": "AS", "dealt": True, "stacked": 0},
        {"order": ["AS"], "dealt": 0, "stacked": 0},
    ],
)
def test_broken_state_is_refused(state: dict[str, object]) -> None:
    with pytest.raises(SavedStateError):
        Shoe.from_state(PRACTICE, state, np.random.default_rng(0))
