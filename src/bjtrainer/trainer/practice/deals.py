"""Dealing a chosen spot: the stacked shoe and the moves that lead to it.

Every spot of a practice set is dealt at a real table from a stacked shoe,
so the spot is exactly the one chosen (``docs/practice.md``, "Dealing a
spot"). The cards go in the order a round deals them
(``docs/rules/practice.md``, "Order of a round"): player, up card, player,
hole card, then every card drawn, in order.

- **The hole card** is drawn at random among the ranks that do not give
  the dealer a natural with the up card (no ten under an ace, no ace under
  a ten), so the round never ends at the peek and the spot really happens;
  at a table that does not peek it also keeps the dealer from taking the
  hand with a blackjack found later.
- **An opening spot** (the first two cards, or the insurance question) is
  simply dealt: the player answers every decision, insurance included.
- **A spot reached only after a hit or a split** (from the review queue or
  the schedule) is dealt with its *lead-in*: the moves that bring the hand
  there (decline insurance, hit, split, stand on the hands before it) are
  played by the trainer, not graded, before the player takes over.
  Split hands that come before the target get a filler card (a nine or a
  ten) and stand.

Every plan is checked by playing it on the engine: the round must arrive at
a decision whose ``Spot.key`` is the target's (:func:`plan_deal` raises
otherwise). Chips never limit a practice table (:func:`practice_table`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import RANKS, SUITS, TEN_RANKS
from bjtrainer.engine.hand import is_natural
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import BjTrainerError, InvalidSpotError
from bjtrainer.trainer.spots import Spot, decision_spot, insurance_spot, is_insurance_spot

__all__ = ["DealPlan", "at_target", "deal", "plan_deal", "practice_bet", "practice_table"]

_TEN_FACES = tuple(sorted(TEN_RANKS))
_FILLERS = ("T", "9", "8", "7")
_MAX_STEPS = 40


@dataclass(frozen=True)
class DealPlan:
    """How to deal one target spot.

    Attributes
    ----------
    target : Spot
        The decision the plan arrives at.
    cards : tuple of str, shape (n_cards,)
        Card codes (``"KH"``, ``"7S"``) stacked at the front of the shoe, in
        deal order: player, up card, player, hole card, then draws.
    lead_in : tuple of Action
        Moves the trainer plays before the player takes over; empty for an
        opening spot.
    """

    target: Spot
    cards: tuple[str, ...]
    lead_in: tuple[Action, ...] = ()

    @property
    def opening(self) -> bool:
        """The target is the hand's first decision (or the insurance question)."""
        return not self.lead_in


def practice_bet(rules: Rules) -> int:
    """The bet of a practice table: the table's first bet, if it is at least 2 chips.

    At least 2 chips so that half-bet insurance (half the bet, rounded down,
    ``docs/rules/README.md``, row "insurance") costs a chip and is offered;
    otherwise the smallest
    legal bet of at least 2, or ``rules.min_bet`` when no legal bet reaches 2.
    """
    if rules.first_bet >= 2:
        return rules.first_bet
    step = rules.bet_step
    bet = max(rules.min_bet, 2)
    bet += -bet % step
    return bet if bet <= rules.max_bet else rules.min_bet


def practice_table(rules: Rules, shoe: Shoe) -> Table:
    """A table whose chips never limit a decision: the practice table of a set.

    The balance covers a double on every hand of the most splits the rules
    allow, plus insurance, so the round offers every action the rules allow
    (chips do not matter in practice, ``docs/practice.md``, "Dealing a
    spot"). Chips stay whole and conserved, as at any table.
    """
    table = Table(rules, shoe.rng, shoe=shoe)
    bet = practice_bet(rules)
    table.bankroll.balance = bet * (2 * rules.max_split_hands + 2)
    table.started_with = table.bankroll.balance  # the set's table: its own account of chips
    table.set_bet(bet)
    return table


def at_target(round: Round, target: Spot) -> bool:
    """Whether the round's pending decision is ``target`` (compared by key)."""
    spot = insurance_spot(round) if is_insurance_spot(target) else decision_spot(round)
    return spot is not None and spot.key == target.key


def deal(rules: Rules, plan: DealPlan, rng: np.random.Generator) -> Table:
    """Deal a plan at a fresh practice table and play its lead-in.

    Parameters
    ----------
    rules : Rules
    plan : DealPlan
    rng : numpy.random.Generator
        Shuffles the shoe behind the stacked cards (later draws come from it).

    Returns
    -------
    Table
        Its round waits for the player's first decision: the target, or the
        insurance question before an opening target with an ace up.

    Raises
    ------
    InvalidSpotError
        If the plan does not arrive at its target (a plan not made by
        :func:`plan_deal` for these rules).
    """
    table = practice_table(rules, Shoe.stacked(rules, plan.cards, rng))
    round_ = table.deal()
    try:
        for action in plan.lead_in:
            round_.apply(action)
    except BjTrainerError as exc:
        raise InvalidSpotError(f"The deal does not reach {plan.target.key}: {exc}") from None
    probe = round_
    if plan.opening and round_.phase is Phase.INSURANCE and not is_insurance_spot(plan.target):
        probe = _declined_copy(rules, plan)
    if not at_target(probe, plan.target):
        raise InvalidSpotError(f"The deal does not reach {plan.target.key}.")
    return table


