"""The guided introductions (docs/playing.md, "Guided introductions").

Each lesson's scripted shoe is played on its lesson table with the plays it
asks for: at every step the hand the panel names is the hand dealt (a total
counted here from the card ranks), the up card is the one named, the play is
legal and is the chart's play for that table, and the hand then ends.
"""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.engine.rules import Rules
from bjtrainer.store import Store
from bjtrainer.strategy.cache import cached_chart
from bjtrainer.strategy.lookup import chart_action
from bjtrainer.trainer.lessons import (
    LessonRun,
    finished_lessons,
    lesson_table,
    lessons_for,
    mark_finished,
)

_POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def _named(ranks: list[str], may_split: bool) -> str:
    """The hand's name counted from its ranks: 'pair of 8s', 'soft 18', 'hard 16'."""
    if may_split and len(ranks) == 2 and ranks[0] == ranks[1]:
        word = {"A": "aces", "T": "tens"}.get(ranks[0], f"{ranks[0]}s")
        return f"pair of {word}"
    points = sum(_POINTS.get(rank, 0) or int(rank) for rank in ranks)
    if "A" in ranks and points + 10 <= 21:
        return f"soft {points + 10}"
    return f"hard {points}"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_scripted_shoe_deals_what_its_panels_say(preset: str) -> None:
    rules = PRESETS[preset]
    chart = cached_chart(rules)
    lessons = lessons_for(rules)
    assert lessons
    for lesson in lessons:
        for hand in lesson.hands:
            table = lesson_table(rules, hand)
            round_ = table.deal()
            for step in hand.steps:
                assert round_.phase != Phase.SETTLED, (lesson.id, step)
                assert round_.up_card.rank == step.up, (lesson.id, step)
                legal = round_.legal_actions()
                assert step.action in legal, (lesson.id, step, legal)
                player = round_.hands[round_.active]
                ranks = [card.rank for card in player.cards]
                assert _named(ranks, Action.SPLIT in legal) == step.hand, (lesson.id, ranks)
                assert step.hand in step.panel
                if step.action in (Action.INSURANCE, Action.NO_INSURANCE):
                    assert step.action == Action.NO_INSURANCE  # basic strategy never insures
                else:
                    up = "T" if step.up in "TJQK" else step.up
                    best = chart_action(chart, ranks, up, legal)
                    assert best == step.action, (preset, lesson.id, ranks, step.up, best)
                table.apply(step.action)
            assert round_.phase == Phase.SETTLED, (lesson.id, hand.cards)


def test_practice_has_six_lessons_and_home_leaves_out_surrender_and_insurance() -> None:
    practice = lessons_for(PRESETS["practice"])
    assert [lesson.id for lesson in practice] == [
        "round",
        "hard",
        "soft",
        "double",
        "surrender",
        "hint",
    ]
    actions = {step.action for lesson in practice for hand in lesson.hands for step in hand.steps}
    assert {Action.SURRENDER, Action.NO_INSURANCE} <= actions
    home = PRESETS["home"]
    assert home.surrender == "none" and home.insurance == "none"
    at_home = lessons_for(home)
    assert "surrender" not in [lesson.id for lesson in at_home]
    for lesson in at_home:
        for hand in lesson.hands:
            assert "A" not in hand.cards[1][0]  # no ace up: no insurance offer
            for step in hand.steps:
                assert step.action not in (Action.SURRENDER, Action.INSURANCE, Action.NO_INSURANCE)
                assert "surrender" not in step.panel.lower()
                assert "insurance" not in step.panel.lower()


def _eights(rules: Rules) -> list[Action]:
    for lesson in lessons_for(rules):
        for hand in lesson.hands:
            if hand.steps[0].hand == "pair of 8s":
                return [step.action for step in hand.steps]
    raise AssertionError("no pair of 8s")


def test_das_decides_the_play_after_splitting_8s() -> None:
    with_das = PRESETS["practice"]
    assert with_das.double_after_split
    without = with_das.model_copy(update={"double_after_split": False, "id": "nodas"})
    assert _eights(with_das) == [Action.SPLIT, Action.DOUBLE, Action.STAND]
    assert _eights(without) == [Action.SPLIT, Action.HIT, Action.STAND, Action.STAND]


def test_finished_lessons_are_one_setting(store: Store) -> None:
    assert finished_lessons(store) == frozenset()
    mark_finished(store, "soft")
    mark_finished(store, ["round", "soft"])
    assert finished_lessons(store) == {"round", "soft"}
    assert store.get_setting("lessons_finished") == "round,soft"


def test_a_lesson_run_plays_only_the_asked_play_and_deals_each_hand() -> None:
    rules = PRESETS["practice"]
    lesson = lessons_for(rules)[1]  # hard totals: 16 v 6, 15 v 7 then 19 v 7, 12 v 4
    run = LessonRun(rules, lesson)
    assert "hard 16 against a 6" in run.panel()
    assert run.answer(Action.HIT) is None  # refused: the lesson asks to stand
    assert run.round.phase is not Phase.SETTLED
    line = run.answer(Action.STAND)
    assert line is not None and line.startswith("✔")
    assert run.step is None and not run.finished
    assert run.next_hand()
    assert [card.code for card in run.round.hands[0].cards] == ["TD", "5C"]
    assert run.hint_lines()
    assert run.answer(Action.HIT) is not None
    assert run.answer(Action.STAND) is not None
    assert run.next_hand()
    assert run.answer(Action.STAND) is not None
    assert run.finished and not run.next_hand()
    assert run.hint_lines() is None
