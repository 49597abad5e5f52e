"""The table as the app plays it: engine, coach and store glued, no Textual.

One :class:`TableSession` owns the :class:`~bjtrainer.engine.table.Table`,
grades every decision through the :class:`~bjtrainer.trainer.coach.Coach`
before the engine applies it, and saves the table after every change, so a
restart continues the same hand with the same shoe (``docs/playing.md``,
"Nothing is lost"). A saved table that cannot be restored is kept aside,
never overwritten, and a new table starts in its place.

The table rules between rounds (the bet, chips, the "Repeat last bet"
box, CLEAR, refill, CASH OUT) and the insurance limits are the engine's
(:class:`~bjtrainer.engine.table.Table`,
:class:`~bjtrainer.engine.round.Round`); the session applies them, saves
the table after each change (the box and a cleared bet are part of it) and
enters a night's score on the top-five board.

Every graded decision at the table counts in practice: it is recorded as an
attempt, so a table mistake enters the review queue and the figures, and the
attempt, its effects and the table after it are one store write
(:meth:`TableSession.play`). The session's :attr:`TableSession.practice`
serves the practice screens of this table.

Several windows may play one table (``docs/playing.md``, "Two windows"). The
session knows the revision of the saved table it plays; before a move it
reads the saved revision (one cheap read) and its save is a compare-and-set
on that revision, in the move's transaction. When another window saved the
table since, the session reloads the newer table, the move is not applied,
and :class:`~bjtrainer.errors.TableChangedError` carries
:data:`RELOADED_NOTICE`. A store locked past the busy timeout
(:class:`~bjtrainer.errors.StoreBusyError`) leaves the table in memory as it
was before the move, which may simply be made again.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.errors import BjTrainerError, IllegalActionError, StoreError, TableChangedError
from bjtrainer.ev import round_ev
from bjtrainer.store import RoundRecord, SavedTable, Store
from bjtrainer.store.board import Board, BoardEntry
from bjtrainer.trainer.clock import now
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.luck import LUCK_SETTING, Luck, saved_luck
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.wording import ACTION_VERBS

#: Settings keys of an older version, formatted with the rules id, read once
#: as the defaults of a table whose save does not hold them
#: (:func:`_bet_box_from_settings`): the "Repeat last bet" box (``"1"``
#: ticked, ``"0"`` not) and whether the bet was taken off (``"1"``).
REPEAT_SETTING = "repeat_bet:{rules_id}"
CLEARED_SETTING = "bet_cleared:{rules_id}"
#: Key of the saved table marking that a Hint or Why was shown for the pending
#: decision (``true``; absent otherwise), so that its answer, even after a
#: restart, is recorded as after a hint.
HINT_MARK = "hint_shown"
#: The key an unrestorable saved table is kept under: its rules id and the
#: local time, :data:`STAMP_FORMAT` (``"practice.unrestorable-20250102T030405"``).
KEPT_KEY_FORMAT = "{rules_id}.unrestorable-{stamp}"
#: ``strftime`` format of the time in :data:`KEPT_KEY_FORMAT`.
STAMP_FORMAT = "%Y%m%dT%H%M%S"
#: Setting holding the last name entered on the top-five board.
BOARD_NAME_SETTING = "board_name"
#: The message of the :class:`~bjtrainer.errors.TableChangedError` a session
#: raises once it has reloaded a table another window saved since.
RELOADED_NOTICE = "This table was played in another window: reloaded."
#: How many times :meth:`TableSession.open` starts over when another window
#: saves the table while an unrestorable one is being kept aside.
OPEN_TRIES = 3

_T = TypeVar("_T")


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
    hint_shown : bool
        A Hint or Why was shown for the pending decision (a restored mark).
    revision : int, optional
        The revision of the saved table that ``table`` is (0: never saved);
        default the revision saved now, so that ``table`` replaces it.

    Attributes
    ----------
    coach : Coach
        Grades and explains every decision of the table.
    hint_shown : bool
        A Hint or Why was shown for the pending decision; its answer is
        recorded as after a hint. Kept in the saved table (:data:`HINT_MARK`),
        so a hint seen before a restart still counts.
    last_grade : Grade or None
        The grade of the last decision, shown until the next deal.
    shuffled : bool
        The last :meth:`deal` reshuffled the shoe first (fewer than a quarter
        of it was left, ``docs/rules/README.md``, row "reshuffle"); never at a
        table that shuffles before every round.
    practice : Practice
        This table's practice modes; every graded decision is counted there too.
    revision : int
        The revision of the saved table the table in play follows; every
        save is a compare-and-set on it (:meth:`bjtrainer.store.Store.save_table`).
    """

    def __init__(
        self,
        table: Table,
        store: Store,
        clock: Callable[[], datetime],
        *,
        restore_problem: str | None = None,
        practice_rng: np.random.Generator | None = None,
        hint_shown: bool = False,
        revision: int | None = None,
        luck: Luck | None = None,
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
        self.hint_shown = hint_shown
        #: Chips won against what the decisions were expected to win (saved with the table).
        self.luck = luck if luck is not None else Luck()
        #: The tally of the night the last CASH OUT ended, for the board.
        self.ended_night: Luck | None = None
        self.revision = store.table_revision(table.rules.id) if revision is None else revision

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
            rules file edited since). Its row is copied, exactly as stored,
            to the key :data:`KEPT_KEY_FORMAT` (``-2``, ``-3`` ... added if
            that key is taken), a new table starts and is saved at once in
            its place, and ``restore_problem`` says why and where the old
            one was kept. If another window saves the table meanwhile, the
            table is opened again (:data:`OPEN_TRIES` times at most, then
            ``TableChangedError``).
        """
        for attempt in range(1, OPEN_TRIES + 1):
            loaded = _load(store, rules)
            if loaded.table is not None:
                return cls(
                    loaded.table,
                    store,
                    clock,
                    practice_rng=practice_rng,
                    hint_shown=loaded.hint_shown,
                    revision=loaded.revision,
                    luck=loaded.luck,
                )
            table = Table(rules, rng, shoe=shoe)
            _bet_box_from_settings(store, table)
            session = cls(table, store, clock, practice_rng=practice_rng, revision=loaded.revision)
            if loaded.problem is None:
                return session
            try:
                session._start_over(loaded.problem)
            except TableChangedError:
                if attempt == OPEN_TRIES:
                    raise
                continue
            return session
        raise AssertionError("unreachable")  # the last try returns or raises

    def _start_over(self, problem: str) -> None:
        """Keep the unrestorable saved table aside and save this new one in its place.

        Both in one transaction, over the revision of the unrestorable row;
        ``restore_problem`` then names the key and the file where the old
        table was kept.

        Raises
        ------
        TableChangedError
            If another window saved the table since it was read (nothing is
            written).
        StoreError
            If the store cannot be written (nothing is written).
        """
        rules_id = self.table.rules.id
        key = KEPT_KEY_FORMAT.format(rules_id=rules_id, stamp=self.clock().strftime(STAMP_FORMAT))
        with self.store.transaction():
            kept = self.store.keep_table_as(rules_id, key)
            revision = self._write_table()
        self.revision = revision
        self.restore_problem = (
            f"The saved {rules_id!r} table could not be restored ({problem}); "
            f"a new table starts. The old one is kept unchanged as {kept!r} "
            f"in {self.store.location}."
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
        table = self.table
        # With the bet cleared the Deal button stays; pressing it says to add chips.
        if table.can_deal() or (table.bet_cleared and table.next_bet() > 0):
            commands.add("deal")
        if self.table.can_refill():
            commands.add("refill")
        return frozenset(commands)

    # Between rounds

    def save(self) -> None:
        """Save the table under its rules id (the Repeat box and a cleared bet are part of it).

        The save follows :attr:`revision` (a compare-and-set).

        Raises
        ------
        TableChangedError
            With :data:`RELOADED_NOTICE`, when another window saved the table
            since: the newer table is reloaded in place of this one.
        StoreError
            If the store cannot be written (a ``StoreBusyError`` when it stayed
            locked); the table in memory is kept.
        """
        self._move(lambda: None)

    def _state(self) -> dict[str, Any]:
        """What is saved: ``Table.to_state()``, with :data:`HINT_MARK` while a hint is shown."""
        state = self.table.to_state()
        if self.hint_shown:
            state[HINT_MARK] = True
        return state

    def _keep_luck(self) -> None:
        """Count a settled round in :attr:`luck` (once) and write the tally (inside a write).

        The tally is the settings row :data:`LUCK_SETTING` of the table,
        written in the transaction that saves the table after the move.
        """
        round_ = self.table.round
        if round_ is not None and round_.result is not None:  # counted once, when it settles
            self.luck = self.luck.settled(round_.bet, round_.result.net)
        key = LUCK_SETTING.format(rules_id=self.table.rules.id)
        self.store.set_setting(key, json.dumps(self.luck.to_state()))

    # Saving over the revision loaded (docs/playing.md, "Two windows")

    def _check_revision(self) -> None:
        """Reload and raise when another window saved the table since (one cheap read).

        Raises
        ------
        TableChangedError
            With :data:`RELOADED_NOTICE`, once the newer table is in play.
        """
        if self.store.table_revision(self.table.rules.id) != self.revision:
            self._reload()
            raise TableChangedError(RELOADED_NOTICE)

    def _reload(self) -> None:
        """Put the table saved now in play (after another window saved it).

        A saved table this session cannot restore is kept aside and a new
        table starts, as in :meth:`open`; nothing saved: the table in play
        stays and its next save creates the row.
        """
        rules = self.table.rules
        loaded = _load(self.store, rules)
        self.last_grade, self.shuffled = None, False
        if loaded.table is not None:
            self.table, self.hint_shown = loaded.table, loaded.hint_shown
            self.luck = loaded.luck
            self.revision = loaded.revision
            return
        self.revision = loaded.revision
        if loaded.problem is not None:
            self.table, self.hint_shown = Table(rules, self.table.rng), False
            self._start_over(loaded.problem)

    def _write_table(self, settled: RoundRecord | None = None) -> int:
        """Save the table over :attr:`revision` (with the round the move ``settled``, if any);
        the new revision (not yet taken as ours)."""
        with self.store.transaction():
            self._keep_luck()
            return self.store.save_table(
                self.table.rules.id, self._state(), revision=self.revision, settled=settled
            )

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            self.table.to_state(), self.hint_shown, self.last_grade, self.shuffled, self.luck
        )

    def _put_back(self, snapshot: _Snapshot) -> None:
        self.table = Table.from_state(snapshot.state)
        self.hint_shown, self.last_grade = snapshot.hint_shown, snapshot.last_grade
        self.shuffled = snapshot.shuffled
        self.luck = snapshot.luck

    def _saved(self, before: _Snapshot, write: Callable[[], int]) -> None:
        """Run ``write`` (a save of the changed table); on failure undo the change.

        Raises
        ------
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table since;
            the newer table is reloaded (the change is not applied to it).
        StoreError
            If the store cannot be written: the table is as in ``before``.
        """
        try:
            revision = write()
        except TableChangedError as exc:
            self._reload()
            raise TableChangedError(RELOADED_NOTICE) from exc
        except BaseException:
            self._put_back(before)
            raise
        self.revision = revision

    def _move(self, change: Callable[[], _T]) -> _T:
        """Check the revision, apply ``change`` to the table and save it: both or neither.

        ``change`` raises ``IllegalActionError`` before it changes anything.

        Raises
        ------
        IllegalActionError
            From ``change``; nothing is changed or saved.
        TableChangedError, StoreError
            See :meth:`_saved`.
        """
        self._check_revision()
        before, settled = self._snapshot(), self._settled_round()
        result = change()
        self._saved(before, lambda: self._write_table(self._newly_settled(settled)))
        return result

    def _settled_round(self) -> Round | None:
        """The table's round when it is settled already (no round of a move to record)."""
        round_ = self.table.round
        return round_ if round_ is not None and round_.phase is Phase.SETTLED else None

    def _newly_settled(self, settled: Round | None) -> RoundRecord | None:
        """The record of the round a move settled, to store with the table's save.

        ``settled`` is the round that was settled before the move
        (:meth:`_settled_round`). When the table's round is settled now and
        is another one (the move settled it, or dealt a round that settled
        at once: a natural, a dealer blackjack), its record is returned; it
        is saved with the table, in one transaction (``SavedTable.settled``,
        ``docs/export.md``, "Rounds").
        """
        round_ = self.table.round
        if round_ is None or round_.result is None or round_ is settled:
            return None
        return _round_record(self.table, round_, now(self.clock))

    def deal(self) -> Round:
        """Deal a round with the last bet (lowered to the balance by the engine).

        Raises
        ------
        IllegalActionError
            If a round is in play, the balance is below the minimum bet, or
            at a chip table the bet was cleared and no chip is down.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing was dealt.
        StoreError
            If the store cannot be written; nothing was dealt.
        """

        def change() -> Round:
            # The table reshuffles exactly when the shoe needs it (Table.deal).
            shuffling = self.table.shoe.needs_shuffle()
            round_ = self.table.deal()
            self.luck = self.luck.new_round()
            self.shuffled = shuffling and not self.table.rules.shuffle_every_round
            self.last_grade = None
            return round_

        return self._move(change)

    @property
    def repeat_bet(self) -> bool:
        """The "Repeat last bet" box is ticked (:attr:`Table.repeat_bet`)."""
        return self.table.repeat_bet

    @property
    def bet_cleared(self) -> bool:
        """The bet was taken off at a chip table (:attr:`Table.bet_cleared`)."""
        return self.table.bet_cleared

    @property
    def bet_down(self) -> int:
        """Chips the next deal would place, 0 once cleared (:attr:`Table.bet_down`)."""
        return self.table.bet_down

    def bet_chooser_problem(self) -> str | None:
        """Why the bet cannot be chosen now (:meth:`Table.bet_chooser_problem`)."""
        return self.table.bet_chooser_problem()

    def set_bet(self, amount: int) -> None:
        """Set the next bet and save.

        Raises
        ------
        IllegalActionError
            If the engine refuses the amount.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is changed.
        StoreError
            If the store cannot be written; the table is as it was.
        """
        self._move(lambda: self.table.set_bet(amount))

    # A bet built from chips (``night``; ``docs/rules/README.md``, row "bet")

    @property
    def chips(self) -> tuple[int, ...]:
        """The chips a bet is built from, smallest first; empty at other tables."""
        return self.table.rules.chip_denominations

    def add_chip(self, chip: int) -> None:
        """Add one chip to the bet on the table and save.

        Raises
        ------
        IllegalActionError
            See :meth:`Table.verify_adding_chip`.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is changed.
        StoreError
            If the store cannot be written; the table is as it was.
        """
        self._move(lambda: self.table.add_chip(chip))

    def clear_bet(self) -> None:
        """CLEAR: take the bet off the table and save.

        Raises
        ------
        IllegalActionError
            See :meth:`Table.verify_clearing_bet`.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is changed.
        StoreError
            If the store cannot be written; the table is as it was.
        """
        self._move(lambda: self.table.clear_bet())

    def set_repeat_bet(self, on: bool) -> None:
        """Tick or untick "Repeat last bet" and save (:meth:`Table.set_repeat_bet`).

        Raises
        ------
        IllegalActionError
            At a table without the box.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is changed.
        StoreError
            If the store cannot be written; the table is as it was.
        """
        self._move(lambda: self.table.set_repeat_bet(on))

    # The end of the night

    @property
    def night_over(self) -> bool:
        """At a CASH OUT table between rounds, below the minimum bet (:attr:`Table.night_over`)."""
        return self.table.night_over

    @property
    def board_name(self) -> str:
        """The name entered on the board last time, or empty."""
        return self.store.get_setting(BOARD_NAME_SETTING, "") or ""

    def cash_out(self, name: str) -> BoardEntry:
        """End the night: the balance is the score, entered with ``name``; a new night starts.

        The score goes on the top-five board and a new table with
        ``rules.starting_chips`` (500 at ``night``) replaces this one, both
        in one transaction (``docs/rules/night.md``, "Cash-out and the
        board": "CASH OUT gets you up from the table with the chips you
        have. That number is your score and goes on the top-five board").

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
            See :meth:`Table.verify_cashing_out`.
        ValueError
            If the name is not valid; nothing is written.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is entered.
        StoreError
            If the store cannot be written; nothing is entered and the
            night goes on.
        """
        self._check_revision()
        before = self._snapshot()
        new_night = self.table.cash_out()  # the same seeded generator shuffles on
        rules = self.table.rules
        score = self.table.balance
        entries: list[BoardEntry] = []

        def write() -> int:
            with self.store.transaction():
                stamp = self.clock().isoformat()
                entry = Board(self.store).record(rules.id, name, score, stamp)
                self.store.set_setting(BOARD_NAME_SETTING, entry.name)
                self.table, night = new_night, self.luck
                self.luck = Luck()
                revision = self._write_table()
                self.ended_night = night
            entries.append(entry)
            return revision

        self._saved(before, write)
        self.last_grade = None
        return entries[0]

    def night_luck_line(self) -> str | None:
        """The tally of the night the last CASH OUT ended, as a line for the board.

        ``None`` before any CASH OUT of this session, or when the night had
        no round (:meth:`Luck.line`, with the table's return under perfect
        play, ``bjtrainer edge``).
        """
        if self.ended_night is None or not self.ended_night.rounds:
            return None
        return self.ended_night.line(round_ev(self.table.rules).expected_return)

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
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since; the newer table is in play and nothing is changed.
        StoreError
            If the store cannot be written; the table is as it was.
        """
        self._move(lambda: self.table.refill())

    # Decisions

    @property
    def insurance_choice(self) -> bool:
        """Insurance of any whole amount up to half the bet (``guide``)."""
        return self.table.rules.insurance == "up_to_half"

    def play(self, action: Action, amount: int | None = None) -> Grade:
        """Grade a decision, apply it to the round, and record it with the table: one write.

        The grade comes first, from the spot as it is before the action
        (``Coach.answer``); only a legal action is graded. The answer is
        recorded as a practice attempt (a miss sends the spot to the review
        queue) and the table after it is saved, in one store transaction
        (``Practice.record_table_answer``).

        Parameters
        ----------
        action : Action
        amount : int, optional
            For ``INSURANCE`` only: the chips to stake (default the full half
            bet); the engine checks it before anything is graded.

        Returns
        -------
        Grade
            The decision's grade (its ``line()`` is shown), marked as given
            after a hint when a Hint, Why or chart look came first.

        Raises
        ------
        IllegalActionError
            With the engine's sentence when the action is not allowed now;
            nothing is graded, applied or saved.
        TableChangedError
            With :data:`RELOADED_NOTICE`: another window saved the table
            since (checked before the answer and again in its transaction);
            the newer table is in play and nothing is applied or recorded.
        StoreError
            If the store cannot be written (a ``StoreBusyError`` when it
            stayed locked): nothing is recorded or saved, and the table in
            play is as it was before the answer.
        """
        self._check_revision()
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
        token = self._answer_token(answer.spot.key)
        before, hint_shown = self._snapshot(), self.hint_shown
        self.luck = self.luck.decided(answer.grade.ev_lost, round_.bet)
        settled = self._settled_round()
        self.table.apply(action, amount)  # a settled round may take the bet off
        self.hint_shown = False

        def write() -> int:
            with self.store.transaction():  # the tally, the answer and the table: one write
                self._keep_luck()
                self.practice.record_table_answer(
                    answer.spot,
                    answer.grade,
                    hint_shown=hint_shown,
                    token=token,
                    table=SavedTable(
                        self.table.rules.id,
                        self._state(),
                        self.revision,
                        settled=self._newly_settled(settled),
                    ),
                )
            return self.revision + 1  # the compare-and-set bumped it by one

        self._saved(before, write)
        self.last_grade = answer.grade.marked(after_hint=hint_shown)
        return self.last_grade

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

        Raises
        ------
        TableChangedError, StoreError
            As :meth:`save`; no line is shown then.
        """
        return self._explain(why=False)

    def why(self) -> list[str] | None:
        """The why lines for the decision now, or ``None`` when there is none.

        Marks the next answer as given after a hint.

        Raises
        ------
        TableChangedError, StoreError
            As :meth:`save`; no line is shown then.
        """
        return self._explain(why=True)

    def _explain(self, *, why: bool) -> list[str] | None:
        """The Hint or Why lines; the mark is saved (see :meth:`save` for the errors)."""
        self._check_revision()
        round_ = self.table.round
        spot = self.coach.spot(round_) if round_ is not None else None
        if spot is None:
            return None
        lines = self.coach.explain(spot, why=why)
        self._mark_hinted()
        return lines

    def chart_looked(self) -> bool:
        """A look at the chart with the hand marked: the pending decision counts as hinted.

        The chart shows the play of the hand's cell, so the next answer is
        graded and recorded as given after a hint, as after the Hint
        (``docs/playing.md``, "Hint, Why and the grade line").

        Returns
        -------
        bool
            Whether a decision was pending (and is now marked).

        Raises
        ------
        TableChangedError, StoreError
            As :meth:`save`; the decision is not marked then.
        """
        self._check_revision()
        round_ = self.table.round
        if round_ is None or self.coach.spot(round_) is None:
            return False
        self._mark_hinted()
        return True

    def _mark_hinted(self) -> None:
        """Mark the pending decision as hinted and save the mark (once)."""
        if not self.hint_shown:
            before = self._snapshot()
            self.hint_shown = True
            self._saved(before, self._write_table)


