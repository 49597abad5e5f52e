"""Whole-game returns from the exact two-card table, against published figures."""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import HandSpot, analyse, round_ev
from bjtrainer.ev.exact.composition import value_index
from bjtrainer.ev.exact.two_card import game_return, two_card_table
from tests.ev.exact.test_exact_player import appendix_rules


def das(rules: Rules, allowed: bool) -> Rules:
    return rules.model_copy(
        update={"id": f"{rules.id}-das-{allowed}", "double_after_split": allowed}
    )


# Wizard of Odds, Blackjack Appendix 9, "Expected return of game" (player's
# return per round, every hand played to its best composition-dependent EV).
WIZARD_GAME_RETURNS = [
    ("1ds17r4", das(appendix_rules(1, False), True), 0.001839),
    ("1ds17r4", das(appendix_rules(1, False), False), 0.000423),
    ("1dh17r4", das(appendix_rules(1, True), True), -0.000072),
    ("1dh17r4", das(appendix_rules(1, True), False), -0.001513),
    ("5ds17r4", das(appendix_rules(5, False), True), -0.003804),
    ("5ds17r4", das(appendix_rules(5, False), False), -0.005225),
    ("euro-6dh17r4", das(appendix_rules(6, True, "none"), True), -0.0072705),
    ("euro-6dh17r4", das(appendix_rules(6, True, "none"), False), -0.0086975),
]


@pytest.mark.parametrize(("page", "rules", "expected"), WIZARD_GAME_RETURNS)
@pytest.mark.slow
def test_game_return_matches_appendix_9(page: str, rules: Rules, expected: float) -> None:
    """wizardofodds.com/games/blackjack/appendix/9/<page>/, "Expected return of game".

    Every non-split figure matches Appendix 9 to its sixth decimal
    (``test_exact_player.py``). Wizard's resplit values count only the pair
    cards removed; ours are Eric Farmer's CDP values, which also remove the
    other hands' non-pair second cards (``bjtrainer.ev.exact.split``): the
    whole-game returns differ by up to 8.3e-6, so the check is to 1e-5.

    Without a check for blackjack (the euro pages) Wizard's game pushes a
    natural against a ten up that makes blackjack; bjtrainer's round pays it
    at once (docs/numbers.md, "14. House edge per round"), worth
    :func:`natural_paid_at_once` more.
    """
    expected += natural_paid_at_once(rules)
    assert game_return(rules) == pytest.approx(expected, abs=1e-5)


def natural_paid_at_once(rules: Rules) -> float:
    """A natural's payout times the chance of a natural against an unchecked ten and an ace.

    From the full shoe: a ten up, the player's ace and ten in either order,
    then the hole card an ace. 0 where the dealer checks a ten up.
    """
    if rules.peeks_with("T"):
        return 0.0
    cards, tens, aces = 52 * rules.decks, 16 * rules.decks, 4 * rules.decks
    chance = (
        tens / cards * 2 * aces / (cards - 1) * (tens - 1) / (cards - 2) * (aces - 1) / (cards - 3)
    )
    return float(rules.blackjack_ratio) * chance


def farmer(
    decks: int, *, das: bool = True, hands: int = 4, rsa: bool = False, surrender: bool = False
) -> Rules:
    """Rules as Eric Farmer's ``strategy`` program takes them: S17, full peek, double any two."""
    return PRESETS["practice"].model_copy(
        update={
            "id": f"farmer-{decks}-{das}-{hands}-{rsa}-{surrender}",
            "decks": decks,
            "double_after_split": das,
            "max_split_hands": hands,
            "resplit_aces": rsa,
            "surrender": "late" if surrender else "none",
        }
    )


# Eric Farmer's ``strategy`` program (github.com/possibly-wrong/blackjack,
# version 7.6, CDP post-split strategy), its printed "Total" overall expected
# value and its split E(X) of T,T against a 5 and 8,8 against a ten, each
# printed to 1e-11 of the wager. Same rules as ``farmer(...)``.
FARMER_FIGURES = [
    (farmer(1), 0.00183111744, 0.33271718891, -0.44684832247),
    (farmer(1, das=False), 0.00041897011, 0.33271718891, -0.45784447948),
    (farmer(1, rsa=True), 0.00214648560, 0.33271718891, -0.44684832247),
    (farmer(1, das=False, hands=2), 0.00024791372, 0.49803014859, -0.46172619556),
    (farmer(6), -0.00402861523, 0.37171389348, -0.47489375082),
    (farmer(6, surrender=True), -0.00330259325, 0.37171389348, -0.47489375082),
]


