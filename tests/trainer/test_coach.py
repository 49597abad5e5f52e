"""The coach grades each answer before the engine applies it, and explains every spot.

Rounds at the ``practice`` table (``docs/rules/practice.md``) from stacked
shoes; the deal goes player, up card, player, hole card. Expected figures:
Wizard of Odds, Blackjack Appendix 1 (stand/hit/double, and the stand
table) and Appendix 5 (best-play values); late surrender is -0.5 exactly;
insurance -1/26 (``docs/numbers.md``, "8. Insurance").
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import IllegalActionError
from bjtrainer.ev import HandSpot, analyse
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.spots import Spot

PRACTICE = PRESETS["practice"]
COACH = Coach(PRACTICE)


def deal(cards: list[str], *, balance: int = 1000, bet: int = 10) -> Round:
    return Round(PRACTICE, Shoe.stacked(PRACTICE, cards), Bankroll(balance), bet)


def pending(round: Round, coach: Coach = COACH) -> Spot:
    spot = coach.spot(round)
    assert spot is not None
    return spot


def test_sixteen_v_ten_hit_is_graded_and_then_played() -> None:
    # Player T,6; dealer T up, 7 in the hole: a clean peek. Then the player draws 2.
    round = deal(["TS", "TH", "6D", "7C", "2S", "4H"])
    assert round.phase is Phase.PLAYER
    spot = pending(round)
    assert spot.key == "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
    analysis = COACH.analysis(spot)
    assert analysis is not None
    assert set(analysis.evs) == {Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}
    assert analysis.evs[Action.STAND] == pytest.approx(-0.5404, abs=1e-4)
    assert analysis.evs[Action.HIT] == pytest.approx(-0.5398, abs=1e-4)
    assert analysis.evs[Action.SURRENDER] == -0.5
    # The Hint gives the play, its EV and the reason against the second-best
    # play, Hit (-0.5398 beats Stand -0.5404).
    surrender_beats_hit = (
        "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
        "less than hitting is expected to lose (EV -0.540)."
    )
    assert COACH.hint(spot) == ["Hint: Surrender (EV -0.500).", surrender_beats_hit]

    answer = COACH.answer(round, Action.HIT)
    assert answer.spot == spot
    verdict = answer.grade
    assert verdict.action is Action.HIT
    assert verdict.best is Action.SURRENDER
    assert verdict.ev_lost == pytest.approx(0.5398 - 0.5, abs=1e-4)
    assert verdict.evs[Action.DOUBLE] == pytest.approx(-1.0797, abs=1e-4)
    assert not verdict.accepted
    # The grade names its spot and carries the reason: Hit against Surrender only.
    assert verdict.line() == "✘ Hit on hard 16 v T gives up 0.040: best is Surrender (EV -0.500)."
    assert verdict.reason == surrender_beats_hit
    assert COACH.reason(spot, verdict) == surrender_beats_hit

    # The coach graded the spot before the hit; now the caller plays it: 18 v 10.
    round.apply(Action.HIT)
    assert round.phase is Phase.PLAYER
    spot = pending(round)
    assert spot.key == "practice|2,6,T|T|hand:1:0|stand+hit"
    analysis = COACH.analysis(spot)
    assert analysis is not None
    assert set(analysis.evs) == {Action.STAND, Action.HIT}  # three cards
    assert analysis.evs[Action.STAND] == pytest.approx(-0.1783, abs=1e-4)  # Appendix 1, 18 v 10
    verdict = COACH.answer(round, Action.STAND).grade
    assert verdict.accepted and verdict.best is Action.STAND
    round.apply(Action.STAND)
    assert round.phase is Phase.SETTLED


def test_the_why_of_a_spot_gives_the_chances_and_every_legal_ev() -> None:
    """Hard 16 v 7: hit -0.4148 (Appendix 5), stand -0.4754 (Appendix 1).

    Standing wins only when the dealer busts, 26.2% with a 7 up (S17:
    -0.4754 = 2 x 0.2623 - 1); 16 busts on 6 to 9 and the four ten-values,
    8 of 13 ranks = 61.5%. The review queue's study link shows these lines.
    """
    sixteen = Spot("practice", ("T", "6"), "7", legal=frozenset({Action.STAND, Action.HIT}))
    lines = COACH.why(sixteen)
    assert len(lines) == 4
    assert lines[0] == "Bust on one more card: 61.5%."
    assert lines[1] == "If you stand now: win 26.2%, push 0.0%, loss 73.8%."
    assert lines[2] == "EV per unit of the bet: Stand -0.475, Hit -0.415 (best)."
    insurance = Spot(
        "practice", ("T", "T"), "A", legal=frozenset({Action.INSURANCE, Action.NO_INSURANCE})
    )
    assert COACH.why(insurance)[0].startswith("Dealer blackjack with an ace up: 30.8%")
    # Insurance at 2:1 with a ten-value hole card 4/13 of the time: each chip
    # returns 2 x 4/13 - 9/13 = -1/13, a half bet -1/26 = -0.038.
    assert COACH.hint(insurance) == [
        "Hint: No insurance (EV +0.000).",
        "Insurance pays 2:1 only when the hole card is a ten-value, 4/13 (30.8%) of the "
        "time, and is lost the other 9/13 (69.2%), so it gives up 1/13 of every chip it "
        "stakes (EV -0.038), while no insurance costs nothing (EV +0.000).",
    ]


def test_no_answer_once_the_round_is_settled() -> None:
    round = deal(["TS", "TH", "6D", "7C"])
    round.apply(Action.STAND)
    assert round.phase is Phase.SETTLED
    assert COACH.spot(round) is None
    with pytest.raises(IllegalActionError, match="round is over"):
        COACH.answer(round, Action.HIT)


def test_an_illegal_answer_is_refused_with_the_engines_reason() -> None:
    round = deal(["TS", "TH", "6D", "7C", "2S"])
    round.apply(Action.HIT)
    with pytest.raises(IllegalActionError, match="Cannot double"):
        COACH.answer(round, Action.DOUBLE)


def test_insurance_answer_is_graded_as_a_mistake_of_one_twenty_sixth() -> None:
    # Player T,T; dealer A up, 9 in the hole: insurance offered, then a clean peek.
    round = deal(["TS", "AH", "TD", "9C"])
    assert round.phase is Phase.INSURANCE
    spot = pending(round)
    assert spot.key == "practice|T,T|A|hand:1:0|insurance+no_insurance"
    assert COACH.analysis(spot) is None
    assert COACH.insurance_evs(spot) == pytest.approx(
        {Action.INSURANCE: -1 / 26, Action.NO_INSURANCE: 0.0}
    )
    preview = COACH.grade(spot, Action.INSURANCE)

    verdict = COACH.answer(round, Action.INSURANCE).grade
    assert verdict == preview
    assert not verdict.accepted
    assert verdict.ev_lost == pytest.approx(1 / 26)

    round.apply(Action.INSURANCE)
    assert round.phase is Phase.PLAYER  # no dealer blackjack: the hand goes on
    analysis = COACH.analysis(pending(round))
    assert analysis is not None
    assert analysis.dealer_checked
    assert analysis.evs[Action.STAND] == pytest.approx(0.6555, abs=1e-4)  # 20 v A, Appendix 1
    assert COACH.answer(round, Action.STAND).grade.accepted


def test_declining_insurance_is_accepted() -> None:
    round = deal(["TS", "AH", "TD", "9C"])
    verdict = COACH.answer(round, Action.NO_INSURANCE).grade
    assert verdict.accepted and verdict.action is Action.NO_INSURANCE


def test_best_is_among_what_the_chips_allow() -> None:
    # 11 v 6: doubling is the best play (Appendix 5: 0.6674), but 5 chips
    # left after a bet of 10 cannot cover a double.
    round = deal(["6S", "6H", "5D", "TC"], balance=15)
    assert Action.DOUBLE not in round.legal_actions()
    spot = pending(round)
    analysis = COACH.analysis(spot)
    assert analysis is not None
    assert Action.DOUBLE not in analysis.evs
    # Hit 11 v 6 +0.3336 (Appendix 5); the next best legal play is standing,
    # which wins only on a dealer bust, 42.3% with a 6 up (S17), -0.154.
    assert COACH.hint(spot) == [
        "Hint: Hit (EV +0.334).",
        "Standing on hard 11 v 6 wins 42.3% and loses 57.7% (EV -0.154); "
        "hitting cannot bust on the next card and does better (EV +0.334).",
    ]
    full = analyse(PRACTICE, HandSpot(cards=("6", "5"), up="6"))
    assert full.best is Action.DOUBLE
    assert full.evs[Action.DOUBLE] == pytest.approx(0.6674, abs=1e-4)

    verdict = COACH.answer(round, Action.HIT).grade
    assert verdict.accepted and verdict.best is Action.HIT
    assert Action.DOUBLE not in verdict.evs  # graded among the legal actions only


def test_a_resplit_spot_carries_the_pending_hand() -> None:
    # Player 8,8 v 6 (T in the hole); split; the first hand draws another 8.
    round = deal(["8S", "6H", "8D", "TC", "8H", "3S", "2D"])
    first = COACH.answer(round, Action.SPLIT)
    round.apply(Action.SPLIT)
    spot = pending(round)
    assert (spot.cards, spot.split_hand, spot.hands_in_round, spot.pending_split_hands) == (
        ("8", "8"),
        True,
        2,
        1,
    )
    assert Action.SPLIT in spot.legal and Action.SURRENDER not in spot.legal
    expected = analyse(
        PRACTICE,
        HandSpot(
            cards=("8", "8"), up="6", split_hand=True, hands_in_round=2, pending_split_hands=1
        ),
    )
    analysis = COACH.analysis(spot)
    assert analysis is not None
    assert dict(analysis.evs) == {a: expected.evs[a] for a in spot.legal}
    second = COACH.answer(round, Action.SPLIT)
    assert [first.spot.key, second.spot.key] == [
        "practice|8,8|6|hand:1:0|stand+hit+double+split+surrender",
        "practice|8,8|6|split:2:1|stand+hit+double+split",
    ]


def test_a_coach_refuses_a_round_or_a_spot_of_another_table() -> None:
    coach = Coach(PRESETS["guide"])
    round = deal(["TS", "TH", "6D", "7C"])
    with pytest.raises(ValueError, match="guide"):
        coach.spot(round)
    with pytest.raises(ValueError, match="guide"):
        coach.analysis(pending(round))


def test_partial_insurance_at_guide_gives_up_its_share() -> None:
    """guide (``docs/numbers.md``, "8. Insurance"): any amount up to half the bet.

    Insuring x chips on a bet b returns x * (2 * 4/13 - 9/13) = -x/13 chips,
    i.e. x/b * 1/13 of the bet: 5 on 25 gives up 1/65 = 0.0154, inside the
    2% tolerance; the full 12 gives up 12/25/13 = 0.0369 (the exact half bet
    would be 1/26, but 12 of 25 is what the chips allow). Graded from a spot
    alone, with no stake, insurance is the rules' half bet, 1/26.
    """
    guide = PRESETS["guide"]
    coach = Coach(guide)
    round = Round(guide, Shoe.stacked(guide, ["TS", "AH", "7D", "9C"]), Bankroll(1000), 25)
    assert round.phase is Phase.INSURANCE
    partial = coach.answer(round, Action.INSURANCE, 5).grade
    assert partial.ev_lost == pytest.approx(5 / 25 / 13)
    assert partial.evs[Action.INSURANCE] == pytest.approx(-5 / 25 / 13)
    assert partial.accepted
    full = coach.answer(round, Action.INSURANCE, 12).grade  # 12 is the full cost of 25
    assert full.ev_lost == pytest.approx(12 / 25 / 13)
    assert not full.accepted
    assert coach.answer(round, Action.INSURANCE).grade == full  # the default stake: 12
    half_bet = coach.grade(pending(round, coach), Action.INSURANCE)
    assert half_bet.ev_lost == pytest.approx(1 / 26)
