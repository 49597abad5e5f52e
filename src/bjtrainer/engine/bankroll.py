"""The player's chips.

Chips are whole numbers and never go below zero; every wager is taken from
the bankroll and every payout paid into it, so chips are conserved
(``docs/rules/practice.md``, "Chips and bets"; ``docs/numbers.md``, "Units").
"""

from __future__ import annotations

from dataclasses import dataclass

from bjtrainer.errors import IllegalActionError

__all__ = ["Bankroll", "chips_text"]


def chips_text(chips: int) -> str:
    """``"1 chip"``, ``"5 chips"``: an amount for a message."""
    return f"{chips} chip" if chips == 1 else f"{chips} chips"


def _check_chips(chips: object, what: str) -> int:
    if isinstance(chips, bool) or not isinstance(chips, int):
        raise ValueError(f"{what} must be a whole number of chips, got {chips!r}.")
    if chips < 0:
        raise ValueError(f"{what} cannot be negative, got {chips}.")
    return chips


@dataclass
class Bankroll:
    """A mutable chip count.

    Attributes
    ----------
    balance : int
        Chips the player holds, not counting wagers on the table.

    Raises
    ------
    ValueError
        If ``balance`` is not a whole number of chips or is negative.
    """

    balance: int

    def __post_init__(self) -> None:
        _check_chips(self.balance, "The balance")

    def covers(self, chips: int) -> bool:
        """Whether the balance holds at least ``chips`` chips."""
        return chips <= self.balance

    def take(self, chips: int) -> None:
        """Take ``chips`` from the balance (a wager goes on the table).

        Raises
        ------
        IllegalActionError
            If the balance holds fewer than ``chips``.
        ValueError
            If ``chips`` is not a whole, non-negative number.
        """
        _check_chips(chips, "A wager")
        if chips > self.balance:
            raise IllegalActionError(
                f"Cannot take {chips_text(chips)}: the balance is only {self.balance}."
            )
        self.balance -= chips

    def pay(self, chips: int) -> None:
        """Pay ``chips`` into the balance (a payout, stake included).

        Raises
        ------
        ValueError
            If ``chips`` is not a whole, non-negative number.
        """
        _check_chips(chips, "A payout")
        self.balance += chips
