"""Splitting for a finite shoe: exact with one split, resplits by the CDP method."""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import HandSpot
from bjtrainer.ev.exact.composition import value_index
from bjtrainer.ev.exact.split import round_weights
from bjtrainer.ev.exact.spot import analyse_shoe
from bjtrainer.ev.exact.two_card import two_card_table
from tests.ev.exact.test_exact_player import (
    TINY,
    Counts,
    TrueOrderSolver,
    _add,
    _dealer_after_hole,
    _total,
)
from tests.ev.oracles.cdp_split import by_patterns, split_ev
from tests.ev.oracles.finite_deck import add_card, dealer_joint, one_deck, remove


def brute_force_patterns(
    pairs: int, others: int, max_hands: int
) -> dict[tuple[str, int, int], Fraction]:
    """Deal second cards one hand at a time from ``pairs`` pair cards and ``others`` others.

    A hand that draws a pair card while fewer than ``max_hands`` hands exist
    is split again (``docs/rules/practice.md``, "Splits"). Returns the
    expected number of hands of each kind: ``("N", a, b)`` whose second card
    is not a pair card and ``("x", a, b)`` dealt once the round is full, in
    rounds with ``a`` resplits and ``b`` other hands' non-pair second cards.
    """
    found: dict[tuple[str, int, int], Fraction] = {}

    def deal(hands: list[str], current: int, p: int, q: int, chance: Fraction, full: bool) -> None:
        if current == len(hands):
            resplits, n_count = len(hands) - 2, hands.count("N")
            for kind in hands:
                key = (kind, resplits, n_count - (kind == "N"))
                found[key] = found.get(key, Fraction(0)) + chance
            return
        if full:
            hands[current] = "x"
            deal(hands, current + 1, p, q, chance, full)
            hands[current] = "?"
            return
        left = p + q
        if p:
            grown = [*hands, "?"]
            now_full = len(grown) == max_hands
            deal(grown, current, p - 1, q, chance * Fraction(p, left), now_full)
        if q:
            hands[current] = "N"
            deal(hands, current + 1, p, q - 1, chance * Fraction(q, left), full)
            hands[current] = "?"

    deal(["?", "?"], 0, pairs, others, Fraction(1), max_hands == 2)
    return found


def _weights(pairs: int, others: int, max_hands: int) -> dict[tuple[str, int, int], float]:
    n_hands, x_hands = round_weights(pairs, others, max_hands)
    return {**{("N", *k): w for k, w in n_hands}, **{("x", *k): w for k, w in x_hands}}


@pytest.mark.parametrize(("pairs", "others"), [(2, 47), (3, 13), (22, 287), (1, 5), (0, 9)])
@pytest.mark.parametrize("max_hands", [2, 3, 4, 5])
def test_resplit_patterns_match_card_by_card_enumeration(
    pairs: int, others: int, max_hands: int
) -> None:
    got = _weights(pairs, others, max_hands)
    want = {
        key: float(value) for key, value in brute_force_patterns(pairs, others, max_hands).items()
    }
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert got[key] == pytest.approx(value, abs=1e-15), key


def test_three_hand_patterns_are_mgps_table() -> None:
    """MGP, "Calculating Split EVs Exactly" (blackjackinfo.com), SPL2 rounds.

    NN: 2 EV(N) with chance p(N) p(N); Pxxx: 3 EV(x) with p(P); NPxx:
    EV(N) + 2 EV(x) with p(N) p(P); here with cards drawn without replacement.
    Each N hand of NN knows the other's non-pair card (b = 1); the x hands of
    NPxx know the first hand's (b = 1), those of Pxxx none.
    """
    p, q = 3, 13
    nn = Fraction(q, p + q) * Fraction(q - 1, p + q - 1)
    pxxx = Fraction(p, p + q)
    npxx = Fraction(q, p + q) * Fraction(p, p + q - 1)
    assert _weights(p, q, 3) == pytest.approx(
        {
            ("N", 0, 1): float(2 * nn),
            ("N", 1, 0): float(npxx),
            ("x", 1, 0): float(3 * pxxx),
            ("x", 1, 1): float(2 * npxx),
        }
    )