def _declined_copy(rules: Rules, plan: DealPlan) -> Round:
    table = practice_table(rules, Shoe.stacked(rules, plan.cards))
    round_ = table.deal()
    round_.apply(Action.NO_INSURANCE)
    return round_


def _hole_rank(up: str, rng: np.random.Generator) -> str:
    allowed = [rank for rank in RANKS if not is_natural((up, rank))]
    return allowed[int(rng.integers(len(allowed)))]


def _dress(ranks: Sequence[str], rng: np.random.Generator) -> tuple[str, ...]:
    """Card codes for value ranks: a ten-value shows as T, J, Q or K; suits at random."""
    codes = []
    for rank in ranks:
        face = _TEN_FACES[int(rng.integers(len(_TEN_FACES)))] if rank == "T" else rank
        codes.append(face + SUITS[int(rng.integers(len(SUITS)))])
    return tuple(codes)


Policy = Callable[[Round], Action]


def _walk(rules: Rules, ranks: Sequence[str], target: Spot, policy: Policy) -> list[Action] | None:
    """Play ``policy`` from a deal of ``ranks`` until the target; the moves, or None."""
    try:
        round_ = practice_table(rules, Shoe.stacked(rules, ranks)).deal()
        moves: list[Action] = []
        for _ in range(_MAX_STEPS):
            if at_target(round_, target):
                return moves
            if round_.phase is Phase.SETTLED:
                return None
            action = policy(round_)
            round_.apply(action)
            moves.append(action)
    except BjTrainerError:
        return None
    return None


def _opening_walk(rules: Rules, ranks: Sequence[str], target: Spot) -> bool:
    try:
        round_ = practice_table(rules, Shoe.stacked(rules, ranks)).deal()
        if round_.phase is Phase.INSURANCE and not is_insurance_spot(target):
            round_.apply(Action.NO_INSURANCE)
    except BjTrainerError:
        return False
    return at_target(round_, target)


def _hitting(round_: Round) -> Action:
    return Action.NO_INSURANCE if round_.phase is Phase.INSURANCE else Action.HIT


def _splitting(hands: int, target_index: int) -> Policy:
    def policy(round_: Round) -> Action:
        if round_.phase is Phase.INSURANCE:
            return Action.NO_INSURANCE
        if round_.active == 0 and len(round_.hands) < hands and round_.can_split():
            return Action.SPLIT
        if round_.active < target_index:
            return Action.STAND
        return Action.HIT

    return policy


def _orders(cards: Sequence[str]) -> list[tuple[str, ...]]:
    return sorted(set(itertools.permutations(cards)))


def _plan_ranks(rules: Rules, target: Spot, hole: str) -> tuple[list[str], list[Action]] | None:
    up, cards = target.up, target.cards
    if is_insurance_spot(target) or (len(cards) == 2 and not target.split_hand):
        ranks = [cards[0], up, cards[1], hole]
        return (ranks, []) if _opening_walk(rules, ranks, target) else None
    if not target.split_hand:
        for order in _orders(cards):
            ranks = [order[0], up, order[1], hole, *order[2:]]
            moves = _walk(rules, ranks, target, _hitting)
            if moves is not None:
                return ranks, moves
        return None
    rank, hands = cards[0], target.hands_in_round
    index = hands - 1 - target.pending_split_hands
    filler = next(card for card in _FILLERS if card != rank)
    head = [rank, up, rank, hole, *[rank] * (hands - 2)]
    fillers = [filler] * index
    for order in _orders(cards[1:]):
        ranks = head + fillers + list(order)
        moves = _walk(rules, ranks, target, _splitting(hands, index))
        if moves is not None:
            return ranks, moves
    return None


def plan_deal(rules: Rules, target: Spot, rng: np.random.Generator) -> DealPlan:
    """The cards and lead-in that deal ``target`` (see the module docstring).

    Parameters
    ----------
    rules : Rules
        The table; ``target.rules_id`` must be ``rules.id``.
    target : Spot
        Any decision: an opening hand, the insurance question, a hand after
        hits, a split hand.
    rng : numpy.random.Generator
        Draws the hole card, the face of each ten-value card and the suits.

    Returns
    -------
    DealPlan

    Raises
    ------
    InvalidSpotError
        If the spot is for another table, or no deal reaches it under these
        rules (a split the table does not allow, legal actions that cannot
        all be offered together, ...).
    """
    if target.rules_id != rules.id:
        raise InvalidSpotError(
            f"The spot {target.key} is for the {target.rules_id!r} table, not {rules.id!r}."
        )
    planned = _plan_ranks(rules, target, _hole_rank(target.up, rng))
    if planned is None:
        raise InvalidSpotError(f"No deal at the {rules.id!r} table reaches the spot {target.key}.")
    ranks, moves = planned
    return DealPlan(target=target, cards=_dress(ranks, rng), lead_in=tuple(moves))
