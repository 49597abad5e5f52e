"""The table as the app plays it: engine, coach and store glued, no Textual.

One :class:`TableSession` owns the :class:`~bjtrainer.engine.table.Table`,
grades every decision through the :class:`~bjtrainer.trainer.coach.Coach`
before the engine applies it, and saves the table after every change
(``Store.save_table``, one transaction), so a restart continues the same
hand with the same shoe (issue 2, item 7; ``003_2bdd88f24671a4ec.txt``:
"Your current table is saved locally and restored after refresh, including
a hand in progress").

Issue 4 adds what some tables need between rounds, read from the rules:
insurance of a chosen amount (``guide``); a bet built from chips with a
"Repeat last bet" box and CLEAR; CASH OUT and the end of the night onto the
top-five board (``night``, ``000_8a8a97ee632ebe69.txt``). The box and a
cleared bet are kept per table in the store settings, written in the same
transaction as the table.

Every graded decision at the table counts in practice: it is recorded as an
attempt (``Practice.record_table_answer``), so a table mistake enters the
review queue and the figures. The session's :attr:`TableSession.practice`
serves the practice screens of this table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import chips_text
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import BjTrainerError, IllegalActionError, StoreError
from bjtrainer.store import Store
from bjtrainer.store.board import Board, BoardEntry
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.unrestorable import keep_aside, store_file
from bjtrainer.trainer.wording import ACTION_VERBS

#: Settings keys, formatted with the rules id: the "Repeat last bet" box
#: (``"1"`` ticked, ``"0"`` not; ticked by default, ``000_8a8a97ee632ebe69.txt``)
#: and whether the bet was taken off (``"1"``) at a chip table.
REPEAT_SETTING = "repeat_bet:{rules_id}"
CLEARED_SETTING = "bet_cleared:{rules_id}"
#: Settings key, formatted with the rules id: a Hint or Why was shown for the
#: pending decision (``"1"``), so its answer is recorded as after a hint.
HINT_SETTING = "hint_shown:{rules_id}"
#: Setting holding the last name entered on the top-five board.
BOARD_NAME_SETTING = "board_name"


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
    practice_rng : numpy.random.Generator, optional
        The seeded generator of this table's practice sets (spot draws,
        shoes); default a child spawned from the table's generator
        (``Generator.spawn``, which leaves the table's own draws unchanged).

    Attributes
    ----------
    repeat_bet : bool
        The "Repeat last bet" box is ticked (always true at tables without it).
    bet_cleared : bool
        At a table with the box, the bet was taken off (CLEAR, or a round
        settled with the box unticked): the next deal needs chips first.
    coach : Coach
        Grades and explains every decision of the table.
    hint_shown : bool
        A Hint or Why was shown for the pending decision; its answer is
        recorded as after a hint. Kept in the store, so a hint seen before
        a restart still counts.
    last_grade : Grade or None
        The grade of the last decision, shown until the next deal.
    shuffled : bool
        The last :meth:`deal` reshuffled the shoe first (fewer than a quarter
        of it was left, ``shared/RULES.md``, row "reshuffle"); never at a
        table that shuffles before every round.
    practice : Practice
        This table's practice modes; every graded decision is counted there too.
    """

    def __init__(
        self,
        table: Table,
        store: Store,
        clock: Callable[[], datetime],
        *,
        restore_problem: str | None = None,
        practice_rng: np.random.Generator | None = None,
    ) -> None:
        self.table = table
        self.store = store
        self.clock = clock
        self.coach = Coach(table.rules)
        rng = practice_rng if practice_rng is not None else table.rng.spawn(1)[0]
        self.practice = Practice(store, table.rules, clock, rng)
        self.restore_problem = restore_problem
        self.last_grade: Grade | None = None
        self.shuffled = False
        rules_id = table.rules.id
        self._hint_key = HINT_SETTING.format(rules_id=rules_id)
        self.hint_shown = store.get_setting(self._hint_key) == "1"
        self._repeat_key = REPEAT_SETTING.format(rules_id=rules_id)
        self._cleared_key = CLEARED_SETTING.format(rules_id=rules_id)
        box = table.rules.repeat_bet_box
        self.repeat_bet = not box or store.get_setting(self._repeat_key, "1") == "1"
        self.bet_cleared = box and store.get_setting(self._cleared_key, "0") == "1"

    @classmethod
    def open(
        cls,
        store: Store,
        rules: Rules,
        rng: np.random.Generator,
        clock: Callable[[], datetime],
        *,
        shoe: Shoe | None = None,
        practice_rng: np.random.Generator | None = None,
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
        practice_rng : numpy.random.Generator, optional
            The generator of the table's practice sets (see the class).

        Raises
        ------
        StoreError
            If the store cannot be read or written. A saved state that cannot
            be restored is not an error: unreadable JSON, a state the engine
            cannot replay, or one saved under other rules with the same id (a
            rules file edited since). It is kept aside unchanged
            (:func:`~bjtrainer.trainer.unrestorable.keep_aside`), a new table
            starts and is saved at once in its place, and
            ``restore_problem`` says why and where the old one was kept.
        """
        problem: str | None = None
        try:
            state = store.load_table(rules.id)
        except StoreError as exc:
            if isinstance(exc.__cause__, sqlite3.DatabaseError):
                raise  # the database itself cannot be read
            state, problem = None, "it is not readable JSON"
        if state is not None:
            try:
                table = Table.from_state(state)
            except (BjTrainerError, KeyError, TypeError, ValueError) as exc:
                problem = str(exc).rstrip(".")
            else:
                if table.rules == rules:
                    return cls(table, store, clock, practice_rng=practice_rng)
                problem = "it was played under other rules: the rules file changed since"
        session = cls(Table(rules, rng, shoe=shoe), store, clock, practice_rng=practice_rng)
        if problem is not None:
            session._start_over(problem)
        return session

    def _start_over(self, problem: str) -> None:
        """Keep the unrestorable saved table aside and save this new one in its place.

        Both in one transaction; ``restore_problem`` then names the key and
        the file where the old table was kept.
        """
        rules_id = self.table.rules.id
        with self.store.transaction():
            kept = keep_aside(self.store, rules_id, self.clock())
            self.save()
        self.restore_problem = (
            f"The saved {rules_id!r} table could not be restored ({problem}); "
            f"a new table starts. The old one is kept unchanged as {kept!r} "
            f"in {store_file(self.store)}."
        )

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
        """Save the table under its rules id, and a chip table's bet box, in one transaction."""
        with self.store.db.atomic():
            self.store.save_table(self.table.rules.id, self.table.to_state())
            if self.table.rules.repeat_bet_box:
                self.store.set_setting(self._repeat_key, "1" if self.repeat_bet else "0")
                self.store.set_setting(self._cleared_key, "1" if self.bet_cleared else "0")

    def deal(self) -> Round:
        """Deal a round with the last bet (lowered to the balance by the engine).

        Raises
        ------
        IllegalActionError
            If a round is in play, the balance is below the minimum bet, or
            at a chip table the bet was cleared and no chip is down.
        """
        if self.bet_cleared:
            raise IllegalActionError(
                "Cannot deal: no bet is down; add chips with the keys "
                f"1-{len(self.chips)} or the chip buttons."
            )
        # The table reshuffles exactly when the shoe needs it (Table.deal).
        shuffling = self.table.shoe.needs_shuffle()
        round_ = self.table.deal()
        self.shuffled = shuffling and not self.table.rules.shuffle_every_round
        self.last_grade = None
        self._after_change()
        self.save()
        return round_

    def _after_change(self) -> None:
        """With the "Repeat last bet" box unticked, a settled round takes the bet off."""
        round_ = self.table.round
        settled = round_ is not None and round_.phase is Phase.SETTLED
        if settled and self.table.rules.repeat_bet_box and not self.repeat_bet:
            self.bet_cleared = True

    @property
    def bet_down(self) -> int:
        """Chips the next deal would place: the last bet lowered to fit, 0 once cleared."""
        return 0 if self.bet_cleared else self.table.next_bet()

    def bet_chooser_problem(self) -> str | None:
        """Why the bet cannot be chosen now (a sentence), or ``None`` when it can.

        Between rounds, with at least the minimum bet in the balance. Below
        it, the sentence points to what helps: F refills the free chips
        (``shared/RULES.md``, row "out of chips": "Refill free chips" between
        rounds), or at a CASH OUT table the night is over (the score goes to
        the board, ``000_8a8a97ee632ebe69.txt``).
        """
        table = self.table
        rules = table.rules
        if self.in_play:
            return "Cannot change the bet while a round is in play."
        balance = table.balance
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

    # A bet built from chips (``night``; ``shared/RULES.md``, row "bet")

    @property
    def chips(self) -> tuple[int, ...]:
        """The chips a bet is built from, smallest first; empty at other tables."""
        return self.table.rules.chip_denominations

    def verify_adding_chip(self, chip: int) -> None:
        """Raise unless ``chip`` may be added to the bet on the table now.

        The bet stays within the table's limits and never above the balance
        (``000_8a8a97ee632ebe69.txt``: "The opening bet runs from 5 to 500
        per hand, and never more than you have").

        Raises
        ------
        IllegalActionError
            With a sentence saying why not.
        """
        if not self.chips:
            raise IllegalActionError("Cannot add a chip: at this table B chooses the bet.")
        if chip not in self.chips:
            raise IllegalActionError(f"Cannot add a chip of {chip}: this table has no such chip.")
        if self.in_play:
            raise IllegalActionError("Cannot add a chip: a round is in play; finish it first.")
        total = self.bet_down + chip
        rules = self.table.rules
        if total > rules.max_bet:
            raise IllegalActionError(
                f"Cannot add {chip}: the bet would be {total}, "
                f"above the table maximum of {rules.max_bet}."
            )
        if total > self.table.balance:
            raise IllegalActionError(
                f"Cannot add {chip}: the bet would be {total} and the balance is only "
                f"{chips_text(self.table.balance)}."
            )
        self.table.verify_betting(total)

    def add_chip(self, chip: int) -> None:
        """Add one chip to the bet on the table and save.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_adding_chip`.
        """
        self.verify_adding_chip(chip)
        self.table.set_bet(self.bet_down + chip)
        self.bet_cleared = False
        self.save()

    def clear_bet(self) -> None:
        """CLEAR: take the bet off the table and save (``000_8a8a97ee632ebe69.txt``).

        Raises
        ------
        IllegalActionError
            At a table without chips, or while a round is in play.
        """
        if not self.table.rules.repeat_bet_box:
            raise IllegalActionError("Cannot clear the bet: at this table B chooses the bet.")
        if self.in_play:
            raise IllegalActionError("Cannot clear the bet: a round is in play; finish it first.")
        self.bet_cleared = True
        self.save()

    def set_repeat_bet(self, on: bool) -> None:
        """Tick or untick "Repeat last bet" and save.

        Ticked, the next round starts with the same bet down, and ticking it
        puts a cleared last bet back; unticked, a settled round takes the bet
        off (``000_8a8a97ee632ebe69.txt``).

        Raises
        ------
        IllegalActionError
            At a table without the box.
        """
        if not self.table.rules.repeat_bet_box:
            raise IllegalActionError("This table has no Repeat last bet box.")
        self.repeat_bet = on
        if on and not self.in_play and self.table.next_bet() > 0:
            self.bet_cleared = False
        self.save()

    # The end of the night (``shared/RULES.md``, rows "out of chips" and "leave the table")

    @property
    def night_over(self) -> bool:
        """At a CASH OUT table between rounds, the balance is below the minimum bet."""
        rules = self.table.rules
        return rules.cash_out and not self.in_play and self.table.balance < rules.min_bet

    def verify_cashing_out(self) -> None:
        """Raise unless CASH OUT is allowed now.

        Raises
        ------
        IllegalActionError
            At a table without CASH OUT, or while a round is in play.
        """
        if not self.table.rules.cash_out:
            raise IllegalActionError("Cannot cash out: this table has no CASH OUT.")
        if self.in_play:
            raise IllegalActionError("Cannot cash out: a round is in play; finish it first.")

    def can_cash_out(self) -> bool:
        """Whether :meth:`cash_out` is allowed now."""
        try:
            self.verify_cashing_out()
        except IllegalActionError:
            return False
        return True

    @property
    def board_name(self) -> str:
        """The name entered on the board last time, or empty."""
        return self.store.get_setting(BOARD_NAME_SETTING, "") or ""

    def cash_out(self, name: str) -> BoardEntry:
        """End the night: the balance is the score, entered with ``name``; a new night starts.

        The score goes on the top-five board and a new table with
        ``rules.starting_chips`` (500 at ``night``) replaces this one, both
        in one transaction (``000_8a8a97ee632ebe69.txt``: "CASH OUT gets you
        up from the table with the chips you have. That number is your
        score and goes on the top-five board").

        Parameters
        ----------
        name : str
            The player's name (:func:`bjtrainer.store.board.check_name`).

        Returns
        -------
        BoardEntry
            The score as entered.

        Raises
        ------
        IllegalActionError
            See :meth:`verify_cashing_out`.
        ValueError
            If the name is not valid; nothing is written.
        StoreError
            If the store cannot be written.
        """
        self.verify_cashing_out()
        rules = self.table.rules
        new_night = Table(rules, self.table.rng)  # the same seeded generator shuffles on
        score = self.table.balance
        old_night, old_cleared = self.table, self.bet_cleared
        try:
            with self.store.db.atomic():
                stamp = self.clock().isoformat()
                entry = Board(self.store).record(rules.id, name, score, stamp)
                self.store.set_setting(BOARD_NAME_SETTING, entry.name)
                self.table, self.bet_cleared = new_night, False
                self.save()
        except BaseException:
            self.table, self.bet_cleared = old_night, old_cleared
            raise
        self.last_grade = None
        return entry

    def board(self) -> list[BoardEntry]:
        """The five best scores of this table, best first."""
        return Board(self.store).top(self.table.rules.id)

    def board_place(self, entry: BoardEntry) -> int:
        """The 1-based place of ``entry`` among every score of this table."""
        return Board(self.store).place(entry)

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

    @property
    def insurance_choice(self) -> bool:
        """Insurance of any whole amount up to half the bet (``guide``)."""
        return self.table.rules.insurance == "up_to_half"

    def insurance_limits(self) -> tuple[int, int]:
        """``(lowest, highest)`` chips insurance may stake now.

        The highest is half the bet, rounded down, lowered to the balance
        (``shared/RULES.md``, row "insurance"; ``004_f728663f2b5a3adc.txt``:
        "It costs up to half your original bet"). At a half-bet table both
        are the full cost.

        Raises
        ------
        IllegalActionError
            If insurance is not on offer now.
        """
        round_ = self.table.round
        if round_ is None or round_.phase is not Phase.INSURANCE:
            raise IllegalActionError("Cannot take insurance: it is not on offer now.")
        cost = round_.insurance_cost()
        if not self.insurance_choice:
            return cost, cost
        return min(1, cost), min(cost, self.table.balance)

    def insurance_problem(self, amount: int) -> str | None:
        """The engine's reason insurance of ``amount`` chips is not allowed now, or ``None``."""
        round_ = self.table.round
        if round_ is None:
            return "Cannot take insurance: no hand is in play."
        try:
            round_.verify_insuring(amount)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def play(self, action: Action, amount: int | None = None) -> Grade:
        """Grade a decision, then apply it to the round, then save.

        The grade comes first, from the spot as it is before the action
        (``Coach.answer``); only a legal action is graded. The answer is
        recorded as a practice attempt (``Practice.record_table_answer``):
        a miss sends the spot to the review queue.

        Parameters
        ----------
        action : Action
        amount : int, optional
            For ``INSURANCE`` only: the chips to stake (default the full half
            bet); the engine checks it before anything is graded.

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
                f"Cannot {ACTION_VERBS[action]}: no hand is in play. Press Enter to deal."
            )
        if amount is not None:
            if action is not Action.INSURANCE:
                raise IllegalActionError(f"Cannot {ACTION_VERBS[action]} with an amount of chips.")
            round_.verify_insuring(amount)
        answer = self.coach.answer(round_, action, amount)  # raises IllegalActionError first
        spot, grade = answer.spot, answer.grade
        with self.store.transaction():
            self.practice.record_table_answer(
                spot, grade, hint_shown=self.hint_shown, token=self._answer_token(spot.key)
            )
            self.store.set_setting(self._hint_key, "0")
        self.hint_shown = False
        round_.apply(action, amount)
        self.last_grade = grade
        self._after_change()
        self.save()
        return grade

    def _answer_token(self, spot_key: str) -> str:
        """A table answer's idempotency key: the time, the cards dealt from the shoe, the spot.

        The cards dealt tell apart two decisions of the same spot made at the
        same clock reading (a fixed clock in tests): every decision of a
        round but the first follows a card dealt.
        """
        shoe = self.table.shoe
        moment = self.clock().isoformat()
        return f"table/{moment}/{shoe.size - shoe.cards_left}/{spot_key}"

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
        spot = self.coach.spot(round_) if round_ is not None else None
        if spot is None:
            return None
        lines = self.coach.explain(spot, why=why)
        if not self.hint_shown:
            self.hint_shown = True
            self.store.set_setting(self._hint_key, "1")
        return lines
