"""Every refused action raises IllegalActionError with a full sentence.

The messages are the ones a player reads in the status line; each test names
the rule behind the refusal (docs/rules/README.md rows; docs/rules/practice.md
for the practice table).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError

Dealer = Callable[..., tuple[Table, Round]]
PRACTICE = PRESETS["practice"]


def variant(**changes: Any) -> Rules:
    return Rules.model_validate({**PRACTICE.model_dump(), "id": "variant", **changes})


def refused(message: str) -> Any:
    return pytest.raises(IllegalActionError, match=f"^{re.escape(message)}$")


def test_every_action_refused_once_the_round_is_over(deal: Dealer) -> None:
    _, round_ = deal(["A", "9", "K", "7"])  # a natural, paid at once
    assert round_.phase is Phase.SETTLED
    assert round_.legal_actions() == frozenset()
    for verb, act in [
        ("hit", round_.hit),
        ("stand", round_.stand),
        ("double", round_.double),
        ("split", round_.split),
        ("surrender", round_.surrender),
        ("take insurance", round_.insure),
        ("decline insurance", round_.decline_insurance),
    ]:
        with refused(f"Cannot {verb}: the round is over."):
            act()


def test_hand_actions_wait_for_the_insurance_answer(deal: Dealer) -> None:
    """docs/rules/practice.md "Order of a round": insurance (step 3) comes before play."""
    _, round_ = deal(["8", "A", "8", "7"])
    assert round_.legal_actions() == {Action.INSURANCE, Action.NO_INSURANCE}
    for verb, act in [
        ("hit", round_.hit),
        ("stand", round_.stand),
        ("double", round_.double),
        ("split", round_.split),
        ("surrender", round_.surrender),
    ]:
        with refused(f"Cannot {verb}: answer the insurance offer first."):
            act()


def test_insurance_refused_without_an_ace_up(deal: Dealer) -> None:
    """Row "insurance": offered with an ace up only."""
    _, round_ = deal(["8", "9", "8", "7"])
    msg = "insurance is offered only with an ace up, before the player acts."
    with refused(f"Cannot take insurance: {msg}"):
        round_.insure()
    with refused(f"Cannot decline insurance: {msg}"):
        round_.decline_insurance()


def test_insurance_amount_and_chips(deal: Dealer) -> None:
    """Row "insurance": practice costs exactly half the bet; the
    balance must cover it."""
    _, round_ = deal(["8", "A", "8", "7"])
    with refused(
        "Cannot take insurance of 4 chips: at this table insurance costs exactly 5 "
        "(half the bet, rounded down)."
    ):
        round_.insure(4)
    with refused("Cannot take insurance of 2.5 chips: chips are whole numbers."):
        round_.insure(2.5)  # type: ignore[arg-type]
    _, round_ = deal(["8", "A", "8", "7"], balance=14)
    with refused("Cannot take insurance: it costs 5 chips and the balance is 4."):
        round_.insure()
    assert round_.legal_actions() == {Action.NO_INSURANCE}


def test_insurance_up_to_half_on_the_guide_table(deal: Dealer) -> None:
    """Row "insurance", guide column: any whole amount up to half the
    bet (source)."""
    _, round_ = deal(["8", "A", "8", "7"], rules=PRESETS["guide"])
    with refused("Cannot take insurance of 6 chips: it must be a whole amount from 1 to 5."):
        round_.insure(6)
    with refused("Cannot take insurance of 0 chips: it must be a whole amount from 1 to 5."):
        round_.insure(0)
    assert round_.insure(3).amount == 3
    assert round_.insurance_wager == 3


def test_hit_refused_on_split_aces_with_resplit_allowed(deal: Dealer) -> None:
    """Row "split aces": one card each; with RSA a split ace that draws
    another ace waits for the resplit answer, and may not hit or double."""
    _, round_ = deal(["A", "7", "A", "9", "A", "5"], rules=variant(resplit_aces=True))
    round_.split()
    assert round_.active == 0
    assert round_.legal_actions() == {Action.STAND, Action.SPLIT}
    with refused("Cannot hit: split aces take one card each."):
        round_.hit()
    with refused("Cannot double: split aces take one card each."):
        round_.double()


def test_double_refusals(deal: Dealer) -> None:
    """Row "double", with the variants other tables use."""
    _, round_ = deal(["2", "7", "3", "9", "4"])
    round_.hit()
    with refused("Cannot double: the hand already has 3 cards."):
        round_.double()

    _, round_ = deal(["8", "7", "8", "9", "3"], rules=PRESETS["home"])
    round_.split()
    with refused("Cannot double: this table does not allow doubling after a split."):
        round_.double()

    _, round_ = deal(["T", "7", "2", "9"], rules=variant(double_on="9_to_11"))
    with refused(
        "Cannot double: this table allows doubling only on two-card totals of 9 to 11 "
        "(the hand totals 12)."
    ):
        round_.double()

    _, round_ = deal(["6", "7", "5", "9"], balance=15)
    with refused("Cannot double: doubling needs 10 more chips and the balance is 5."):
        round_.double()


def test_split_refusals(deal: Dealer) -> None:
    """Row "split", with the home table's one split only."""
    _, round_ = deal(["2", "7", "2", "9", "T"])
    round_.hit()
    with refused("Cannot split: only a hand of two cards can be split (this one has 3)."):
        round_.split()

    _, round_ = deal(["T", "7", "9", "9"])
    with refused("Cannot split: the two cards have different values (T and 9)."):
        round_.split()

    _, round_ = deal(["8", "7", "8", "9", "8"], rules=PRESETS["home"], bet=10)
    round_.split()
    with refused("Cannot split: this table allows at most 2 hands."):
        round_.split()

    _, round_ = deal(["8", "7", "8", "9"], rules=variant(max_split_hands=1))
    with refused("Cannot split: this table does not allow splitting."):
        round_.split()

    _, round_ = deal(["8", "7", "8", "9"], balance=12)
    with refused("Cannot split: splitting needs 10 more chips and the balance is 2."):
        round_.split()


