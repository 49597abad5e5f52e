"""Late surrender where the dealer has not checked, and early surrender.

``docs/rules/practice.md``, "Surrender", and ``docs/numbers.md``, "6.
Surrender": late surrender gives half the bet back after the peek. Where the
dealer has not checked an ace or a ten up (a table without a peek, or a ten up
where the dealer peeks on an ace only), a surrendered hand still loses the
whole bet to a dealer blackjack. ``early`` surrender, before any check, gives
half back whatever the hole card; it needs a table without a peek.

The figures are checked against the settlement itself: every hole card the
shoe can hold is stacked in turn and the surrendered hand settled; the mean of
those nets is the surrender EV the EV layers must show.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.records import Outcome
from bjtrainer.engine.round import Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.ev.exact.spot import analyse_shoe
from bjtrainer.ev.exact.two_card import game_return, two_card_table
from bjtrainer.ev.independent.house_edge import round_ev
from bjtrainer.ev.independent.spots import analyse
from bjtrainer.ev.spot import HandSpot
from bjtrainer.trainer.reasons import compare
from bjtrainer.trainer.spots import Spot

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def table_rules(**changes: object) -> Rules:
    """The practice table with some fields changed (validated like a rules file)."""
    return Rules.model_validate({**PRESETS["practice"].model_dump(), "id": "mine", **changes})


def dealt(rules: Rules, up: str, hole: str) -> tuple[Table, Round]:
    """Hard 16 (T, 6) for 10 chips against ``up``, insurance declined where offered."""
    shoe = Shoe.stacked(rules, ["T", up, "6", hole, "5", "5", "5"])
    table = Table(rules, np.random.default_rng(0), shoe=shoe)
    table.bet = 10
    round_ = table.deal()
    if round_.can_decline_insurance():
        round_.decline_insurance()
    return table, round_


def surrendered(rules: Rules, up: str, hole: str) -> int:
    """Net chips of the hand of :func:`dealt` surrendering at once; money is conserved."""
    table, round_ = dealt(rules, up, hole)
    before = table.bankroll.balance + round_.chips_on_table()
    assert Action.SURRENDER in round_.legal_actions()
    round_.surrender()
    assert round_.result is not None
    assert table.bankroll.balance + round_.chips_on_table() == before + round_.result.net
    return round_.result.net


@pytest.mark.parametrize(
    ("peek", "up", "hole", "net", "outcome"),
    [
        ("none", "A", "T", -10, Outcome.DEALER_BLACKJACK),  # no check: the blackjack takes it all
        ("none", "A", "7", -5, Outcome.SURRENDER),
        ("none", "T", "A", -10, Outcome.DEALER_BLACKJACK),
        ("none", "T", "9", -5, Outcome.SURRENDER),
        ("none", "9", "T", -5, Outcome.SURRENDER),  # a 9 up cannot hide a blackjack
        ("ace", "T", "A", -10, Outcome.DEALER_BLACKJACK),  # a ten up is not checked there
        ("ace", "A", "7", -5, Outcome.SURRENDER),  # an ace is checked: half back at once
        ("ace_or_ten", "T", "9", -5, Outcome.SURRENDER),
    ],
)
def test_late_surrender_settles_against_the_hole_card_where_the_dealer_has_not_checked(
    peek: str, up: str, hole: str, net: int, outcome: Outcome
) -> None:
    _, round_ = dealt(table_rules(peek=peek), up, hole)
    round_.surrender()
    assert round_.result is not None
    assert round_.result.net == net
    assert round_.result.outcomes == (outcome,)
    assert len(round_.dealer_cards) == 2  # the dealer draws for no surrendered hand


def test_early_surrender_gives_half_back_even_against_a_blackjack() -> None:
    rules = table_rules(peek="none", surrender="early")
    assert surrendered(rules, "A", "T") == -5
    assert surrendered(rules, "T", "A") == -5


def test_early_surrender_needs_a_table_without_a_peek() -> None:
    with pytest.raises(ValueError, match='surrender = "early" needs peek = "none"'):
        table_rules(peek="ace", surrender="early")


@pytest.mark.parametrize(("peek", "up"), [("none", "A"), ("none", "T"), ("ace", "T")])
def test_the_one_deck_figure_is_the_mean_of_the_settlements_over_every_hole_card(
    peek: str, up: str
) -> None:
    """Hard 16 (T, 6) against an unchecked ace or ten, one deck: exact figure = brute force."""
    rules = table_rules(decks=1, peek=peek)
    assert not rules.peeks_with(up)
    unseen = dict.fromkeys(RANKS, 4)
    unseen["T"] = 16
    for card in ("T", "6", up):
        unseen[card] -= 1
    left = sum(unseen.values())
    mean = sum(
        Fraction(count, left) * Fraction(surrendered(rules, up, hole), 10)
        for hole, count in unseen.items()
    )
    spot = HandSpot(cards=("T", "6"), up=up)
    composition = tuple(unseen[rank] for rank in RANKS)
    figure = analyse_shoe(rules, spot, composition).evs[Action.SURRENDER]
    assert figure == pytest.approx(float(mean), abs=1e-12)
    assert float(mean) < -0.5  # a hidden blackjack costs the other half


@pytest.mark.parametrize(("up", "blackjack"), [("A", Fraction(4, 13)), ("T", Fraction(1, 13))])
def test_the_infinite_deck_figure_counts_the_hidden_blackjack(up: str, blackjack: Fraction) -> None:
    """Each hole card is a ten with chance 4/13 and an ace with 1/13 (docs/numbers.md, 1.)."""
    spot = HandSpot(cards=("T", "6"), up=up)
    no_peek = analyse(table_rules(peek="none"), spot).evs[Action.SURRENDER]
    assert no_peek == pytest.approx(float(-Fraction(1, 2) - Fraction(1, 2) * blackjack), abs=1e-12)
    assert analyse(PRESETS["practice"], spot).evs[Action.SURRENDER] == -0.5
    early = analyse(table_rules(peek="none", surrender="early"), spot).evs[Action.SURRENDER]
    assert early == -0.5


def test_the_reason_in_words_says_a_hidden_blackjack_takes_it_all() -> None:
    """The sentence behind a surrender grade names the whole-bet loss where it can happen."""
    hand = HandSpot(cards=("T", "6"), up="A")
    legal = frozenset({Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER})
    no_peek = table_rules(peek="none")
    spot = Spot("mine", ("T", "6"), "A", legal=legal)
    words = compare(no_peek, spot, Action.HIT, Action.SURRENDER, analyse(no_peek, hand).evs)
    assert "or all of it to a hidden dealer blackjack (EV -0.654)" in words
    practice = PRESETS["practice"]
    spot = Spot("practice", ("T", "6"), "A", legal=legal)
    checked = compare(practice, spot, Action.HIT, Action.SURRENDER, analyse(practice, hand).evs)
    assert "loses half the bet for sure (EV -0.500)" in checked


@pytest.mark.slow
@pytest.mark.parametrize(
    ("peek", "surrender"), [("none", "late"), ("ace", "late"), ("none", "early")]
)
def test_the_exact_round_return_at_a_million_decks_is_the_independent_one(
    peek: str, surrender: str
) -> None:
    """Two models, one surrender: the exact shoe's return tends to the infinite deck's."""
    rules = table_rules(peek=peek, surrender=surrender, max_split_hands=2)
    exact = game_return(rules, two_card_table(rules, decks=1_000_000))
    assert exact == pytest.approx(round_ev(rules).expected_return, abs=1e-7)
