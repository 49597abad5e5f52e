"""The table rules between rounds, and insurance limits, as verify/can/act triples.

Bets, limits and the bet chooser (docs/rules/<table>.md, "Chips and bets",
"Out of chips"); the night's chips, the Repeat-bet box, CLEAR and CASH OUT
(docs/rules/night.md); insurance of a chosen amount (docs/rules/guide.md,
"Insurance"). ``verify_*`` returns the amount it settles on; a refusal is
the sentence the player reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError, SavedStateError

Dealer = Callable[..., tuple[Table, Round]]
PRACTICE, GUIDE, NIGHT, HOME = (PRESETS[name] for name in ("practice", "guide", "night", "home"))


def refused(message: str) -> Any:
    return pytest.raises(IllegalActionError, match=f"^{re.escape(message)}$")


def saved(table: Table) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(json.dumps(table.to_state()))
    return state


def night(balance: int | None = None) -> Table:
    table = Table(NIGHT, np.random.default_rng(5))
    if balance is not None:
        table.bankroll.balance = balance
    return table


# ----------------------------------------------------------------------
# Bets


def test_a_bet_is_verified_and_returned() -> None:
    table = Table(PRACTICE, np.random.default_rng(1))
    table.bankroll.balance = 30
    assert table.verify_betting(20) == 20
    assert table.can_bet(30) and not table.can_bet(31)
    limit = "Cannot bet 50: the balance is only 30 chips, so bets run from 1 to 30."
    with refused(limit):
        table.verify_betting(50)
    assert table.bet_problem(50) == limit


def test_above_both_limits_the_sentence_names_the_lower_one_as_the_bet_dialog_does() -> None:
    """980 chips at a 1-1000 table: 99999 is refused for the balance, the dialog's 980."""
    table = Table(PRACTICE, np.random.default_rng(1))
    table.bankroll.balance = 980
    assert table.bet_limits() == (1, 980, 1)
    assert table.bet_problem(99999) == (
        "Cannot bet 99999: the balance is only 980 chips, so bets run from 1 to 980."
    )
    assert table.bet_problem(0) == "Cannot bet 0: bets run from 1 to 980 chips."
    table.bankroll.balance = 5000  # more chips than the table maximum: the table's limit
    assert table.bet_problem(99999) == "Cannot bet 99999: bets run from 1 to 1000 chips."


def test_a_chip_above_both_limits_names_the_lower_one() -> None:
    table = night()  # 5 to 500, 500 chips: the table maximum is the limit
    assert table.bet_problem(600) == "Cannot bet 600: bets run from 5 to 500 chips."
    table.bankroll.balance = 400  # fewer chips than the maximum: the balance is
    assert table.bet_limits() == (5, 400, 5)
    with refused("Cannot add 500: the bet would be 505 and the balance is only 400 chips."):
        table.add_chip(500)
    assert table.bet_problem(20) is None
    table.set_bet(20)
    assert table.bet == 20


def test_bet_limits_follow_the_balance_and_the_step() -> None:
    practice = Table(PRACTICE, np.random.default_rng(1))
    practice.bankroll.balance = 30
    assert practice.bet_limits() == (1, 30, 1)
    assert night(balance=37).bet_limits() == (5, 35, 5)  # down to a multiple of 5
    assert night(balance=3).bet_limits() == (5, 5, 5)  # never below the minimum
    assert night().bet_limits() == (5, 500, 5)


def test_the_bet_chooser_says_what_helps() -> None:
    assert night(balance=3).bet_chooser_problem() == (
        "The night is over: 3 chips left. O enters your score."
    )
    home = Table(HOME, np.random.default_rng(2))
    home.bankroll.balance = 0
    assert home.bet_chooser_problem() == "The balance is empty: F refills the free chips."
    home.bankroll.balance = 1
    assert home.bet_chooser_problem() == (
        "The balance of 1 chip is below the minimum bet of 2: F refills the free chips."
    )
    home.bankroll.balance = 2
    assert home.bet_chooser_problem() is None


