"""The result line (docs/rules/README.md: "The round result shown to the player is
the net change over every wager of the round")."""

from __future__ import annotations

import pytest

from bjtrainer.engine.records import Outcome, RoundResult


@pytest.mark.parametrize(
    ("result", "line"),
    [
        (
            RoundResult(20, (20, 0), 0, 19, False, (Outcome.WIN, Outcome.PUSH), (True, False)),
            "Won 20: hand 1 +20 (double), hand 2 push. Net +20.",
        ),
        (
            RoundResult(15, (15,), 0, 17, False, (Outcome.BLACKJACK,), (False,)),
            "Won 15: hand 1 +15 (blackjack). Net +15.",
        ),
        (
            RoundResult(0, (-10,), 10, 21, True, (Outcome.DEALER_BLACKJACK,), (False,)),
            "Even: hand 1 -10 (dealer blackjack), insurance +10. Net 0.",
        ),
        (
            RoundResult(-5, (-5,), 0, 20, False, (Outcome.SURRENDER,), (False,)),
            "Lost 5: hand 1 -5 (surrender). Net -5.",
        ),
        (
            RoundResult(-20, (-20,), 0, 18, False, (Outcome.BUST,), (True,)),
            "Lost 20: hand 1 -20 (double, bust). Net -20.",
        ),
    ],
)
def test_describe(result: RoundResult, line: str) -> None:
    assert result.describe() == line
