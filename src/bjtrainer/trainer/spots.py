"""A *spot*: what one decision is about, and its stable key.

A spot is the rules preset, the player's cards, the dealer's up card, where
the hand stands in a split, and which actions were legal. Its
:attr:`Spot.key` is the key of every recorded answer, of the review queue
and of every statistic, and holds every field of the spot, so
:func:`parse_spot_key` reads the spot back: ``parse_spot_key(spot.key) ==
spot``. A spot is a hand decision or the insurance question
(:func:`is_insurance_spot`).

Cards are kept as *value ranks*: J, Q and K are written T, since only the
point value matters to play (a ten-value card, ``docs/numbers.md``, "1.
Independent draws"). They are put in a canonical order so that A,7 and 7,A are the same
spot: ace first, then 2 to 9, then T. A split hand keeps its first card
first: it is the rank that was split, which decides a resplit and whether
the hand is a split ace.

The EV figures do not depend on the order of the cards, so the canonical
order serves both the key and the EV look-up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.cards import VALUE_RANKS, rank_value, value_rank
from bjtrainer.engine.round import Phase, Round
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev import HandSpot
from bjtrainer.trainer.wording import in_display_order

_VALUE_ORDER = {rank: index for index, rank in enumerate(VALUE_RANKS)}


def canonical_cards(cards: Iterable[str], *, split_hand: bool = False) -> tuple[str, ...]:
    """Value ranks in canonical order.

    Parameters
    ----------
    cards : iterable of str
        Ranks as in ``bjtrainer.engine.cards.RANKS`` (J, Q, K allowed).
    split_hand : bool
        Keep the first card first (the split rank); sort the rest.

    Returns
    -------
    tuple of str, shape (n_cards,)
        For example ``("A", "7")`` for ``["7", "A"]``, ``("8", "3", "T")``
        for a split 8 that drew K then 3.

    Raises
    ------
    InvalidCardError
        If a rank is not a card.
    """
    ranks = []
    for rank in cards:
        rank_value(rank)  # raises InvalidCardError for anything that is not a rank
        ranks.append(value_rank(rank))
    if split_hand and ranks:
        return (ranks[0], *sorted(ranks[1:], key=_VALUE_ORDER.__getitem__))
    return tuple(sorted(ranks, key=_VALUE_ORDER.__getitem__))


@dataclass(frozen=True)
class Spot:
    """One decision point, normalised so that equal decisions compare equal.

    Attributes
    ----------
    rules_id : str
        The table's rules id, e.g. ``"practice"``.
    cards : tuple of str, shape (n_cards,)
        The player hand's cards as value ranks in canonical order (see the
        module docstring); normalised on construction.
    up : str
        The dealer's up card as a value rank; normalised on construction.
    split_hand : bool
        The hand came from a split.
    hands_in_round : int
        Hands the player has now, this one included (1 without a split).
    pending_split_hands : int
        Later hands still holding one card of this hand's first rank.
    legal : frozenset of Action
        The actions the round allowed.
    """

    rules_id: str
    cards: tuple[str, ...]
    up: str
    split_hand: bool = False
    hands_in_round: int = 1
    pending_split_hands: int = 0
    legal: frozenset[Action] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical_cards(self.cards, split_hand=self.split_hand))
        rank_value(self.up)
        object.__setattr__(self, "up", value_rank(self.up))
        object.__setattr__(self, "legal", frozenset(self.legal))

    @property
    def key(self) -> str:
        """A stable string naming the spot, the key of every record.

        Five fields separated by ``|``: rules id, cards, up card,
        ``hand`` or ``split`` with the hands in the round and the pending
        split hands, and the legal actions in display order joined by ``+``.
        Example: ``"practice|6,T|T|hand:1:0|stand+hit+double+surrender"``.
        """
        where = "split" if self.split_hand else "hand"
        legal = "+".join(action.value for action in in_display_order(self.legal))
        return (
            f"{self.rules_id}|{','.join(self.cards)}|{self.up}|"
            f"{where}:{self.hands_in_round}:{self.pending_split_hands}|{legal}"
        )

    def to_hand_spot(self) -> HandSpot:
        """The spot as the EV layer takes it (``bjtrainer.ev.HandSpot``)."""
        return HandSpot(
            cards=self.cards,
            up=self.up,
            split_hand=self.split_hand,
            hands_in_round=self.hands_in_round,
            pending_split_hands=self.pending_split_hands,
        )


def decision_spot(round: Round) -> Spot | None:
    """The spot of the round's active hand, or ``None`` when no hand decision is due.

    Parameters
    ----------
    round : Round
        A round of ``bjtrainer.engine.round``.

    Returns
    -------
    Spot or None
        In phase PLAYER, the active hand's spot with ``legal =
        round.legal_actions()``; ``None`` in the insurance phase (see
        :func:`insurance_spot`) and once the round is settled.
    """
    if round.phase is not Phase.PLAYER or not 0 <= round.active < len(round.hands):
        return None
    hand = round.hands[round.active]
    first_value = hand.cards[0].value
    pending = sum(
        1
        for later in round.hands[round.active + 1 :]
        if len(later.cards) == 1 and later.cards[0].value == first_value
    )
    return Spot(
        rules_id=round.rules.id,
        cards=tuple(card.rank for card in hand.cards),
        up=round.up_card.rank,
        split_hand=hand.from_split,
        hands_in_round=len(round.hands),
        pending_split_hands=pending,
        legal=round.legal_actions(),
    )


def insurance_spot(round: Round) -> Spot | None:
    """The insurance question as a spot, or ``None`` outside the insurance phase.

    The cards are the player's first hand; ``legal`` holds the insurance
    answers the round allows (declining always; taking it when the chips
    cover it).
    """
    if round.phase is not Phase.INSURANCE or not round.hands:
        return None
    return Spot(
        rules_id=round.rules.id,
        cards=tuple(card.rank for card in round.hands[0].cards),
        up=round.up_card.rank,
        legal=round.legal_actions() & frozenset(INSURANCE_ACTIONS),
    )


def is_insurance_spot(spot: Spot) -> bool:
    """Whether the spot is the insurance question (its legal actions are the two answers)."""
    return bool(spot.legal) and spot.legal <= frozenset(INSURANCE_ACTIONS)


def parse_spot_key(key: str) -> Spot:
    """The spot a key was made from.

    Parameters
    ----------
    key : str
        ``"rules|cards|up|hand:1:0|legal"`` as ``Spot.key`` writes it, e.g.
        ``"practice|6,T|T|hand:1:0|stand+hit+double+surrender"``. The rules
        id may itself contain ``|``: the other four fields are read from
        the right.

    Returns
    -------
    Spot

    Raises
    ------
    InvalidSpotError
        If the text is not a spot key (wrong number of fields, a card or
        action that does not exist, a split field that is not
        ``hand|split:<hands>:<pending>``).
    """
    parts = key.rsplit("|", 4)
    if len(parts) != 5:
        raise InvalidSpotError(f"Not a spot key: {key!r}.")
    rules_id, cards, up, where, legal = parts
    try:
        place, hands, pending = where.split(":")
        if place not in ("hand", "split"):
            raise ValueError(f"{place!r} is neither 'hand' nor 'split'")
        actions = frozenset(Action(name) for name in legal.split("+") if name)
        return Spot(
            rules_id=rules_id,
            cards=tuple(card for card in cards.split(",") if card),
            up=up,
            split_hand=place == "split",
            hands_in_round=int(hands),
            pending_split_hands=int(pending),
            legal=actions,
        )
    except ValueError as exc:
        raise InvalidSpotError(f"Not a spot key: {key!r} ({exc}).") from None
