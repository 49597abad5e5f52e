"""One decision about one player hand, as both models read it.

A :class:`HandSpot` names the hand's cards, the dealer's up card and the
hand's place in a split. :func:`check_spot` makes sure it can occur as a
decision, reads the hand and lists the actions the rules allow;
:func:`rules_actions` gives the actions alone. The independent model
(:func:`bjtrainer.ev.analyse`) and the exact model
(:func:`bjtrainer.ev.exact.spot.analyse_shoe`) both start here, so they
refuse the same spots with the same sentences and value the same actions.

Card values are indexed A, 2, ..., 9, T: index 0 is the ace, 9 every
ten-value card (T, J, Q, K), the order of ``engine.cards.VALUE_RANKS``.

What the rules allow (``docs/rules/practice.md``, "Hit, stand and 21",
"Doubling", "Splits" and "Surrender"; the other tables' pages say where they
differ): stand always; hit except on split aces; double on the first two cards of a hand
whose total ``Rules.may_double_total`` allows, after a split only with DAS,
never on split aces; split two cards of equal value while the round has
fewer than ``max_split_hands`` hands (a split ace only with RSA); late
surrender on the first two cards of the original hand only. The round at
the table asks the same module, :mod:`bjtrainer.engine.legality`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANK_VALUE
from bjtrainer.engine.legality import allowed_actions
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError

#: Expected return of late surrender, units of the original wager: half the
#: wager back, exactly (``docs/numbers.md``, "6. Surrender"). Chip settlement
#: rounds half chips down; the EV does not.
SURRENDER_EV = -0.5


def surrender_ev(rules: Rules, up: str, blackjack_chance: float) -> float:
    """Expected return of surrender, units of the original wager.

    Parameters
    ----------
    rules : Rules
        The table (``surrender`` and ``peek`` are read).
    up : str
        The up card's rank (``"A"``, ``"T"``, ``"7"``...).
    blackjack_chance : float
        The chance that the hole card makes a dealer blackjack, given the
        cards seen, before any check (4/13 with an ace up and 1/13 with a
        ten up in an infinite shoe). Read only where it matters.

    Returns
    -------
    float
        ``-0.5`` where the half comes back whatever the hole card: the dealer
        has checked (``rules.peeks_with(up)``), the up card cannot hide a
        blackjack, or the table offers ``early`` surrender. Late surrender
        where the dealer has not checked an ace or a ten: a dealer blackjack
        takes the whole bet, so ``-0.5 - 0.5 * blackjack_chance``
        (``docs/numbers.md``, "6. Surrender").
    """
    hides_blackjack = up in ("A", "T", "J", "Q", "K")
    if rules.surrender == "late" and hides_blackjack and not rules.peeks_with(up):
        return SURRENDER_EV - 0.5 * blackjack_chance
    return SURRENDER_EV


#: Insurance pays 2 units per unit insured when the dealer has blackjack
#: (``docs/numbers.md``, "8. Insurance").
INSURANCE_PAYS = 2

#: Value index of the ace and of the ten-value cards.
ACE = 0
TEN = 9
#: Cards of a value index in a sentence, plural: "5 aces", "17 ten-value cards".
_CARD_NAMES = (
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
    "ten-value cards",
)  # fmt: skip


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
class SpotHand:
    """What the cards of a spot say, independent of the rules.

    Attributes
    ----------
    indices : tuple[int, ...]
        Value index of each card, in the order dealt (ace 0 .. ten 9).
    hard : int
        Hard sum, every ace counted as 1.
    ace : int
        1 if the hand holds an ace, else 0.
    total : int
        Best total (one ace counted as 11 where that does not pass 21).
    soft : bool
        The best total counts an ace as 11.
    """

    indices: tuple[int, ...]
    hard: int
    ace: int
    total: int
    soft: bool


@dataclass(frozen=True)
class CheckedSpot:
    """A spot that can occur as a decision, read.

    Attributes
    ----------
    hand : SpotHand
        The player's cards.
    up : int
        Value index of the up card (ace 0 .. ten 9).
    actions : tuple[Action, ...]
        The actions the rules allow, chips not considered, in display order
        (see :func:`rules_actions`).
    """

    hand: SpotHand
    up: int
    actions: tuple[Action, ...]


def _value_index(rank: object) -> int | None:
    value = RANK_VALUE.get(rank) if isinstance(rank, str) else None
    return None if value is None else value - 1


def up_index(up: str) -> int:
    """Value index of an up-card rank: A -> 0, 2 -> 1, ..., T/J/Q/K -> 9.

    Raises
    ------
    InvalidSpotError
        If ``up`` is not a rank of ``engine.cards.RANKS``.
    """
    index = _value_index(up)
    if index is None:
        raise InvalidSpotError(f"Not a card for the up card: {up!r}. Cards are A, 2-9, T, J, Q, K.")
    return index


@functools.lru_cache(maxsize=8192)
def _read_hand(cards: tuple[str, ...]) -> SpotHand:
    if len(cards) < 2:
        raise InvalidSpotError(
            f"A decision needs at least two cards in the hand; got {len(cards)}."
        )
    indices = []
    for rank in cards:
        index = _value_index(rank)
        if index is None:
            raise InvalidSpotError(f"Not a card: {rank!r}. Cards are A, 2-9, T, J, Q, K.")
        indices.append(index)
    hard = sum(indices) + len(indices)
    has_ace = ACE in indices
    soft = has_ace and hard + 10 <= 21
    return SpotHand(tuple(indices), hard, int(has_ace), hard + 10 if soft else hard, soft)


@functools.lru_cache(maxsize=8192)
def _dealable(values: tuple[int, ...], first: int | None) -> bool:
    """Whether cards of these point values can be dealt, in some order, to a hand in play.

    A hand stands by itself once it reaches 21 (``docs/rules/practice.md``,
    "Hit, stand and 21") and a natural is settled at once, so an order is dealable
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


