"""The coach: the glue the TUI calls at every decision.

For the round in play the coach gives the figures of the current decision
(:meth:`Coach.analysis`), notes when a Hint or Why was shown, and grades each
answer *before* the engine applies it (:meth:`Coach.answer`), recording it in
the store with every EV, whether it was accepted and whether a hint was
shown first (issue 2: "Each graded decision is recorded: spot, action, all
EVs, accepted, whether a hint was shown first").
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import IllegalActionError
from bjtrainer.ev import SpotAnalysis, analyse, insurance_evs
from bjtrainer.store import DecisionKind, DecisionRecord, Store
from bjtrainer.trainer.chart_play import chart_play
from bjtrainer.trainer.grading import Grade, grade, grade_evs, grade_insurance
from bjtrainer.trainer.legal import legal_analysis, legal_evs
from bjtrainer.trainer.spots import Spot, decision_spot, insurance_spot
from bjtrainer.trainer.wording import in_display_order


class Coach:
    """Grades and records the decisions of one table.

    Parameters
    ----------
    rules : Rules
        The table's rules; every round passed in must be played under them.
    store : Store
        Where each graded decision is recorded.
    clock : callable returning datetime
        The time of each answer (injected so tests and snapshots are fixed).
    """

    def __init__(self, rules: Rules, store: Store, clock: Callable[[], datetime]) -> None:
        self.rules = rules
        self.store = store
        self.clock = clock
        self._hint_key = f"hint_shown:{rules.id}"
        self._hint_shown = store.get_setting(self._hint_key) == "1"

    @property
    def hint_shown(self) -> bool:
        """Whether a Hint or Why was shown since the last answer."""
        return self._hint_shown

    def note_hint_shown(self) -> None:
        """Mark that the Hint or the Why panel was shown for the pending decision.

        The mark is kept in the store, so it survives a restart before the
        answer (a hint seen, the app killed, the answer given after).
        """
        if not self._hint_shown:
            self._hint_shown = True
            self.store.set_setting(self._hint_key, "1")

    def _check_rules(self, round: Round) -> None:
        if round.rules != self.rules:
            raise ValueError(
                f"This coach grades the {self.rules.id!r} table, not {round.rules.id!r}."
            )

    def analysis(self, round: Round) -> SpotAnalysis | None:
        """The figures of the pending hand decision, cut to the legal actions.

        Returns
        -------
        SpotAnalysis or None
            EVs of the actions the round allows now (units of the original
            wager) and the best of them; ``None`` in the insurance phase
            (see :meth:`insurance_evs`) and once the round is settled.

        Raises
        ------
        ValueError
            If the round is played under other rules than the coach's.
        """
        self._check_rules(round)
        spot = decision_spot(round)
        if spot is None:
            return None
        return legal_analysis(analyse(self.rules, spot.to_hand_spot()), spot.legal)

    def insurance_evs(self, round: Round) -> dict[Action, float] | None:
        """EVs of the insurance answers the round allows, or ``None`` outside that phase.

        With half-bet insurance: ``{INSURANCE: -1/26, NO_INSURANCE: 0.0}``
        (``shared/reference/published.md``, "Insurance"), units of the
        original wager.
        """
        self._check_rules(round)
        spot = insurance_spot(round)
        if spot is None:
            return None
        return legal_evs(insurance_evs(self.rules, spot.up), spot.legal)

    def insurance_grade(self, round: Round, action: Action) -> Grade:
        """Grade an insurance answer without recording it.

        Raises
        ------
        IllegalActionError
            If the round is not at the insurance offer or ``action`` is not
            allowed now (the engine's message says why).
        """
        self._check_rules(round)
        self._verify(round, action)
        spot = insurance_spot(round)
        if spot is None:
            raise IllegalActionError("Cannot answer insurance: it is not on offer now.")
        return grade_insurance(
            self.rules, spot.up, action, spot.legal, chart_action=chart_play(self.rules, spot)
        )

    def answer(self, round: Round, action: Action, amount: int | None = None) -> Grade:
        """Grade the answer to the pending decision and record it.

        Call it *before* applying ``action`` to the round: it grades the
        decision as it stands. The record carries the hint flag
        (:meth:`note_hint_shown`), which is then reset.

        Parameters
        ----------
        round : Round
            The round in play (phase INSURANCE or PLAYER).
        action : Action
            The answer: a hand action, or ``INSURANCE`` / ``NO_INSURANCE``.

        Returns
        -------
        Grade
            The verdict; ``Grade.line()`` is the grade line to show.

        Raises
        ------
        IllegalActionError
            If the round is settled or ``action`` is not allowed now (the
            engine's message says why); nothing is recorded.
        ValueError
            If the round is played under other rules than the coach's.
        """
        self._check_rules(round)
        self._verify(round, action)
        if round.phase is Phase.INSURANCE:
            spot = insurance_spot(round)
            kind = DecisionKind.INSURANCE
            if spot is None:  # pragma: no cover - the phase was just checked
                raise IllegalActionError("Cannot answer insurance: it is not on offer now.")
            all_evs = insurance_evs(self.rules, spot.up)
            share = insured_share(round, amount) if action is Action.INSURANCE else 1.0
            all_evs[Action.INSURANCE] *= share
            verdict = grade_evs(
                legal_evs(all_evs, spot.legal), action, chart_action=chart_play(self.rules, spot)
            )
        else:
            hand_spot = decision_spot(round)
            kind = DecisionKind.DECISION
            if hand_spot is None:  # pragma: no cover - _verify raised for a settled round
                raise IllegalActionError("Cannot answer: there is no decision to make.")
            spot = hand_spot
            analysis = analyse(self.rules, spot.to_hand_spot())
            all_evs = dict(analysis.evs)
            verdict = grade(analysis, action, spot.legal, chart_action=chart_play(self.rules, spot))
        self._record(spot, kind, verdict, all_evs)
        return verdict

    @staticmethod
    def _verify(round: Round, action: Action) -> None:
        if round.phase is Phase.SETTLED:
            raise IllegalActionError("Cannot answer: the round is over.")
        round.verify(action)
        if action not in round.legal_actions():  # pragma: no cover - verify_* raised already
            raise IllegalActionError(f"Cannot {action.value.replace('_', ' ')} now.")

    def _record(
        self, spot: Spot, kind: DecisionKind, verdict: Grade, all_evs: dict[Action, float]
    ) -> None:
        record = DecisionRecord(
            rules_id=spot.rules_id,
            spot_key=spot.key,
            cards=spot.cards,
            up=spot.up,
            split_hand=spot.split_hand,
            legal=in_display_order(spot.legal),
            action=verdict.action,
            evs=all_evs,
            best=verdict.best,
            ev_lost=verdict.ev_lost,
            accepted=verdict.accepted,
            hint_shown=self._hint_shown,
            created_at=self.clock().isoformat(),
            kind=kind,
        )
        with self.store.db.atomic():  # the record and the cleared hint mark, together
            self.store.record_decision(record)
            self.store.set_setting(self._hint_key, "0")
        self._hint_shown = False


def insured_share(round: Round, amount: int | None) -> float:
    """The share of a full half-bet insurance that ``amount`` chips stake.

    At a table that allows any whole amount up to half the bet (``guide``,
    ``004_f728663f2b5a3adc.txt``), insuring ``amount`` chips on a bet of
    ``b`` gives up ``amount / b x 1/13`` of the bet: the full half bet's
    -1/26 scaled by ``amount / (b / 2)``. ``None`` or the full cost (half the
    bet, rounded down) is the whole half bet, exactly -1/26.
    """
    if amount is None or amount >= round.insurance_cost():
        return 1.0
    return amount / (round.bet / 2)
