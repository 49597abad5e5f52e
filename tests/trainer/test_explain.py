"""The Hint and the Why panel as text (``docs/numbers.md``, "13. The Hint and the Why").

Figures for hard 16 v 10 after a clean peek, derived independently:
- bust on one more card: 6, 7, 8, 9 (1/13 each) and a ten-value (4/13):
  8/13 = 61.5%;
- standing on 16 wins only on a dealer bust and never pushes, and its EV is
  -0.5404 (Wizard of Odds, Blackjack Appendix 1), so win = (1 - 0.5404)/2 =
  23.0% and loss = 77.0%;
- hit -0.5398, double -1.0797 (Appendix 1); late surrender -0.5 exactly.
"""

from __future__ import annotations

from bjtrainer.engine.actions import Action
from bjtrainer.ev import SpotAnalysis
from bjtrainer.trainer.explain import (
    ev_line,
    hint_line,
    insurance_hint_line,
    insurance_why_lines,
    why_lines,
)
from bjtrainer.trainer.legal import legal_analysis

STAND_EV = -0.5404
EVS = {Action.STAND: STAND_EV, Action.HIT: -0.5398, Action.DOUBLE: -1.0797, Action.SURRENDER: -0.5}
MODEL = (
    "Independent draws (each rank 1/13, tens 4/13); "
    "the hole card and the shoe order are never read."
)


def sixteen_v_ten(*, checked: bool = True) -> SpotAnalysis:
    win = (1 + STAND_EV) / 2
    return SpotAnalysis(
        evs=EVS,
        best=Action.SURRENDER,
        bust_next=8 / 13,
        stand_win=win,
        stand_push=0.0,
        stand_loss=1 - win,
        dealer_checked=checked,
        hidden_blackjack=not checked,
    )


def test_hint_names_the_best_action_and_its_ev() -> None:
    assert hint_line(sixteen_v_ten()) == "Hint: Surrender (EV -0.500)."


def test_hint_is_the_best_legal_action() -> None:
    # Without surrender (e.g. a split hand) hitting is best: -0.5398 > -0.5404.
    no_surrender = legal_analysis(sixteen_v_ten(), {Action.STAND, Action.HIT, Action.DOUBLE})
    assert hint_line(no_surrender) == "Hint: Hit (EV -0.540)."
    assert set(no_surrender.evs) == {Action.STAND, Action.HIT, Action.DOUBLE}


def test_why_lines_give_the_chances_and_every_ev() -> None:
    lines = why_lines(sixteen_v_ten())
    assert lines == [
        "Bust on one more card: 61.5%.",
        "If you stand now: win 23.0%, push 0.0%, loss 77.0%.",
        # Stand and Hit print alike at 3 decimals (-0.540), so 4 are shown; no
        # other action is within 0.02 of Surrender (Hit gives up 0.0398).
        "EV per unit of the bet: Stand -0.5404, Hit -0.5398, Double -1.0797, "
        "Surrender -0.5000 (best).",
        MODEL + " Dealer has checked: no blackjack.",
    ]


def test_why_says_when_a_hidden_blackjack_is_included() -> None:
    lines = why_lines(sixteen_v_ten(checked=False))
    assert lines[-1] == MODEL + " The dealer has not checked: a hidden blackjack is included."


def test_why_says_when_no_blackjack_is_possible() -> None:
    analysis = SpotAnalysis(
        evs={Action.STAND: -0.4754, Action.HIT: -0.4148},  # hard 16 v 7, Appendix 1 and 5
        best=Action.HIT,
        bust_next=8 / 13,
        stand_win=(1 - 0.4754) / 2,
        stand_push=0.0,
        stand_loss=(1 + 0.4754) / 2,
        dealer_checked=False,
        hidden_blackjack=False,
    )
    lines = why_lines(analysis)
    assert lines[2] == "EV per unit of the bet: Stand -0.475, Hit -0.415 (best)."
    assert lines[3] == MODEL + " No dealer blackjack is possible with this up card."


def test_insurance_hint_and_why() -> None:
    evs = {Action.INSURANCE: -1 / 26, Action.NO_INSURANCE: 0.0}
    assert insurance_hint_line(evs) == "Hint: No insurance (EV +0.000)."
    lines = insurance_why_lines(evs)
    assert "30.8%" in lines[0]  # 4/13
    assert lines[1] == "EV per unit of the bet: Insurance -0.038, No insurance +0.000 (best)."
    assert lines[2] == MODEL


def test_ev_line_marks_a_close_call() -> None:
    # Guide table (no surrender), hard 16 v 10: stand -0.5404, hit -0.5398
    # (Wizard of Odds, Appendix 1): within 0.02 of each other.
    evs = {Action.STAND: -0.5404, Action.HIT: -0.5398, Action.DOUBLE: -1.0797}
    assert ev_line(evs, Action.HIT) == (
        "EV per unit of the bet: Stand -0.5404, Hit -0.5398 (best), Double -1.0797. "
        "Close call: Stand and Hit are within 0.02."
    )
    # Hard 8 v 7 (Appendix 5 / this model): hit +0.082 is far ahead of stand.
    far = {Action.STAND: -0.475, Action.HIT: 0.082}
    assert ev_line(far, Action.HIT) == "EV per unit of the bet: Stand -0.475, Hit +0.082 (best)."
