"""The shoe-aware figures of the Why panel: exact for the cards left in the shoe.

Beside the independent-draw figures (each rank 1/13, tens 4/13;
``docs/numbers.md``, "1. Independent draws"), a toggle shows the exact
figures for the cards actually left in the shoe (``docs/numbers.md``, "11.
The shoe-aware figures"), and says when those cards
change the best play. No Textual here: the table screen takes a
:class:`ShoeQuestion` on the UI thread, answers it with :func:`shoe_figures`
in a worker thread, and draws a :class:`ShoeWhy`.

Which cards count as seen
-------------------------
Every card dealt since the last shuffle (``Shoe.seen``) that the player has
seen: the cards of earlier rounds, the player's cards and the up card. The
dealer's hole card was dealt but is face down, so while it is face down it
counts as *unseen*: it is left out of the seen cards by its place in the
deal (the fourth card of the round: player, up card, player, hole card;
``docs/rules/practice.md``, "Order of a round"), never by reading it. The order of
the undealt cards is never read either: only the composition of the unseen
cards (:func:`bjtrainer.ev.exact.composition.unseen_composition`) goes into the
figures, so the hole card is, as the player knows it, any one of them.

The figures
-----------
A hand decision: the exact finite-shoe EV of every legal action
(:func:`bjtrainer.ev.exact.spot.analyse_shoe`: card removal at every step,
exact with one split, resplits by Eric Farmer's CDP method, ``docs/numbers.md``,
"7. Splitting") and the exact bust chance on one more card
(``ShoeAnalysis.bust_next``), both conditioned on no dealer blackjack where the
dealer has checked, as the independent figures are. The insurance offer
(:func:`bjtrainer.ev.exact.insurance.insurance_shoe_evs`): the hole card is
a ten-value card with chance ``p = tens unseen / cards unseen``, so a
half-bet insurance paying 2:1 returns ``(2p - (1 - p)) / 2`` of the
original wager (``docs/numbers.md``, "8. Insurance"). Every EV is in units
of the original wager, the units of the independent figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.ev import HandSpot
from bjtrainer.ev.exact.composition import unseen_composition
from bjtrainer.ev.exact.insurance import insurance_shoe_evs
from bjtrainer.ev.exact.spot import analyse_shoe
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.explain import (
    ACE_UP_BLACKJACK,
    CHECKED_NOTE,
    HIDDEN_BLACKJACK_NOTE,
    NO_BLACKJACK_NOTE,
)
from bjtrainer.trainer.legal import best_of, legal_evs
from bjtrainer.trainer.spots import decision_spot, insurance_spot
from bjtrainer.trainer.wording import label, percent

#: Place of the hole card among the cards of a round, 0-based: player, up
#: card, player, hole card (``docs/rules/practice.md``, "Order of a round").
HOLE_CARD_PLACE = 3

#: What the panel says while the worker computes.
COMPUTING = "computing…"

#: The line under the figures: what the exact figures never read.
SHOE_MODEL_LINE = "The hole card counts as unseen; the shoe order is never read."

#: The line at a split that may be resplit: the two models' split figures
#: follow different conventions (``docs/numbers.md``, "7. Splitting").
RESPLIT_LINE = (
    "Split: this shoe resplits whenever allowed (Farmer's CDP); "
    "independent resplits only where it pays."
)


def seen_ranks(shoe: Shoe, round_: Round | None) -> tuple[str, ...]:
    """The ranks the player has seen since the shuffle, hole card left out while face down.

    Parameters
    ----------
    shoe : Shoe
        The table's shoe; only ``Shoe.seen`` (cards dealt since the shuffle)
        is read, never the undealt order.
    round_ : Round or None
        The current or last round. While its hole card is face down, the
        card dealt fourth in the round is skipped by its place: its rank is
        not read.

    Returns
    -------
    tuple of str, shape (n_seen,)
        Ranks (``A 2..9 T J Q K``) in the order dealt.
    """
    seen = shoe.seen
    if round_ is None or round_.hole_revealed:
        return tuple(card.rank for card in seen)
    # Cards of this round: every player card and the dealer's two, hole included.
    in_round = sum(len(hand.cards) for hand in round_.hands) + len(round_.dealer_visible())
    hole = len(seen) - in_round + HOLE_CARD_PLACE  # < 0: dealt before a mid-round reshuffle
    return tuple(card.rank for place, card in enumerate(seen) if place != hole)


@dataclass(frozen=True)
class ShoeQuestion:
    """The decision to compute shoe-aware figures for, taken on the UI thread.

    Attributes
    ----------
    rules : Rules
        The table.
    seen : tuple of str
        Ranks seen since the shuffle (:func:`seen_ranks`).
    up : str
        The dealer's up card.
    spot : HandSpot or None
        The hand decision; ``None`` at the insurance offer.
    legal : frozenset of Action
        The actions the round allows now (hand actions, or the insurance
        answers).
    """

    rules: Rules
    seen: tuple[str, ...]
    up: str
    spot: HandSpot | None
    legal: frozenset[Action]


def shoe_question(table: Table) -> ShoeQuestion | None:
    """The decision now at ``table``, taken on the UI thread for a worker to answer.

    Parameters
    ----------
    table : Table
        The table in play; its shoe's seen cards are read with
        :func:`seen_ranks`, never the hole card or the undealt order.

    Returns
    -------
    ShoeQuestion or None
        A hand decision in phase PLAYER (:func:`bjtrainer.trainer.spots.decision_spot`),
        the insurance answer in phase INSURANCE; ``None`` between rounds.
    """
    round_ = table.round
    if round_ is None:
        return None
    seen = seen_ranks(table.shoe, round_)
    spot = decision_spot(round_)
    if spot is not None:
        return ShoeQuestion(table.rules, seen, spot.up, spot.to_hand_spot(), spot.legal)
    offer = insurance_spot(round_)
    if offer is not None and offer.legal:
        return ShoeQuestion(table.rules, seen, offer.up, None, offer.legal)
    return None


@dataclass(frozen=True)
class ShoeFigures:
    """Exact figures for the cards left in the shoe.

    Attributes
    ----------
    evs : Mapping[Action, float]
        EV of every legal action, display order, units of the original wager.
    best : Action
        The legal action with the highest EV (:func:`bjtrainer.trainer.legal.best_of`).
    chance : float
        A hand decision: the chance that one more card busts the hand. The
        insurance offer: the chance that the hole card is a ten-value card
        (a dealer blackjack).
    seen : int
        Cards seen since the shuffle (the hole card not among them).
    unseen : int
        Cards not seen: the undealt shoe and the face-down hole card.
    dealer_checked : bool
        The figures are conditioned on no dealer blackjack.
    """

    evs: Mapping[Action, float]
    best: Action
    chance: float
    seen: int
    unseen: int
    dealer_checked: bool


def shoe_figures(question: ShoeQuestion) -> ShoeFigures:
    """Compute the shoe-aware figures (slow enough for a worker thread: tens of ms).

    Parameters
    ----------
    question : ShoeQuestion

    Returns
    -------
    ShoeFigures
        Cut to the legal actions; the best is the best legal one.

    Raises
    ------
    InvalidSpotError
        If more cards of a value were seen than the table's decks hold (a
        stacked shoe), or the unseen cards cannot follow a clean peek.
    InvalidCardError
        If a seen rank is not a card.
    """
    rules = question.rules
    unseen = unseen_composition(rules.decks, question.seen)
    if question.spot is None:
        evs, chance = insurance_shoe_evs(unseen)
        checked = False
    else:
        analysis = analyse_shoe(rules, question.spot, unseen)
        evs, checked = dict(analysis.evs), analysis.dealer_checked
        chance = analysis.bust_next
    cut = legal_evs(evs, question.legal)
    return ShoeFigures(
        evs=cut,
        best=best_of(cut),
        chance=chance,
        seen=len(question.seen),
        unseen=sum(unseen),
        dealer_checked=checked,
    )


@dataclass(frozen=True)
class ShoeWhy:
    """What the shoe-aware Why panel shows: both models side by side.

    Attributes
    ----------
    independent : Mapping[Action, float]
        Independent-draw EV of every legal action, units of the original wager.
    independent_best : Action
    independent_chance : float
        Bust on one more card (a hand) or dealer blackjack (insurance), independent draws.
    insurance : bool
        The decision is the insurance answer.
    stand_line : str
        The independent win/push/loss chances if the player stands now;
        empty at the insurance offer.
    note : str
        Whether the dealer has checked for blackjack (a hand), or what
        insurance costs and pays.
    split_line : str
        :data:`RESPLIT_LINE` where a split is offered and its hands may be
        resplit, else empty.
    shoe : ShoeFigures or None
        The exact figures; ``None`` while they are computed.
    problem : str
        Why the exact figures cannot be given, or empty.
    """

    independent: Mapping[Action, float]
    independent_best: Action
    independent_chance: float
    insurance: bool
    stand_line: str
    note: str
    split_line: str = ""
    shoe: ShoeFigures | None = None
    problem: str = ""

    @property
    def chance_label(self) -> str:
        """Heading of the chance column: ``"Bust next"`` or ``"Dealer BJ"``."""
        return "Dealer BJ" if self.insurance else "Bust next"

    def with_shoe(self, figures: ShoeFigures) -> ShoeWhy:
        """This picture with the exact figures in."""
        return replace(self, shoe=figures, problem="")

    def with_problem(self, problem: str) -> ShoeWhy:
        """This picture saying why the exact figures are missing."""
        return replace(self, shoe=None, problem=problem)

    def best_play_line(self) -> str:
        """``"The shoe changes the best play: Stand instead of Hit."``, or that it keeps it.

        Empty while computing.
        """
        if self.shoe is None:
            return ""
        if self.shoe.best != self.independent_best:
            return (
                f"The shoe changes the best play: {label(self.shoe.best)} "
                f"instead of {label(self.independent_best)}."
            )
        return f"The shoe keeps the best play: {label(self.shoe.best)}."

    def count_line(self) -> str:
        """``"98 cards seen · 214 left, hole card included"``; empty while computing.

        Seen: since the shuffle, the face-down hole card not among them.
        Left: every unseen card, the undealt shoe and the hole card.
        """
        if self.shoe is None:
            return ""
        return f"{self.shoe.seen} cards seen · {self.shoe.unseen} left, hole card included"


def independent_why(coach: Coach, round_: Round) -> ShoeWhy | None:
    """The independent-draw side of the panel for the decision now.

    Parameters
    ----------
    coach : Coach
        The table's coach (:meth:`Coach.spot`, :meth:`Coach.analysis`,
        :meth:`Coach.insurance_evs`):
        independent draws, each rank 1/13, tens 4/13 (``docs/numbers.md``,
        "1. Independent draws"), cut to the legal actions.
    round_ : Round
        The round in play.

    Returns
    -------
    ShoeWhy or None
        Without the shoe's figures yet (:meth:`ShoeWhy.with_shoe` adds them);
        ``None`` when no decision is pending.

    Raises
    ------
    ValueError
        If the round is played under other rules than the coach's.
    """
    spot = coach.spot(round_)
    if spot is None:
        return None
    evs = coach.insurance_evs(spot)
    if evs is not None:
        return ShoeWhy(
            independent=evs,
            independent_best=best_of(evs),
            independent_chance=ACE_UP_BLACKJACK,
            insurance=True,
            stand_line="",
            note="Insurance costs half the bet and pays 2:1.",
        )
    analysis = coach.analysis(spot)
    if analysis is None:  # pragma: no cover - not the insurance question
        return None
    if analysis.dealer_checked:
        note = CHECKED_NOTE
    elif analysis.hidden_blackjack:
        note = HIDDEN_BLACKJACK_NOTE
    else:
        note = NO_BLACKJACK_NOTE
    rules = coach.rules
    resplit = spot.hands_in_round + 1 < rules.max_split_hands and (
        spot.cards[0] != "A" or rules.resplit_aces
    )
    return ShoeWhy(
        independent=analysis.evs,
        independent_best=analysis.best,
        independent_chance=analysis.bust_next,
        insurance=False,
        stand_line=(
            f"If you stand: win {percent(analysis.stand_win)}, "
            f"push {percent(analysis.stand_push)}, loss {percent(analysis.stand_loss)} "
            "(independent)."
        ),
        note=note,
        split_line=RESPLIT_LINE if Action.SPLIT in analysis.evs and resplit else "",
    )