def test_the_bet_waits_for_the_round(deal: Dealer) -> None:
    table, round_ = deal(["T", "7", "6", "9"])
    assert round_.phase is Phase.PLAYER
    assert table.bet_chooser_problem() == "Cannot change the bet while a round is in play."
    with refused("Cannot bet: a round is in play; finish it first."):
        table.verify_betting(20)


# ----------------------------------------------------------------------
# The night: chips, CLEAR and the Repeat box


def test_chips_add_up_to_the_bet_down() -> None:
    table = night()
    assert table.bet_down == 5  # the first bet
    assert table.verify_adding_chip(25) == 30
    assert table.add_chip(25) == 30
    assert table.bet_down == table.bet == 30
    with refused("Cannot add 500: the bet would be 530, above the table maximum of 500."):
        table.add_chip(500)
    with refused("Cannot add a chip of 10: this table has no such chip."):
        table.verify_adding_chip(10)
    poor = night(balance=40)
    with refused("Cannot add 100: the bet would be 105 and the balance is only 40 chips."):
        poor.verify_adding_chip(100)
    assert not poor.can_add_chip(100) and poor.can_add_chip(25)
    practice = Table(PRACTICE, np.random.default_rng(1))
    with refused("Cannot add a chip: at this table B chooses the bet."):
        practice.add_chip(5)


def test_clear_takes_the_bet_off_and_chips_build_it_again() -> None:
    table = night()
    table.add_chip(100)
    table.clear_bet()
    assert table.bet_cleared and table.bet_down == 0
    assert not table.can_deal()
    with refused("Cannot deal: no bet is down; add chips with the keys 1-4 or the chip buttons."):
        table.deal()
    assert table.add_chip(25) == 25  # from nothing, not from 105
    assert not table.bet_cleared and table.deal().bet == 25
    practice = Table(PRACTICE, np.random.default_rng(1))
    assert not practice.can_clear_bet()
    with refused("Cannot clear the bet: at this table B chooses the bet."):
        practice.clear_bet()


def test_an_unticked_box_takes_the_bet_off_when_the_round_settles() -> None:
    table = night()
    table.set_repeat_bet(False)
    round_ = table.deal()  # shuffled shoe, seed 5: play it out with stands
    with refused("Cannot clear the bet: a round is in play; finish it first."):
        table.clear_bet()
    while round_.phase is not Phase.SETTLED:
        assert not table.bet_cleared
        table.apply(Action.STAND if round_.can_stand() else Action.NO_INSURANCE)
    assert table.bet_cleared and table.bet_down == 0
    table.set_repeat_bet(True)  # ticking puts the last bet back
    assert not table.bet_cleared and table.bet_down == 5
    practice = Table(PRACTICE, np.random.default_rng(1))
    assert not practice.can_set_repeat_bet()
    with refused("This table has no Repeat last bet box."):
        practice.set_repeat_bet(False)


def test_apply_before_the_first_deal_is_refused() -> None:
    with refused("Cannot no insurance: no round has been dealt."):
        night().apply(Action.NO_INSURANCE)


# ----------------------------------------------------------------------
# The end of the night


def test_below_five_chips_the_night_is_over_and_cash_out_starts_a_new_one() -> None:
    table = night(balance=3)
    table.set_repeat_bet(False)
    assert table.night_over and table.can_cash_out()
    new_night = table.cash_out()
    assert table.balance == 3  # the score, still to be entered
    assert new_night.balance == 500 and new_night.round is None
    assert (new_night.repeat_bet, new_night.bet_cleared) == (False, False)
    assert new_night.rng is table.rng
    assert not Table(NIGHT, np.random.default_rng(5)).night_over
    with refused("Cannot cash out: this table has no CASH OUT."):
        Table(PRACTICE, np.random.default_rng(1)).verify_cashing_out()


