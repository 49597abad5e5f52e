"""The EV layer against a brute-force enumeration written here, sharing no code.

The brute force plays explicit card sequences: the dealer's hands are
enumerated card by card from the up card and hole card (with their
probabilities, each rank 1/13, ten-values 4/13), and the player's round is a
recursion over explicit hands: every legal action at every decision,
splitting into hands that get their second card when their turn begins,
the player maximising the expected total return of the round. Only the
numbers of the rules are restated here, by hand, from
``docs/rules/<table>.md``; nothing is imported from ``bjtrainer.ev`` but
the functions under test.

Expected agreement: 1e-9 (both are exact up to floating-point rounding).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import HandSpot, analyse, round_ev

# Independent draws: (point value, chance); an ace is 1.
DRAWS = [(value, (4 if value == 10 else 1) / 13) for value in range(1, 11)]
POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(v): v for v in range(2, 10)}
TOL = 1e-9


@dataclass(frozen=True)
class Table:
    """The rules, restated for the brute force."""

    dealer_hits_soft_17: bool
    peek_ace: bool
    peek_ten: bool
    natural_pays: float
    double_totals: frozenset[int]
    das: bool
    max_hands: int
    resplit_aces: bool
    surrender: bool


ANY_TOTAL = frozenset(range(2, 22))

# practice: docs/rules/practice.md.
PRACTICE = Table(False, True, True, 1.5, ANY_TOTAL, True, 4, False, True)
# night: docs/rules/night.md: peek with an ace only, no surrender.
NIGHT = Table(False, True, False, 1.5, ANY_TOTAL, True, 4, False, False)
# home: docs/rules/home.md: one split only, no DAS, no surrender.
HOME = Table(False, True, True, 1.5, ANY_TOTAL, False, 2, False, False)
# A variant exercising the other rules: H17, 6:5, RSA, double on 10 or 11
# only, no DAS, three hands at most.
VARIANT = Table(True, True, True, 1.2, frozenset({10, 11}), False, 3, True, True)
# No hole-card check at all (ENHC), no surrender.
NO_PEEK = Table(False, False, False, 1.5, ANY_TOTAL, True, 4, False, False)

RULES: dict[str, tuple[Rules, Table]] = {
    "practice": (PRESETS["practice"], PRACTICE),
    "night": (PRESETS["night"], NIGHT),
    "home": (PRESETS["home"], HOME),
    "variant": (
        PRESETS["practice"].model_copy(
            update={
                "id": "variant",
                "dealer_hits_soft_17": True,
                "blackjack_payout": "6:5",
                "resplit_aces": True,
                "double_on": "10_to_11",
                "double_after_split": False,
                "max_split_hands": 3,
            }
        ),
        VARIANT,
    ),
    "no_peek": (
        PRESETS["practice"].model_copy(
            update={"id": "no_peek", "peek": "none", "surrender": "none"}
        ),
        NO_PEEK,
    ),
}


def total(cards: tuple[int, ...]) -> tuple[int, bool]:
    """Best total and softness of explicit cards."""
    points = sum(cards)
    if 1 in cards and points + 10 <= 21:
        return points + 10, True
    return points, False


@cache
def dealer_hands(up: int, hits_soft_17: bool) -> dict[object, float]:
    """Every dealer hand from the up card, card by card: final state -> chance."""
    finals: dict[object, float] = defaultdict(float)

    def draw(cards: tuple[int, ...], chance: float) -> None:
        points, soft = total(cards)
        if len(cards) == 2 and points == 21:
            finals["blackjack"] += chance
        elif points > 21:
            finals["bust"] += chance
        elif points > 17 or (points == 17 and not (soft and hits_soft_17)):
            finals[points] += chance
        else:
            for value, p in DRAWS:
                draw((*cards, value), chance * p)

    for hole, p in DRAWS:
        draw((up, hole), p)
    return dict(finals)


def checks(table: Table, up: int) -> bool:
    return (up == 1 and table.peek_ace) or (up == 10 and table.peek_ten)


class Brute:
    """The player's round against one up card, by explicit enumeration."""

    def __init__(self, table: Table, up: int) -> None:
        self.table = table
        finals = dict(dealer_hands(up, table.dealer_hits_soft_17))
        if checks(table, up):  # after a clean peek: drop blackjack, renormalise
            no_blackjack = 1.0 - finals.pop("blackjack", 0.0)
            finals = {state: p / no_blackjack for state, p in finals.items()}
        self.finals = finals
        self.best = cache(self._best)
        self.rest = cache(self._rest)
        self.play_on = cache(self._play_on)

    def chances(self, cards: tuple[int, ...]) -> tuple[float, float, float]:
        """Win, push, loss of standing on these cards."""
        points, _ = total(cards)
        win = push = loss = 0.0
        for state, p in self.finals.items():
            if state == "bust" or (isinstance(state, int) and state < points):
                win += p
            elif state == points:
                push += p
            else:  # a higher total, or a blackjack
                loss += p
        return win, push, loss

    def stand(self, cards: tuple[int, ...]) -> float:
        win, _, loss = self.chances(cards)
        return win - loss

    def _play_on(self, cards: tuple[int, ...]) -> float:
        """Return of a hand that may only hit or stand from now (after a hit)."""
        points, _ = total(cards)
        if points > 21:
            return -1.0
        if points == 21:
            return self.stand(cards)
        hit = sum(p * self.play_on(tuple(sorted((*cards, v)))) for v, p in DRAWS)
        return max(self.stand(cards), hit)

    def _rest(self, rank: int, hands: int, pending: int) -> float:
        """Total return of the pending one-card hands, each dealt when its turn comes."""
        if pending == 0:
            return 0.0
        return sum(p * self.best((rank, v), rank, hands, pending - 1) for v, p in DRAWS)

    def _best(self, cards: tuple[int, ...], split_rank: int, hands: int, pending: int) -> float:
        return max(self.options(cards, split_rank, hands, pending).values())

    def options(
        self, cards: tuple[int, ...], split_rank: int, hands: int, pending: int
    ) -> dict[Action, float]:
        """Return of this hand and every pending hand, for each legal action now.

        ``split_rank`` is 0 for the original hand, else the rank of the pair
        the hand was split from.
        """
        table = self.table
        later = self.rest(split_rank, hands, pending)
        points, _ = total(cards)
        if points > 21:
            return {Action.STAND: -1.0 + later}  # busted: the action name is irrelevant
        if points == 21:
            return {Action.STAND: self.stand(cards) + later}
        two = len(cards) == 2
        split_ace = split_rank == 1
        result = {Action.STAND: self.stand(cards) + later}
        if not split_ace:  # after a hit the hand may only hit or stand
            hit = sum(p * self.play_on(tuple(sorted((*cards, v)))) for v, p in DRAWS)
            result[Action.HIT] = hit + later
        if (
            two
            and not split_ace
            and (split_rank == 0 or table.das)
            and points in table.double_totals
        ):
            one_more = 0.0
            for v, p in DRAWS:
                after = (*cards, v)
                one_more += p * (self.stand(after) if total(after)[0] <= 21 else -1.0)
            result[Action.DOUBLE] = 2.0 * one_more + later
        if (
            two
            and cards[0] == cards[1]
            and hands < table.max_hands
            and (cards[0] != 1 or split_rank == 0 or table.resplit_aces)
        ):
            rank = cards[0]
            # this hand keeps one card and draws now; the new hand waits with one card
            result[Action.SPLIT] = sum(
                p * self.best(tuple(sorted((rank, v))), rank, hands + 1, pending + 1)
                for v, p in DRAWS
            )
        if two and split_rank == 0 and table.surrender:
            result[Action.SURRENDER] = -0.5
        return result

    def spot_values(self, spot: HandSpot) -> dict[Action, float]:
        """EV of each action of one hand: the round's total minus what the other hands bring."""
        cards = tuple(sorted(POINTS[c] for c in spot.cards))
        rank = POINTS[spot.cards[0]] if spot.split_hand else 0
        hands, pending = spot.hands_in_round, spot.pending_split_hands
        later = self.rest(rank, hands, pending)
        return {
            action: value - later
            for action, value in self.options(cards, rank, hands, pending).items()
        }


