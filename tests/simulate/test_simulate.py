"""The simulator (``docs/numbers.md``, "17. Simulation").

Three kinds of check: rounds stacked by hand whose net is worked out from
the rules pages; random rounds (many pairs, a random chart, so that every
branch is played) played both by the simulator and by the engine's own
:class:`~bjtrainer.engine.round.Round`, which must agree on every net and on
every card used; and seeded runs whose mean agrees with the exact figures
within 4 standard errors.
"""

from __future__ import annotations

import numpy as np
import pytest

from bjtrainer.engine.actions import HAND_ACTIONS
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.cards import RANKS
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.ev import round_ev
from bjtrainer.ev.exact.two_card import game_return
from bjtrainer.simulate import Shoes, make_plan, play_rounds, simulate
from bjtrainer.strategy import COLUMNS, ROWS, Chart, Code, cached_chart

PRACTICE = PRESETS["practice"]


def custom(base: Rules, **fields: object) -> Rules:
    """A validated copy of ``base`` with other fields, named after them."""
    data = base.model_dump()
    name = "-".join(f"{key}={value}" for key, value in fields.items())
    data.update(fields, id=f"{base.id}-{name}"[:40].replace(":", "."))
    return Rules.model_validate(data)


def ranks_of(cards: str) -> list[int]:
    """The simulator's ranks (0 = ace .. 12 = king) of cards written ``"9 7 T"``."""
    return [RANKS.index(rank) for rank in cards.split()]


def stacked_net(rules: Rules, cards: str, chart: Chart | None = None) -> float:
    """The simulator's net, in original wagers, of one round dealt ``cards`` in order."""
    plan = make_plan(rules, chart if chart is not None else cached_chart(rules))
    order = np.array([ranks_of(cards)])
    shoes = Shoes(np.random.default_rng(0), order)
    net = play_rounds(plan, shoes, np.arange(1))
    assert shoes.dealt[0] == len(order[0]), "every stacked card is dealt, no more"
    return float(net[0]) / plan.unit


# Cards in the order dealt: player, up card, player, hole card, then every
# card drawn (docs/rules/practice.md, "Order of a round").
@pytest.mark.parametrize(
    ("cards", "net"),
    [
        # 8,3 = 11 against a 6 doubles (Dh) and draws a ten: 21; the dealer's
        # 16 draws a 7 and busts: the doubled bet wins.
        ("8 6 3 T T 7", 2.0),
        # 8,8 against a 6 splits; the first 8 draws a 3 (11, doubled after
        # the split: DAS) and a ten, the second draws a ten (18, stands);
        # the dealer's 16 draws a 9 and busts: +2 and +1.
        ("8 6 8 T 3 T T 9", 3.0),
        # T,6 against a ten: the dealer checks (no blackjack), 16 against a
        # ten surrenders (Rh): half the bet.
        ("T T 6 7", -0.5),
        # A natural against a 9 is paid 3:2 at once.
        ("A 9 K 8", 1.5),
        # An ace up with a king below: the peek ends the round; hard 16 loses.
        ("9 A 7 K", -1.0),
        # The same peek against a natural: a push.
        ("A A K Q", 0.0),
        # 5,5 against a 4 doubles (10 against 4) and draws a 2: 12 stands on
        # a double; the dealer's 4,T draws a 7: 21. The doubled bet loses.
        ("5 4 5 T 2 7", -2.0),
        # A,A splits against a 7, each ace takes one card: 21 and 15; the
        # dealer's 17 stands: +1 and -1.
        ("A 7 A T T 4", 0.0),
    ],
)
def test_stacked_rounds_at_practice(cards: str, net: float) -> None:
    assert stacked_net(PRACTICE, cards) == net


def test_without_a_peek_late_surrender_loses_the_whole_bet_to_a_blackjack() -> None:
    """docs/numbers.md, "6. Surrender": late means after the check for blackjack.

    Where the dealer has not checked, a surrendered 16 against a ten loses
    the whole bet to the hidden ace; early surrender gets half back even then.
    """
    chart = cached_chart(PRACTICE)  # 16 against a ten: Rh
    late = custom(PRACTICE, peek="none", surrender="late")
    early = custom(PRACTICE, peek="none", surrender="early")
    assert stacked_net(late, "T T 6 A", chart) == -1.0
    assert stacked_net(early, "T T 6 A", chart) == -0.5
    assert stacked_net(late, "T T 6 7", chart) == -0.5


