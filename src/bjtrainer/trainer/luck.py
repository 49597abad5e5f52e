"""Skill and luck told apart: the chips won against what the decisions were expected to win.

``docs/numbers.md``, "19. Luck and skill at the table". Over the rounds
played at a table (at ``night``, one night, up to its CASH OUT):

- **expected** = the chips bet x the table's return under perfect play
  (``bjtrainer edge``: -0.43% of every bet at ``practice``), less the EV
  the decisions gave up: each graded decision's ``ev_lost`` (units of the
  original wager) x the round's bet;
- **luck** = the chips won - expected: what the cards did beyond it.

So won = perfect play's expectation - what the decisions gave up + luck:
a night won by luck with a costly play in it shows both. Summing the EV of
the action taken at every decision instead would count a hand once more
at each decision (a hit, then a stand on the hand it made).

The session keeps the tally of each table in a settings row written in
the transaction of each move (:meth:`Luck.to_state`), so it survives a
restart; a round is counted once, when it settles.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bjtrainer.store import Store

__all__ = ["LUCK_SETTING", "Luck", "saved_luck"]

#: The settings row of a table's tally.
LUCK_SETTING = "luck:{rules_id}"


@dataclass(frozen=True)
class Luck:
    """The tally of the rounds played at a table.

    Attributes
    ----------
    rounds : int
        Rounds settled.
    bets : int
        Their original bets, summed, in chips.
    won : int
        Their nets, summed, in chips (negative when chips were lost).
    given_up : float
        EV the graded decisions gave up, in chips: ``ev_lost`` x the bet.
    counted : bool
        The table's current round is settled and counted already.
    """

    rounds: int = 0
    bets: int = 0
    won: int = 0
    given_up: float = 0.0
    counted: bool = False

    def decided(self, ev_lost: float, bet: int) -> Luck:
        """The tally with one more graded decision, in a round of ``bet`` chips."""
        return replace(self, given_up=self.given_up + ev_lost * bet)

    def new_round(self) -> Luck:
        """The tally once a new round is dealt (nothing of it counted yet)."""
        return replace(self, counted=False)

    def settled(self, bet: int, net: int) -> Luck:
        """The tally with the current round settled: its bet and net, counted once."""
        if self.counted:
            return self
        return Luck(self.rounds + 1, self.bets + bet, self.won + net, self.given_up, True)

    def expected(self, perfect_return: float) -> float:
        """Chips the decisions were expected to win: ``bets x perfect_return - given_up``.

        ``perfect_return`` is the table's return per round under perfect
        play, units of the bet (``round_ev(rules).expected_return``).
        """
        return self.bets * perfect_return - self.given_up + 0.0  # no -0.0 (0 bets)

    def luck(self, perfect_return: float) -> float:
        """Chips won beyond what the decisions were expected to win."""
        return self.won - self.expected(perfect_return)

    def line(self, perfect_return: float) -> str:
        """``"Won -35 chips in 40 rounds: expected -12.3 (decisions gave up 8.0), luck -22.7."``."""
        return (
            f"Won {self.won:+d} chips in {self.rounds} rounds: expected "
            f"{signed_tenths(self.expected(perfect_return))} (decisions gave up "
            f"{self.given_up:.1f}), luck {signed_tenths(self.luck(perfect_return))}."
        )

    def to_json(self, perfect_return: float) -> dict[str, Any]:
        """``rounds``, ``bets``, ``won``, ``given_up``, ``expected`` and ``luck``, in chips."""
        return {
            "rounds": self.rounds,
            "bets": self.bets,
            "won": self.won,
            "given_up": self.given_up,
            "expected": self.expected(perfect_return),
            "luck": self.luck(perfect_return),
        }

    def to_state(self) -> dict[str, Any]:
        """JSON-able, for the store."""
        return {
            "rounds": self.rounds,
            "bets": self.bets,
            "won": self.won,
            "given_up": self.given_up,
            "counted": self.counted,
        }

    @classmethod
    def from_state(cls, state: object) -> Luck:
        """The tally :meth:`to_state` wrote; empty when there is none or it is unreadable."""
        if not isinstance(state, dict):
            return cls()
        try:
            return cls(
                rounds=int(state["rounds"]),
                bets=int(state["bets"]),
                won=int(state["won"]),
                given_up=float(state["given_up"]),
                counted=bool(state["counted"]),
            )
        except (KeyError, TypeError, ValueError):
            return cls()


def saved_luck(store: Store, rules_id: str) -> Luck:
    """The tally of a table as last written (:data:`LUCK_SETTING`); empty when none.

    Raises
    ------
    StoreError
        If the store cannot be read.
    """
    text = store.get_setting(LUCK_SETTING.format(rules_id=rules_id))
    if text is None:
        return Luck()
    try:
        return Luck.from_state(json.loads(text))
    except ValueError:
        return Luck()


def signed_tenths(chips: float) -> str:
    """``chips`` signed to a tenth, never ``-0.0``: -0.04 reads ``+0.0``."""
    return f"{round(chips, 1) + 0.0:+.1f}"