def _round_record(table: Table, round_: Round, moment: datetime) -> RoundRecord:
    """The store's record of a settled round of ``table``, settled at ``moment`` (aware)."""
    result = round_.result
    assert result is not None  # only a settled round is recorded
    return RoundRecord(
        rules_id=table.rules.id,
        bet=round_.bet,
        wagered=sum(hand.wager for hand in round_.hands) + round_.insurance_wager,
        net=result.net,
        hand_nets=result.hand_nets,
        insurance_net=result.insurance_net,
        outcomes=tuple(outcome.value for outcome in result.outcomes),
        player_cards=tuple(" ".join(card.rank for card in hand.cards) for hand in round_.hands),
        dealer_cards=" ".join(card.rank for card in round_.dealer_cards),
        dealer_total=result.dealer_total,
        balance_after=table.balance,
        created_at=moment.isoformat(),
        local_date=moment.date().isoformat(),
    )


def _bet_box_from_settings(store: Store, table: Table) -> None:
    """Take the Repeat box and a cleared bet from an older version's settings rows.

    An older version kept them in settings rows rather than in the saved
    table; a table whose save does not hold them starts from those rows
    (once: the next save holds them). Without the rows, or at a table
    without the box, the table keeps its defaults.
    """
    if not table.rules.repeat_bet_box:
        return
    rules_id = table.rules.id
    table.repeat_bet = store.get_setting(REPEAT_SETTING.format(rules_id=rules_id), "1") == "1"
    cleared = store.get_setting(CLEARED_SETTING.format(rules_id=rules_id), "0") == "1"
    table.bet_cleared = cleared and not table.in_round


