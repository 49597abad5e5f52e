"""A table's rules and chart as the lookup tables the simulator plays from.

Every decision of basic strategy is read once here, through the same
:func:`bjtrainer.strategy.chart_action` the grading reads (the chart cell of
:mod:`bjtrainer.strategy.cells`, the code resolved against the actions the
rules allow, :func:`bjtrainer.engine.legality.allowed_actions`), and written
into small numpy arrays. The simulator then plays arrays of rounds by
indexing them: no Python object per card (``docs/numbers.md``, "17.
Simulation").

Encodings (every array of this module uses them):

card
    its rank, 0 (ace), 1 (two) .. 8 (nine), 9 to 12 (T, J, Q, K).
hand state
    ``hard | ace << 5``: ``hard`` the sum with every ace counted 1, capped
    at 31 (a bust); ``ace`` whether the hand holds an ace. 64 states; the
    empty hand is 0. :data:`NEXT` adds a card, :data:`TOTAL` gives the
    total (soft where an ace counts 11 without busting). A dealer state can
    also be :data:`BLACKJACK`: a dealer natural the dealer did not check for.
deal key
    the round's first four cards in the order dealt (player, up card,
    player, hole card) as one number, ``((p1 * 13 + up) * 13 + p2) * 13 +
    hole``, 0 to 13**4 - 1.
action
    :data:`STAND`, :data:`HIT`, :data:`DOUBLE`, :data:`SPLIT`, or
    :data:`SETTLED` (the round is over after the deal: a peeked dealer
    blackjack, a natural, a surrender).
money
    whole *scale units*: ``Plan.unit`` of them make one original wager, so
    that every net of a round is a whole number (``2 * stake`` for a
    ``win:stake`` natural payout: 3:2 pays 6 of 4, surrender returns 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil

import numpy as np
import numpy.typing as npt

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE, RANKS
from bjtrainer.engine.legality import allowed_actions
from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import Chart, chart_action

__all__ = [
    "BLACKJACK",
    "DOUBLE",
    "HIT",
    "NET_OFFSET",
    "NEXT",
    "SETTLED",
    "SPLIT",
    "STAND",
    "TOTAL",
    "Plan",
    "make_plan",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

STAND, HIT, DOUBLE, SPLIT, SETTLED = 0, 1, 2, 3, 4
_SURRENDER = 5  # read from the chart; settled at the deal
_CODE: dict[Action, int] = {
    Action.STAND: STAND,
    Action.HIT: HIT,
    Action.DOUBLE: DOUBLE,
    Action.SPLIT: SPLIT,
    Action.SURRENDER: _SURRENDER,
}

#: Hand states: ``hard | ace << 5``; dealer states add :data:`BLACKJACK`.
STATES = 64
BLACKJACK = 64
_HARD = 31
#: Ranks 0..12 (A, 2..9, T, J, Q, K) and their values.
CARDS = 13
_VALUES = [RANK_VALUE[rank] for rank in RANKS]
#: The rank read for a value (1 to 10; T for any ten-value).
_RANK_OF = ("", *RANKS[:10])
#: Offset of a settled round's net in a packed deal entry (nets stay far below it).
NET_OFFSET = 1 << 40


def _next_table() -> IntArray:
    """``NEXT[state * 16 + rank]``: the state after one more card (shape (64 * 16,))."""
    table = np.zeros((STATES, 16), dtype=np.int64)
    for state in range(STATES):
        hard, ace = state & _HARD, state >> 5
        for rank, value in enumerate(_VALUES):
            table[state, rank] = min(hard + value, _HARD) | (int(ace or value == 1) << 5)
    return table.reshape(-1)


def _total_table() -> IntArray:
    """``TOTAL[state]``: the hand's total, soft where an ace counts 11 (over 21: bust)."""
    table = np.zeros(STATES + 1, dtype=np.int64)
    for state in range(STATES):
        hard, ace = state & _HARD, state >> 5
        table[state] = hard + 10 if ace and hard + 10 <= 21 else hard
    table[BLACKJACK] = 21
    return table


#: The state after a card: ``NEXT[state * 16 + rank]``.
NEXT: IntArray = _next_table()
#: The total of a state, 0 to 31 (21 for :data:`BLACKJACK`).
TOTAL: IntArray = _total_table()