def brute_round(table: Table) -> dict[int, float]:
    """EV of a round per up card: peek, naturals, best play of the first two cards."""
    by_up = {}
    for up, _ in DRAWS:
        brute = Brute(table, up)
        dealer_blackjack = dealer_hands(up, table.dealer_hits_soft_17).get("blackjack", 0.0)
        value = 0.0
        for first, p1 in DRAWS:
            for second, p2 in DRAWS:
                natural = {first, second} == {1, 10}
                if natural:
                    # pushes a dealer blackjack, except a ten up unchecked (paid at once)
                    pushes = checks(table, up) or up == 1
                    outcome = table.natural_pays * (1.0 - dealer_blackjack if pushes else 1.0)
                else:
                    played = brute.best(tuple(sorted((first, second))), 0, 1, 0)
                    if checks(table, up):  # a dealer blackjack ends the round at the peek
                        outcome = dealer_blackjack * -1.0 + (1.0 - dealer_blackjack) * played
                    else:
                        outcome = played
                value += p1 * p2 * outcome
        by_up[up] = value
    return by_up


def spot(cards: str, up: str, hands: int = 1, pending: int = 0) -> HandSpot:
    return HandSpot(
        cards=tuple(cards.split()),
        up=up,
        split_hand=hands > 1,
        hands_in_round=hands,
        pending_split_hands=pending,
    )


