"""The table: rules, chips, the next bet, the shoe and the current round.

Between rounds the player sets the bet, deals, or refills free chips. The
bet rules follow ``shared/RULES.md`` (row "bet"): whole chips from
``rules.min_bet`` to ``rules.max_bet`` in steps of ``rules.bet_step``, never
more than the balance; the next deal reuses the last bet, lowered to the
balance if needed (``003_2bdd88f24671a4ec.txt``: "Deal uses the previous bet,
initially 10 chips"; "using the previous wager, reduced if your balance is
too low"). "Refill free chips" restores ``rules.starting_chips`` between
rounds where ``rules.refill`` (``003_2bdd88f24671a4ec.txt``).

A table is saved as plain data (:meth:`Table.to_state`) and restored by
replaying the current round from its start (:meth:`Table.from_state`), so a
hand in progress comes back exactly, with the same shoe continuing
(``shared/DESIGN.md``, "a saved table is the rules, the shoe state and that
history, and restoring replays it").
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import ValidationError

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import Bankroll, chips_text
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import BjTrainerError, IllegalActionError, SavedStateError

__all__ = ["STATE_FORMAT", "Table"]

#: Version of the data :meth:`Table.to_state` writes.
STATE_FORMAT = 1


def _copy_json(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, scalars), much faster than deepcopy."""
    if isinstance(value, dict):
        return {key: _copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_json(item) for item in value]
    return value


def _rng_state(rng: np.random.Generator) -> dict[str, Any]:
    state: dict[str, Any] = _copy_json(dict(rng.bit_generator.state))
    return state


def _rng_from_state(state: dict[str, Any]) -> np.random.Generator:
    try:
        bit_generator_class = getattr(np.random, str(state["bit_generator"]))
        bit_generator = bit_generator_class()
        bit_generator.state = _copy_json(state)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SavedStateError(f"Not a saved random generator state: {exc}") from None
    return np.random.Generator(bit_generator)


