"""One decision about one player hand: the legal actions and their values.

Dimensions as in :mod:`bjtrainer.ev.independent.draws`: U = 10 up cards, T = 22 totals,
H = 22 hard sums, A = 2 ace flag. Every figure is a look-up in the
:class:`~bjtrainer.ev.independent.solution.Solution` of the table, solved once per
:class:`Rules`.

What the rules allow (``shared/RULES.md``, ``003_2bdd88f24671a4ec.txt``):
stand always; hit except on split aces; double on the first two cards of a
hand whose total ``Rules.may_double_total`` allows, after a split only with
DAS, never on split aces; split two cards of equal value while the round has
fewer than ``max_split_hands`` hands (a split ace only with RSA); late
surrender on the first two cards of the original hand only.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.independent.dealer import up_index
from bjtrainer.ev.independent.draws import ACE, BUST_NEXT, RANK_INDEX, best_total
from bjtrainer.ev.independent.solution import solve

#: Expected return of late surrender: half the wager back, exactly
#: (``003_2bdd88f24671a4ec.txt``: "Late surrender then returns half your
#: original wager"). Chip settlement rounds half chips down; the EV does not.
SURRENDER_EV = -0.5


@dataclass(frozen=True)
class HandSpot:
    """A decision about one player hand.

    Attributes
    ----------
    cards : tuple[str, ...]
        The hand's ranks in the order dealt, as in ``engine.cards.RANKS``;
        J, Q and K count as T.
    up : str
        The dealer's up-card rank.
    split_hand : bool
        The hand came from a split: no surrender, double only with DAS, and
        an ace and a ten make 21, not a natural.
    hands_in_round : int
        Hands the player has now, this one included (1 .. ``max_split_hands``).
    pending_split_hands : int
        Later hands still holding one card of this hand's first rank (they
        get their second card when their turn begins).
    """

    cards: tuple[str, ...]
    up: str
    split_hand: bool = False
    hands_in_round: int = 1
    pending_split_hands: int = 0


@dataclass(frozen=True)
class SpotAnalysis:
    """The figures behind the Hint and the Why of one spot.

    Every expected return is per unit of the hand's original wager, for
    independent draws (each rank 1/13, ten-values 4/13), never reading the
    hole card or the shoe.

    Attributes
    ----------
    evs : Mapping[Action, float]
        Expected return of every action the rules allow in this spot (chips
        not considered), in display order stand, hit, double, split,
        surrender. A double risks two units; surrender is -0.5; split is the
        change in the expected return of the round (see
        :mod:`bjtrainer.ev.independent.split`).
    best : Action
        The action with the highest EV (the first in display order on a tie).
    bust_next : float
        Chance of busting on one more card.
    stand_win, stand_push, stand_loss : float
        Chances of winning, pushing and losing if the player stands now; a
        dealer blackjack, where still possible, is a loss. They sum to 1.
    dealer_checked : bool
        The dealer has checked for blackjack (an ace or ten up at a table
        that peeks with it): the figures are conditioned on no blackjack.
    hidden_blackjack : bool
        A dealer blackjack is still possible (an ace or ten up, not
        checked); its chance is part of every figure.
    """

    evs: Mapping[Action, float]
    best: Action
    bust_next: float
    stand_win: float
    stand_push: float
    stand_loss: float
    dealer_checked: bool
    hidden_blackjack: bool


@dataclass(frozen=True)
class _Hand:
    """What a card sequence says, independent of the rules."""

    indices: tuple[int, ...]  # card values in the C order
    hard: int  # aces as 1
    ace: int  # 1 if the hand holds an ace, else 0 (the A index)
    total: int  # best total
    soft: bool


@functools.lru_cache(maxsize=8192)
def _read_hand(cards: tuple[str, ...]) -> _Hand:
    if len(cards) < 2:
        raise InvalidSpotError(
            f"A decision needs at least two cards in the hand; got {len(cards)}."
        )
    indices = []
    hard = 0
    has_ace = False
    for rank in cards:
        index = RANK_INDEX.get(rank) if isinstance(rank, str) else None
        if index is None:
            raise InvalidSpotError(f"Not a card: {rank!r}. Cards are A, 2-9, T, J, Q, K.")
        indices.append(index)
        hard += index + 1
        has_ace = has_ace or index == ACE
    total, soft = best_total(hard, has_ace)
    return _Hand(tuple(indices), hard, int(has_ace), total, soft)


@functools.lru_cache(maxsize=8192)
def _dealable(values: tuple[int, ...], first: int | None) -> bool:
    """Whether cards of these point values can be dealt, in some order, to a hand in play.

    A hand stands by itself once it reaches 21 (``shared/RULES.md``, "hand
    reaches 21") and a natural is settled at once, so an order is dealable
    when no part of it of two cards or more, short of the whole, is 21 (an
    ace counted 11 with a hard sum of 11; a hard sum over 21 cannot happen
    below a final total of 20), and an original hand does not open with an
    ace and a ten. ``first`` fixes the first card (a split hand's rank).
    Twelve aces, for example, pass soft 21 in every order.

    Parameters
    ----------
    values : tuple of int
        Point values (ace 1, ten 10) of the cards, sorted, ``first`` excluded.
    first : int or None
        The split rank's value for a split hand, None for an original hand.
    """
    total_cards = len(values) + (first is not None)

    def extend(left: tuple[int, ...], hard: int, ace: bool, count: int) -> bool:
        if not left:
            return True
        for i, value in enumerate(left):
            if i and left[i - 1] == value:
                continue
            new_hard, new_ace, new_count = hard + value, ace or value == 1, count + 1
            if 2 <= new_count < total_cards and new_ace and new_hard == 11:
                continue  # soft 21 part-way: the hand would have stood
            if first is None and new_count == 2 and new_ace and new_hard == 11:
                continue  # a natural is settled, not played
            if extend(left[:i] + left[i + 1 :], new_hard, new_ace, new_count):
                return True
        return False

    if first is None:
        return extend(values, 0, False, 0)
    return extend(values, first, first == 1, 1)


def _check(rules: Rules, spot: HandSpot) -> tuple[_Hand, int]:
    """Validate a spot; return the hand and the up-card index."""
    hand = _read_hand(tuple(spot.cards))
    up = up_index(spot.up)
    hands, pending, most = spot.hands_in_round, spot.pending_split_hands, rules.max_split_hands
    shown = " ".join(spot.cards)
    if not 1 <= hands <= most:
        raise InvalidSpotError(
            f"hands_in_round {hands} is outside 1..{most}, the most hands this table allows."
        )
    if spot.split_hand:
        if hands < 2:
            raise InvalidSpotError("A split hand needs at least 2 hands in the round.")
        if not 0 <= pending <= hands - 1:
            raise InvalidSpotError(
                f"pending_split_hands {pending} is outside 0..{hands - 1} for {hands} hands."
            )
    elif hands != 1 or pending != 0:
        raise InvalidSpotError(
            "Only split hands share the round with other hands: "
            "use split_hand=True, or hands_in_round=1 and pending_split_hands=0."
        )
    natural_cards = hand.indices in ((ACE, 9), (9, ACE))
    if not spot.split_hand and natural_cards:
        raise InvalidSpotError(f"{shown} is a natural: it is settled, not played.")
    if hand.total > 21:
        raise InvalidSpotError(f"{shown} is {hand.total}, over 21: the hand has busted.")
    if hand.total == 21:
        raise InvalidSpotError(f"{shown} reached 21: the hand stands by itself.")
    for index in set(hand.indices):
        shown_count = hand.indices.count(index) + (index == up)
        in_shoe = rules.decks * (16 if index == 9 else 4)
        if shown_count > in_shoe:
            name = "ten-value card" if index == 9 else ("ace" if index == ACE else str(index + 1))
            raise InvalidSpotError(
                f"{shown} against {spot.up} shows {shown_count} of a {name}, "
                f"but {rules.decks} deck(s) hold only {in_shoe}."
            )
    values = [index + 1 for index in hand.indices]
    first = values.pop(0) if spot.split_hand else None
    if not _dealable(tuple(sorted(values)), first):
        raise InvalidSpotError(
            f"{shown} cannot be dealt to a hand in play: in every order it reaches 21 "
            "before its last card, and a hand stands by itself at 21."
        )
    if spot.split_hand and hand.indices[0] == ACE:
        if len(hand.indices) > 2:
            raise InvalidSpotError(f"{shown}: a split ace takes one card only.")
        if not (hand.indices[1] == ACE and rules.resplit_aces and hands < most):
            raise InvalidSpotError(
                f"{shown}: a split ace takes one card and stands; there is no decision."
            )
    return hand, up


def _allowed(rules: Rules, spot: HandSpot, hand: _Hand) -> tuple[Action, ...]:
    two_cards = len(hand.indices) == 2
    split_aces = spot.split_hand and hand.indices[0] == ACE
    actions = [Action.STAND]
    if not split_aces:
        actions.append(Action.HIT)
    if (
        two_cards
        and not split_aces
        and (rules.double_after_split or not spot.split_hand)
        and rules.may_double_total(hand.total)
    ):
        actions.append(Action.DOUBLE)
    if (
        two_cards
        and hand.indices[0] == hand.indices[1]
        and spot.hands_in_round < rules.max_split_hands
        and (rules.resplit_aces or not split_aces)
    ):
        actions.append(Action.SPLIT)
    if rules.surrender == "late" and two_cards and not spot.split_hand:
        actions.append(Action.SURRENDER)
    return tuple(actions)


def rules_actions(rules: Rules, spot: HandSpot) -> tuple[Action, ...]:
    """The actions the rules allow in a spot, chips not considered.

    Parameters
    ----------
    rules : Rules
        The table (``double_on``, ``double_after_split``, ``max_split_hands``,
        ``resplit_aces``, ``surrender`` are read).
    spot : HandSpot
        The decision.

    Returns
    -------
    tuple[Action, ...]
        In display order: stand; hit (not on split aces); double (first two
        cards, total allowed by ``double_on``, after a split only with DAS,
        not on split aces); split (two cards of equal value, fewer than
        ``max_split_hands`` hands, a split ace only with RSA); surrender
        (late surrender, first two cards of the original hand). Source:
        ``shared/RULES.md`` and ``003_2bdd88f24671a4ec.txt``.

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur as a decision (see :func:`analyse`).
    """
    hand, _ = _check(rules, spot)
    return _allowed(rules, spot, hand)


def analyse(rules: Rules, spot: HandSpot) -> SpotAnalysis:
    """Expected returns and chances for one decision.

    Parameters
    ----------
    rules : Rules
        The table. Its values are solved once (:func:`~bjtrainer.ev.independent.solution.solve`)
        and looked up.
    spot : HandSpot
        The decision.

    Returns
    -------
    SpotAnalysis
        EVs in units of the original wager of this hand, the best action,
        the bust chance on one more card, the stand outcome chances and the
        peek state. With an ace or ten up, figures are conditioned on no
        dealer blackjack where the dealer has checked, and include it
        otherwise (``shared/RULES.md``, "The trainer's numbers").

    Raises
    ------
    InvalidSpotError
        One-line message, for a spot that cannot occur as a decision: fewer
        than two cards, a card or up card that is not a rank, a total over
        21 or of exactly 21 (the hand stands by itself), a natural on the
        original hand (the order of the other cards does not matter: any
        hand whose cards total 20 or less can be dealt in some order),
        ``hands_in_round`` outside 1..``max_split_hands``, a non-split hand
        sharing the round, ``pending_split_hands`` outside
        0..``hands_in_round - 1``, a split ace with more than two cards, or
        a split ace with no decision (no RSA, not a pair of aces, or no
        room for another hand).
    """
    hand, up = _check(rules, spot)
    solution = solve(rules)
    total = hand.total
    evs: dict[Action, float] = {}
    for action in _allowed(rules, spot, hand):
        if action is Action.STAND:
            evs[action] = solution.stand_lookup[up][total]
        elif action is Action.HIT:
            evs[action] = solution.hit_lookup[up][hand.hard][hand.ace]
        elif action is Action.DOUBLE:
            evs[action] = solution.double_lookup[up][hand.hard][hand.ace]
        elif action is Action.SPLIT:
            rank, hands = hand.indices[0], spot.hands_in_round
            pending = spot.pending_split_hands
            after = solution.split_lookup[hands + 1][pending + 2][up][rank]
            evs[action] = after - solution.split_lookup[hands][pending][up][rank]
        else:
            evs[action] = SURRENDER_EV
    best = max(evs, key=evs.__getitem__)
    win, push, loss = solution.outcomes_lookup[up][total]
    return SpotAnalysis(
        evs=evs,
        best=best,
        bust_next=BUST_NEXT[hand.hard],
        stand_win=win,
        stand_push=push,
        stand_loss=loss,
        dealer_checked=solution.checked[up],
        hidden_blackjack=solution.hidden_blackjack[up],
    )
