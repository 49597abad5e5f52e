"""The reason of every graded play (``docs/playing.md``, "Hint, Why and the grade line").

One sentence compares the action chosen with the best one (with the next
best when the best was chosen), from the figures of that comparison only.
The sweep below grades every legal action of every two-card spot of every
preset, and every insurance answer, and reads each sentence back: it names
the two actions compared and no other, and every figure it quotes is the EV
layer's (``bjtrainer.ev``) to the printed rounding. The figures are read
from the sentence by the words around them, never from the code that wrote
it.

Figures for the spots spelled out, derived independently:

- hard 16 v 7: hit -0.4148 (Wizard of Odds, Blackjack Appendix 5), stand
  -0.4754 (Appendix 1); standing wins only on a dealer bust, 26.2% with a 7
  up (S17: -0.4754 = 2 x 0.2623 - 1); 16 busts on 6 to 9 and the four
  ten-values, 8 of 13 ranks = 61.5%;
- hard 11 v 6: double +0.6674 (Appendix 5), so +0.334 per unit staked;
  hit +0.3336;
- 8,8 v T at ``guide`` (no surrender): split -0.4807, hit -0.5398 as hard 16
  (Appendix 1);
- hard 16 v T at ``practice``: surrender is -0.5 exactly, hitting -0.5398;
- insurance at 2:1 with a ten-value hole card 4/13 of the time: each chip
  returns 2 x 4/13 - 9/13 = -1/13; a half bet -1/26 = -0.038.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev import HandSpot, analyse, insurance_evs, rules_actions
from bjtrainer.trainer.coach import Coach
from bjtrainer.trainer.grading import grade
from bjtrainer.trainer.reasons import compare, hint_reason, reason_line
from bjtrainer.trainer.spots import Spot

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
PRACTICE = PRESETS["practice"]
BOTH = frozenset({Action.INSURANCE, Action.NO_INSURANCE})

#: The words that name each action in a sentence (any form of the verb).
ACTION_WORDS: dict[Action, str] = {
    Action.STAND: r"\bstand(?:s|ing)?\b",
    Action.HIT: r"\bhit(?:s|ting)?\b",
    Action.DOUBLE: r"\bdoubl(?:e|es|ed|ing)\b",
    Action.SPLIT: r"\bsplit(?:s|ting)?\b",
    Action.SURRENDER: r"\bsurrender(?:s|ed|ing)?\b",
    Action.NO_INSURANCE: r"\bno insurance\b",
    Action.INSURANCE: r"(?<!no )\binsurance\b",
}

#: The ten-value hole card with an ace up: 16 of 52 cards.
TEN = Fraction(16, 52)
#: What each chip insured returns at 2:1: -1/13.
PER_CHIP = 2 * TEN - (1 - TEN)


def actions_named(sentence: str) -> set[Action]:
    return {
        action
        for action, pattern in ACTION_WORDS.items()
        if re.search(pattern, sentence, re.IGNORECASE)
    }


def last_action_before(sentence: str, end: int) -> Action:
    """The action whose word comes last before ``end`` ("hitting ... (EV" is Hit's EV)."""
    found: list[tuple[int, Action]] = []
    for action, pattern in ACTION_WORDS.items():
        found += [(m.start(), action) for m in re.finditer(pattern, sentence[:end], re.I)]
    assert found, f"no action before the figure at {end}: {sentence!r}"
    return max(found, key=lambda item: item[0])[1]


def close(shown: str, value: float) -> bool:
    """``shown`` (e.g. "-0.415", "61.5") is ``value`` rounded to its printed decimals."""
    decimals = len(shown.split(".")[1])
    return abs(float(shown) - value) <= 0.5 * 10**-decimals + 1e-9


def read_figures(sentence: str, evs: dict[Action, float], chances: dict[str, float]) -> set[str]:
    """Check every figure of ``sentence`` against the EV layer; the kinds of figure read.

    ``evs`` are the EV layer's figures of every action (units of the bet),
    ``chances`` its bust and stand chances. Every decimal and every
    fraction in the sentence must be read by one of the patterns below.
    """
    kinds: set[str] = set()
    claimed: set[int] = set()

    def check(pattern: str, kind: str, value_of: Callable[[re.Match[str]], float]) -> None:
        for match in re.finditer(pattern, sentence):
            claimed.add(match.start("x"))
            shown, value = match.group("x"), value_of(match)
            if "/" in shown:
                assert Fraction(shown) == value, f"{kind} {shown} != {value}: {sentence!r}"
            else:
                assert close(shown, value), f"{kind} {shown} != {value}: {sentence!r}"
            kinds.add(kind)

    check(r"\(EV (?P<x>[+-]\d+\.\d+)", "ev", lambda m: evs[last_action_before(sentence, m.start())])
    check(r"(?P<x>[+-]\d+\.\d+) per unit staked", "per unit", lambda m: evs[Action.DOUBLE] / 2)
    check(r"(?P<x>[+-]\d+\.\d+) in all", "in all", lambda m: evs[Action.DOUBLE])
    for word, name in (("wins", "win"), ("pushes", "push"), ("loses", "loss"), ("busts", "bust")):
        check(rf"{word} (?P<x>\d+\.\d)%", name, lambda m, name=name: 100 * chances[name])
    check(r"(?P<x>\d+/\d+) \(\d+\.\d%\) of the time", "ten-value", lambda m: TEN)
    check(r"\d+/\d+ \((?P<x>\d+\.\d)%\) of the time", "ten-value %", lambda m: 100 * TEN)
    check(r"the other (?P<x>\d+/\d+)", "not a ten", lambda m: 1 - TEN)
    check(r"the other \d+/\d+ \((?P<x>\d+\.\d)%\)", "not a ten %", lambda m: 100 * (1 - TEN))
    check(r"gives up (?P<x>\d+/\d+) of every chip", "per chip", lambda m: -PER_CHIP)
    for match in re.finditer(r"[+-]?\d+\.\d+|\d+/\d+", sentence):
        assert match.start() in claimed, f"a figure no rule reads: {match.group()!r}: {sentence!r}"
    return kinds


def two_card_spots(rules: Rules) -> list[tuple[Spot, dict[Action, float], dict[str, float]]]:
    """Every two-card decision of the table: hand x up card, as the rules allow."""
    spots = []
    for i, first in enumerate(RANKS):
        for second in RANKS[i:]:
            if {first, second} == {"A", "T"}:
                continue  # a natural is settled, not played
            for up in RANKS:
                hand = HandSpot(cards=(first, second), up=up)
                try:
                    legal = rules_actions(rules, hand)
                except InvalidSpotError:  # pragma: no cover - every two-card hand is a decision
                    continue
                figures = analyse(rules, hand)
                chances = {
                    "win": figures.stand_win,
                    "push": figures.stand_push,
                    "loss": figures.stand_loss,
                    "bust": figures.bust_next,
                }
                spot = Spot(rules.id, (first, second), up, legal=frozenset(legal))
                spots.append((spot, dict(figures.evs), chances))
    return spots


def check_reason(
    sentence: str,
    chosen: Action,
    other: Action,
    evs: dict[Action, float],
    chances: dict[str, float],
) -> None:
    assert sentence.endswith(".") and sentence.count(". ") == 0, sentence  # one sentence
    assert actions_named(sentence) == {chosen, other}, sentence
    kinds = read_figures(sentence, evs, chances)
    pair = {chosen, other}
    # Each comparison quotes its own figures.
    if pair == {Action.HIT, Action.STAND}:
        assert {"ev", "win", "loss"} <= kinds, sentence
        assert ("bust" in kinds) == (chances["bust"] > 0), sentence
        assert ("cannot bust" in sentence) == (chances["bust"] == 0), sentence
    elif Action.SURRENDER in pair:
        assert "loses half the bet for sure (EV -0.500)" in sentence
    elif Action.SPLIT in pair:
        assert "into two hands" in sentence, sentence
        assert re.search(r"as (hard|soft) \d+ and", sentence), sentence
    elif Action.DOUBLE in pair:
        assert {"per unit", "in all", "ev"} <= kinds, sentence
    elif pair == BOTH:
        assert {"ten-value", "ten-value %", "not a ten", "not a ten %", "per chip"} <= kinds
        assert "ev" in kinds, sentence


@pytest.mark.slow
@pytest.mark.parametrize("table", sorted(PRESETS))
def test_every_two_card_spot_and_every_action_gets_its_own_reason(table: str) -> None:
    rules = PRESETS[table]
    coach = Coach(rules)
    sentences = 0
    for spot, evs, chances in two_card_spots(rules):
        best = max(evs, key=lambda action: evs[action])
        for chosen in spot.legal:
            verdict = coach.grade(spot, chosen)
            assert verdict.evs[verdict.best] == pytest.approx(evs[best])
            if chosen != verdict.best:
                other = verdict.best
            else:
                rest = {a: v for a, v in evs.items() if a != chosen}
                other = verdict.best if not rest else max(rest, key=lambda a: rest[a])
                if rest and rest[other] == evs[chosen]:  # pragma: no cover - an exact tie
                    continue
            check_reason(verdict.reason, chosen, other, evs, chances)
            sentences += 1
    if rules.insurance != "none":
        per_half_bet = float(PER_CHIP) / 2
        assert insurance_evs(rules, "A")[Action.INSURANCE] == pytest.approx(per_half_bet)
        for spot, _, _ in two_card_spots(rules):
            if spot.up != "A":
                continue
            question = Spot(rules.id, spot.cards, "A", legal=BOTH)
            evs = {Action.INSURANCE: per_half_bet, Action.NO_INSURANCE: 0.0}
            for chosen in BOTH:
                sentence = coach.grade(question, chosen).reason
                check_reason(sentence, chosen, next(iter(BOTH - {chosen})), evs, {})
                sentences += 1
    # 54 two-card hands (55 less the natural) x 10 up cards, at least two actions each.
    assert sentences >= 54 * 10 * 2


def test_a_stand_on_sixteen_against_seven_argues_hit_against_stand() -> None:
    sixteen = Spot(
        "practice",
        ("T", "6"),
        "7",
        legal=frozenset(rules_actions(PRACTICE, HandSpot(cards=("T", "6"), up="7"))),
    )
    verdict = Coach(PRACTICE).grade(sixteen, Action.STAND)
    assert verdict.reason == (
        "Standing on hard 16 v 7 wins 26.2% and loses 73.8% (EV -0.475); hitting busts "
        "61.5% of the time on the next card and still does better (EV -0.415)."
    )


def test_a_hit_that_should_have_been_a_double_is_argued_with_one_card_against_several() -> None:
    """The old reason could quote the odds of standing here: now only Double and Hit."""
    eleven = Spot(
        "practice",
        ("6", "5"),
        "6",
        legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}),
    )
    verdict = Coach(PRACTICE).grade(eleven, Action.HIT)
    assert verdict.reason == (
        "Doubling hard 11 v 6 takes one card for twice the bet: +0.334 per unit staked, "
        "+0.667 in all, better than hitting freely, drawing as many cards as you like "
        "(EV +0.334)."
    )
    assert "stand" not in verdict.reason.lower()


