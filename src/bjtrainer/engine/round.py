"""One round of blackjack as a state machine.

The order of a round follows ``docs/rules/practice.md``, "Order of a
round" (the other tables' pages say where theirs differs):

1. the bet is taken; 2. cards are dealt player, up card, player, hole card;
3. with an ace up, insurance is offered (phase ``INSURANCE``); 4. the dealer
peeks where ``rules.peeks_with(up)``; a dealer blackjack ends the round;
5. a player natural that was not pushed is paid; 6.-7. the player plays each
hand in order (phase ``PLAYER``): late surrender, hit, stand, double, split;
8. the dealer reveals the hole card and draws to 17 unless no live hand is
left; 9. every hand is settled in the order of :attr:`Round.hands`.

Every step that needs no decision runs by itself, right after the deal and
after each action. Each action is a triple alike for all: ``verify_X()``
raises :class:`~bjtrainer.errors.IllegalActionError` with a full sentence,
``can_X()`` returns a bool, ``X()`` acts and returns an :class:`ActionRecord`.
:meth:`Round.legal_actions` is built from the ``can_X`` methods only.

Chips are whole; every wager is taken from the :class:`Bankroll` when it is
placed and every payout (stake included) paid into it when its hand is
settled, so ``balance + chips_on_table()`` changes only by settled nets.
Half chips are rounded down (``docs/rules/practice.md``, "Payouts and half
chips").

Also (``docs/rules/practice.md``, "Insurance", "Splits" and "Order of a
round"):

- Insurance is offered (phase ``INSURANCE``) whenever the up card is an ace,
  ``rules.insurance != "none"`` and half the bet is at least 1 chip, even if
  the balance cannot cover it; then only declining is legal.
- A split puts the new hand right after the hand split, so ``hands`` is both
  the play order and the settlement order.
- A bust and a surrender are settled the moment they happen; a natural as
  soon as the dealer has checked, or the up card is not an ace.
- ``dealer_checked`` turns true at the peek, or when the hole card is shown
  at the end of the round (with a 2 to 9 up there is no peek to make).

A stacked hand at the ``practice`` table: 16 against a 6, the hole card a
ten; the player hits a 5 (21 stands by itself) and the dealer busts.

>>> import numpy as np
>>> from bjtrainer.engine.presets import PRESETS
>>> from bjtrainer.engine.shoe import Shoe
>>> from bjtrainer.engine.table import Table
>>> rules = PRESETS["practice"]
>>> shoe = Shoe.stacked(rules, ["T", "6", "6", "T", "5", "T"])
>>> round_ = Table(rules, np.random.default_rng(0), shoe=shoe).deal()
>>> sorted(action.value for action in round_.legal_actions())
['double', 'hit', 'stand', 'surrender']
>>> round_.verify_splitting()
Traceback (most recent call last):
  ...
bjtrainer.errors.IllegalActionError: Cannot split: the two cards have different values (T and 6).
>>> [card.code for card in round_.hit().cards]  # the cards before the hit
['TS', '6S']
>>> round_.phase.value, round_.hands[0].total, round_.result.dealer_total, round_.result.net
('settled', 21, 26, 10)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import Bankroll, chips_text
from bjtrainer.engine.cards import Card
from bjtrainer.engine.hand import HandValue, PlayerHand, evaluate, is_natural
from bjtrainer.engine.legality import (
    doubling_problem,
    hitting_problem,
    splitting_problem,
    surrendering_problem,
)
from bjtrainer.engine.records import ActionRecord, Outcome, RoundResult
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import IllegalActionError

__all__ = [
    "ActionRecord",
    "Outcome",
    "Phase",
    "PlayerHand",
    "Round",
    "RoundResult",
]


class Phase(StrEnum):
    """Where a round stands: waiting for an answer, or over."""

    INSURANCE = "insurance"
    PLAYER = "player"
    SETTLED = "settled"


def _chip_word(chips: int) -> str:
    return "chip" if chips == 1 else "chips"


def _describe_cards(cards: list[Card]) -> str:
    return ", ".join(card.rank for card in cards)


class Round:
    """One round: the bet, the deal, the player's decisions and settlement.

    Parameters
    ----------
    rules : Rules
        Reads ``peek``, ``insurance``, ``double_on``, ``double_after_split``,
        ``max_split_hands``, ``resplit_aces``, ``surrender``,
        ``blackjack_payout`` and ``dealer_hits_soft_17``.
    shoe : Shoe
        Every card comes from it.
    bankroll : Bankroll
        The bet and every later wager are taken from it; payouts go into it.
    bet : int
        The original wager in chips (at least 1). The caller (the
        :class:`~bjtrainer.engine.table.Table`) checks the table limits.

    Raises
    ------
    IllegalActionError
        If ``bet`` is not a whole number of at least 1 chip, or is more than
        the balance.

    Attributes
    ----------
    rules : Rules
    bet : int
        The original wager, chips.
    phase : Phase
    hands : list of PlayerHand
        In play order; a split puts the new hand right after the one split.
    active : int
        Index of the hand to play in phase ``PLAYER``, else -1.
    dealer_cards : list of Card
        Up card then hole card then draws. Internal: a UI must read
        :meth:`dealer_visible` instead, which hides the hole card.
    hole_revealed : bool
        The hole card has been turned over.
    dealer_checked : bool
        The dealer has peeked (and found no blackjack, or the round ended).
    insurance_wager : int
        Chips staked on insurance, 0 if none.
    history : list of ActionRecord
        The decisions taken, in order.
    result : RoundResult or None
        Set when the phase is ``SETTLED``.
    discards_reshuffled : bool
        The shoe ran dry during this round and its discards were shuffled
        in behind the cards on the table to finish it
        (:meth:`~bjtrainer.engine.shoe.Shoe.reshuffle_discards`); the table
        says so.
    """

    def __init__(self, rules: Rules, shoe: Shoe, bankroll: Bankroll, bet: int) -> None:
        if isinstance(bet, bool) or not isinstance(bet, int) or bet < 1:
            raise IllegalActionError(
                f"Cannot deal: the bet must be a whole number of chips, at least 1 (got {bet!r})."
            )
        if bet > bankroll.balance:
            raise IllegalActionError(
                f"Cannot deal: the bet of {chips_text(bet)} is more than "
                f"the balance of {bankroll.balance}."
            )
        self.rules = rules
        self.shoe = shoe
        self.bankroll = bankroll
        self.bet = bet
        self.phase = Phase.PLAYER
        self.active = -1
        self.hole_revealed = False
        self.dealer_checked = False
        self.insurance_wager = 0
        self.history: list[ActionRecord] = []
        self.result: RoundResult | None = None
        self._insurance_answered = False
        self._insurance_settled = False
        self._insurance_net = 0
        self._peek_done = False
        self._naturals_done = False
        self.discards_reshuffled = False

        bankroll.take(bet)
        shoe.start_round()
        hand = PlayerHand(cards=[], wager=bet)
        self.hands: list[PlayerHand] = [hand]
        self.dealer_cards: list[Card] = []
        # Table order: player, up card, player, hole card ("Order of a round", step 2).
        hand.cards.append(self._draw())
        self.dealer_cards.append(self._draw())
        hand.cards.append(self._draw())
        self.dealer_cards.append(self._draw())
        self._advance()

    # ------------------------------------------------------------------
    # What the table shows

    @property
    def up_card(self) -> Card:
        """The dealer's face-up card."""
        return self.dealer_cards[0]

    def dealer_visible(self) -> list[Card | None]:
        """The dealer's cards as the player sees them.

        Returns
        -------
        list of Card or None
            ``[up, None]`` before the reveal (None is the face-down hole
            card); every dealer card after it.
        """
        if self.hole_revealed:
            return list(self.dealer_cards)
        return [self.dealer_cards[0], None]

    def dealer_visible_value(self) -> HandValue:
        """Total of the dealer's visible cards: the up card alone before the reveal."""
        return evaluate(card for card in self.dealer_visible() if card is not None)

    def insurance_cost(self) -> int:
        """Half the original bet, rounded down: the full insurance stake in chips.

        Source: ``docs/rules/practice.md``, "Insurance": it costs half the
        original bet, rounded down to whole chips.
        """
        return self.bet // 2

    def chips_on_table(self) -> int:
        """Chips wagered and not yet settled: hands (doubles, splits) and insurance."""
        on_hands = sum(hand.wager for hand in self.hands if not hand.settled)
        on_insurance = 0 if self._insurance_settled else self.insurance_wager
        return on_hands + on_insurance

    def settled_net(self) -> int:
        """Net chips of everything settled so far in this round (0 at the deal)."""
        hands = sum(hand.net for hand in self.hands)
        return hands + (self._insurance_net if self._insurance_settled else 0)

    # ------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> frozenset[Action]:
        """The actions allowed now, built only from the ``can_*`` methods."""
        checks: dict[Action, Callable[[], bool]] = {
            Action.HIT: self.can_hit,
            Action.STAND: self.can_stand,
            Action.DOUBLE: self.can_double,
            Action.SPLIT: self.can_split,
            Action.SURRENDER: self.can_surrender,
            Action.INSURANCE: self.can_insure,
            Action.NO_INSURANCE: self.can_decline_insurance,
        }
        return frozenset(action for action, can in checks.items() if can())

    def _verify_playing(self, verb: str) -> PlayerHand:
        if self.phase is Phase.SETTLED:
            raise IllegalActionError(f"Cannot {verb}: the round is over.")
        if self.phase is Phase.INSURANCE:
            raise IllegalActionError(f"Cannot {verb}: answer the insurance offer first.")
        return self.hands[self.active]

    def verify_hitting(self) -> None:
        """Raise unless the active hand may take a card.

        Split aces take one card each; a hand at 21 has stood by itself
        (:func:`~bjtrainer.engine.legality.hitting_problem`;
        ``docs/rules/practice.md``, "Hit, stand and 21" and "Splits").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        hand = self._verify_playing("hit")
        _raise(hitting_problem(_ranks(hand), from_split=hand.from_split))

    def can_hit(self) -> bool:
        """Whether :meth:`hit` is allowed now."""
        return allowed(self.verify_hitting)

    def hit(self) -> ActionRecord:
        """Deal one card to the active hand; it busts over 21 and stands at 21.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_hitting`.
        """
        self.verify_hitting()
        index, hand = self.active, self.hands[self.active]
        record = ActionRecord(Action.HIT, index, tuple(hand.cards))
        hand.cards.append(self._draw())
        self._after_card(hand)
        return self._done(record)

    def verify_standing(self) -> None:
        """Raise unless the active hand may stand.

        Raises
        ------
        IllegalActionError
            Outside phase ``PLAYER``.
        """
        self._verify_playing("stand")

    def can_stand(self) -> bool:
        """Whether :meth:`stand` is allowed now."""
        return allowed(self.verify_standing)

    def stand(self) -> ActionRecord:
        """End the active hand at its total.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_standing`.
        """
        self.verify_standing()
        index, hand = self.active, self.hands[self.active]
        record = ActionRecord(Action.STAND, index, tuple(hand.cards))
        hand.finished = True
        return self._done(record)

    def verify_doubling(self) -> None:
        """Raise unless the active hand may double.

        Double: first two cards of a hand, a total ``rules.may_double_total``
        allows, after a split only with DAS, never on split aces, and the
        balance must cover the hand's wager
        (:func:`~bjtrainer.engine.legality.doubling_problem`, then the chips;
        ``docs/rules/<table>.md``, "Doubling" and "Splits").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        hand = self._verify_playing("double")
        _raise(doubling_problem(self.rules, _ranks(hand), from_split=hand.from_split))
        if not self.bankroll.covers(hand.wager):
            raise IllegalActionError(
                f"Cannot double: doubling needs {hand.wager} more {_chip_word(hand.wager)} "
                f"and the balance is {self.bankroll.balance}."
            )

    def can_double(self) -> bool:
        """Whether :meth:`double` is allowed now."""
        return allowed(self.verify_doubling)

    def double(self) -> ActionRecord:
        """Add a wager equal to the hand's, deal exactly one card, end the hand.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_doubling`.
        """
        self.verify_doubling()
        index, hand = self.active, self.hands[self.active]
        record = ActionRecord(Action.DOUBLE, index, tuple(hand.cards), hand.wager)
        self.bankroll.take(hand.wager)
        hand.wager *= 2
        hand.doubled = True
        hand.cards.append(self._draw())
        self._after_card(hand)
        hand.finished = True
        return self._done(record)

    def verify_splitting(self) -> None:
        """Raise unless the active hand may split.

        Split: two cards of equal value (J and K too), up to
        ``rules.max_split_hands`` hands, split aces again only with RSA, and
        the balance must cover the hand's wager
        (:func:`~bjtrainer.engine.legality.splitting_problem`, then the
        chips; ``docs/rules/<table>.md``, "Splits").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        hand = self._verify_playing("split")
        _raise(
            splitting_problem(
                self.rules, _ranks(hand), from_split=hand.from_split, hands=len(self.hands)
            )
        )
        if not self.bankroll.covers(hand.wager):
            raise IllegalActionError(
                f"Cannot split: splitting needs {hand.wager} more {_chip_word(hand.wager)} "
                f"and the balance is {self.bankroll.balance}."
            )

    def can_split(self) -> bool:
        """Whether :meth:`split` is allowed now."""
        return allowed(self.verify_splitting)

    def split(self) -> ActionRecord:
        """Split the active pair into two hands, each with the hand's wager.

        The new hand goes right after the split one and gets its second card
        when its turn begins; the split hand gets its second card now.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_splitting`.
        """
        self.verify_splitting()
        index, hand = self.active, self.hands[self.active]
        record = ActionRecord(Action.SPLIT, index, tuple(hand.cards), hand.wager)
        self.bankroll.take(hand.wager)
        moved = hand.cards.pop()
        hand.from_split = True
        self.hands.insert(index + 1, PlayerHand(cards=[moved], wager=hand.wager, from_split=True))
        return self._done(record)

    def verify_surrendering(self) -> None:
        """Raise unless the hand may surrender (late surrender).

        Late surrender: after the peek, on the first two cards of the
        original hand only
        (:func:`~bjtrainer.engine.legality.surrendering_problem`;
        ``docs/rules/<table>.md``, "Surrender").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        hand = self._verify_playing("surrender")
        _raise(
            surrendering_problem(
                self.rules, _ranks(hand), from_split=hand.from_split, hands=len(self.hands)
            )
        )

    def can_surrender(self) -> bool:
        """Whether :meth:`surrender` is allowed now."""
        return allowed(self.verify_surrendering)

    def surrender(self) -> ActionRecord:
        """Give up the hand for half the bet, rounded down.

        The half comes back at once where no dealer blackjack can be hidden:
        the dealer has checked, the up card is 2 to 9, or the table offers
        ``early`` surrender. Where the dealer has not checked an ace or a ten
        up (late surrender without a peek), the hand waits for the hole card:
        a dealer blackjack takes the whole bet (``docs/rules/<table>.md``,
        "Surrender"; ``docs/numbers.md``, "6. Surrender").

        Raises
        ------
        IllegalActionError
            See :meth:`verify_surrendering`.
        """
        self.verify_surrendering()
        index, hand = self.active, self.hands[self.active]
        record = ActionRecord(Action.SURRENDER, index, tuple(hand.cards))
        hand.surrendered = True
        hand.finished = True
        if not self._surrender_waits_for_hole_card():
            self._settle(hand, Outcome.SURRENDER, hand.wager // 2)
        return self._done(record)

    def _surrender_waits_for_hole_card(self) -> bool:
        """Late surrender with an unchecked ace or ten up: settled after the reveal."""
        return (
            self.rules.surrender == "late"
            and not self.dealer_checked
            and self.up_card.rank in ("A", "T", "J", "Q", "K")
        )

    def _verify_insurance_phase(self, verb: str) -> None:
        if self.phase is Phase.SETTLED:
            raise IllegalActionError(f"Cannot {verb}: the round is over.")
        if self.phase is not Phase.INSURANCE:
            raise IllegalActionError(
                f"Cannot {verb}: insurance is offered only with an ace up, before the player acts."
            )

    def _insurance_amount(self, amount: int | None) -> int:
        cost = self.insurance_cost()
        if amount is None:
            if self.rules.insurance == "up_to_half":
                return max(1, min(cost, self.bankroll.balance))
            return cost
        return amount

    def verify_insuring(self, amount: int | None = None) -> int:
        """Raise unless insurance of ``amount`` chips may be taken now; return the stake.

        Insurance is offered with an ace up, before the peek. With
        ``rules.insurance == "half_bet"`` it costs exactly half the bet,
        rounded down; with ``"up_to_half"`` any whole amount from 1 to that
        (``docs/rules/<table>.md``, "Insurance").

        Parameters
        ----------
        amount : int, optional
            Chips to stake. None: the full cost (``"up_to_half"``: the most
            the balance allows, up to the full cost).

        Returns
        -------
        int
            The stake, chips: ``amount``, or the default for None.

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        self._verify_insurance_phase("take insurance")
        cost = self.insurance_cost()
        chips = self._insurance_amount(amount)
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise IllegalActionError(
                f"Cannot take insurance of {chips!r} chips: chips are whole numbers."
            )
        if self.rules.insurance == "up_to_half":
            if not 1 <= chips <= cost:
                raise IllegalActionError(
                    f"Cannot take insurance of {chips_text(chips)}: "
                    f"it must be a whole amount from 1 to {cost}."
                )
        elif chips != cost:
            raise IllegalActionError(
                f"Cannot take insurance of {chips_text(chips)}: at this table insurance costs "
                f"exactly {cost} (half the bet, rounded down)."
            )
        if not self.bankroll.covers(chips):
            raise IllegalActionError(
                f"Cannot take insurance: it costs {chips_text(chips)} and the balance is "
                f"{self.bankroll.balance}."
            )
        return chips

    def insurance_limits(self) -> tuple[int, int]:
        """``(lowest, highest)`` chips insurance may stake now.

        The highest is half the bet, rounded down, lowered to the balance
        (``docs/rules/guide.md``, "Insurance": it costs up to half the bet).
        At a half-bet table both are the full cost.

        Raises
        ------
        IllegalActionError
            If insurance is not on offer now.
        """
        if self.phase is not Phase.INSURANCE:
            raise IllegalActionError("Cannot take insurance: it is not on offer now.")
        cost = self.insurance_cost()
        if self.rules.insurance != "up_to_half":
            return cost, cost
        return min(1, cost), min(cost, self.bankroll.balance)

    def insurance_problem(self, amount: int) -> str | None:
        """The sentence of :meth:`verify_insuring` for ``amount``, or None when it may be staked."""
        try:
            self.verify_insuring(amount)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def can_insure(self, amount: int | None = None) -> bool:
        """Whether :meth:`insure` with this ``amount`` is allowed now."""
        return allowed(lambda: self.verify_insuring(amount))

    def insure(self, amount: int | None = None) -> ActionRecord:
        """Stake insurance; it pays 2:1 if the dealer has blackjack.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_insuring`.
        """
        chips = self.verify_insuring(amount)
        record = ActionRecord(Action.INSURANCE, 0, tuple(self.hands[0].cards), chips)
        self.bankroll.take(chips)
        self.insurance_wager = chips
        self._insurance_answered = True
        return self._done(record)

    def verify_declining_insurance(self) -> None:
        """Raise unless the insurance offer is open.

        Raises
        ------
        IllegalActionError
            Outside phase ``INSURANCE``.
        """
        self._verify_insurance_phase("decline insurance")

    def can_decline_insurance(self) -> bool:
        """Whether :meth:`decline_insurance` is allowed now."""
        return allowed(self.verify_declining_insurance)

    def decline_insurance(self) -> ActionRecord:
        """Answer no to insurance.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_declining_insurance`.
        """
        self.verify_declining_insurance()
        record = ActionRecord(Action.NO_INSURANCE, 0, tuple(self.hands[0].cards))
        self._insurance_answered = True
        return self._done(record)

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is not allowed now.

        The dispatcher of the ``verify_*`` methods: the message is theirs,
        a full sentence saying why ("Cannot double: the hand already has 3
        cards.").
        """
        verifiers: dict[Action, Callable[[], object]] = {
            Action.HIT: self.verify_hitting,
            Action.STAND: self.verify_standing,
            Action.DOUBLE: self.verify_doubling,
            Action.SPLIT: self.verify_splitting,
            Action.SURRENDER: self.verify_surrendering,
            Action.INSURANCE: self.verify_insuring,
            Action.NO_INSURANCE: self.verify_declining_insurance,
        }
        verifiers[Action(action)]()

    def apply(self, action: Action, amount: int | None = None) -> ActionRecord:
        """Take ``action``: the one entry point for replays and the UI.

        Parameters
        ----------
        action : Action
        amount : int, optional
            For ``INSURANCE``, the stake (see :meth:`insure`). For ``DOUBLE``
            and ``SPLIT`` it may repeat the chips the action adds (as
            :attr:`ActionRecord.amount` holds them); anything else must be None.

        Raises
        ------
        IllegalActionError
            If the action is not allowed now, or ``amount`` does not fit it.
        """
        action = Action(action)
        if action is Action.INSURANCE:
            return self.insure(amount)
        if amount is not None:
            needed = self._added_chips(action)
            if needed != amount:
                what = chips_text(needed) if needed is not None else "no chips"
                raise IllegalActionError(
                    f"Cannot {action.value.replace('_', ' ')} with {chips_text(amount)}: "
                    f"it adds {what}."
                )
        actions: dict[Action, Callable[[], ActionRecord]] = {
            Action.HIT: self.hit,
            Action.STAND: self.stand,
            Action.DOUBLE: self.double,
            Action.SPLIT: self.split,
            Action.SURRENDER: self.surrender,
            Action.NO_INSURANCE: self.decline_insurance,
        }
        return actions[action]()

    def _added_chips(self, action: Action) -> int | None:
        if action in (Action.DOUBLE, Action.SPLIT) and self.phase is Phase.PLAYER:
            return self.hands[self.active].wager
        return None

    # ------------------------------------------------------------------
    # The automatic steps

    def _draw(self) -> Card:
        """The next card of the shoe; a dry shoe has its discards reshuffled first."""
        if self.shoe.cards_left == 0 and self.shoe.on_table:
            self.discards_reshuffled = True
        return self.shoe.draw()

    def _done(self, record: ActionRecord) -> ActionRecord:
        self.history.append(record)
        self._advance()
        return record

    def _after_card(self, hand: PlayerHand) -> None:
        """Bust or stand a hand by itself after it took a card."""
        total = hand.total
        if total > 21:
            hand.finished = True
            self._settle(hand, Outcome.BUST, 0)
        elif total == 21:
            hand.finished = True

    def _insurance_offered(self) -> bool:
        return (
            self.up_card.rank == "A"
            and self.rules.insurance != "none"
            and self.insurance_cost() >= 1
        )

    def _advance(self) -> None:
        """Run every step that needs no decision, up to the next decision."""
        if self.phase is Phase.SETTLED:
            return
        if not self._insurance_answered:
            if self._insurance_offered():
                self.phase = Phase.INSURANCE
                self.active = -1
                return
            self._insurance_answered = True
        if not self._peek_done:
            self._peek_done = True
            if self.rules.peeks_with(self.up_card.rank):
                self.dealer_checked = True
                if is_natural(self.dealer_cards):
                    self._finish_round()
                    return
                self._settle_insurance(dealer_blackjack=False)
        if not self._naturals_done:
            self._naturals_done = True
            hand = self.hands[0]
            if hand.is_natural:
                hand.finished = True
                # Settled at once unless an unchecked ace is up ("Order of a round", step 5).
                if self.up_card.rank != "A" or self.dealer_checked:
                    self._settle(hand, Outcome.BLACKJACK, hand.wager + self._natural_win(hand))
        self._move_on()

    def _move_on(self) -> None:
        """Make the first unfinished hand active, dealing its second card if due."""
        self.phase = Phase.PLAYER
        index = max(self.active, 0)
        while index < len(self.hands):
            hand = self.hands[index]
            if not hand.finished:
                self.active = index
                if len(hand.cards) == 1:
                    # A split hand gets its second card when its turn begins.
                    hand.cards.append(self._draw())
                    self._after_card(hand)
                    if hand.split_aces and not hand.finished and not self.can_split():
                        hand.finished = True
                if not hand.finished:
                    return
            index += 1
        self.active = -1
        self._finish_round()

    def _natural_win(self, hand: PlayerHand) -> int:
        """Chips won by a natural: ``floor(wager * payout)`` (3:2, half chips down)."""
        return math.floor(hand.wager * self.rules.blackjack_ratio)

    def _settle(self, hand: PlayerHand, outcome: Outcome, returned: int) -> None:
        hand.outcome = outcome
        hand.returned = returned
        hand.settled = True
        hand.finished = True
        self.bankroll.pay(returned)

    def _settle_insurance(self, *, dealer_blackjack: bool) -> None:
        if self._insurance_settled:
            return
        self._insurance_settled = True
        if self.insurance_wager == 0:
            return
        if dealer_blackjack:
            # Pays 2:1: returns three times its stake (docs/rules/practice.md, "Insurance").
            self._insurance_net = 2 * self.insurance_wager
            self.bankroll.pay(3 * self.insurance_wager)
        else:
            self._insurance_net = -self.insurance_wager

    def _dealer_should_hit(self) -> bool:
        value = evaluate(self.dealer_cards)
        if value.total < 17:
            return True
        return value.total == 17 and value.soft and self.rules.dealer_hits_soft_17

    def _finish_round(self) -> None:
        """Reveal the hole card, let the dealer draw if a live hand is left, settle."""
        self.phase = Phase.SETTLED
        self.active = -1
        self.hole_revealed = True
        self.dealer_checked = True
        dealer_blackjack = is_natural(self.dealer_cards)
        live = [
            hand
            for hand in self.hands
            if not hand.settled and not hand.is_natural and not hand.surrendered
        ]
        if live and not dealer_blackjack:
            while self._dealer_should_hit():
                self.dealer_cards.append(self._draw())
        self._settle_insurance(dealer_blackjack=dealer_blackjack)
        dealer = evaluate(self.dealer_cards).total
        for hand in self.hands:
            if hand.settled:
                continue
            if hand.surrendered:
                # Late surrender before any check: a hidden blackjack takes the whole bet.
                if dealer_blackjack:
                    self._settle(hand, Outcome.DEALER_BLACKJACK, 0)
                else:
                    self._settle(hand, Outcome.SURRENDER, hand.wager // 2)
            elif dealer_blackjack:
                if hand.is_natural:
                    self._settle(hand, Outcome.PUSH, hand.wager)
                else:
                    self._settle(hand, Outcome.DEALER_BLACKJACK, 0)
            elif hand.is_natural:
                self._settle(hand, Outcome.BLACKJACK, hand.wager + self._natural_win(hand))
            elif dealer > 21 or hand.total > dealer:
                self._settle(hand, Outcome.WIN, 2 * hand.wager)
            elif hand.total == dealer:
                self._settle(hand, Outcome.PUSH, hand.wager)
            else:
                self._settle(hand, Outcome.LOSS, 0)
        hand_nets = tuple(hand.net for hand in self.hands)
        self.result = RoundResult(
            net=sum(hand_nets) + self._insurance_net,
            hand_nets=hand_nets,
            insurance_net=self._insurance_net,
            dealer_total=dealer,
            dealer_blackjack=dealer_blackjack,
            outcomes=tuple(hand.outcome for hand in self.hands if hand.outcome is not None),
            doubled=tuple(hand.doubled for hand in self.hands),
        )

    def __repr__(self) -> str:
        hands = " | ".join(_describe_cards(hand.cards) for hand in self.hands)
        return f"<Round {self.phase.value} bet={self.bet} hands=[{hands}] up={self.up_card.rank}>"


def _ranks(hand: PlayerHand) -> tuple[str, ...]:
    return tuple(card.rank for card in hand.cards)


def _raise(problem: str | None) -> None:
    """Raise the rules' sentence (:mod:`bjtrainer.engine.legality`), if there is one."""
    if problem is not None:
        raise IllegalActionError(problem)


def allowed(verify: Callable[[], object]) -> bool:
    """Whether ``verify()`` passes: the ``can_`` half of a verify/can/act triple."""
    try:
        verify()
    except IllegalActionError:
        return False
    return True