def _soft(state: int) -> bool:
    hard = state & _HARD
    return bool(state >> 5) and hard + 10 <= 21


def _cards_of(state: int) -> list[str] | None:
    """Ranks making this state (at most three cards), or None for a state no hand has."""
    hard, ace = state & _HARD, bool(state >> 5)
    rest = hard - 1 if ace else hard
    head = ["A"] if ace else []
    if rest == 0:
        return head or None
    if rest == 1:
        return ["A", "A"] if ace else None
    if rest <= 10:
        return [*head, RANKS[rest - 1]]
    if rest <= 20:
        low = rest - 10 if rest - 10 >= 2 else 2
        return [*head, RANKS[rest - low - 1], RANKS[low - 1]]
    return None


@dataclass(frozen=True)
class Plan:
    """Everything the simulator reads of a table, as arrays and numbers.

    Attributes
    ----------
    rules_id : str
    decks : int
    shuffle_every_round : bool
    reshuffle_below : int
        The shoe is reshuffled between rounds when fewer cards than this are
        left: ``ceil((1 - penetration) * 52 * decks)`` (``Shoe.needs_shuffle``).
    unit : int
        Scale units per original wager (``2 * stake``).
    max_hands : int
        ``rules.max_split_hands``.
    deal : numpy.ndarray
        Shape (13**4,) int, by deal key, packed: the action (bits 0-2), the
        player's state (bits 3-8), the dealer's state (bits 9-15,
        :data:`BLACKJACK` for an unchecked dealer natural) and, for a
        :data:`SETTLED` round, its net plus :data:`NET_OFFSET` (bits 16 and up).
    split_hand : numpy.ndarray
        Shape (13 * 13 * 13 * 2,) int, ``[((up * 13 + pair) * 13 + card2) * 2
        + full]``: the play of a split hand of the pair card and ``card2``
        (:data:`STAND`, :data:`HIT`, :data:`DOUBLE` or :data:`SPLIT`),
        ``full`` when the round already has ``max_hands`` hands.
    hits_on : numpy.ndarray
        Shape (13 * 64,) bool, ``[up * 64 + state]``: a hand of three cards
        or more hits (False at 21 and over).
    dealer_hits : numpy.ndarray
        Shape (65,) bool, by dealer state: the dealer draws (below 17, or
        soft 17 at H17; never with :data:`BLACKJACK`).
    sign : numpy.ndarray
        Shape (64 * 65,) int, ``[player * 65 + dealer]``: +1, 0 or -1 per
        unit wagered by a hand in that final state against the dealer's
        (a bust or a dealer blackjack loses).
    """

    rules_id: str
    decks: int
    shuffle_every_round: bool
    reshuffle_below: int
    unit: int
    max_hands: int
    deal: IntArray
    split_hand: IntArray
    hits_on: BoolArray
    dealer_hits: BoolArray
    sign: IntArray


def reshuffle_below(rules: Rules) -> int:
    """``ceil((1 - penetration) * size)``, exact as ``Shoe.needs_shuffle`` reads it."""
    kept = 1 - Fraction(repr(rules.penetration))
    return ceil(kept * 52 * rules.decks)


def _play(chart: Chart, ranks: list[str], up: str, legal: tuple[Action, ...]) -> int:
    return _CODE[chart_action(chart, ranks, up, legal)]


def _sign_table() -> IntArray:
    table = np.zeros((STATES, STATES + 1), dtype=np.int64)
    for player in range(STATES):
        for dealer in range(STATES + 1):
            mine, theirs = int(TOTAL[player]), int(TOTAL[dealer])
            if mine > 21 or dealer == BLACKJACK:
                table[player, dealer] = -1
            elif theirs > 21:
                table[player, dealer] = 1
            else:
                table[player, dealer] = (mine > theirs) - (mine < theirs)
    return table.reshape(-1)


