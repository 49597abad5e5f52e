"""The table as the app plays it: engine, coach and store glued, no Textual.

One :class:`TableSession` owns the :class:`~bjtrainer.engine.table.Table`,
grades every decision through the :class:`~bjtrainer.trainer.coach.Coach`
before the engine applies it, and saves the table after every change
(``Store.save_table``, one transaction), so a restart continues the same
hand with the same shoe (issue 2, item 7; ``003_2bdd88f24671a4ec.txt``:
"Your current table is saved locally and restored after refresh, including
a hand in progress").
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import BjTrainerError, IllegalActionError
from bjtrainer.store import Store
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.explain import (
    hint_line,
    insurance_hint_line,
    insurance_why_lines,
    why_lines,
)
from bjtrainer.trainer.grading import Grade

#: The verb of each action in "Cannot ...: no hand is in play." notices.
_VERBS: dict[Action, str] = {
    Action.HIT: "hit",
    Action.STAND: "stand",
    Action.DOUBLE: "double",
    Action.SPLIT: "split",
    Action.SURRENDER: "surrender",
    Action.INSURANCE: "take insurance",
    Action.NO_INSURANCE: "decline insurance",
}


class TableSession:
    """A table in play, saved after every change.

    Parameters
    ----------
    table : Table
        The table to play (new, or restored with ``Table.from_state``).
    store : Store
        Where the table is saved and decisions are recorded.
    clock : callable returning datetime
        Timestamps of recorded decisions (injected so tests fix it).
    restore_problem : str, optional
        Why a saved table could not be restored, shown once to the player.
    """

    def __init__(
        self,
        table: Table,
        store: Store,
        clock: Callable[[], datetime],
        *,
        restore_problem: str | None = None,
    ) -> None:
        self.table = table
        self.store = store
        self.coach = Coach(table.rules, store, clock)
        self.restore_problem = restore_problem
        self.last_grade: Grade | None = None

    @classmethod
    def open(
        cls,
        store: Store,
        rules: Rules,
        rng: np.random.Generator,
        clock: Callable[[], datetime],
        *,
        shoe: Shoe | None = None,
    ) -> TableSession:
        """The saved table of ``rules.id`` if there is one, else a new table.

        Parameters
        ----------
        store, rules, rng, clock
            The store to load from and save to; the rules of a new table;
            its seeded generator (the shoe's only source of randomness);
            the clock for decision timestamps.
        shoe : Shoe, optional
            The shoe of a new table (a stacked shoe in tests); ignored when
            a saved table is restored.

        Raises
        ------
        StoreError
            If the store cannot be read. A saved state the engine cannot
            replay is not an error: a new table starts and
            ``restore_problem`` says why.
        """
        state = store.load_table(rules.id)
        problem: str | None = None
        if state is not None:
            try:
                return cls(Table.from_state(state), store, clock)
            except (BjTrainerError, KeyError, TypeError, ValueError) as exc:
                problem = f"The saved table could not be restored ({exc}); a new table starts."
        return cls(Table(rules, rng, shoe=shoe), store, clock, restore_problem=problem)

    # What the table is doing

    @property
    def round(self) -> Round | None:
        """The current or last round, ``None`` before the first deal."""
        return self.table.round

    @property
    def in_play(self) -> bool:
        """A round is dealt and not yet settled."""
        round_ = self.table.round
        return round_ is not None and round_.phase is not Phase.SETTLED

    def offered_commands(self) -> frozenset[str]:
        """Commands to offer now: legal actions' values, ``"deal"``, ``"refill"``."""
        commands: set[str] = set()
        round_ = self.table.round
        if round_ is not None and round_.phase is not Phase.SETTLED:
            commands.update(action.value for action in round_.legal_actions())
        if self.table.can_deal():
            commands.add("deal")
        if self.table.can_refill():
            commands.add("refill")
        return frozenset(commands)

    # Between rounds

    def save(self) -> None:
        """Save the table under its rules id (one transaction)."""
        self.store.save_table(self.table.rules.id, self.table.to_state())

    def deal(self) -> Round:
        """Deal a round with the last bet (lowered to the balance by the engine).

        Raises
        ------
        IllegalActionError
            If a round is in play or the balance is below the minimum bet.
        """
        round_ = self.table.deal()
        self.last_grade = None
        self.save()
        return round_

    def bet_limits(self) -> tuple[int, int, int]:
        """``(lowest, highest, step)`` of a bet now, in chips.

        The highest is the table maximum lowered to the balance (never below
        the lowest). Source: ``shared/RULES.md``, row "bet".
        """
        rules = self.table.rules
        top = min(rules.max_bet, self.table.balance)
        top -= top % rules.bet_step
        return rules.min_bet, max(top, rules.min_bet), rules.bet_step

    def bet_problem(self, amount: int) -> str | None:
        """The engine's reason this bet is not allowed now, or ``None``."""
        try:
            self.table.verify_betting(amount)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def set_bet(self, amount: int) -> None:
        """Set the next bet and save.

        Raises
        ------
        IllegalActionError
            If the engine refuses the amount.
        """
        self.table.set_bet(amount)
        self.save()

    def refill(self) -> None:
        """Refill the free chips and save.

        Raises
        ------
        IllegalActionError
            If a round is in play or the table has no refill.
        """
        self.table.refill()
        self.save()

    # Decisions

    def play(self, action: Action) -> Grade:
        """Grade a decision, then apply it to the round, then save.

        The grade comes first, from the spot as it is before the action
        (``Coach.answer`` records it); only a legal action is graded.

        Returns
        -------
        Grade
            The decision's grade (its ``line()`` is shown).

        Raises
        ------
        IllegalActionError
            With the engine's sentence when the action is not allowed now;
            nothing is graded, applied or saved.
        """
        round_ = self.table.round
        if round_ is None or round_.phase is Phase.SETTLED:
            raise IllegalActionError(
                f"Cannot {_VERBS[action]}: no hand is in play. Press Enter to deal."
            )
        grade = self.coach.answer(round_, action)  # raises IllegalActionError first
        round_.apply(action)
        self.last_grade = grade
        self.save()
        return grade

    def hint(self) -> list[str] | None:
        """The hint line for the decision now, or ``None`` when there is none.

        At the insurance offer the hint is about the insurance answer.
        Marks the next answer as given after a hint.
        """
        return self._explain(why=False)

    def why(self) -> list[str] | None:
        """The why lines for the decision now, or ``None`` when there is none.

        Marks the next answer as given after a hint.
        """
        return self._explain(why=True)

    def _explain(self, *, why: bool) -> list[str] | None:
        round_ = self.table.round
        if round_ is None or round_.phase is Phase.SETTLED:
            return None
        if round_.phase is Phase.INSURANCE:
            evs = self.coach.insurance_evs(round_)
            if not evs:
                return None
            lines = insurance_why_lines(evs) if why else [insurance_hint_line(evs)]
        else:
            analysis = self.coach.analysis(round_)
            if analysis is None:
                return None
            lines = why_lines(analysis) if why else [hint_line(analysis)]
        self.coach.note_hint_shown()
        return lines
