"""The coach: the one grader and explainer of every decision.

The table (:class:`~bjtrainer.trainer.session.TableSession`), the practice
sets (:class:`~bjtrainer.trainer.practice.sets.PracticeSet`) and the review
queue's study links (:mod:`bjtrainer.trainer.practice.review`) all ask a
:class:`Coach` for the figures of a decision, its Hint and Why lines, and
its grade, which names the spot and carries the one-sentence reason of the
play (:mod:`bjtrainer.trainer.reasons`). The coach reads no clock and
writes nothing: recording an answer is the caller's one store write.

Every figure is an independent-draw EV in units of the original wager
(``docs/numbers.md``), cut to the actions the round allows. A decision is
accepted when it is the table's chart play or within 0.02 of the best legal
action (``docs/numbers.md``, "9. Grading"; :mod:`bjtrainer.trainer.grading`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import IllegalActionError
from bjtrainer.ev import SpotAnalysis, analyse, insurance_evs
from bjtrainer.trainer.chart_play import chart_play
from bjtrainer.trainer.explain import hint_line, insurance_hint_line, insurance_why_lines, why_lines
from bjtrainer.trainer.grading import Grade, grade_evs
from bjtrainer.trainer.legal import legal_analysis, legal_evs
from bjtrainer.trainer.reasons import hint_reason, reason_line, spot_name
from bjtrainer.trainer.spots import Spot, decision_spot, insurance_spot, is_insurance_spot

__all__ = ["Answer", "Coach", "insured_share"]


@dataclass(frozen=True)
class Answer:
    """A graded answer to the decision a round was waiting for.

    Attributes
    ----------
    spot : Spot
        The decision as it stood before the answer was applied.
    grade : Grade
        The verdict; ``grade.line()`` is the grade line to show.
    """

    spot: Spot
    grade: Grade


class Coach:
    """Grades and explains the decisions of one table.

    Parameters
    ----------
    rules : Rules
        The table's rules; every round and spot passed in must be of them.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    # The decision a round waits for

    def spot(self, round: Round) -> Spot | None:
        """The pending decision of ``round``: the insurance question or the active hand's.

        Returns
        -------
        Spot or None
            ``None`` once the round is settled.

        Raises
        ------
        ValueError
            If the round is played under other rules than the coach's.
        """
        if round.rules != self.rules:
            raise ValueError(
                f"This coach grades the {self.rules.id!r} table, not {round.rules.id!r}."
            )
        if round.phase is Phase.INSURANCE:
            return insurance_spot(round)
        return decision_spot(round)

    @staticmethod
    def verify(round: Round, action: Action) -> None:
        """Raise unless ``action`` answers the decision ``round`` waits for.

        Raises
        ------
        IllegalActionError
            If the round is settled or the engine does not allow ``action``
            now (the engine's sentence says why).
        """
        if round.phase is Phase.SETTLED:
            raise IllegalActionError("Cannot answer: the round is over.")
        round.verify(action)
        if action not in round.legal_actions():  # pragma: no cover - verify_* raised already
            raise IllegalActionError(f"Cannot {action.value.replace('_', ' ')} now.")

    def answer(self, round: Round, action: Action, amount: int | None = None) -> Answer:
        """Grade the answer to the pending decision, *before* it is applied.

        Parameters
        ----------
        round : Round
            The round in play (phase INSURANCE or PLAYER).
        action : Action
            A hand action, or ``INSURANCE`` / ``NO_INSURANCE``.
        amount : int, optional
            The chips insured, at a table that takes any amount up to half
            the bet (default: the full cost). The EV of ``INSURANCE`` is
            that of the chips staked, -(staked / bet) x 1/13
            (:func:`insured_share`).

        Returns
        -------
        Answer
            The spot as it stands and its grade.

        Raises
        ------
        IllegalActionError
            See :meth:`verify`.
        ValueError
            If the round is played under other rules than the coach's.
        """
        spot = self.spot(round)
        self.verify(round, action)
        if spot is None:  # pragma: no cover - verify raised for a settled round
            raise IllegalActionError("Cannot answer: there is no decision to make.")
        share = insured_share(round, amount) if action is Action.INSURANCE else 1.0
        return Answer(spot, self.grade(spot, action, insured=share))

    # Figures of a spot

    def _check(self, spot: Spot) -> None:
        if spot.rules_id != self.rules.id:
            raise ValueError(
                f"This coach grades the {self.rules.id!r} table, not {spot.rules_id!r}."
            )

    def analysis(self, spot: Spot) -> SpotAnalysis | None:
        """The figures of a hand decision, cut to its legal actions.

        Returns
        -------
        SpotAnalysis or None
            EVs of the legal actions (units of the original wager) and the
            best of them; ``None`` for the insurance question (see
            :meth:`insurance_evs`).

        Raises
        ------
        ValueError
            If the spot is of another table.
        InvalidSpotError
            If the spot cannot occur under the rules.
        """
        self._check(spot)
        if is_insurance_spot(spot):
            return None
        return legal_analysis(analyse(self.rules, spot.to_hand_spot()), spot.legal)

    def insurance_evs(self, spot: Spot) -> dict[Action, float] | None:
        """EVs of the insurance answers allowed, or ``None`` for a hand decision.

        With half-bet insurance: ``{INSURANCE: -1/26, NO_INSURANCE: 0.0}``
        (``docs/numbers.md``, "8. Insurance"), units of the original wager.

        Raises
        ------
        ValueError
            If the spot is of another table.
        InvalidSpotError
            If the table offers no insurance or the up card is not an ace.
        """
        self._check(spot)
        if not is_insurance_spot(spot):
            return None
        return legal_evs(insurance_evs(self.rules, spot.up), spot.legal)

    def evs(self, spot: Spot) -> dict[Action, float]:
        """EV of every legal action of the spot, display order, units of the original wager."""
        evs = self.insurance_evs(spot)
        if evs is not None:
            return evs
        analysis = self.analysis(spot)
        assert analysis is not None  # not the insurance question
        return dict(analysis.evs)

    # Explaining

    def hint(self, spot: Spot) -> list[str]:
        """The Hint, two lines: the best legal action and its EV, then the reason.

        The reason compares the best play with the second-best, the legal
        action with the next highest EV (:func:`bjtrainer.trainer.reasons.hint_reason`)::

            ["Hint: Surrender (EV -0.500).",
             "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), ..."]
        """
        return self.explain(spot, why=False)

    def why(self, spot: Spot) -> list[str]:
        """The Why panel, one string per line (:func:`bjtrainer.trainer.explain.why_lines`)."""
        return self.explain(spot, why=True)

    def explain(self, spot: Spot, *, why: bool) -> list[str]:
        """The Why panel (``why``) or the Hint of the spot, one string per line.

        Raises
        ------
        ValueError
            If the spot is of another table.
        """
        evs = self.insurance_evs(spot)
        if evs is not None:
            if why:
                return insurance_why_lines(evs)
            return [insurance_hint_line(evs), hint_reason(self.rules, spot, evs)]
        analysis = self.analysis(spot)
        assert analysis is not None  # not the insurance question
        if why:
            return why_lines(analysis)
        return [hint_line(analysis), hint_reason(self.rules, spot, analysis.evs)]

    def reason(self, spot: Spot, grade: Grade) -> str:
        """One sentence: the action graded against the best (or the next best) one.

        See :func:`bjtrainer.trainer.reasons.reason_line`.
        """
        self._check(spot)
        return reason_line(self.rules, spot, grade)

    # Grading

    def grade(self, spot: Spot, action: Action, *, insured: float = 1.0) -> Grade:
        """Grade ``action`` at ``spot`` against its legal actions and the table's chart.

        Parameters
        ----------
        spot : Spot
            A hand decision or the insurance question.
        action : Action
            One of ``spot.legal``.
        insured : float
            The chips staked on ``INSURANCE`` as a share of exactly half the
            bet (:func:`insured_share`; 1: the rules' half bet, EV -1/26);
            it scales the EV of ``INSURANCE``.

        Returns
        -------
        Grade
            With the spot's name (``"hard 10 v A"``) and the reason of the
            play (:meth:`reason`); mark it with :meth:`Grade.marked` when
            the answer came after a hint or as a retry.

        Raises
        ------
        ValueError
            If ``action`` is not legal at the spot, or the spot is of
            another table.
        """
        evs = self.evs(spot)
        if Action.INSURANCE in evs:
            evs[Action.INSURANCE] *= insured
        verdict = grade_evs(evs, action, chart_action=chart_play(self.rules, spot))
        return replace(
            verdict, spot_name=spot_name(spot), reason=reason_line(self.rules, spot, verdict)
        )


def insured_share(round: Round, amount: int | None) -> float:
    """The chips an insurance answer stakes, as a share of exactly half the bet.

    Each chip staked on insurance returns 2 x 4/13 - 9/13 = -1/13 of itself,
    so staking ``s`` chips on a bet of ``b`` gives up ``s / b x 1/13`` of the
    bet: the half bet's -1/26 scaled by ``s / (b / 2) = 2s / b``
    (``docs/numbers.md``, "8. Insurance"). The stake is the one the engine
    takes (:meth:`Round.verify_insuring`): ``amount``, or for ``None`` the
    full cost, half the bet rounded down (at ``guide`` lowered to the
    balance). Examples: 2 chips on 5 -> 0.8 (EV -2/65); the full 12 on 25
    -> 0.96 (EV -12/325, not -1/26); 5 on 10 -> 1.0 (exactly -1/26).

    Raises
    ------
    IllegalActionError
        If the round does not take that insurance now (the engine's sentence).
    """
    staked = round.verify_insuring(amount)
    return 2 * staked / round.bet