@pytest.mark.parametrize(("rules", "total", "tens_v_5", "eights_v_ten"), FARMER_FIGURES)
@pytest.mark.slow
def test_game_return_and_splits_match_farmers_cdp(
    rules: Rules, total: float, tens_v_5: float, eights_v_ten: float
) -> None:
    """The whole-game return and two resplit values equal Farmer's CDP figures to 1e-10.

    The last two rows are the ``guide`` table (doubling below 21 is doubling
    on any two cards: no one doubles 21) and the ``practice`` table; the
    fourth is the ``home`` table.
    """
    table = two_card_table(rules)
    assert game_return(rules, table) == pytest.approx(total, abs=1e-10)
    ten, five, eight = value_index("T"), value_index("5"), value_index("8")
    assert table.split[five, ten] == pytest.approx(tens_v_5, abs=1e-10)
    assert table.split[ten, eight] == pytest.approx(eights_v_ten, abs=1e-10)


@pytest.mark.slow
def test_a_huge_shoe_gives_the_infinite_deck_house_edge() -> None:
    """Wizard of Odds, Blackjack Appendix 1: "the house edge is -0.511734%".

    Player EV -0.00511734 per round for S17,
    DAS, split to 4 hands, no resplit of aces, no surrender (the ``guide``
    rules with doubling on any two cards); 16 v 10 stand -0.5404, hit
    -0.5398, double -1.0797; 8,8 v 10 split -0.4807. With 100 000 decks the
    card-removal effects are below 1e-6.
    """
    rules = PRESETS["guide"].model_copy(update={"id": "appendix-1", "double_on": "any"})
    table = two_card_table(rules, decks=100_000)
    assert game_return(rules, table) == pytest.approx(-0.00511734, abs=1e-6)
    ten, six, eight = value_index("T"), value_index("6"), value_index("8")
    assert round(table.stand[ten, ten, six], 4) == -0.5404
    assert round(table.hit[ten, ten, six], 4) == -0.5398
    assert round(table.double[ten, ten, six], 4) == -1.0797
    assert round(table.split[ten, eight], 4) == -0.4807


@pytest.mark.parametrize("preset", ["practice", "night", "home"])
@pytest.mark.slow
def test_huge_shoe_equals_independent_draws(preset: str) -> None:
    """As the deck count grows, the exact values become the independent-draw values.

    Stand, hit, double and surrender for every first two-card hand and up
    card, to 1e-6 at a million decks; splits where splitting is the best
    play (there both methods take every resplit; elsewhere the
    independent-draw value may decline a bad resplit, see ``bjtrainer.ev.independent.split``).
    """
    rules = PRESETS[preset]
    table = two_card_table(rules, decks=1_000_000)
    compared = 0
    for up in "A23456789T":
        u = value_index(up)
        for first in "A23456789T":
            for second in "A23456789T":
                i, j = value_index(first), value_index(second)
                if i > j or {first, second} == {"A", "T"}:
                    continue
                spot = analyse(rules, HandSpot(cards=(first, second), up=up))
                exact = {
                    Action.STAND: table.stand[u, i, j],
                    Action.HIT: table.hit[u, i, j],
                    Action.DOUBLE: table.double[u, i, j],
                    Action.SURRENDER: -0.5,
                }
                for action, value in spot.evs.items():
                    if action is Action.SPLIT:
                        if spot.best is Action.SPLIT:
                            assert table.split[u, i] == pytest.approx(value, abs=1e-6), (first, up)
                            compared += 1
                        continue
                    assert exact[action] == pytest.approx(value, abs=1e-6), (first, second, up)
                    compared += 1
    assert compared > 1500


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
def test_huge_shoe_game_return_is_the_house_edge(preset: str) -> None:
    """At a million decks the whole-round return is ``bjtrainer edge``'s, to 1e-7.

    Naturals included (docs/numbers.md, "14. House edge per round"): pushed
    by a dealer natural found at the peek or behind an unchecked ace, paid at
    once against an unchecked ten (``night``: 0.16% of the wager more than a
    push would give).
    """
    rules = PRESETS[preset]
    table = two_card_table(rules, decks=1_000_000)
    assert game_return(rules, table) == pytest.approx(round_ev(rules).expected_return, abs=1e-7)