def _deal_table(rules: Rules, chart: Chart) -> IntArray:
    """:attr:`Plan.deal`: every deal of four ranks, packed (shape (13**4,))."""
    win, stake = rules.blackjack_ratio.numerator, rules.blackjack_ratio.denominator
    unit = 2 * stake
    # The chart's play of the original hand depends on the cards' values only.
    play = np.zeros((11, 11, 11), dtype=np.int64)  # [up, first, second] by value
    for up in range(1, 11):
        for first in range(1, 11):
            for second in range(1, 11):
                ranks = [_RANK_OF[first], _RANK_OF[second]]
                legal = allowed_actions(rules, ranks, from_split=False, hands=1)
                play[up, first, second] = _play(chart, ranks, _RANK_OF[up], legal)
    cards = np.indices((CARDS,) * 4).reshape(4, -1)  # ranks in the order dealt
    v1, vu, v2, vh = np.array(_VALUES, dtype=np.int64)[cards]
    natural = (v1 + v2 == 11) & ((v1 == 1) | (v2 == 1))
    blackjack = (vu + vh == 11) & ((vu == 1) | (vh == 1))
    peeked = np.array([False, *(rules.peeks_with(_RANK_OF[v]) for v in range(1, 11))])[vu]
    player = NEXT[NEXT[cards[0]] * 16 + cards[2]]
    dealer = np.where(blackjack, BLACKJACK, NEXT[NEXT[cards[1]] * 16 + cards[3]])
    action = play[vu, v1, v2]
    # A natural is paid at once, but pushed by a dealer natural found at the
    # peek or behind an unchecked ace; any other hand loses at the peek.
    net = np.where(natural, np.where(blackjack & (peeked | (vu == 1)), 0, 2 * win), 0)
    net = np.where(blackjack & peeked & ~natural, -unit, net)
    # Late surrender where the dealer has not checked: a blackjack takes it all.
    lost = blackjack & (rules.surrender == "late")
    net = np.where(action == _SURRENDER, np.where(lost, -unit, -unit // 2), net)
    done = natural | (blackjack & peeked) | (action == _SURRENDER)
    action = np.where(done, SETTLED, action)
    packed: IntArray = action | player << 3 | dealer << 9 | (net + NET_OFFSET) << 16
    return packed


def make_plan(rules: Rules, chart: Chart) -> Plan:
    """Read every decision of ``chart`` at ``rules`` into the simulator's tables.

    Parameters
    ----------
    rules : Rules
        The table: every rule of play is read (``dealer_hits_soft_17``,
        ``peek``, ``blackjack_payout``, ``double_on``, ``double_after_split``,
        ``max_split_hands``, ``resplit_aces``, ``surrender``) and the shoe's
        ``decks``, ``penetration`` and ``shuffle_every_round``.
    chart : Chart
        The table's basic-strategy chart (``docs/numbers.md``, "12. The
        basic-strategy chart").

    Returns
    -------
    Plan
    """
    stake = rules.blackjack_ratio.denominator
    deal = _deal_table(rules, chart)
    dealer_hits = np.zeros(STATES + 1, dtype=np.bool_)
    for state in range(STATES):
        total = int(TOTAL[state])
        dealer_hits[state] = total < 17 or (
            total == 17 and _soft(state) and rules.dealer_hits_soft_17
        )
    # Split hands and hits depend on the cards' values only: by value, then by rank.
    split_hand = np.zeros((11, 11, 11, 2), dtype=np.int64)  # [up, pair, second, full]
    hits_on = np.zeros((11, STATES), dtype=np.bool_)
    for up in range(1, 11):
        for pair in range(1, 11):
            for second in range(1, 11):
                ranks = [_RANK_OF[pair], _RANK_OF[second]]
                for full in (0, 1):
                    hands = rules.max_split_hands - 1 + full
                    legal = allowed_actions(rules, ranks, from_split=True, hands=hands)
                    split_hand[up, pair, second, full] = _play(chart, ranks, _RANK_OF[up], legal)
        for state in range(STATES):
            cards = _cards_of(state)
            if cards is None or TOTAL[state] >= 21:
                continue
            hit = _play(chart, cards, _RANK_OF[up], (Action.STAND, Action.HIT)) == HIT
            hits_on[up, state] = hit
    value = np.array(_VALUES, dtype=np.int64)
    split_hand = split_hand[value[:, None, None], value[None, :, None], value[None, None, :]]
    hits_on = hits_on[value]
    return Plan(
        rules_id=rules.id,
        decks=rules.decks,
        shuffle_every_round=rules.shuffle_every_round,
        reshuffle_below=reshuffle_below(rules),
        unit=2 * stake,
        max_hands=rules.max_split_hands,
        deal=deal,
        split_hand=split_hand.reshape(-1),
        hits_on=hits_on.reshape(-1),
        dealer_hits=dealer_hits,
        sign=_sign_table(),
    )
