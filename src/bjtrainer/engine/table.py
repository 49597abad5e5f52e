"""The table: rules, chips, the next bet, the shoe and the current round.

Every table rule between rounds is here, each a triple alike for all:
``verify_X()`` raises :class:`~bjtrainer.errors.IllegalActionError` with a
full sentence (and returns the amount it settles on, where there is one),
``can_X()`` returns a bool, ``X()`` acts.

- The bet (``docs/rules/<table>.md``, "Chips and bets"): whole chips from
  ``rules.min_bet`` to ``rules.max_bet`` in steps of ``rules.bet_step``,
  never more than the balance, set only between rounds; the next deal
  reuses the last bet, lowered to the balance if needed.
- A bet built from chips, the "Repeat last bet" box and CLEAR, where
  ``rules.chip_denominations`` and ``rules.repeat_bet_box``
  (``docs/rules/night.md``, "Chips and bets" and "The Repeat-bet box").
- "Refill free chips", where ``rules.refill``, restores
  ``rules.starting_chips`` between rounds (``docs/rules/practice.md``, "Out
  of chips"); CASH OUT and the end of the night, where ``rules.cash_out``
  (``docs/rules/night.md``, "Out of chips" and "Cash-out and the board").

A table is saved as plain data (:meth:`Table.to_state`) and restored by
replaying the current round from its start (:meth:`Table.from_state`), so a
hand in progress comes back exactly, with the same shoe continuing; the
Repeat box and a cleared bet are part of the saved table, and so is where
the chips came from (the starting chips, the refills, the nets of the rounds
settled), so that chips are conserved over the whole history
(``docs/numbers.md``, "Units"):

    started_with + refilled + settled_earlier + round.settled_net()
        == balance + round.chips_on_table()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import Bankroll, chips_text
from bjtrainer.engine.records import ActionRecord
from bjtrainer.engine.round import Phase, Round, allowed
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
    repeat_bet : bool
        The "Repeat last bet" box is ticked; ticked by default, and always
        at a table without the box (``rules.repeat_bet_box``).
    bet_cleared : bool
        At a table with the box, the bet was taken off (CLEAR, or a round
        settled with the box unticked): the next deal needs chips first.
    shoe : Shoe
    round : Round or None
        The round in play or the last one settled; None before the first deal.
    started_with : int
        The chips this table started with, ``rules.starting_chips`` (a
        table saved before this was kept: the chips it held when restored).
    refilled : int
        Chips every refill of this table added.
    settled_earlier : int
        The net chips of every round before :attr:`round` (negative when
        they lost); :attr:`round`'s own is ``round.settled_net()``.
    """

    def __init__(self, rules: Rules, rng: np.random.Generator, *, shoe: Shoe | None = None) -> None:
        self.rules = rules
        self.shoe = shoe if shoe is not None else Shoe(rules, rng)
        self.bankroll = Bankroll(rules.starting_chips)
        self.bet = rules.first_bet
        self.repeat_bet = True
        self.bet_cleared = False
        self.round: Round | None = None
        self._round_start: dict[str, Any] | None = None
        self.started_with = rules.starting_chips
        self.refilled = 0
        self.settled_earlier = 0

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

    def verify_betting(self, amount: int) -> int:
        """Raise unless ``amount`` may be the next opening bet; return it.

        A bet is whole chips, ``rules.min_bet`` to ``rules.max_bet``, a
        multiple of ``rules.bet_step``, at most the balance, and is set only
        between rounds (``docs/rules/<table>.md``, "Chips and bets"). The
        sentence names the limit that applies, as :meth:`bet_limits` gives
        it: with fewer chips than the table maximum, the balance
        (``"Cannot bet 99999: the balance is only 980 chips, so bets run
        from 1 to 980."``), else the table's range.

        Returns
        -------
        int
            The bet, chips.

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
        if amount % rules.bet_step:
            raise IllegalActionError(
                f"Cannot bet {amount}: bets are multiples of {rules.bet_step} chips."
            )
        lowest, highest, _ = self.bet_limits()
        if amount > self.balance and self.balance < rules.max_bet:  # the balance is the limit
            so = f", so bets run from {lowest} to {highest}" if self.balance >= lowest else ""
            raise IllegalActionError(
                f"Cannot bet {amount}: the balance is only {chips_text(self.balance)}{so}."
            )
        if not lowest <= amount <= highest:
            raise IllegalActionError(
                f"Cannot bet {amount}: bets run from {lowest} to {highest} chips."
            )
        return amount

    def can_bet(self, amount: int) -> bool:
        """Whether :meth:`set_bet` with ``amount`` is allowed now."""
        return allowed(lambda: self.verify_betting(amount))

    def bet_problem(self, amount: int) -> str | None:
        """The sentence of :meth:`verify_betting` for ``amount``, or None when it may be bet."""
        return _problem(lambda: self.verify_betting(amount))

    def set_bet(self, amount: int) -> None:
        """Make ``amount`` the opening bet of the next deal.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_betting`.
        """
        self.bet = self.verify_betting(amount)

    def bet_limits(self) -> tuple[int, int, int]:
        """``(lowest, highest, step)`` of a bet now, in chips.

        The highest is the table maximum lowered to the balance and to a
        multiple of the step, never below the lowest
        (``docs/rules/<table>.md``, "Chips and bets").
        """
        rules = self.rules
        top = min(rules.max_bet, self.balance)
        top -= top % rules.bet_step
        return rules.min_bet, max(top, rules.min_bet), rules.bet_step

    def bet_chooser_problem(self) -> str | None:
        """Why the bet cannot be chosen now (a sentence), or None when it can.

        Between rounds, with at least the minimum bet in the balance. Below
        it, the sentence points to what helps: F refills the free chips
        (``docs/rules/practice.md``, "Out of chips"), or at a CASH OUT table
        the night is over and O enters the score (``docs/rules/night.md``,
        "Out of chips").
        """
        rules = self.rules
        if self.in_round:
            return "Cannot change the bet while a round is in play."
        balance = self.balance
        if balance >= rules.min_bet:
            return None
        if rules.cash_out:
            return f"The night is over: {chips_text(balance)} left. O enters your score."
        if balance == 0:
            low = "The balance is empty"
        else:
            low = (
                f"The balance of {chips_text(balance)} is below the minimum bet of {rules.min_bet}"
            )
        if rules.refill:
            return f"{low}: F refills the free chips."
        return f"{low}, and this table has no refill."

    def next_bet(self) -> int:
        """The bet the next deal would place: the last bet lowered to fit.

        Lowered to the balance and the table maximum, then down to a multiple
        of ``rules.bet_step``; 0 when the balance is below ``rules.min_bet``.
        """
        amount = min(self.bet, self.balance, self.rules.max_bet)
        amount -= amount % self.rules.bet_step
        return amount if amount >= self.rules.min_bet else 0

    @property
    def bet_down(self) -> int:
        """Chips the next deal would place: :meth:`next_bet`, or 0 once the bet is cleared."""
        return 0 if self.bet_cleared else self.next_bet()

    # ------------------------------------------------------------------
    # A bet built from chips, the Repeat box and CLEAR

    def verify_adding_chip(self, chip: int) -> int:
        """Raise unless ``chip`` may be added to the bet down now; return the bet it makes.

        The bet stays within the table's limits and never above the balance
        (``docs/rules/night.md``, "Chips and bets": from 5 to 500, never more
        than you have).

        Returns
        -------
        int
            The bet with the chip added, chips.

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        chips = self.rules.chip_denominations
        if not chips:
            raise IllegalActionError("Cannot add a chip: at this table B chooses the bet.")
        if chip not in chips:
            raise IllegalActionError(f"Cannot add a chip of {chip}: this table has no such chip.")
        if self.in_round:
            raise IllegalActionError("Cannot add a chip: a round is in play; finish it first.")
        total = self.bet_down + chip
        if total > self.rules.max_bet and self.balance >= self.rules.max_bet:
            raise IllegalActionError(
                f"Cannot add {chip}: the bet would be {total}, "
                f"above the table maximum of {self.rules.max_bet}."
            )
        if total > self.balance:  # fewer chips than the maximum: the balance is the limit
            raise IllegalActionError(
                f"Cannot add {chip}: the bet would be {total} and the balance is only "
                f"{chips_text(self.balance)}."
            )
        return self.verify_betting(total)

    def can_add_chip(self, chip: int) -> bool:
        """Whether :meth:`add_chip` with ``chip`` is allowed now."""
        return allowed(lambda: self.verify_adding_chip(chip))

    def add_chip(self, chip: int) -> int:
        """Add one chip to the bet down (a cleared bet starts again from 0).

        Returns
        -------
        int
            The bet now down, chips.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_adding_chip`.
        """
        self.bet = self.verify_adding_chip(chip)
        self.bet_cleared = False
        return self.bet

    def verify_clearing_bet(self) -> None:
        """Raise unless CLEAR may take the bet off now (``docs/rules/night.md``).

        Raises
        ------
        IllegalActionError
            At a table without the Repeat box, or while a round is in play.
        """
        if not self.rules.repeat_bet_box:
            raise IllegalActionError("Cannot clear the bet: at this table B chooses the bet.")
        if self.in_round:
            raise IllegalActionError("Cannot clear the bet: a round is in play; finish it first.")

    def can_clear_bet(self) -> bool:
        """Whether :meth:`clear_bet` is allowed now."""
        return allowed(self.verify_clearing_bet)

    def clear_bet(self) -> None:
        """CLEAR: take the bet off the table; the next deal needs chips first.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_clearing_bet`.
        """
        self.verify_clearing_bet()
        self.bet_cleared = True

    def verify_setting_repeat_bet(self) -> None:
        """Raise unless the table has the "Repeat last bet" box.

        Raises
        ------
        IllegalActionError
            At a table without the box.
        """
        if not self.rules.repeat_bet_box:
            raise IllegalActionError("This table has no Repeat last bet box.")

    def can_set_repeat_bet(self) -> bool:
        """Whether :meth:`set_repeat_bet` is allowed."""
        return allowed(self.verify_setting_repeat_bet)

    def set_repeat_bet(self, on: bool) -> None:
        """Tick or untick "Repeat last bet" (``docs/rules/night.md``, "The Repeat-bet box").

        Ticked, the next round starts with the same bet down, and ticking it
        between rounds puts a cleared bet back while the balance covers the
        minimum; unticked, a settled round takes the bet off.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_setting_repeat_bet`.
        """
        self.verify_setting_repeat_bet()
        self.repeat_bet = on
        if on and not self.in_round and self.next_bet() > 0:
            self.bet_cleared = False

    def _take_bet_off_if_settled(self) -> None:
        """With the Repeat box unticked, a settled round takes the bet off."""
        settled = self.round is not None and self.round.phase is Phase.SETTLED
        if settled and self.rules.repeat_bet_box and not self.repeat_bet:
            self.bet_cleared = True

    # ------------------------------------------------------------------
    # Dealing and playing

    def verify_dealing(self) -> None:
        """Raise unless a round may be dealt now.

        Raises
        ------
        IllegalActionError
            While a round is in play, when the bet was cleared and no chip
            is down, or when the balance is below ``rules.min_bet``.
        """
        if self.in_round:
            raise IllegalActionError("Cannot deal: a round is in play; finish it first.")
        if self.bet_cleared:
            raise IllegalActionError(
                "Cannot deal: no bet is down; add chips with the keys "
                f"1-{len(self.rules.chip_denominations)} or the chip buttons."
            )
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
        return allowed(self.verify_dealing)

    def deal(self) -> Round:
        """Start a round with the last bet, lowered to fit the balance.

        Reshuffles first when ``shoe.needs_shuffle()``. The bet placed becomes
        :attr:`bet`. A round settled at once with the Repeat box unticked
        takes the bet off (:attr:`bet_cleared`).

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
        earlier = self.round.settled_net() if self.round is not None else 0
        self.round = Round(self.rules, self.shoe, self.bankroll, self.bet)
        self.settled_earlier += earlier
        self._take_bet_off_if_settled()
        return self.round

    def apply(self, action: Action, amount: int | None = None) -> ActionRecord:
        """Take ``action`` in the round (:meth:`Round.apply`).

        A round it settles with the Repeat box unticked takes the bet off
        (:attr:`bet_cleared`).

        Raises
        ------
        IllegalActionError
            Before the first deal, or as :meth:`Round.apply` says.
        """
        if self.round is None:
            verb = Action(action).value.replace("_", " ")
            raise IllegalActionError(f"Cannot {verb}: no round has been dealt.")
        record = self.round.apply(action, amount)
        self._take_bet_off_if_settled()
        return record

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
        return allowed(self.verify_refilling)

    def refill(self) -> None:
        """Restore the balance to ``rules.starting_chips``.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_refilling`.
        """
        self.verify_refilling()
        added = self.rules.starting_chips - self.balance
        self.bankroll.pay(added)
        self.refilled += added

    # ------------------------------------------------------------------
    # The end of the night

    @property
    def night_over(self) -> bool:
        """At a CASH OUT table between rounds, the balance is below the minimum bet.

        Source: ``docs/rules/night.md``, "Out of chips".
        """
        return self.rules.cash_out and not self.in_round and self.balance < self.rules.min_bet

    def verify_cashing_out(self) -> None:
        """Raise unless CASH OUT is allowed now.

        Raises
        ------
        IllegalActionError
            At a table without CASH OUT, or while a round is in play.
        """
        if not self.rules.cash_out:
            raise IllegalActionError("Cannot cash out: this table has no CASH OUT.")
        if self.in_round:
            raise IllegalActionError("Cannot cash out: a round is in play; finish it first.")

    def can_cash_out(self) -> bool:
        """Whether :meth:`cash_out` is allowed now."""
        return allowed(self.verify_cashing_out)

    def cash_out(self) -> Table:
        """End the night: the balance is the score; return the next night's table.

        This table is left as it is: its balance is the score, which the
        caller enters on the board. The next night starts with
        ``rules.starting_chips`` and a new shoe shuffled by this table's
        generator, with the Repeat box as it was and no bet cleared
        (``docs/rules/night.md``, "Cash-out and the board").

        Returns
        -------
        Table
            The new night.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_cashing_out`.
        """
        self.verify_cashing_out()
        night = Table(self.rules, self.rng)
        night.repeat_bet = self.repeat_bet
        return night

    # ------------------------------------------------------------------
    # Saving and restoring

    def to_state(self) -> dict[str, Any]:
        """The table as JSON-able data.

        Returns
        -------
        dict
            ``format``; ``rules`` (``Rules.model_dump``); the current
            ``balance``, ``bet``, ``repeat_bet``, ``bet_cleared``, ``rng``
            (bit-generator state) and ``shoe``; ``chips``: ``{"start":
            started_with, "refills": refilled, "settled":
            settled_earlier}``; and ``round``: None before
            the first deal, else the balance, bet, generator and shoe as
            they were at the start of the current (or last) round plus that
            round's ``actions`` (``[{"action": "hit", "amount": None}, ...]``).
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
            "repeat_bet": self.repeat_bet,
            "bet_cleared": self.bet_cleared,
            "rng": _rng_state(self.rng),
            "shoe": self.shoe.to_state(),
            "chips": {
                "start": self.started_with,
                "refills": self.refilled,
                "settled": self.settled_earlier,
            },
            "round": round_state,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Table:
        """Rebuild a table from :meth:`to_state` data, replaying its round.

        A saved table without ``repeat_bet`` or ``bet_cleared`` gets the
        defaults: the box ticked, no bet cleared; one without ``chips``
        starts its account of chips with those it holds (no refill, no
        earlier net).

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
            # Between rounds the player may have changed the bet, refilled,
            # cleared the bet or ticked the box.
            table.bankroll.balance = _whole(state["balance"], "balance")
            table.bet = _whole(state["bet"], "bet")
            table.repeat_bet = _flag(state.get("repeat_bet", True), "repeat_bet")
            table.bet_cleared = _flag(state.get("bet_cleared", False), "bet_cleared")
            table._account_for(state.get("chips"))
        except SavedStateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            # ValueError includes pydantic's ValidationError: rules not valid.
            raise SavedStateError(f"Not a saved table: {exc}") from None
        except BjTrainerError as exc:
            raise SavedStateError(f"Cannot restore the saved table: {exc}") from None
        if table.shoe.to_state() != state["shoe"] or _rng_state(table.rng) != state["rng"]:
            raise SavedStateError("Cannot restore the saved table: the replay did not match it.")
        return table

    def _account_for(self, chips: Any) -> None:
        """Take the saved account of chips (``to_state()["chips"]``), or start one.

        Without one (a table saved before it was kept) the account starts
        with the chips held now: the balance and what is on the table,
        less what the round in play has settled already.
        """
        if chips is None:
            round_ = self.round
            in_round = 0 if round_ is None else round_.chips_on_table() - round_.settled_net()
            self.started_with = self.balance + in_round
            return
        self.started_with = _whole(chips["start"], "start")
        self.refilled = _whole(chips["refills"], "refills")
        settled = chips["settled"]
        if isinstance(settled, bool) or not isinstance(settled, int):
            raise SavedStateError(f"Not a saved table: settled is {settled!r}.")
        self.settled_earlier = settled

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


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise SavedStateError(f"Not a saved table: {name} is {value!r}.")
    return value


def _problem(verify: Callable[[], object]) -> str | None:
    try:
        verify()
    except IllegalActionError as exc:
        return str(exc)
    return None
