"""``bjtrainer stats --json`` prints the figures of ``docs/practice.md``, "Stats"."""

from __future__ import annotations

import json
import re
from datetime import UTC

import numpy as np
import pytest

from bjtrainer.cli import main
from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import round_ev
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.spots import Spot

# Hard 16 v 10 at practice: surrender (-0.5) beats stand (-0.5404, Wizard of Odds,
# Blackjack Appendix 1): standing is a miss that gives up 0.0404.
SIXTEEN = DealPlan(
    Spot(
        "practice",
        ("T", "6"),
        "T",
        legal=frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}),
    ),
    ("TS", "TH", "6D", "7C"),
)


def test_an_empty_store(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    raw = capsys.readouterr().out
    assert not re.search(r"-0\.0(?![0-9])", raw)  # 0 bets x a negative return: 0.0, not -0.0
    out = json.loads(raw)
    assert out["rules"] == "practice"
    assert out["answers"] == {"first": 0, "after_hint": 0, "retry": 0, "decisions": 0}
    assert out["accuracy"] is None and out["by_spot"] == [] and out["progress"] == []
    assert set(out) == {
        "rules",
        "answers",
        "accuracy",
        "by_topic",
        "by_spot",
        "ev_lost_per_100",
        "hint_rate",
        "retry_rate",
        "costliest",
        "progress",
        "own_edge",
        "luck",
    }
    assert out["luck"] == {  # no round played at the table yet
        "rounds": 0,
        "bets": 0,
        "won": 0,
        "given_up": 0.0,
        "expected": 0.0,
        "luck": 0.0,
    }
    # no answer yet: the user's play is best play, the return of `bjtrainer edge`
    edge = round_ev(PRESETS["practice"]).expected_return
    assert out["own_edge"] == {"your_play": edge, "perfect_play": edge, "spots": 0}
    assert set(out["by_topic"]) == {
        "hard",
        "soft",
        "pairs",
        "doubling",
        "stiff",
        "surrender_insurance",
    }


def test_figures_of_a_played_set(capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import datetime

    with Store.open() as store:  # the test's BJTRAINER_HOME
        clock = ManualClock(datetime(2026, 11, 29, 12, tzinfo=UTC))
        practice = Practice(store, PRESETS["practice"], clock, np.random.default_rng(1))
        practice_set = practice.start_custom([SIXTEEN, SIXTEEN])
        practice_set.answer(Action.STAND)
        practice_set.answer(Action.SURRENDER)  # a retry
        practice_set.next_spot()
        practice_set.answer(Action.SURRENDER)
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answers"] == {"first": 2, "after_hint": 0, "retry": 1, "decisions": 2}
    assert out["accuracy"] == 0.5
    assert out["ev_lost_per_100"] == pytest.approx(100 * 0.0404 / 2, abs=1e-2)
    assert out["retry_rate"] == 0.5 and out["hint_rate"] == 0.0
    assert out["by_spot"] == [
        {"hand": "hard 16", "up": "T", "answers": 2, "right": 1, "accuracy": 0.5}
    ]
    assert out["costliest"][0]["taken"] == "stand" and out["costliest"][0]["best"] == "surrender"
    assert out["progress"] == [
        {
            "date": "2026-11-29",
            "answers": 2,
            "right": 1,
            "accuracy": 0.5,
            "ev_lost_per_100": out["ev_lost_per_100"],
        }
    ]
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert "Accuracy of first unassisted answers: 50.0%." in text
    assert "6 T v T: 1 x Stand instead of Surrender" in text
    assert main(["stats", "--rules", "guide", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answers"]["first"] == 0


def test_unknown_table_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--rules", "nowhere"]) == 2
    assert "nowhere" in capsys.readouterr().err
