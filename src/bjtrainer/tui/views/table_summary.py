"""A table's rules in a few plain lines, for the sit-down screen.

Every line is read from the :class:`~bjtrainer.engine.rules.Rules` fields,
so a preset (``docs/rules/README.md``) and a rules file are described alike, in
the field's terms (S17/H17, DAS, peek, late surrender, insurance). No
Textual here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bjtrainer.engine.rules import Rules

_PEEK: dict[str, str] = {
    "ace_or_ten": "the dealer peeks with an ace or a ten up",
    "ace": "the dealer peeks with an ace up only (ten up: no peek)",
    "none": "no peek: a dealer blackjack is found at the end",
}
_DOUBLE: dict[str, str] = {
    "any": "double on any two cards",
    "below_21": "double on two-card totals below 21",
    "9_to_11": "double on 9 to 11 only",
    "10_to_11": "double on 10 or 11 only",
}
_INSURANCE: dict[str, str] = {
    "half_bet": "insurance costs half the bet",
    "up_to_half": "insurance of any amount up to half the bet",
    "none": "no insurance",
}


def _chips(rules: Rules) -> str:
    bets = f"bets {rules.min_bet} to {rules.max_bet}"
    if rules.chip_denominations:
        bets += " from chips of " + ", ".join(str(chip) for chip in rules.chip_denominations)
    elif rules.bet_step > 1:
        bets += f" in steps of {rules.bet_step}"
    chips = f"{rules.starting_chips} chips" + (" with a free refill" if rules.refill else "")
    end = "; CASH OUT and a top-five board" if rules.cash_out else ""
    return f"{chips}; {bets}{end}."


def rules_summary(rules: Rules) -> list[str]:
    """The table in four lines.

    Returns
    -------
    list of str, length 4
        The shoe, dealer and payout; the peek and insurance; the player's
        options (double, DAS, split hands, RSA, surrender); chips and bets.
        For ``night``::

            6 decks; S17: the dealer stands on soft 17; blackjack pays 3:2.
            The dealer peeks with an ace up only (ten up: no peek); insurance ...
            Double on any two cards, also after a split (DAS); split to 4 hands; ...
            500 chips; bets 5 to 500 from chips of 5, 25, 100, 500; CASH OUT ...
    """
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    if rules.shuffle_every_round:
        decks += " shuffled every round"
    dealer = (
        "H17: the dealer hits soft 17"
        if rules.dealer_hits_soft_17
        else "S17: the dealer stands on soft 17"
    )
    split = (
        "one split only"
        if rules.max_split_hands == 2
        else "no split"
        if rules.max_split_hands == 1
        else f"split to {rules.max_split_hands} hands"
    )
    aces = "resplit aces (RSA)" if rules.resplit_aces else "no resplit of aces"
    das = "also after a split (DAS)" if rules.double_after_split else "not after a split"
    surrender = "late surrender" if rules.surrender == "late" else "no surrender"
    return [
        f"{decks}; {dealer}; blackjack pays {rules.blackjack_payout}.",
        f"{_capital(_PEEK[rules.peek])}; {_INSURANCE[rules.insurance]}.",
        f"{_capital(_DOUBLE[rules.double_on])}, {das}; {split}, {aces}; {surrender}.",
        _capital(_chips(rules)),
    ]


def saved_line(state: Mapping[str, Any] | None, rules: Rules) -> str:
    """What waits at this table: ``"Your saved table: 730 chips."`` or a new table's chips.

    Parameters
    ----------
    state : mapping or None
        ``Store.load_table(rules.id)``: a saved ``Table.to_state()``, or ``None``.
    rules : Rules
        The table's rules, for a new table's starting chips.
    """
    balance = state.get("balance") if state is not None else None
    if isinstance(balance, int) and not isinstance(balance, bool):
        return f"Your saved table: {balance} chips (not counting a bet in play)."
    return f"A new table: {rules.starting_chips} chips."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
