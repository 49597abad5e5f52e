"""Grading: accepted within 0.02 of the best legal EV, close calls, the grade line.

Rule: ``docs/numbers.md``, "9. Grading", "The 2% rule" and "Close calls":
within 2% of the original wager of the best legal action's EV,
EV_best - EV_choice <= 0.02. Figures: Wizard of Odds, Blackjack Appendix 1
(``docs/numbers.md``, "15. Published figures we match"): hard 16 v 10 stand
-0.5404, hit -0.5398, double -1.0797; 8,8 v 10 split -0.4807.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bjtrainer.engine.actions import HAND_ACTIONS, Action
from bjtrainer.ev import SpotAnalysis
from bjtrainer.trainer.grading import TOLERANCE, grade, grade_evs

STAND, HIT, DOUBLE, SPLIT, SURRENDER = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)

# Appendix 1, hard 16 v 10 (guide rules: no surrender).
SIXTEEN_V_TEN = {STAND: -0.5404, HIT: -0.5398, DOUBLE: -1.0797}
# Appendix 1, 8,8 v 10: hard 16 for stand/hit/double, plus the split.
EIGHTS_V_TEN = {**SIXTEEN_V_TEN, SPLIT: -0.4807}
# Practice adds late surrender, exactly -0.5 (half the bet back).
SIXTEEN_V_TEN_PRACTICE = {**SIXTEEN_V_TEN, SURRENDER: -0.5}


def analysis_of(evs: dict[Action, float]) -> SpotAnalysis:
    """A hand-made analysis; the chances are those of hard 16 v 10 after the peek."""
    win = (1 + SIXTEEN_V_TEN[STAND]) / 2  # stand EV = win - loss, win + loss = 1
    return SpotAnalysis(
        evs=evs,
        best=max(evs, key=evs.__getitem__),
        bust_next=8 / 13,
        stand_win=win,
        stand_push=0.0,
        stand_loss=1 - win,
        dealer_checked=True,
        hidden_blackjack=False,
    )


def test_tolerance_is_two_percent_of_the_wager() -> None:
    assert TOLERANCE == 0.02


def test_sixteen_v_ten_hit_and_stand_are_a_close_call() -> None:
    analysis = analysis_of(SIXTEEN_V_TEN)
    hit = grade(analysis, HIT, SIXTEEN_V_TEN)
    assert hit.best is HIT
    assert hit.ev_lost == 0
    assert hit.accepted and hit.close_call
    assert hit.close_actions == (STAND, HIT)
    assert hit.line() == "✔ Hit: close call, Stand and Hit are within 0.02 (best Hit -0.5398)."

    stand = grade(analysis, STAND, SIXTEEN_V_TEN)
    assert stand.best is HIT
    assert stand.ev_lost == pytest.approx(0.0006, abs=1e-12)
    assert stand.accepted and stand.close_call
    assert stand.line() == (
        "✔ Stand: close call, Stand and Hit are within 0.02 (best Hit -0.5398)."
    )


def test_doubling_sixteen_v_ten_is_refused_and_names_the_close_call() -> None:
    double = grade(analysis_of(SIXTEEN_V_TEN), DOUBLE, SIXTEEN_V_TEN)
    assert double.ev_lost == pytest.approx(1.0797 - 0.5398)
    assert not double.accepted
    assert double.line() == (
        "✘ Double gives up 0.540: best is Hit (EV -0.540). "
        "Close call: Stand and Hit are within 0.02."
    )


def test_standing_on_eights_v_ten_gives_up_six_hundredths() -> None:
    stand = grade(analysis_of(EIGHTS_V_TEN), STAND, EIGHTS_V_TEN)
    assert stand.best is SPLIT
    assert stand.ev_lost == pytest.approx(0.5404 - 0.4807)  # 0.0597 > 0.02
    assert not stand.accepted
    assert not stand.close_call
    assert stand.close_actions == (SPLIT,)
    assert stand.line() == "✘ Stand gives up 0.060: best is Split (EV -0.481)."

    split = grade(analysis_of(EIGHTS_V_TEN), SPLIT, EIGHTS_V_TEN)
    assert split.accepted and split.ev_lost == 0
    assert split.line() == "✔ Split is right (EV -0.481)."


def test_surrender_at_practice_makes_hit_and_stand_mistakes() -> None:
    analysis = analysis_of(SIXTEEN_V_TEN_PRACTICE)
    legal = SIXTEEN_V_TEN_PRACTICE.keys()
    hit = grade(analysis, HIT, legal)
    assert hit.best is SURRENDER
    assert hit.ev_lost == pytest.approx(0.0398)
    assert not hit.accepted
    assert hit.line() == "✘ Hit gives up 0.040: best is Surrender (EV -0.500)."
    assert grade(analysis, SURRENDER, legal).line() == "✔ Surrender is right (EV -0.500)."


def test_best_is_chosen_among_the_legal_actions_only() -> None:
    # 8,8 v 10 without the chips to split or double: hit is best, stand is close.
    analysis = analysis_of(EIGHTS_V_TEN)
    stand = grade(analysis, STAND, {STAND, HIT})
    assert stand.best is HIT
    assert set(stand.evs) == {STAND, HIT}
    assert stand.accepted and stand.close_call


def test_the_boundary_of_the_tolerance() -> None:
    at_edge = {STAND: -0.30, HIT: -0.32}  # exactly 0.02 apart: accepted
    assert grade_evs(at_edge, HIT).accepted
    past_edge = {STAND: -0.30, HIT: -0.3201}  # 0.0201 apart: refused
    assert not grade_evs(past_edge, HIT).accepted
    assert not grade_evs(past_edge, HIT).close_call


def test_an_illegal_action_or_a_legal_action_without_figure_is_refused() -> None:
    analysis = analysis_of(SIXTEEN_V_TEN)
    with pytest.raises(ValueError, match="Split is not a legal action"):
        grade(analysis, SPLIT, SIXTEEN_V_TEN)
    with pytest.raises(ValueError, match="No EV for Surrender"):
        grade(analysis, HIT, {HIT, STAND, SURRENDER})


def test_chart_play_hook_accepts_the_chart_play_and_says_so() -> None:
    evs = {STAND: 0.10, HIT: 0.20, DOUBLE: 0.17}  # double gives up 0.03
    plain = grade_evs(evs, DOUBLE)
    assert not plain.accepted
    charted = grade_evs(evs, DOUBLE, chart_action=DOUBLE)
    assert charted.accepted
    assert charted.ev_lost == pytest.approx(0.03)
    assert charted.line() == (
        "✔ Double is the table's chart play; independent draws favour Hit (EV +0.200) "
        "by 0.030: both are accepted."
    )
    # The chart play must be legal to count.
    assert not grade_evs({STAND: 0.10, HIT: 0.20}, STAND, chart_action=DOUBLE).accepted
    # Any other action is graded as usual.
    assert not grade_evs(evs, STAND, chart_action=DOUBLE).accepted
    assert grade_evs(evs, HIT, chart_action=HIT).line() == "✔ Hit is right (EV +0.200)."
    # The best play, where the chart differs, says the chart's play is accepted too.
    assert grade_evs(evs, HIT, chart_action=DOUBLE).line() == (
        "✔ Hit is right (EV +0.200). The table's chart plays Double: both are accepted."
    )
    # A refused play names the chart's play when it differs from the best.
    assert (
        grade_evs(evs, STAND, chart_action=DOUBLE)
        .line()
        .endswith("The table's chart plays Double.")
    )


ev_values = st.floats(min_value=-2.0, max_value=1.5, allow_nan=False)


@given(
    evs=st.dictionaries(st.sampled_from(HAND_ACTIONS), ev_values, min_size=1),
    data=st.data(),
)
def test_grade_agrees_with_the_rule_on_any_figures(
    evs: dict[Action, float], data: st.DataObject
) -> None:
    action = data.draw(st.sampled_from(sorted(evs)))
    verdict = grade_evs(evs, action)
    top = max(evs.values())
    assert evs[verdict.best] == top
    assert verdict.ev_lost == pytest.approx(top - evs[action], abs=1e-15)
    assert verdict.ev_lost >= 0
    assert verdict.accepted == (top - evs[action] <= 0.02 + 1e-12)
    within = [a for a in evs if top - evs[a] <= 0.02 + 1e-12]
    assert set(verdict.close_actions) == set(within)
    assert verdict.close_call == (len(within) > 1)
    assert verdict.line().startswith("✔" if verdict.accepted else "✘")
