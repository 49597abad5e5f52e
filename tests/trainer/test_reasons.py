"""The one-line reason of a missed spot, from the Why figures (``docs/practice.md``).

Hard 16 v 7: hit -0.4148 (Wizard of Odds, Blackjack Appendix 5, best play),
stand -0.4754 (Appendix 1); standing wins only when the dealer busts, 26.2%
with a 7 up (infinite deck, S17: -0.4754 = 2 x 0.2623 - 1); 16 busts on
6, 7, 8, 9 and the four ten-values, 8 of 13 ranks = 61.5%.
"""

from __future__ import annotations

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import analyse
from bjtrainer.trainer.grading import Grade, grade
from bjtrainer.trainer.reasons import reason_line
from bjtrainer.trainer.spots import Spot

PRACTICE = PRESETS["practice"]
LEGAL = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER})
SIXTEEN = Spot("practice", ("T", "6"), "7", legal=LEGAL)


def verdict(spot: Spot, action: Action) -> Grade:
    return grade(analyse(PRACTICE, spot.to_hand_spot()), action, spot.legal)


def test_a_stand_on_sixteen_against_seven() -> None:
    line = reason_line(PRACTICE, SIXTEEN, verdict(SIXTEEN, Action.STAND))
    assert line == (
        "Hit -0.415 beats Stand -0.475: standing on hard 16 wins only 26.2%; "
        "one more card busts 61.5%."
    )


def test_the_best_play_is_said_to_be_best() -> None:
    assert reason_line(PRACTICE, SIXTEEN, verdict(SIXTEEN, Action.HIT)) == (
        "Hit -0.415 is the best play."
    )


def test_a_double_a_split_and_a_surrender_name_their_figure() -> None:
    eleven = Spot("practice", ("6", "5"), "6", legal=LEGAL)
    assert "one card on hard 11 is worth doubling" in reason_line(
        PRACTICE, eleven, verdict(eleven, Action.HIT)
    )
    eights = Spot("practice", ("8", "8"), "6", legal=LEGAL | {Action.SPLIT})
    assert "two hands each starting with 8" in reason_line(
        PRACTICE, eights, verdict(eights, Action.STAND)
    )
    ten_up = Spot("practice", ("T", "6"), "T", legal=LEGAL)
    # Standing on 16 v 10 after the peek loses 77.0% (stand -0.5404 = 0.230 - 0.770).
    assert reason_line(PRACTICE, ten_up, verdict(ten_up, Action.STAND)).endswith(
        "standing on hard 16 loses 77.0%, so keeping half the bet costs less."
    )