class TwoHandSplit:
    """Both split hands played in the true order of the deal, each on its own cards.

    The hole card is dealt first (after a peek, never the blackjack card),
    then hand one draws, then hand two, then the dealer. Each hand follows
    the optimal single-hand policy for its own cards (from the Bayesian
    :class:`TrueOrderSolver`), with double after split.
    """

    def __init__(self, table: str, pair: str, up: str, unseen: Counts) -> None:
        self.rules = PRESETS[table].model_copy(update={"id": f"{table}-2", "max_split_hands": 2})
        self.pair, self.up, self.unseen = value_index(pair), value_index(up), unseen
        self.solver = TrueOrderSolver(self.rules, self.up, unseen)
        self.start = _add((0,) * 10, self.pair)

    @functools.cache  # noqa: B019 - one object per test
    def action(self, hand: Counts, drawn: Counts) -> str:
        if _total(hand) >= 21:
            return "stand"
        options = {"stand": self.solver.stand(hand, drawn), "hit": self.solver.hit(hand, drawn)}
        if sum(hand) == 2 and self.rules.double_after_split:
            options["double"] = self.solver.double(hand, drawn)
        return max(options, key=options.__getitem__)

    @functools.cache  # noqa: B019
    def play(self, left: Counts) -> list[tuple[Fraction, int, int, Counts]]:
        """Outcomes of one split hand: (chance, final total or 99 if bust, wager, cards left)."""
        results = []

        def step(hand: Counts, drawn: Counts, chance: Fraction, shoe: Counts, wager: int) -> None:
            if sum((i + 1) * c for i, c in enumerate(hand)) > 21:
                results.append((chance, 99, wager, shoe))
                return
            move = "hit" if sum(hand) == 1 else self.action(hand, drawn)
            if move == "stand" or wager == 2:
                results.append((chance, _total(hand), wager, shoe))
                return
            size = sum(shoe)
            for card in range(10):
                if shoe[card]:
                    step(
                        _add(hand, card),
                        _add(drawn, card),
                        chance * Fraction(shoe[card], size),
                        _add(shoe, card, -1),
                        2 if move == "double" else 1,
                    )

        step(self.start, (0,) * 10, Fraction(1), left, 1)
        return results

    def value(self) -> Fraction:
        total = Fraction(0)
        weights = {
            h: Fraction(self.unseen[h])
            for h in range(10)
            if self.unseen[h] and not (self.solver.peeked and h == self.solver.blackjack_card)
        }
        norm = sum(weights.values())
        for hole, weight in weights.items():
            after_hole = _add(self.unseen, hole, -1)
            for c1, t1, w1, shoe1 in self.play(after_hole):
                for c2, t2, w2, shoe2 in self.play(shoe1):
                    dealer = _dealer_after_hole(
                        self.up, hole, shoe2, self.rules.dealer_hits_soft_17
                    )
                    for final_total, wager in ((t1, w1), (t2, w2)):
                        if final_total == 99:
                            pay = -Fraction(1)
                        else:
                            pay = dealer[5] - dealer[6]
                            for final in range(17, 22):
                                pay += dealer[final - 17] * (
                                    (final_total > final) - (final_total < final)
                                )
                        total += weight / norm * c1 * c2 * wager * pay
        return total


@pytest.mark.parametrize(
    ("table", "pair", "up"),
    [("practice", "8", "6"), ("practice", "7", "T"), ("night", "9", "T"), ("practice", "4", "5")],
)
@pytest.mark.slow
def test_one_split_is_exact(table: str, pair: str, up: str) -> None:
    """With no resplit the split value is exact (module docstring): both hands, true deal order."""
    split = TwoHandSplit(table, pair, up, TINY)
    got = analyse_shoe(split.rules, HandSpot(cards=(pair, pair), up=up), TINY)
    assert got.evs[Action.SPLIT] == pytest.approx(float(split.value()), abs=1e-12)


def test_split_aces_take_one_card() -> None:
    """Split aces, no resplit: each ace stands on one card, so the value is two stands."""
    rules = PRESETS["practice"]
    unseen = TINY
    solver = TrueOrderSolver(rules, value_index("6"), unseen)
    ace = _add((0,) * 10, 0)
    expected = Fraction(0)
    for card, chance in solver.next_card((0,) * 10).items():
        expected += chance * solver.stand(_add(ace, card), _add((0,) * 10, card))
    got = analyse_shoe(rules, HandSpot(cards=("A", "A"), up="6"), unseen)
    assert got.evs[Action.SPLIT] == pytest.approx(float(2 * expected), abs=1e-12)


# One deck, every pair against every up card: (DAS, RSA, most hands, peek).
CDP_TABLES = [
    (True, False, 4, "ace_or_ten"),
    (False, False, 4, "ace_or_ten"),
    (True, True, 4, "ace_or_ten"),
    (False, True, 4, "ace_or_ten"),
    (True, False, 3, "ace_or_ten"),
    (True, False, 4, "ace"),  # a ten up is not checked: its blackjack takes every split hand
]