def test_at_night_a_ten_up_is_not_checked() -> None:
    """docs/rules/night.md: the dealer peeks only with an ace up.

    A double of 11 against a ten (Dh in the practice chart) loses both bets
    to the blackjack found after it; a natural is paid 3:2 at once, blackjack
    or not; 6:5 pays 1.2.
    """
    night = PRESETS["night"]
    chart = cached_chart(PRACTICE)
    assert stacked_net(night, "6 T 5 A 9", chart) == -2.0
    assert stacked_net(night, "A T K A", chart) == 1.5
    assert stacked_net(custom(night, blackjack_payout="6:5"), "A 5 K 8", chart) == 1.2


def random_chart(rules: Rules, seed: int) -> Chart:
    """A chart with a random code in every cell: every branch of play is reached."""
    rng = np.random.default_rng(seed)
    codes = list(Code)
    cells = {row: {c: codes[int(rng.integers(len(codes)))] for c in COLUMNS} for row in ROWS}
    return Chart(rules_id=rules.id, double_after_split=rules.double_after_split, codes=cells)


def engine_round(rules: Rules, chart: Chart, ranks: list[str]) -> tuple[float, int]:
    """The engine's net (original wagers) and cards used, the chart played by the Round."""
    from bjtrainer.strategy import chart_action

    shoe = Shoe.stacked(rules, ranks)
    round_ = Round(rules, shoe, Bankroll(10**9), 10)
    while round_.phase is not Phase.SETTLED:
        if round_.phase is Phase.INSURANCE:
            round_.decline_insurance()
            continue
        hand = round_.hands[round_.active]
        legal = [action for action in HAND_ACTIONS if action in round_.legal_actions()]
        cards = [card.rank for card in hand.cards]
        round_.apply(chart_action(chart, cards, round_.up_card.rank, legal))
    assert round_.result is not None
    return round_.result.net / 10, len(shoe.seen)


TABLES = [
    *PRESETS.values(),
    custom(PRACTICE, peek="none", dealer_hits_soft_17=True, blackjack_payout="6:5"),
    custom(PRACTICE, peek="ace", resplit_aces=True, max_split_hands=8, double_after_split=False),
    custom(PRACTICE, peek="none", surrender="early", double_on="10_to_11", resplit_aces=True),
    custom(PRACTICE, max_split_hands=1, double_on="9_to_11", surrender="none"),
    custom(PRACTICE, max_split_hands=3, resplit_aces=True, dealer_hits_soft_17=True),
]


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.id)
def test_every_round_is_the_engines_round(rules: Rules) -> None:
    """300 rounds, half of them dealt a pair: the same net and the same cards as the engine."""
    rng = np.random.default_rng(sum(map(ord, rules.model_dump_json())))
    rounds = 300
    order = rng.integers(0, 13, size=(rounds, 80))
    small = rng.random(order.shape) < 0.3  # more pairs after a split, and longer hands
    order[small] = rng.integers(0, 4, size=int(small.sum()))
    pairs = rng.random(rounds) < 0.5
    order[pairs, 2] = order[pairs, 0]
    for seed in (1, 2):
        chart = random_chart(rules, seed) if seed == 2 else cached_chart(PRACTICE)
        shoes = Shoes(np.random.default_rng(0), order)
        nets = play_rounds(make_plan(rules, chart), shoes, np.arange(rounds))
        unit = 2 * rules.blackjack_ratio.denominator
        for row in range(rounds):
            ranks = [RANKS[rank] for rank in order[row]]
            net, used = engine_round(rules, chart, ranks)
            assert (nets[row] / unit, int(shoes.dealt[row])) == (net, used), ranks[:used]


def test_the_cut_card_is_where_the_shoe_puts_it() -> None:
    """docs/rules/practice.md, "Shoe and penetration": reshuffle with fewer than 78 of 312 left."""
    plan = make_plan(PRACTICE, cached_chart(PRACTICE))
    shoes = Shoes.shuffled(np.random.default_rng(0), 3, 6)
    shoes.dealt[:] = [233, 234, 235]
    assert shoes.needs_shuffle(plan).tolist() == [False, False, True]
    home = PRESETS["home"]
    shoes = Shoes.shuffled(np.random.default_rng(0), 2, 1)
    shoes.dealt[:] = [0, 4]
    assert shoes.needs_shuffle(make_plan(home, cached_chart(home))).tolist() == [False, True]


