"""``bjtrainer simulate`` (``docs/numbers.md``, "17. Simulation").

It prints the mean return per round of the table's chart with its standard
error beside the exact house edge of ``bjtrainer edge`` (and, at a real
shoe, the exact return of a round from a full shoe); ``--json`` gives the
same figures in full precision; a seed gives the same figures on any number
of processes.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from bjtrainer.cli import main
from bjtrainer.engine.presets import PRESETS
from bjtrainer.ev import round_ev
from bjtrainer.simulate import simulate


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no bar when the output is JSON
    data: dict[str, Any] = json.loads(captured.out)
    return data


def test_json_holds_the_mean_its_error_and_the_edge(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--rules", "guide", "--rounds", "200_000", "--seed", "5")
    result = simulate(PRESETS["guide"], 200_000, seed=5)
    edge = round_ev(PRESETS["guide"]).expected_return
    assert data == {
        "rules": "guide",
        "shoe": "infinite",
        "rounds": 200_000,
        "seed": 5,
        "mean_return_percent": 100 * result.mean,
        "standard_error_percent": 100 * result.standard_error,
        "edge_percent": pytest.approx(-0.511734, abs=1e-6),  # Wizard of Odds, Appendix 1
        "edge_difference_in_se": pytest.approx((result.mean - edge) / result.standard_error),
    }
    # About 1.15 units of standard deviation per round: 1.15 / sqrt(200,000).
    assert 0.24 < data["standard_error_percent"] < 0.28
    assert abs(data["edge_difference_in_se"]) < 4


def test_real_shoe_adds_the_exact_full_shoe_return(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(
        capsys, "--rules", "home", "--rounds", "1e5", "--seed", "1", "--shoe", "real"
    )
    assert data["shoe"] == "real"
    assert data["rounds"] == 100_000
    # One deck is worth about 0.7% to the player over independent draws.
    assert data["full_shoe_exact_percent"] - data["edge_percent"] == pytest.approx(0.715, abs=0.01)
    assert abs(data["full_shoe_difference_in_se"]) < 4


def test_text_names_the_table_the_rounds_and_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "50000", "--seed", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == PRESETS["practice"].name
    assert out[1].startswith("50,000 rounds of basic strategy (the table's chart, no insurance)")
    assert out[1].endswith("; seed 9.")
    assert out[2].startswith("Mean return per round: ")
    assert out[3].startswith("Exact, best play on independent draws (bjtrainer edge): -0.4262% (")
    assert out[4].startswith("Played in ")


@pytest.mark.slow
def test_text_at_a_real_shoe_tells_where_the_cut_card_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--rules", "night", "--rounds", "20000", "--shoe", "real"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        "(6 decks, reshuffled once fewer than 78 of 312 cards are left: penetration 0.75)"
        in (lines[1])
    )
    assert lines[4].startswith("Exact, first round of a full shoe, best play for the cards held:")
    seed = int(lines[1].rsplit("seed ", 1)[1].rstrip("."))
    assert 0 <= seed < 2**32


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "1"], "--rounds must be at least 2, not 1"),
        (["--rounds", "2.5"], "--rounds must be a whole number, not '2.5'"),
        (["--rounds", "ten"], "--rounds must be a whole number, not 'ten'"),
        (["--rounds", "1e30"], "--rounds must be at most 1,000,000,000,000, not 1e30"),
        (["--rounds", "1000000000001"], "--rounds must be at most 1,000,000,000,000"),
        (["--rounds", "10", "--seed", "-1"], "--seed must be at least 0, not -1"),
        (["--rounds", "10", "--shoe", "eight"], "invalid choice: 'eight'"),
        (["--rounds", "10", "--jobs", "1", "--jobs", "2"], "--jobs was given twice"),
        ([], "the following arguments are required: --rounds"),
    ],
)
def test_bad_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *args])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_an_unknown_table_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "nowhere", "--rounds", "10"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bjtrainer: error: ") and err.count("\n") == 1


@pytest.mark.slow
def test_every_core_gives_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 0`` plays on every core; the chunks and their seeds do not change."""
    args = ["--rules", "practice", "--rounds", "300000", "--seed", "4"]
    one = simulate_json(capsys, *args, "--jobs", "1")
    every = simulate_json(capsys, *args, "--jobs", "0")
    assert one == every
    assert math.isfinite(one["mean_return_percent"])


def test_ctrl_c_prints_the_rounds_played_so_far_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C during the third chunk: the first two chunks' figures, in one line."""
    import bjtrainer.simulate.run as run

    played: list[int] = []

    def two_then_ctrl_c(*args: Any) -> run.Tally:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real_chunk(*args)

    real_chunk = run.play_chunk
    monkeypatch.setattr(run, "play_chunk", two_then_ctrl_c)
    assert main(["simulate", "--rounds", "1e6", "--seed", "7"]) == 130
    captured = capsys.readouterr()
    monkeypatch.setattr(run, "play_chunk", real_chunk)
    # A chunk's seed is the seed's i-th child whatever the count, so the two chunks
    # played are a run of 2 x CHUNK_ROUNDS rounds with the same seed.
    two_chunks = simulate(PRESETS["practice"], 2 * run.CHUNK_ROUNDS, seed=7)
    assert captured.out == ""
    assert captured.err == (
        f"bjtrainer: stopped after {2 * run.CHUNK_ROUNDS:,} of 1,000,000 rounds: "
        f"mean return per round {100 * two_chunks.mean:+.4f}% of the bet, "
        f"standard error {100 * two_chunks.standard_error:.4f}% (seed 7).\n"
    )


def test_ctrl_c_before_a_chunk_is_played_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bjtrainer.simulate.run as run

    def ctrl_c(*args: Any) -> run.Tally:
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "play_chunk", ctrl_c)
    assert main(["simulate", "--rounds", "3e9"]) == 130
    assert capsys.readouterr().err == (
        "bjtrainer: stopped before the first rounds of 3,000,000,000 were played.\n"
    )


@pytest.mark.slow
def test_sigint_to_a_run_in_two_processes_gives_no_traceback() -> None:
    """A real Ctrl+C (SIGINT to the process group, as a terminal sends it)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "bjtrainer", "simulate", "--rounds", "3e9", "--jobs", "2"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    time.sleep(4)  # the chart read, the two processes started and playing
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bjtrainer: stopped ")
