"""The bankroll: whole chips, never below zero."""

from __future__ import annotations

import pytest

from bjtrainer.engine.bankroll import Bankroll
from bjtrainer.errors import IllegalActionError


def test_take_and_pay() -> None:
    bankroll = Bankroll(100)
    bankroll.take(30)
    bankroll.pay(45)
    assert bankroll.balance == 115
    assert bankroll.covers(115) and not bankroll.covers(116)


def test_cannot_take_more_than_the_balance() -> None:
    bankroll = Bankroll(10)
    with pytest.raises(
        IllegalActionError, match=r"^Cannot take 11 chips: the balance is only 10\.$"
    ):
        bankroll.take(11)
    assert bankroll.balance == 10


@pytest.mark.parametrize("bad", [-1, 2.5, True, "5"])
def test_chips_are_whole_and_not_negative(bad: object) -> None:
    bankroll = Bankroll(10)
    with pytest.raises(ValueError):
        bankroll.take(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        bankroll.pay(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Bankroll(bad)  # type: ignore[arg-type]
