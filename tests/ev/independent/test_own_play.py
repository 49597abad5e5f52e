"""The round's return under a policy of the player's own plays, against the chance of each spot.

``docs/numbers.md``, "16. Your own house edge": with one spot played
another way, the whole-round return moves by the chance of reaching that
spot times the EV given up there, and by nothing else. The chances are
counted here from the cards (each rank 1/13, ten-values 4/13, a dealer who
peeks with a ten or an ace up removes the rounds where the hole card makes
blackjack, two orders of two different cards); the EVs are the spot's own
figures (``ev.analyse``, the Hint's numbers), not the policy's recursion.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import HandSpot, analyse, round_ev
from bjtrainer.ev.independent.policy import hand_value, policy_round_ev

PRACTICE = PRESETS["practice"]  # six decks, S17, DAS, late surrender, peek with A and T
NIGHT = PRESETS["night"]
P = {rank: 1 / 13 for rank in "A23456789"} | {"T": 4 / 13}


def reach(rules_peek_hole: float | None, up: str, *cards: str) -> float:
    """The chance a round deals the up card and these cards in either order, drawn in turn.

    ``rules_peek_hole`` is the chance the hole card makes blackjack when the
    dealer checks first (``None``: no check); the first two cards come in
    either order, each later card is the one drawn next.
    """
    chance = P[up] * (1 - rules_peek_hole if rules_peek_hole is not None else 1)
    first, second, *drawn = cards
    chance *= P[first] * P[second] * (1 if first == second else 2)
    for card in drawn:
        chance *= P[card]
    return chance


def given_up(rules: object, cards: tuple[str, ...], up: str, play: Action) -> float:
    evs = analyse(rules, HandSpot(cards=cards, up=up)).evs  # type: ignore[arg-type]
    return max(evs.values()) - evs[play]


BEST = round_ev(PRACTICE).expected_return


def test_no_policy_and_best_plays_named_are_the_house_edge() -> None:
    assert policy_round_ev(PRACTICE, {}) == BEST
    best_path = {
        (("T", "2"), "T"): Action.HIT,  # hard 12 v T: hit
        (("T", "2", "4"), "T"): Action.HIT,  # then 16 of three cards: hit (no surrender now)
        (("5", "6"), "6"): Action.DOUBLE,
    }
    assert policy_round_ev(PRACTICE, best_path) == pytest.approx(BEST, abs=1e-15)


def test_one_two_card_spot_moves_the_round_by_its_chance_times_the_ev_given_up() -> None:
    # T,6 v T stood on instead of surrendered: the dealer has checked a ten up (hole not an ace).
    lost = given_up(PRACTICE, ("T", "6"), "T", Action.STAND)
    assert lost == pytest.approx(0.0404303, abs=1e-6)  # surrender -0.5, stand -0.5404
    change = policy_round_ev(PRACTICE, {(("6", "T"), "T"): Action.STAND}) - BEST
    assert change == pytest.approx(-reach(1 / 13, "T", "T", "6") * lost, rel=1e-12)
    # The pair 8,8 v 6 hit, not split; the soft 18 A,7 v 3 stood on, not doubled.
    for cards, up, play in ((("8", "8"), "6", Action.HIT), (("A", "7"), "3", Action.STAND)):
        lost = given_up(PRACTICE, cards, up, play)
        assert lost > 0.01
        change = policy_round_ev(PRACTICE, {(cards, up): play}) - BEST
        assert change == pytest.approx(-reach(None, up, *cards) * lost, rel=1e-12)


def test_a_three_card_spot_counts_with_the_chance_of_the_hit_that_reached_it() -> None:
    # 5,5 v 9 is hit (best: double; the policy says hit), then 5,5,6 = hard 16 stood on.
    double_lost = given_up(PRACTICE, ("5", "5"), "9", Action.HIT)
    sixteen_lost = given_up(PRACTICE, ("5", "5", "6"), "9", Action.STAND)
    policy = {(("5", "5"), "9"): Action.HIT, (("5", "5", "6"), "9"): Action.STAND}
    change = policy_round_ev(PRACTICE, policy) - BEST
    want = (
        -reach(None, "9", "5", "5") * double_lost - reach(None, "9", "5", "5", "6") * sixteen_lost
    )
    assert change == pytest.approx(want, rel=1e-12)
    # Without the hit at 5,5 (doubled, the best play) the three-card hand is never reached.
    assert policy_round_ev(PRACTICE, {(("5", "5", "6"), "9"): Action.STAND}) == BEST
    # The hand 5,5 v 9 under the policy: the hit, less the chance of a 6 times the stand given up.
    assert hand_value(PRACTICE, ("5", "5"), "9", policy) == pytest.approx(
        analyse(PRACTICE, HandSpot(cards=("5", "5"), up="9")).evs[Action.HIT]
        - P["6"] * sixteen_lost
    )


def test_spots_at_several_up_cards_add_up_and_a_table_without_a_peek_weighs_every_deal() -> None:
    one = {(("T", "2"), "4"): Action.HIT}  # 12 v 4: stand is best
    two = {(("9", "9"), "7"): Action.SPLIT}  # 9,9 v 7: stand is best
    total = policy_round_ev(PRACTICE, one | two) - BEST
    parts = sum(policy_round_ev(PRACTICE, part) - BEST for part in (one, two))
    assert total == pytest.approx(parts, rel=1e-12) and total < 0
    # At night a ten up is not checked (docs/rules/night.md): every deal of T,6 v T counts.
    night = round_ev(NIGHT).expected_return
    lost = given_up(NIGHT, ("T", "6"), "T", Action.STAND)
    change = policy_round_ev(NIGHT, {(("T", "6"), "T"): Action.STAND}) - night
    assert change == pytest.approx(-reach(None, "T", "T", "6") * lost, rel=1e-12)