class Table:
    """A seat at one table: chips, the next bet, the shoe and the round.

    Parameters
    ----------
    rules : Rules
        Reads the chip and bet fields and passes the rest on to the shoe
        and each round.
    rng : numpy.random.Generator
        Shuffles the shoe when no ``shoe`` is given.
    shoe : Shoe, optional
        A prepared shoe (e.g. :meth:`Shoe.stacked` in tests); it keeps its
        own generator for later shuffles.

    Attributes
    ----------
    rules : Rules
    bankroll : Bankroll
        Starts at ``rules.starting_chips``.
    bet : int
        The opening bet of the next deal; starts at ``rules.first_bet``.
    shoe : Shoe
    round : Round or None
        The round in play or the last one settled; None before the first deal.
    """

    def __init__(self, rules: Rules, rng: np.random.Generator, *, shoe: Shoe | None = None) -> None:
        self.rules = rules
        self.shoe = shoe if shoe is not None else Shoe(rules, rng)
        self.bankroll = Bankroll(rules.starting_chips)
        self.bet = rules.first_bet
        self.round: Round | None = None
        self._round_start: dict[str, Any] | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The generator every shuffle of this table's shoe draws from."""
        return self.shoe.rng

    @property
    def balance(self) -> int:
        """Chips the player holds (not counting wagers on the table)."""
        return self.bankroll.balance

    @property
    def in_round(self) -> bool:
        """Whether a round is dealt and not yet settled."""
        return self.round is not None and self.round.phase is not Phase.SETTLED

    # ------------------------------------------------------------------
    # Betting

    def verify_betting(self, amount: int) -> None:
        """Raise unless ``amount`` may be the next opening bet.

        A bet is whole chips, ``rules.min_bet`` to ``rules.max_bet``, a
        multiple of ``rules.bet_step``, at most the balance, and is set only
        between rounds (``shared/RULES.md``, row "bet").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        rules = self.rules
        if self.in_round:
            raise IllegalActionError("Cannot bet: a round is in play; finish it first.")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalActionError(f"Cannot bet {amount!r}: bets are whole chips.")
        if not rules.min_bet <= amount <= rules.max_bet:
            raise IllegalActionError(
                f"Cannot bet {amount}: bets run from {rules.min_bet} to {rules.max_bet} chips."
            )
        if amount % rules.bet_step:
            raise IllegalActionError(
                f"Cannot bet {amount}: bets are multiples of {rules.bet_step} chips."
            )
        if amount > self.balance:
            raise IllegalActionError(
                f"Cannot bet {amount}: the balance is only {chips_text(self.balance)}."
            )

    def can_bet(self, amount: int) -> bool:
        """Whether :meth:`set_bet` with ``amount`` is allowed now."""
        try:
            self.verify_betting(amount)
        except IllegalActionError:
            return False
        return True

    def set_bet(self, amount: int) -> None:
        """Make ``amount`` the opening bet of the next deal.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_betting`.
        """
        self.verify_betting(amount)
        self.bet = amount

    def next_bet(self) -> int:
        """The bet the next deal would place: the last bet lowered to fit.

        Lowered to the balance and the table maximum, then down to a multiple
        of ``rules.bet_step``; 0 when the balance is below ``rules.min_bet``.
        """
        amount = min(self.bet, self.balance, self.rules.max_bet)
        amount -= amount % self.rules.bet_step
        return amount if amount >= self.rules.min_bet else 0

    # ------------------------------------------------------------------
    # Dealing

    def verify_dealing(self) -> None:
        """Raise unless a round may be dealt now.

        Raises
        ------
        IllegalActionError
            While a round is in play, or when the balance is below
            ``rules.min_bet``.
        """
        if self.in_round:
            raise IllegalActionError("Cannot deal: a round is in play; finish it first.")
        if self.next_bet() == 0:
            if self.rules.refill:
                raise IllegalActionError(
                    f"Cannot deal: the balance of {chips_text(self.balance)} is below the minimum "
                    f"bet of {self.rules.min_bet}; refill free chips to play on."
                )
            raise IllegalActionError(
                f"Cannot deal: the balance of {chips_text(self.balance)} is below the minimum "
                f"bet of {self.rules.min_bet}, and this table has no refill."
            )

    def can_deal(self) -> bool:
        """Whether :meth:`deal` is allowed now."""
        try:
            self.verify_dealing()
        except IllegalActionError:
            return False
        return True

    def deal(self) -> Round:
        """Start a round with the last bet, lowered to fit the balance.

        Reshuffles first when ``shoe.needs_shuffle()``. The bet placed becomes
        :attr:`bet`.

        Returns
        -------
        Round
            The new round (also :attr:`round`), already past every automatic
            step: it may be settled at once (a natural, a dealer blackjack).

        Raises
        ------
        IllegalActionError
            See :meth:`verify_dealing`.
        """
        self.verify_dealing()
        self._round_start = {
            "balance": self.balance,
            "bet": self.bet,
            "rng": _rng_state(self.rng),
            "shoe": self.shoe.to_state(),
        }
        if self.shoe.needs_shuffle():
            self.shoe.shuffle()
        self.bet = self.next_bet()
        self.round = Round(self.rules, self.shoe, self.bankroll, self.bet)
        return self.round

    # ------------------------------------------------------------------
    # Refill

    def verify_refilling(self) -> None:
        """Raise unless free chips may be refilled now.

        Raises
        ------
        IllegalActionError
            If the table has no refill, a round is in play, or the balance is
            already at least ``rules.starting_chips``.
        """
        if not self.rules.refill:
            raise IllegalActionError("Cannot refill: this table has no free refill.")
        if self.in_round:
            raise IllegalActionError("Cannot refill: a round is in play; finish it first.")
        if self.balance >= self.rules.starting_chips:
            raise IllegalActionError(
                f"Cannot refill: the balance of {self.balance} is already at least "
                f"the {self.rules.starting_chips} free chips."
            )

    def can_refill(self) -> bool:
        """Whether :meth:`refill` is allowed now."""
        try:
            self.verify_refilling()
        except IllegalActionError:
            return False
        return True

    def refill(self) -> None:
        """Restore the balance to ``rules.starting_chips``.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_refilling`.
        """
        self.verify_refilling()
        self.bankroll.pay(self.rules.starting_chips - self.balance)

    # ------------------------------------------------------------------
    # Saving and restoring

    def to_state(self) -> dict[str, Any]:
        """The table as JSON-able data.

        Returns
        -------
        dict
            ``format``; ``rules`` (``Rules.model_dump``); the current
            ``balance``, ``bet``, ``rng`` (bit-generator state) and ``shoe``;
            and ``round``: None before the first deal, else the balance, bet,
            generator and shoe as they were at the start of the current (or
            last) round plus that round's ``actions``
            (``[{"action": "hit", "amount": None}, ...]``).
        """
        round_state: dict[str, Any] | None = None
        if self.round is not None and self._round_start is not None:
            round_state = _copy_json(self._round_start)
            round_state["actions"] = [
                {"action": record.action.value, "amount": record.amount}
                for record in self.round.history
            ]
        return {
            "format": STATE_FORMAT,
            "rules": self.rules.model_dump(mode="json"),
            "balance": self.balance,
            "bet": self.bet,
            "rng": _rng_state(self.rng),
            "shoe": self.shoe.to_state(),
            "round": round_state,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Table:
        """Rebuild a table from :meth:`to_state` data, replaying its round.

        Raises
        ------
        SavedStateError
            If the data is not a saved table, its rules are not valid, or the
            replay does not end where the saved table was.
        """
        try:
            if state.get("format") != STATE_FORMAT:
                raise SavedStateError(
                    f"Not a saved table of format {STATE_FORMAT}: {state.get('format')!r}."
                )
            rules = Rules.model_validate(state["rules"])
            round_state = state["round"]
            start = round_state if round_state is not None else state
            table = cls._at(rules, start)
            if round_state is not None:
                table.deal()
                round_ = table.round
                assert round_ is not None
                for step in round_state["actions"]:
                    round_.apply(Action(step["action"]), step["amount"])
            # Between rounds the player may have changed the bet or refilled.
            table.bankroll.balance = _whole(state["balance"], "balance")
            table.bet = _whole(state["bet"], "bet")
        except SavedStateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SavedStateError(f"Not a saved table: {exc}") from None
        except (ValidationError, BjTrainerError) as exc:
            raise SavedStateError(f"Cannot restore the saved table: {exc}") from None
        if table.shoe.to_state() != state["shoe"] or _rng_state(table.rng) != state["rng"]:
            raise SavedStateError("Cannot restore the saved table: the replay did not match it.")
        return table

    @classmethod
    def _at(cls, rules: Rules, start: dict[str, Any]) -> Table:
        rng = _rng_from_state(start["rng"])
        shoe = Shoe.from_state(rules, start["shoe"], rng)
        table = cls(rules, rng, shoe=shoe)
        table.bankroll.balance = _whole(start["balance"], "balance")
        table.bet = _whole(start["bet"], "bet")
        return table

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self.to_state() == other.to_state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Table {self.rules.id} balance={self.balance} bet={self.bet} round={self.round!r}>"


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SavedStateError(f"Not a saved table: {name} is {value!r}.")
    return value