def _described_as(state: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """``state`` with its rules' ``name`` and ``source`` those of ``rules``, where
    the saved rules describe the same game: a table whose description was
    reworded is restored, not set aside."""
    saved = state.get("rules")
    if not isinstance(saved, dict):
        return state
    try:
        same = rules.describes_same_game(Rules.model_validate(saved))
    except ValueError:
        return state  # Table.from_state says what is wrong with it
    if not same:
        return state
    return {**state, "rules": {**saved, "name": rules.name, "source": rules.source}}


@dataclass(frozen=True)
class _Snapshot:
    """The session as before a move, to put back when its save fails."""

    state: dict[str, Any]
    hint_shown: bool
    last_grade: Grade | None
    shuffled: bool
    luck: Luck


@dataclass(frozen=True)
class _Loaded:
    """What :func:`_load` found: a table to play, or why there is none."""

    table: Table | None
    revision: int
    hint_shown: bool = False
    problem: str | None = None
    luck: Luck = field(default_factory=Luck)


def _load(store: Store, rules: Rules) -> _Loaded:
    """The saved table of ``rules.id`` with its revision, restored when it can be.

    ``table`` is ``None`` when nothing is saved (``revision`` 0, no
    ``problem``) or when the saved state cannot be played under ``rules``
    (``problem`` says why, ``revision`` is the row's).

    Raises
    ------
    StoreError
        If the database itself cannot be read.
    """
    try:
        saved = store.saved_table(rules.id)
    except StoreError as exc:
        if isinstance(exc.__cause__, sqlite3.DatabaseError):
            raise  # the database itself cannot be read
        return _Loaded(None, store.table_revision(rules.id), problem="it is not readable JSON")
    if saved is None:
        return _Loaded(None, 0)
    revision = saved.revision if saved.revision is not None else 0
    state = dict(saved.state)
    try:
        table = Table.from_state(_described_as(state, rules))
    except (BjTrainerError, KeyError, TypeError, ValueError) as exc:
        return _Loaded(None, revision, problem=str(exc).rstrip("."))
    if table.rules != rules:
        problem = "it was played under other rules: the rules file changed since"
        return _Loaded(None, revision, problem=problem)
    if "repeat_bet" not in state:
        _bet_box_from_settings(store, table)
    return _Loaded(
        table, revision, hint_shown=state.get(HINT_MARK) is True, luck=saved_luck(store, rules.id)
    )
