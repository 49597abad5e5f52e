"""Exact finite-shoe stand, hit and double values.

Checked two ways: against Wizard of Odds, Blackjack Appendix 9 (exact
composition-dependent values for 1, 5 and 6 decks, to the six printed
decimals), and against a brute-force solver written here from the rules in
the true order of the deal: the hole card is dealt before the player draws,
and after a clean peek the player reasons about it by Bayes' rule. The
module under test instead uses exchangeability and unnormalised values, so
the two methods are independent.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import HandSpot
from bjtrainer.ev.exact.composition import value_index
from bjtrainer.ev.exact.spot import analyse_shoe
from bjtrainer.ev.exact.two_card import two_card_table

# Wizard of Odds, Blackjack Appendix 9: "Player may resplit to four hands,
# except aces; no drawing to split aces"; double on any two cards, no surrender.
APPENDIX_9 = PRESETS["guide"].model_copy(
    update={"id": "appendix-9", "double_on": "any", "surrender": "none", "max_split_hands": 4}
)


def appendix_rules(decks: int, hits_soft_17: bool, peek: str = "ace_or_ten") -> Rules:
    return APPENDIX_9.model_copy(
        update={
            "id": f"appendix-9-{decks}d-{'h' if hits_soft_17 else 's'}17-{peek}",
            "decks": decks,
            "dealer_hits_soft_17": hits_soft_17,
            "peek": peek,
        }
    )


# Dealer ace up: (player cards, stand, hit, double), conditioned on no dealer
# blackjack (US peek) or including it (no hole card).
# https://wizardofodds.com/games/blackjack/appendix/9/1ds17r4/
ONE_DECK_S17 = [
    ("2A", -0.661732, -0.067808, -0.593281),
    ("3A", -0.661047, -0.100568, -0.595803),
    ("32", -0.659375, -0.291565, -1.318751),
    ("4A", -0.658818, -0.153931, -0.619882),
    ("42", -0.658712, -0.334901, -1.295655),
    ("43", -0.657967, -0.345048, -1.126423),
    ("5A", -0.659151, -0.206061, -0.656070),
    ("52", -0.657529, -0.331115, -1.125237),
    ("53", -0.656761, -0.217133, -0.793964),
    ("54", -0.654533, -0.070215, -0.395771),
    ("6A", -0.482815, -0.199899, -0.527213),
    ("62", -0.639160, -0.225772, -0.799095),
    ("63", -0.638344, -0.078495, -0.401329),
    ("64", -0.636118, 0.081506, 0.048615),
    ("65", -0.634013, 0.172946, 0.240259),
    ("7A", -0.101015, -0.108386, -0.357778),
    ("72", -0.645559, -0.082785, -0.402057),
]
# https://wizardofodds.com/games/blackjack/appendix/9/1dh17r4/
ONE_DECK_H17 = [
    ("2A", -0.589084, -0.107929, -0.552040),
    ("3A", -0.587263, -0.139124, -0.548792),
    ("32", -0.584988, -0.322592, -1.169976),
    ("4A", -0.585081, -0.188317, -0.569570),
    ("42", -0.583756, -0.362658, -1.157797),
    ("43", -0.582464, -0.375417, -1.067304),
    ("5A", -0.587177, -0.242243, -0.607984),
    ("52", -0.585491, -0.364580, -1.073457),
    ("53", -0.583566, -0.278288, -0.813846),
    ("54", -0.581270, -0.121173, -0.419143),
    ("6A", -0.507702, -0.229134, -0.529713),
    ("62", -0.579622, -0.277945, -0.817393),
    ("63", -0.577735, -0.124512, -0.422809),
    ("64", -0.575556, 0.045103, 0.030867),
    ("65", -0.575374, 0.143003, 0.234296),
    ("7A", -0.223909, -0.173175, -0.414678),
]
# https://wizardofodds.com/games/blackjack/appendix/9/5ds17r4/
FIVE_DECK_S17 = [
    ("2A", -0.666073, -0.059817, -0.618525),
    ("3A", -0.665793, -0.095965, -0.618937),
    ("32", -0.665509, -0.281526, -1.331019),
    ("4A", -0.665445, -0.135136, -0.623588),
    ("42", -0.665203, -0.310164, -1.302806),
    ("43", -0.664918, -0.316950, -1.129202),
    ("5A", -0.665147, -0.173598, -0.630252),
    ("52", -0.664859, -0.314450, -1.129089),
    ("53", -0.664573, -0.200797, -0.807170),
    ("54", -0.664220, -0.066434, -0.425176),
    ("6A", -0.478961, -0.183653, -0.535696),
    ("62", -0.661865, -0.202601, -0.808633),
    ("63", -0.661578, -0.068441, -0.427025),
    ("64", -0.661223, 0.081318, -0.002174),
    ("65", -0.660850, 0.148532, 0.133896),
]
# https://wizardofodds.com/games/blackjack/appendix/9/euro-6dh17r4/ (no hole
# card: "Player loses everything, including doubles and splits, if dealer gets
# a blackjack")
SIX_DECK_H17_NO_HOLE_CARD = [
    ("2A", -0.722356, -0.379910, -1.024099),
    ("3A", -0.722119, -0.403855, -1.023717),
    ("32", -0.721887, -0.529734, -1.443774),
    ("4A", -0.721866, -0.429265, -1.025989),
    ("42", -0.721646, -0.548031, -1.434834),
    ("43", -0.721415, -0.554273, -1.369282),
    ("5A", -0.721965, -0.454867, -1.030051),
    ("52", -0.721740, -0.553211, -1.369970),
    ("53", -0.721499, -0.493960, -1.193807),
    ("54", -0.721243, -0.396287, -0.932671),
    ("6A", -0.665166, -0.463296, -0.999484),
    ("62", -0.721308, -0.493965, -1.194523),
    ("63", -0.721068, -0.396571, -0.933570),
    ("64", -0.720814, -0.286818, -0.639108),
    ("65", -0.720879, -0.235772, -0.535879),
    ("7A", -0.466029, -0.421285, -0.909374),
]

PAGES = [
    (appendix_rules(1, False), ONE_DECK_S17),
    (appendix_rules(1, True), ONE_DECK_H17),
    (appendix_rules(5, False), FIVE_DECK_S17),
    (appendix_rules(6, True, "none"), SIX_DECK_H17_NO_HOLE_CARD),
]


@pytest.mark.parametrize(("rules", "rows"), PAGES, ids=["1ds17", "1dh17", "5ds17", "euro6dh17"])
def test_wizard_of_odds_appendix_9_to_six_decimals(
    rules: Rules, rows: list[tuple[str, float, float, float]]
) -> None:
    """Wizard of Odds, Blackjack Appendix 9, first table, dealer ace up.

    wizardofodds.com/games/blackjack/appendix/9/{1ds17r4, 1dh17r4, 5ds17r4,
    euro-6dh17r4}/: stand, hit and double for each two-card hand. Within one
    unit of the sixth printed decimal (every figure rounds to the printed
    one except 6,3 at 1dh17r4, printed -0.577735 for -0.5777355).
    """
    table = two_card_table(rules)
    ace = value_index("A")
    for cards, stand, hit, double in rows:
        i, j = (value_index(c) for c in cards)
        assert table.stand[ace, i, j] == pytest.approx(stand, abs=1e-6), cards
        assert table.hit[ace, i, j] == pytest.approx(hit, abs=1e-6), cards
        assert table.double[ace, i, j] == pytest.approx(double, abs=1e-6), cards


@pytest.mark.parametrize(
    ("rules", "cards", "probability"),
    [
        (appendix_rules(1, False), "2A", 0.00048758),
        (appendix_rules(1, False), "32", 0.00065011),
        (appendix_rules(5, False), "2A", 0.00060255),
        (appendix_rules(5, False), "32", 0.00063426),
    ],
)
def test_appendix_9_probability_column(rules: Rules, cards: str, probability: float) -> None:
    """The chance of the deal (ace up, these two cards, no dealer blackjack where it peeks)."""
    table = two_card_table(rules)
    i, j = (value_index(c) for c in cards)
    assert table.chance[value_index("A"), i, j] == pytest.approx(probability, abs=5e-9)


# --- Brute force in the true order of the deal -------------------------------------

Counts = tuple[int, ...]


def _add(counts: Counts, value: int, by: int = 1) -> Counts:
    return tuple(c + by * (i == value) for i, c in enumerate(counts))


def _total(cards: Counts) -> int:
    hard = sum((i + 1) * c for i, c in enumerate(cards))
    return hard + 10 if cards[0] and hard + 10 <= 21 else hard


@functools.cache
def _dealer_after_hole(
    up: int, hole: int, shoe: Counts, hits_soft_17: bool
) -> tuple[Fraction, ...]:
    """Dealer outcomes 17..21, bust, blackjack with a known hole card."""
    result = [Fraction(0)] * 7

    def draw(hard: int, ace: bool, cards: int, chance: Fraction, left: Counts) -> None:
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if hard > 21:
            result[5] += chance
        elif cards == 2 and total == 21:
            result[6] += chance
        elif total > 17 or (total == 17 and not (soft and hits_soft_17)):
            result[total - 17] += chance
        else:
            size = sum(left)
            for value in range(10):
                if left[value]:
                    share = Fraction(left[value], size)
                    draw(
                        hard + value + 1,
                        ace or value == 0,
                        cards + 1,
                        chance * share,
                        _add(left, value, -1),
                    )

    draw(up + hole + 2, up == 0 or hole == 0, 2, Fraction(1), shoe)
    return tuple(result)


class TrueOrderSolver:
    """Optimal stand/hit/double, the hole card dealt first and inferred by Bayes' rule."""

    def __init__(self, rules: Rules, up: int, unseen: Counts) -> None:
        self.rules, self.up, self.unseen = rules, up, unseen
        self.blackjack_card = {0: 9, 9: 0}.get(up)
        self.peeked = self.blackjack_card is not None and rules.peeks_with("A" if up == 0 else "T")

    @functools.cache  # noqa: B019 - one solver per test, freed with it
    def hole_weights(self, drawn: Counts) -> dict[int, Fraction]:
        """P(hole | the player's extra cards, clean peek): the hole card was dealt first."""
        weights: dict[int, Fraction] = {}
        for hole in range(10):
            if self.unseen[hole] == 0 or (self.peeked and hole == self.blackjack_card):
                continue
            # P(hole) * P(drawn | hole): the player's cards came from the shoe less the hole.
            chance = Fraction(self.unseen[hole], sum(self.unseen))
            left = _add(self.unseen, hole, -1)
            for value, count in enumerate(drawn):
                for k in range(count):
                    chance *= Fraction(max(left[value] - k, 0), 1)
            size = sum(left)
            for k in range(sum(drawn)):
                chance /= size - k
            if chance:
                weights[hole] = chance
        norm = sum(weights.values())
        return {h: w / norm for h, w in weights.items()}

    @functools.cache  # noqa: B019
    def stand(self, hand: Counts, drawn: Counts, wager: int = 1) -> Fraction:
        total = _total(hand)
        value = Fraction(0)
        for hole, weight in self.hole_weights(drawn).items():
            left = tuple(
                u - d - (i == hole) for i, (u, d) in enumerate(zip(self.unseen, drawn, strict=True))
            )
            outcomes = _dealer_after_hole(self.up, hole, left, self.rules.dealer_hits_soft_17)
            pay = outcomes[5] - outcomes[6]
            for final in range(17, 22):
                pay += outcomes[final - 17] * ((total > final) - (total < final))
            value += weight * pay
        return wager * value

    @functools.cache  # noqa: B019
    def next_card(self, drawn: Counts) -> dict[int, Fraction]:
        chances: dict[int, Fraction] = {}
        for hole, weight in self.hole_weights(drawn).items():
            left = [
                u - d - (i == hole) for i, (u, d) in enumerate(zip(self.unseen, drawn, strict=True))
            ]
            size = sum(left)
            for value in range(10):
                if left[value] > 0:
                    chances[value] = chances.get(value, Fraction(0)) + weight * Fraction(
                        left[value], size
                    )
        return chances

    def bust(self, drawn: Counts, wager: int) -> Fraction:
        """A bust loses the wager; with no peek a dealer blackjack takes it anyway."""
        return Fraction(-wager)

    @functools.cache  # noqa: B019
    def best(self, hand: Counts, drawn: Counts) -> Fraction:
        stand = self.stand(hand, drawn)
        if _total(hand) >= 21:
            return stand
        return max(stand, self.hit(hand, drawn))

    @functools.cache  # noqa: B019
    def hit(self, hand: Counts, drawn: Counts) -> Fraction:
        value = Fraction(0)
        for card, chance in self.next_card(drawn).items():
            after = _add(hand, card)
            if sum((i + 1) * c for i, c in enumerate(after)) > 21:
                value += chance * self.bust(drawn, 1)
            else:
                value += chance * self.best(after, _add(drawn, card))
        return value

    def double(self, hand: Counts, drawn: Counts = (0,) * 10) -> Fraction:
        value = Fraction(0)
        for card, chance in self.next_card(drawn).items():
            after = _add(hand, card)
            if sum((i + 1) * c for i, c in enumerate(after)) > 21:
                value += chance * self.bust(drawn, 2)
            else:
                value += chance * self.stand(after, _add(drawn, card), wager=2)
        return value


