"""The Hint and the Why panel as plain text, for the TUI and the CLI alike.

What they say is ``docs/numbers.md``, "13. The Hint and the Why": the Hint
is the legal action with the highest expected net return and its EV (the
coach adds the reason against the second-best play,
:func:`bjtrainer.trainer.reasons.hint_reason`); the Why shows the
chance of busting on one more card, the win/push/loss chances if you stand,
and every legal action's return, for independent draws. Chances are
percentages with one decimal; EVs are signed with 3 decimals, in units of
the original wager.
"""

from __future__ import annotations

from collections.abc import Mapping

from bjtrainer.engine.actions import Action
from bjtrainer.ev import SpotAnalysis
from bjtrainer.trainer.grading import TOLERANCE
from bjtrainer.trainer.legal import best_of
from bjtrainer.trainer.wording import in_display_order, join_labels, label, percent, signed

#: The model behind every figure (``docs/numbers.md``, "1. Independent draws").
MODEL_LINE = (
    "Independent draws (each rank 1/13, tens 4/13); "
    "the hole card and the shoe order are never read."
)
CHECKED_NOTE = "Dealer has checked: no blackjack."
HIDDEN_BLACKJACK_NOTE = "The dealer has not checked: a hidden blackjack is included."
NO_BLACKJACK_NOTE = "No dealer blackjack is possible with this up card."

#: P(dealer blackjack | ace up) under independent draws: the hole card is a ten-value.
ACE_UP_BLACKJACK = 4 / 13


def hint_line(analysis: SpotAnalysis) -> str:
    """The Hint: ``"Hint: Hit (EV -0.415)."``, the action with the highest EV in ``analysis``.

    Pass an analysis cut to the round's legal actions
    (``bjtrainer.trainer.legal.legal_analysis``, as ``Coach.analysis`` does)
    so the hint is the best *legal* action. The EV is in units of the
    original wager, 3 decimals.
    """
    return f"Hint: {label(analysis.best)} (EV {signed(analysis.evs[analysis.best])})."


def ev_line(evs: Mapping[Action, float], best: Action) -> str:
    """Every action's EV side by side, display order, the best marked.

    Three decimals, or four where two different EVs would print alike at
    three. Example: ``"EV per unit of the bet: Stand -0.5404, Hit -0.5398,
    Double -1.0797, Surrender -0.5000 (best)."``; where another action is
    within the 2% tolerance of the best, a close-call note follows.
    """
    shown = [signed(value) for value in evs.values()]
    clash = len(set(shown)) < len({round(value, 12) for value in evs.values()})
    digits = 4 if clash else 3
    parts = [
        f"{label(action)} {signed(evs[action], digits)}" + (" (best)" if action == best else "")
        for action in in_display_order(evs)
    ]
    close = [a for a in in_display_order(evs) if evs[best] - evs[a] <= TOLERANCE + 1e-12]
    note = (
        f" Close call: {join_labels(close)} are within {TOLERANCE:.2f}." if len(close) > 1 else ""
    )
    return "EV per unit of the bet: " + ", ".join(parts) + "." + note


def model_line(analysis: SpotAnalysis) -> str:
    """The line under the figures: the model, and whether the dealer has checked."""
    if analysis.dealer_checked:
        note = CHECKED_NOTE
    elif analysis.hidden_blackjack:
        note = HIDDEN_BLACKJACK_NOTE
    else:
        note = NO_BLACKJACK_NOTE
    return f"{MODEL_LINE} {note}"


def why_lines(analysis: SpotAnalysis) -> list[str]:
    """The Why panel, one string per line.

    Returns
    -------
    list of str, length 4
        The bust chance on one more card; the win, push and loss chances if
        the player stands now; every action's EV (:func:`ev_line`); the
        model line (:func:`model_line`). For hard 16 v 10 after the peek::

            Bust on one more card: 61.5%.
            If you stand now: win 23.0%, push 0.0%, loss 77.0%.
            EV per unit of the bet: Stand -0.540, Hit -0.540, ...
            Independent draws (...) ... Dealer has checked: no blackjack.
    """
    return [
        f"Bust on one more card: {percent(analysis.bust_next)}.",
        f"If you stand now: win {percent(analysis.stand_win)}, "
        f"push {percent(analysis.stand_push)}, loss {percent(analysis.stand_loss)}.",
        ev_line(analysis.evs, analysis.best),
        model_line(analysis),
    ]


def insurance_hint_line(evs: Mapping[Action, float]) -> str:
    """The Hint at the insurance offer: ``"Hint: No insurance (EV +0.000)."``.

    Parameters
    ----------
    evs : Mapping[Action, float]
        The legal answers' EVs (``bjtrainer.ev.insurance_evs``), units of the
        original wager.
    """
    best = best_of(evs)
    return f"Hint: {label(best)} (EV {signed(evs[best])})."


def insurance_why_lines(evs: Mapping[Action, float]) -> list[str]:
    """The Why panel at the insurance offer, one string per line.

    Returns
    -------
    list of str, length 3
        The dealer's blackjack chance with an ace up (4/13 = 30.8%), the EV
        of each answer (insurance: -1/26 of the bet, ``docs/numbers.md``,
        "8. Insurance"), and the model line.
    """
    return [
        f"Dealer blackjack with an ace up: {percent(ACE_UP_BLACKJACK)}; "
        "insurance costs half the bet and pays 2:1.",
        ev_line(evs, best_of(evs)),
        MODEL_LINE,
    ]
