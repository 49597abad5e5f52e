"""The insurance offer for the cards left in the shoe, exactly.

With an ace up, the hole card is one of the unseen cards, each as likely as
the next (the order of the shoe is never read), so it is a ten-value card
with chance ``p = tens unseen / cards unseen``. Insurance costs half the
original wager and pays 2:1, so a half-bet insurance returns
``(2p - (1 - p)) / 2`` of the original wager: it gains when more than a
third of the unseen cards are tens (``docs/numbers.md``, "8. Insurance" and
"11. The shoe-aware figures").
"""

from __future__ import annotations

from collections.abc import Sequence

from bjtrainer.engine.actions import Action
from bjtrainer.errors import InvalidSpotError
from bjtrainer.ev.exact.composition import TEN_INDEX, check_composition
from bjtrainer.ev.spot import INSURANCE_PAYS


def insurance_shoe_evs(unseen: Sequence[int]) -> tuple[dict[Action, float], float]:
    """Exact EVs of the insurance answers for an unseen composition.

    Parameters
    ----------
    unseen : Sequence[int]
        Shape (V,): unseen cards per value, A, 2..9, T (the hole card is
        one of them).

    Returns
    -------
    evs : dict[Action, float]
        ``INSURANCE``: ``(2p - (1 - p)) / 2`` for a half-bet insurance paying
        2:1, where ``p = tens / cards``; ``NO_INSURANCE``: 0. Units of the
        original wager.
    p : float
        The chance of a dealer blackjack, ``p``.

    Raises
    ------
    InvalidSpotError
        If the composition is not 10 non-negative counts, or holds no card.
    """
    counts = check_composition(unseen)
    cards = sum(counts)
    if cards < 1:
        raise InvalidSpotError("No unseen cards are left for the dealer's hole card.")
    p = counts[TEN_INDEX] / cards
    per_unit = INSURANCE_PAYS * p - (1 - p)
    return {Action.INSURANCE: per_unit / 2, Action.NO_INSURANCE: 0.0}, p