TINY = (1, 1, 2, 1, 1, 1, 1, 1, 1, 6)  # A, 2..9, T: 16 unseen cards


@pytest.mark.parametrize(
    ("table", "cards", "up"),
    [
        ("practice", "T6", "A"),  # peeked ace: Bayes on the hole card
        ("practice", "93", "T"),  # peeked ten
        ("practice", "A5", "6"),  # no blackjack possible
        ("night", "84", "T"),  # ten up, no peek: the blackjack takes the double too
        ("home", "72", "A"),
    ],
)
def test_matches_true_order_brute_force(table: str, cards: str, up: str) -> None:
    rules = PRESETS[table]
    solver = TrueOrderSolver(rules, value_index(up), TINY)
    hand = tuple(sum(value_index(c) == v for c in cards) for v in range(10))
    none: Counts = (0,) * 10
    got = analyse_shoe(rules, HandSpot(cards=tuple(cards), up=up), TINY)
    assert got.evs[Action.STAND] == pytest.approx(float(solver.stand(hand, none)), abs=1e-12)
    assert got.evs[Action.HIT] == pytest.approx(float(solver.hit(hand, none)), abs=1e-12)
    assert got.evs[Action.DOUBLE] == pytest.approx(float(solver.double(hand)), abs=1e-12)


def test_three_card_hand_matches_brute_force() -> None:
    rules = PRESETS["practice"]
    solver = TrueOrderSolver(rules, value_index("T"), TINY)
    hand = tuple(sum(value_index(c) == v for c in "T24") for v in range(10))
    got = analyse_shoe(rules, HandSpot(cards=("T", "2", "4"), up="T"), TINY)
    assert set(got.evs) == {Action.STAND, Action.HIT}
    none: Counts = (0,) * 10
    assert got.evs[Action.HIT] == pytest.approx(float(solver.hit(hand, none)), abs=1e-12)