def _read_spot(rules: Rules, spot: HandSpot) -> tuple[SpotHand, int]:
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
    natural_cards = hand.indices in ((ACE, TEN), (TEN, ACE))
    if not spot.split_hand and natural_cards:
        raise InvalidSpotError(f"{shown} is a natural: it is settled, not played.")
    if hand.total > 21:
        raise InvalidSpotError(f"{shown} is {hand.total}, over 21: the hand has busted.")
    if hand.total == 21:
        raise InvalidSpotError(f"{shown} reached 21: the hand stands by itself.")
    for index in set(hand.indices):
        shown_count = hand.indices.count(index) + (index == up)
        in_shoe = rules.decks * (16 if index == TEN else 4)
        if shown_count > in_shoe:
            decks = "1 deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
            raise InvalidSpotError(
                f"{shown} against {spot.up} shows {shown_count} {_CARD_NAMES[index]}, "
                f"but {decks} only {in_shoe}."
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


def _allowed(rules: Rules, spot: HandSpot) -> tuple[Action, ...]:
    """What the rules allow the hand: :func:`bjtrainer.engine.legality.allowed_actions`."""
    return allowed_actions(rules, spot.cards, from_split=spot.split_hand, hands=spot.hands_in_round)


def check_spot(rules: Rules, spot: HandSpot) -> CheckedSpot:
    """Check that a spot can occur as a decision; read its hand and its actions.

    Parameters
    ----------
    rules : Rules
        The table (``decks``, ``max_split_hands``, ``resplit_aces`` and the
        fields :func:`rules_actions` reads).
    spot : HandSpot
        The decision.

    Returns
    -------
    CheckedSpot
        The hand, the up-card index and the actions the rules allow.

    Raises
    ------
    InvalidSpotError
        One-line message, for a spot that cannot occur as a decision: fewer
        than two cards, a card or up card that is not a rank, a total over
        21 or of exactly 21 (the hand stands by itself), a natural on the
        original hand, more cards of a value than the table's decks hold,
        cards that reach 21 before their last card in every order (the
        order of the other cards does not matter otherwise: any hand whose
        cards total 20 or less can be dealt in some order),
        ``hands_in_round`` outside 1..``max_split_hands``, a non-split hand
        sharing the round, ``pending_split_hands`` outside
        0..``hands_in_round - 1``, a split ace with more than two cards, or
        a split ace with no decision (no RSA, not a pair of aces, or no
        room for another hand).
    """
    hand, up = _read_spot(rules, spot)
    return CheckedSpot(hand, up, _allowed(rules, spot))


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
        ``docs/rules/practice.md``, "Hit, stand and 21", "Doubling",
        "Splits" and "Surrender".

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur as a decision (see :func:`check_spot`).
    """
    return check_spot(rules, spot).actions