def test_surrender_refusals(deal: Dealer) -> None:
    """Row "surrender": late, original hand, first two cards; none at
    the guide table."""
    _, round_ = deal(["T", "9", "6", "7"], rules=PRESETS["guide"])
    with refused("Cannot surrender: this table does not offer surrender."):
        round_.surrender()

    _, round_ = deal(["8", "7", "8", "9", "3"])
    round_.split()
    with refused("Cannot surrender: only the original hand may surrender, not a split hand."):
        round_.surrender()

    _, round_ = deal(["2", "7", "3", "9", "4"])
    round_.hit()
    with refused("Cannot surrender: only on the first two cards (the hand has 3)."):
        round_.surrender()


def test_apply_checks_the_amount(deal: Dealer) -> None:
    """``apply`` replays records: an amount must be the chips the action adds."""
    _, round_ = deal(["6", "7", "5", "9", "8"])
    with refused("Cannot double with 5 chips: it adds 10 chips."):
        round_.apply(Action.DOUBLE, 5)
    with refused("Cannot hit with 5 chips: it adds no chips."):
        round_.apply(Action.HIT, 5)
    record = round_.apply(Action.DOUBLE, 10)
    assert record.amount == 10
    assert round_.hands[0].wager == 20


def test_round_refuses_a_bad_bet() -> None:
    import numpy as np

    from bjtrainer.engine.bankroll import Bankroll
    from bjtrainer.engine.shoe import Shoe

    shoe = Shoe(PRACTICE, np.random.default_rng(0))
    with refused("Cannot deal: the bet must be a whole number of chips, at least 1 (got 0)."):
        Round(PRACTICE, shoe, Bankroll(100), 0)
    with refused("Cannot deal: the bet of 101 chips is more than the balance of 100."):
        Round(PRACTICE, shoe, Bankroll(100), 101)
    assert shoe.seen == []


def test_table_refusals(deal: Dealer) -> None:
    """Rows "bet" and "out of chips"."""
    table, round_ = deal(["T", "7", "9", "T"])  # 19 against 17: +10
    with refused("Cannot bet: a round is in play; finish it first."):
        table.set_bet(20)
    with refused("Cannot deal: a round is in play; finish it first."):
        table.deal()
    round_.stand()
    with refused("Cannot bet 0: bets run from 1 to 1000 chips."):
        table.set_bet(0)
    with refused("Cannot bet 2.5: bets are whole chips."):
        table.set_bet(2.5)  # type: ignore[arg-type]
    with refused("Cannot refill: the balance of 1010 is already at least the 1000 free chips."):
        table.refill()

    night = PRESETS["night"]
    table, round_ = deal(["T", "7", "6", "9", "9"], rules=night, balance=8)
    round_.hit()  # 16 + 9: bust
    with refused("Cannot bet 7: bets are multiples of 5 chips."):
        table.set_bet(7)
    with refused("Cannot refill: this table has no free refill."):
        table.refill()
    assert table.balance == 3
    with refused(
        "Cannot deal: the balance of 3 chips is below the minimum bet of 5, "
        "and this table has no refill."
    ):
        table.deal()


def test_verify_dispatches_to_each_verify_method() -> None:
    """Round.verify(action) raises exactly what the action's verify_* raises."""
    from bjtrainer.engine.actions import HAND_ACTIONS, INSURANCE_ACTIONS
    from bjtrainer.engine.bankroll import Bankroll
    from bjtrainer.engine.shoe import Shoe

    rules = PRESETS["practice"]
    # Player 9,5 against a 7: a two-card hard 14 after no peek; no insurance offered.
    round_ = Round(rules, Shoe.stacked(rules, ["9S", "7H", "5D", "TC"]), Bankroll(1000), 10)
    names = {
        "hit": "verify_hitting",
        "stand": "verify_standing",
        "double": "verify_doubling",
        "split": "verify_splitting",
        "surrender": "verify_surrendering",
        "insurance": "verify_insuring",
        "no_insurance": "verify_declining_insurance",
    }
    for action in (*HAND_ACTIONS, *INSURANCE_ACTIONS):
        direct: str | None = None
        try:
            getattr(round_, names[action.value])()
        except IllegalActionError as exc:
            direct = str(exc)
        via: str | None = None
        try:
            round_.verify(action)
        except IllegalActionError as exc:
            via = str(exc)
        assert via == direct
        assert (via is None) == (action in round_.legal_actions())
