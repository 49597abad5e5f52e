"""``bjtrainer hint`` (``docs/numbers.md``, "13. The Hint and the Why").

Expected values come from Wizard of Odds, Blackjack Appendix 1 (infinite
deck, S17, DAS; ``docs/numbers.md``, "15. Published figures we match"):
hard 16 v 10 stand -0.5404, hit -0.5398, double -1.0797; 8,8 v 10 split
-0.4807. Late surrender returns half the bet (``docs/rules/practice.md``,
"Surrender"), so its EV is exactly -0.5.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bjtrainer.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["hint", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_sixteen_against_ten_practice(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--rules", "practice", "--hand", "T 6", "--up", "T")
    assert out["rules"] == "practice"
    assert out["hand"] == ["T", "6"]
    assert out["up"] == "T"
    ev = out["ev"]
    assert isinstance(ev, dict)
    assert set(ev) == {"stand", "hit", "double", "surrender"}
    assert ev["stand"] == pytest.approx(-0.5404, abs=1e-4)
    assert ev["hit"] == pytest.approx(-0.5398, abs=1e-4)
    assert ev["double"] == pytest.approx(-1.0797, abs=1e-4)
    assert ev["surrender"] == -0.5
    # Late surrender (-0.5) beats hitting (-0.5398) at the practice table.
    assert out["best"] == "surrender"
    # The reason compares the best play with the second-best: hit -0.5398 beats
    # stand -0.5404 for second place.
    assert out["second_best"] == "hit"
    assert out["reason"] == (
        "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
        "less than hitting is expected to lose (EV -0.540)."
    )


def test_stand_chances_add_up_and_match_dealer_bust(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--hand", "T,6", "--up", "10")
    stand = out["stand"]
    assert isinstance(stand, dict)
    # Standing on 16 wins only when the dealer busts, never pushes.
    assert stand["push"] == 0
    assert stand["win"] + stand["loss"] == pytest.approx(1.0)
    # EV of standing is win - loss.
    assert stand["win"] - stand["loss"] == pytest.approx(out["ev"]["stand"])  # type: ignore[index]
    # Hard 16: ranks 6..T bust it, 8/13 under independent draws.
    assert out["bust_next"] == pytest.approx(8 / 13)


def test_guide_table_has_no_surrender(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--rules", "guide", "--hand", "T 6", "--up", "T")
    assert set(out["ev"]) == {"stand", "hit", "double"}  # type: ignore[arg-type]
    assert out["best"] == "hit"


def test_pair_offers_split(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--rules", "guide", "--hand", "8 8", "--up", "T")
    assert out["ev"]["split"] == pytest.approx(-0.4807, abs=1e-4)  # type: ignore[index]
    assert out["best"] == "split"


def test_three_cards_only_hit_or_stand(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--hand", "5 4 7", "--up", "T")
    assert set(out["ev"]) == {"stand", "hit"}  # type: ignore[arg-type]
    assert out["ev"]["stand"] == pytest.approx(-0.5404, abs=1e-4)  # type: ignore[index]


def test_text_output_gives_the_play_its_ev_and_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", "--rules", "guide", "--hand", "T 6", "--up", "T"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Hand T 6 (hard 16) against up card T."
    assert lines[2] == "Hint: Hit (EV -0.540)."
    # Without surrender the second-best play is Stand; the two EVs print alike
    # at 3 decimals (-0.5398, -0.5404), so the reason shows 4.
    assert lines[3] == (
        "Standing on hard 16 v T wins 23.0% and loses 77.0% (EV -0.5404); hitting busts "
        "61.5% of the time on the next card and still does better (EV -0.5398)."
    )
    assert lines[4] == "Bust on one more card: 61.5%."


def test_a_three_card_hand_compares_stand_and_hit(capsys: pytest.CaptureFixture[str]) -> None:
    # Hard 20 on three cards: only stand and hit, and standing on 20 is best.
    out = run_json(capsys, "--hand", "5 5 T", "--up", "6")
    assert set(out["ev"]) == {"stand", "hit"}  # type: ignore[arg-type]
    assert out["second_best"] == "hit" and out["best"] == "stand"
    assert str(out["reason"]).startswith("Hitting hard 20 v 6 busts 92.3% of the time")  # 12/13


@pytest.mark.parametrize(
    ("hand", "up"),
    [
        ("T 6 Z", "T"),  # not a card
        ("T 6", "11"),  # not a card
        ("T", "5"),  # one card is not a decision
        ("T 6 5", "5"),  # 21 stands by itself
        ("A K", "5"),  # a natural is settled, not played
        ("T 9 8", "5"),  # bust
        ("", "5"),  # no cards
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], hand: str, up: str
) -> None:
    assert main(["hint", "--hand", hand, "--up", up]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("bjtrainer: error: ")
    assert captured.err.count("\n") == 1


def test_unknown_table_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--rules", "nowhere", "--hand", "T 6", "--up", "T"]) == 2
    assert "nowhere" in capsys.readouterr().err


@pytest.mark.slow
def test_console_script_runs_as_a_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bjtrainer", "hint", "--hand", "A 7", "--up", "9", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    # Soft 18 v 9 is a hit in every published basic-strategy chart.
    assert out["best"] == "hit"
    assert out["bust_next"] == 0