@pytest.mark.slow
def test_resplits_equal_the_cdp_brute_force() -> None:
    """Every one-deck split value equals the independent CDP oracle to 1e-9.

    The oracle (``tests/ev/oracles/cdp_split.py``) deals the round's second
    cards one at a time and values each hand by inclusion-exclusion over the
    other hands' non-pair cards, on its own single-hand model; the module
    here walks the same patterns and removes those cards by the recursion of
    :mod:`bjtrainer.ev.exact.split`. (Both also agree with Eric Farmer's
    ``strategy`` program, CDP, to its printed precision, 1e-11.) One test for
    the six tables, so that one process fills the oracle's caches (about
    15 s of CPU; the tables after the first reuse them).
    """
    for das, rsa, most, peek in CDP_TABLES:
        rules = PRESETS["practice"].model_copy(
            update={
                "id": f"cdp-1d-{das}-{rsa}-{most}-{peek}",
                "decks": 1,
                "double_after_split": das,
                "resplit_aces": rsa,
                "max_split_hands": most,
                "peek": peek,
            }
        )
        table = two_card_table(rules)
        for pair in range(1, 11):
            for up in range(1, 11):
                shoe = remove(one_deck(), pair, pair, up)
                hands = most if pair != 1 or rsa else 2
                rank = "A" if up == 1 else "T" if up == 10 else str(up)
                want = split_ev(pair, up, shoe, hands, peeked=rules.peeks_with(rank), das=das)
                got = table.split[up - 1, pair - 1]
                assert got == pytest.approx(want, abs=1e-9), (rules.id, pair, up)


def _hits(total: int, soft: bool) -> bool:
    """One fixed play for every split hand: hit hard totals below 13, soft below 18."""
    return total < (18 if soft else 13)


def _play_out(total: int, soft: bool, shoe: Counts) -> list[tuple[float, int, Counts]]:
    """(chance, final total or 99 for a bust, cards left) of a hand played by :func:`_hits`."""
    if total > 21:
        return [(1.0, 99, shoe)]
    if not _hits(total, soft):
        return [(1.0, total, shoe)]
    size, found = sum(shoe), []
    for value in range(1, 11):
        if shoe[value - 1]:
            after = remove(shoe, value)
            for chance, final, left in _play_out(*add_card(total, soft, value), after):
                found.append((shoe[value - 1] / size * chance, final, left))
    return found


def _pay(final: int, up: int, shoe: Counts) -> float:
    """Return of a hand's final total against the dealer drawing from ``shoe`` (no peek)."""
    if final == 99:
        return -1.0
    dealer = dealer_joint(up, shoe, False)
    return sum(q * ((f > 21 or final > f) - (final < f)) for f, q in dealer.items())


@pytest.mark.slow
def test_with_one_fixed_play_the_patterns_are_the_true_deal() -> None:
    """The oracle's pattern sum is the round's exact EV when every hand plays one fixed way.

    A true deal on a 28-card shoe: 8,8 against a 6, resplits to 4 hands;
    each hand gets its second card when its turn comes (a pair card splits
    again), is played out before the next, and the dealer draws last, from
    what is left. Against that, :func:`tests.ev.oracles.cdp_split.by_patterns`
    with each hand's value from the shoe with ``a`` more pair cards out.
    """
    pair, up, most = 8, 6, 4
    shoe = remove((2, 2, 2, 3, 2, 2, 2, 4, 2, 7), pair, pair, up)  # two 8s left: 4 hands

    @functools.cache
    def deal(finished: tuple[int, ...], waiting: int, hands: int, left: Counts) -> float:
        """EV of the rest of the round: hands done (sorted totals), hands waiting, cards left."""
        if waiting == 0:
            return sum(_pay(final, up, left) for final in finished)
        size, value_sum = sum(left), 0.0
        for card in range(1, 11):
            count = left[card - 1]
            if not count:
                continue
            after = remove(left, card)
            if card == pair and hands < most:
                value_sum += count / size * deal(finished, waiting + 1, hands + 1, after)
                continue
            start = add_card(*add_card(0, False, pair), card)
            for chance, final, rest in _play_out(*start, after):
                done = tuple(sorted((*finished, final)))
                value_sum += count / size * chance * deal(done, waiting - 1, hands, rest)
        return value_sum

    def base(kind: str, a: int) -> float:
        left = shoe
        for _ in range(a):
            left = remove(left, pair)
        size, any_card, other, other_chance = sum(left), 0.0, 0.0, 0.0
        for card in range(1, 11):
            count = left[card - 1]
            if not count:
                continue
            start = add_card(*add_card(0, False, pair), card)
            outcomes = _play_out(*start, remove(left, card))
            worth = count / size * sum(q * _pay(f, up, rest) for q, f, rest in outcomes)
            any_card += worth
            if card != pair:
                other, other_chance = other + worth, other_chance + count / size
        return any_card if kind == "x" else other / other_chance

    pairs = shoe[pair - 1]
    got = by_patterns(base, pairs, sum(shoe) - pairs, most)
    assert got == pytest.approx(deal((), 2, 2, shoe), abs=1e-12)
