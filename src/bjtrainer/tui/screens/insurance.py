"""The insurance amount chooser of tables with insurance up to half the bet (``guide``).

At ``guide`` insurance is any whole amount from 1 up to half the bet
(rounded down) and pays 2:1 (``docs/rules/guide.md``, "Insurance"). Y opens
this chooser with the full half already filled in; Enter takes it, Esc goes
back to the offer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from bjtrainer.tui.screens.bet import BetScreen


class InsuranceScreen(BetScreen):
    """Ask how many chips to insure; dismiss with the amount or ``None``.

    Parameters
    ----------
    highest : int
        The most insurance allows now: half the bet rounded down, lowered to
        the balance; also the amount filled in.
    problem : callable
        The engine's check (``Round.verify_insuring``): the sentence saying
        why an amount is not allowed, or ``None``.
    """

    HEADING: ClassVar[str] = "Insurance: how many chips? It pays 2:1."
    OK_LABEL: ClassVar[str] = "Insure ⏎"
    OK_WORD: ClassVar[str] = "Insure"

    def __init__(self, highest: int, problem: Callable[[int], str | None]) -> None:
        super().__init__(highest, (min(1, highest), highest, 1), problem)