def test_cash_out_waits_for_the_round(deal: Dealer) -> None:
    table, round_ = deal(["T", "7", "9", "T"], rules=NIGHT)
    assert round_.phase is Phase.PLAYER
    assert not table.can_cash_out() and not table.night_over
    with refused("Cannot cash out: a round is in play; finish it first."):
        table.cash_out()


# ----------------------------------------------------------------------
# Insurance


def test_insurance_of_a_chosen_amount_up_to_half_the_bet(deal: Dealer) -> None:
    _, round_ = deal(["T", "A", "7", "9"], rules=GUIDE)  # bet 10, ace up
    assert round_.phase is Phase.INSURANCE
    assert round_.insurance_limits() == (1, 5)
    assert round_.verify_insuring() == 5  # None: the most the balance allows
    assert round_.verify_insuring(3) == 3
    with refused("Cannot take insurance of 6 chips: it must be a whole amount from 1 to 5."):
        round_.verify_insuring(6)
    assert round_.insurance_problem(0) == (
        "Cannot take insurance of 0 chips: it must be a whole amount from 1 to 5."
    )
    assert round_.insurance_problem(4) is None
    round_.insure(3)
    assert round_.insurance_wager == 3
    with refused("Cannot take insurance: it is not on offer now."):
        round_.insurance_limits()


def test_insurance_limits_are_lowered_to_the_balance(deal: Dealer) -> None:
    _, round_ = deal(["T", "A", "7", "9"], rules=GUIDE, balance=12)  # 2 left after the bet
    assert round_.insurance_limits() == (1, 2)
    assert round_.verify_insuring() == 2
    with refused("Cannot take insurance: it costs 3 chips and the balance is 2."):
        round_.verify_insuring(3)


def test_half_bet_insurance_costs_exactly_half(deal: Dealer) -> None:
    _, round_ = deal(["T", "A", "7", "9"], rules=NIGHT)  # bet 5: half is 2
    assert round_.insurance_limits() == (2, 2)
    assert round_.verify_insuring() == 2
    with refused(
        "Cannot take insurance of 1 chip: at this table insurance costs exactly 2 "
        "(half the bet, rounded down)."
    ):
        round_.verify_insuring(1)


# ----------------------------------------------------------------------
# The box and a cleared bet are part of the saved table


def test_the_box_and_a_cleared_bet_are_saved_and_restored() -> None:
    table = night()
    table.set_repeat_bet(False)
    table.add_chip(25)
    table.clear_bet()
    state = saved(table)
    assert (state["repeat_bet"], state["bet_cleared"]) == (False, True)
    restored = Table.from_state(state)
    assert restored == table
    assert (restored.repeat_bet, restored.bet_cleared, restored.bet_down) == (False, True, 0)


def test_a_round_settled_with_the_box_unticked_restores_cleared() -> None:
    table = night()
    table.set_repeat_bet(False)
    round_ = table.deal()
    mid = Table.from_state(saved(table))
    assert mid == table and not mid.bet_cleared and mid.in_round == table.in_round
    while round_.phase is not Phase.SETTLED:
        table.apply(Action.STAND if round_.can_stand() else Action.NO_INSURANCE)
    restored = Table.from_state(saved(table))
    assert restored == table
    assert (restored.repeat_bet, restored.bet_cleared) == (False, True)
    with refused("Cannot deal: no bet is down; add chips with the keys 1-4 or the chip buttons."):
        restored.deal()


def test_a_table_saved_without_the_box_restores_with_the_defaults() -> None:
    table = night()
    table.add_chip(25)
    state = saved(table)
    del state["repeat_bet"], state["bet_cleared"]
    restored = Table.from_state(state)
    assert (restored.repeat_bet, restored.bet_cleared, restored.bet_down) == (True, False, 30)


def test_a_box_that_is_not_a_flag_is_not_a_saved_table() -> None:
    state = saved(night())
    state["repeat_bet"] = "yes"
    with pytest.raises(SavedStateError, match=re.escape("Not a saved table: repeat_bet is 'yes'.")):
        Table.from_state(state)