def test_a_split_is_argued_against_the_pair_played_as_its_total() -> None:
    guide = PRESETS["guide"]
    eights = Spot(
        "guide",
        ("8", "8"),
        "T",
        legal=frozenset(rules_actions(guide, HandSpot(cards=("8", "8"), up="T"))),
    )
    assert Action.SURRENDER not in eights.legal
    verdict = Coach(guide).grade(eights, Action.HIT)
    assert verdict.reason == (
        "Splitting pair 8 v T into two hands, each starting with an 8 (EV -0.481 for both), "
        "beats playing it as hard 16 and hitting (EV -0.540)."
    )


def test_a_surrender_is_half_the_bet_for_sure_against_the_expected_loss() -> None:
    sixteen = Spot(
        "practice",
        ("T", "6"),
        "T",
        legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}),
    )
    verdict = Coach(PRACTICE).grade(sixteen, Action.HIT)
    assert verdict.reason == (
        "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
        "less than hitting is expected to lose (EV -0.540)."
    )


def test_the_best_play_is_argued_against_the_next_best() -> None:
    sixteen = Spot("practice", ("T", "6"), "7", legal=frozenset({Action.STAND, Action.HIT}))
    figures = analyse(PRACTICE, sixteen.to_hand_spot())
    verdict = grade(figures, Action.HIT, sixteen.legal)
    assert reason_line(PRACTICE, sixteen, verdict) == compare(
        PRACTICE, sixteen, Action.STAND, Action.HIT, figures.evs
    )
    assert hint_reason(PRACTICE, sixteen, figures.evs) == reason_line(PRACTICE, sixteen, verdict)


def test_figures_that_print_alike_get_a_fourth_decimal() -> None:
    # Hard 16 v 10 after the peek: stand -0.5404, hit -0.5398 (Appendix 1).
    sixteen = Spot("guide", ("T", "6"), "T", legal=frozenset({Action.STAND, Action.HIT}))
    verdict = Coach(PRESETS["guide"]).grade(sixteen, Action.STAND)
    assert "(EV -0.5404)" in verdict.reason and "(EV -0.5398)" in verdict.reason


def test_a_spot_with_one_legal_action_says_so() -> None:
    only = Spot("practice", ("T", "9"), "A", legal=frozenset({Action.NO_INSURANCE}))
    verdict = Coach(PRACTICE).grade(only, Action.NO_INSURANCE)
    assert verdict.reason == "No insurance is the only play the rules allow here."


def test_two_actions_are_needed_to_compare() -> None:
    sixteen = Spot("practice", ("T", "6"), "7", legal=frozenset({Action.STAND, Action.HIT}))
    with pytest.raises(ValueError, match="two actions"):
        compare(PRACTICE, sixteen, Action.HIT, Action.HIT, {Action.HIT: -0.4})