SPOTS: list[tuple[str, HandSpot]] = [
    # hard, soft, several cards, double, surrender
    ("practice", spot("T 6", "T")),
    ("practice", spot("A 7", "9")),
    ("practice", spot("5 4 7", "T")),
    ("practice", spot("A 2 3", "6")),
    ("practice", spot("6 5", "6")),
    ("practice", spot("9 7", "A")),
    # pairs, resplits included
    ("practice", spot("8 8", "T")),
    ("practice", spot("2 2", "5")),
    ("practice", spot("9 9", "9")),
    ("practice", spot("A A", "6")),
    ("practice", spot("K Q", "A")),
    # split hands: DAS, a resplit with a pending hand, the last allowed hand
    ("practice", spot("7 4", "6", hands=2, pending=1)),
    ("practice", spot("8 8", "T", hands=2, pending=1)),
    ("practice", spot("8 8", "7", hands=3, pending=0)),
    ("practice", spot("3 3", "4", hands=3, pending=1)),
    ("practice", spot("8 8", "T", hands=4, pending=2)),
    ("practice", spot("9 2 5", "T", hands=2, pending=1)),
    ("practice", spot("T 5", "A", hands=3, pending=2)),
    # night: a ten up is not checked, a hidden blackjack takes everything
    ("night", spot("T 6", "T")),
    ("night", spot("8 8", "T")),
    ("night", spot("5 6", "T")),
    ("night", spot("8 8", "T", hands=2, pending=1)),
    ("night", spot("A 7", "A")),
    # H17, 6:5, RSA, double 10-11 only, no DAS, three hands
    ("variant", spot("A 7", "2")),
    ("variant", spot("A 6", "A")),
    ("variant", spot("6 4", "9")),
    ("variant", spot("A A", "6")),
    ("variant", spot("A A", "6", hands=2, pending=1)),
    ("variant", spot("5 5", "6", hands=2, pending=1)),
    ("variant", spot("8 8", "6", hands=2, pending=0)),
    # home: one split only, no DAS
    ("home", spot("4 4", "5")),
    ("home", spot("8 8", "T")),
    ("home", spot("6 6", "3", hands=2, pending=1)),
    # no check at all: hidden blackjack under an ace too
    ("no_peek", spot("T 6", "A")),
    ("no_peek", spot("A A", "A")),
    ("no_peek", spot("T T", "T")),
]


@pytest.mark.parametrize(("table", "hand_spot"), SPOTS)
def test_analyse_agrees_with_brute_force(table: str, hand_spot: HandSpot) -> None:
    rules, restated = RULES[table]
    brute = Brute(restated, POINTS[hand_spot.up])
    expected = brute.spot_values(hand_spot)
    analysis = analyse(rules, hand_spot)
    assert set(analysis.evs) == set(expected)
    for action, value in expected.items():
        assert analysis.evs[action] == pytest.approx(value, abs=TOL), action
    best = max(expected.values())
    assert expected[analysis.best] == pytest.approx(best, abs=TOL)

    cards = tuple(POINTS[c] for c in hand_spot.cards)
    win, push, loss = brute.chances(cards)
    assert (analysis.stand_win, analysis.stand_push, analysis.stand_loss) == pytest.approx(
        (win, push, loss), abs=TOL
    )
    busting = sum(p for v, p in DRAWS if sum(cards) + v > 21)
    assert analysis.bust_next == pytest.approx(busting, abs=TOL)


@pytest.mark.parametrize("table", sorted(RULES))
@pytest.mark.slow
def test_round_ev_agrees_with_brute_force(table: str) -> None:
    rules, restated = RULES[table]
    expected = brute_round(restated)
    result = round_ev(rules)
    ranks = {1: "A", 10: "T"} | {v: str(v) for v in range(2, 10)}
    for up, value in expected.items():
        assert result.by_up[ranks[up]] == pytest.approx(value, abs=TOL), up
    overall = sum(p * expected[up] for up, p in DRAWS)
    assert result.expected_return == pytest.approx(overall, abs=TOL)
