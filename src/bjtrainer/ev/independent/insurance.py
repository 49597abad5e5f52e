"""The insurance decision with an ace up.

Insurance is a side bet offered with an ace up; it costs half the original
wager and pays 2:1 if the dealer has blackjack (``docs/rules/practice.md``,
"Insurance"). With independent draws the hole card is a ten with chance
4/13, so each unit insured returns 2 x 4/13 - 9/13 = -1/13, and a half-bet
insurance -1/26 of the original wager (``docs/numbers.md``, "8.
Insurance"). The main hand's EV does not depend on the answer.
"""

from __future__ import annotations

from fractions import Fraction

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.independent.draws import CARD_FRACTIONS, TEN
from bjtrainer.ev.spot import INSURANCE_PAYS


def _check_offer(rules: Rules, up: str) -> None:
    if rules.insurance == "none":
        raise InvalidSpotError(f"The {rules.id} table does not offer insurance.")
    if up != "A":
        raise InvalidSpotError(f"Insurance is offered only with an ace up, not {up!r}.")


def _per_unit() -> Fraction:
    blackjack = CARD_FRACTIONS[TEN]  # the hole card is a ten-value card
    return INSURANCE_PAYS * blackjack - (1 - blackjack)


def insurance_ev_per_chip(rules: Rules, up: str) -> float:
    """Expected return of each chip staked on insurance.

    Parameters
    ----------
    rules : Rules
        The table; it must offer insurance.
    up : str
        The dealer's up-card rank; must be ``"A"``.

    Returns
    -------
    float
        -1/13 chip per chip insured (2 x 4/13 - 9/13). Multiply by the
        amount insured for any amount up to half the bet (``up_to_half``).

    Raises
    ------
    InvalidSpotError
        If the table offers no insurance or the up card is not an ace.
    """
    _check_offer(rules, up)
    return float(_per_unit())


def insurance_evs(rules: Rules, up: str) -> dict[Action, float]:
    """Expected return of taking and of declining a half-bet insurance.

    Parameters
    ----------
    rules : Rules
        The table; it must offer insurance (``half_bet`` or ``up_to_half``;
        for the latter the figure is for the full half bet).
    up : str
        The dealer's up-card rank; must be ``"A"``.

    Returns
    -------
    dict[Action, float]
        ``{Action.INSURANCE: -1/26, Action.NO_INSURANCE: 0.0}``, in units of
        the original wager, relative to declining. Exact ratio; chip
        settlement rounds the half bet down.

    Raises
    ------
    InvalidSpotError
        If the table offers no insurance or the up card is not an ace.
    """
    _check_offer(rules, up)
    return {Action.INSURANCE: float(_per_unit() / 2), Action.NO_INSURANCE: 0.0}