def test_a_dry_shoe_gets_its_discards_back_behind_the_cards_on_the_table() -> None:
    """Shoe.reshuffle_discards: the round's cards stay, the discards are dealt next."""
    plan = make_plan(PRACTICE, cached_chart(PRACTICE))
    # Round 1: 9,8 against 7 (hole T): stand, dealer 17. Round 2: T,6 against a
    # 2, hole 4: 16 stands against a 2; the dealer's 6 needs cards and the
    # shoe is dry: the four discards come back, 9 8 7 T in some order.
    order = np.array([ranks_of("9 7 8 T T 2 6 4")])
    shoes = Shoes(np.random.default_rng(3), order)
    play_rounds(plan, shoes, np.arange(1))
    play_rounds(plan, shoes, np.arange(1))
    table = [RANKS[rank] for rank in shoes.cards[0, :4]]
    assert table == ["T", "2", "6", "4"]
    assert sorted(RANKS[rank] for rank in shoes.cards[0, 4:]) == ["7", "8", "9", "T"]
    assert shoes.dealt[0] > 4


@pytest.mark.parametrize("name", list(PRESETS))
def test_infinite_deck_agrees_with_the_house_edge(name: str) -> None:
    """Within 4 standard errors of ``bjtrainer edge`` (docs/numbers.md, section 14).

    The chart is the table's (six decks, one at ``home``), not best play on
    independent draws: under 0.01% apart at six decks, about 0.06% at
    ``home`` (docs/numbers.md, section 17), below the standard error of 1.5
    million rounds (about 0.09%).
    """
    rules = PRESETS[name]
    result = simulate(rules, 1_500_000, seed=2026, shoe="infinite")
    exact = round_ev(rules).expected_return
    assert 0.0008 < result.standard_error < 0.0011
    assert abs(result.mean - exact) < 4 * result.standard_error


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_real_shoe_agrees_with_the_exact_full_shoe_return(name: str) -> None:
    """Within 4 standard errors of the exact return of a round from a full shoe.

    ``ev.exact.two_card.game_return`` (docs/numbers.md, section 16) plays
    the first round of a freshly shuffled shoe as well as possible for the
    cards held; later rounds and the chart's total-dependent play move the
    figure by a few hundredths of a percent, far below the 0.2% standard
    error of 300,000 rounds. At ``home`` (one deck, shuffled every round) it
    is 0.7% above the independent-draw edge, which this run tells apart.
    """
    rules = PRESETS[name]
    result = simulate(rules, 300_000, seed=7, shoe="real")
    assert abs(result.mean - game_return(rules)) < 4 * result.standard_error


@pytest.mark.slow
def test_the_result_of_a_seed_does_not_depend_on_the_jobs() -> None:
    one = simulate(PRESETS["night"], 300_000, seed=11, shoe="real", jobs=1)
    two = simulate(PRESETS["night"], 300_000, seed=11, shoe="real", jobs=2)
    assert (one.mean, one.standard_error, one.rounds) == (two.mean, two.standard_error, 300_000)
    other = simulate(PRESETS["night"], 300_000, seed=12, shoe="real")
    assert other.mean != one.mean


def test_chunk_i_plays_from_the_seeds_ith_spawned_child() -> None:
    from bjtrainer.simulate.run import CHUNK_ROUNDS, Tally, play_chunk

    rounds = 2 * CHUNK_ROUNDS + 10
    plan = make_plan(PRACTICE, cached_chart(PRACTICE))
    children = np.random.SeedSequence(5).spawn(3)
    sizes = [CHUNK_ROUNDS, CHUNK_ROUNDS, 10]
    tally = Tally(0, 0, 0)
    for child, size in zip(children, sizes, strict=True):
        tally += play_chunk(plan, "infinite", child, size)
    result = simulate(PRACTICE, rounds, seed=5)
    assert result.rounds == tally.rounds == rounds
    assert result.mean == tally.total / rounds / plan.unit
