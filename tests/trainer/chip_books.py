"""Chips over a table's whole history, kept by the tests from the states it went through.

Shared by ``test_sigkill.py`` and ``test_session_chips.py`` (imported by
name: ``tests/`` has no packages). The nets are worked out from the hands'
wagers and returns, not from the engine's own sums (``docs/numbers.md``,
"Units": chips are whole and conserved).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.table import Table
from tests.trainer.sigkill_driver import Press


def settled_net(round_: Round | None) -> int:
    """Net chips settled so far in ``round_``, from the hands' wagers and returns.

    Insurance is settled at a clean peek, or with the round.
    """
    if round_ is None:
        return 0
    net = sum(hand.returned - hand.wager for hand in round_.hands if hand.settled)
    if round_.result is not None:
        net += round_.result.insurance_net
    elif round_.insurance_wager and round_.dealer_checked:
        net -= round_.insurance_wager
    return net


def on_table(round_: Round | None) -> int:
    """Chips wagered and not settled: unsettled hands and unsettled insurance."""
    if round_ is None or round_.phase is Phase.SETTLED:
        return 0
    hands = sum(hand.wager for hand in round_.hands if not hand.settled)
    insurance_open = round_.insurance_wager and not round_.dealer_checked
    return hands + (round_.insurance_wager if insurance_open else 0)


@dataclass
class Books:
    """One table's chips over its whole history, kept here from the presses that happened.

    ``starts``, ``refills`` and ``settled`` run over every night; ``night``
    holds the same three of the night in play (a cash-out starts a new one).
    """

    starts: int
    refills: int = 0
    settled: int = 0  # every settled net, the round in play included
    cashed: list[int] = field(default_factory=list)  # the scores entered on the board
    night: list[int] = field(default_factory=list)  # start, refills, settled of this night

    _restored: list[tuple[dict[str, Any], Table]] = field(
        default_factory=list, init=False, repr=False
    )

    def __post_init__(self) -> None:
        self.night = [self.starts, 0, 0]

    def _table(self, state: dict[str, Any]) -> Table:
        """``Table.from_state(state)``, restored once for the last two states seen."""
        for seen, table in self._restored:
            if seen is state:
                return table
        table = Table.from_state(state)
        self._restored = [*self._restored[-1:], (state, table)]
        return table

    def enter(self, press: Press, before: dict[str, Any], after: dict[str, Any]) -> None:
        """Account for one press that happened: the table went from ``before`` to ``after``."""
        old, new = self._table(before), self._table(after)
        kind = press[0]
        if kind == "refill":
            self.refills += new.balance - old.balance
            self.night[1] += new.balance - old.balance
        elif kind == "cash_out":
            self.cashed.append(old.balance)
            self.starts += new.balance
            self.night = [new.balance, 0, 0]
        elif kind in ("deal", "play"):
            net = settled_net(new.round) - (settled_net(old.round) if kind == "play" else 0)
            self.settled += net
            self.night[2] += net

    def check(self, state: dict[str, Any]) -> None:
        """The saved table ``state`` agrees with the books, and its chip ledger too."""
        table = self._table(state)
        held = table.balance + on_table(table.round)
        assert self.starts + self.refills + self.settled == held + sum(self.cashed)
        assert self.night[0] + self.night[1] + self.night[2] == held
        ledger = state["chips"]
        # The saved account's settled nets are those of the rounds before the one saved.
        in_round = settled_net(table.round)
        assert [ledger["start"], ledger["refills"], ledger["settled"] + in_round] == self.night
