"""What a round leaves behind: hand outcomes, action records and the result.

Chip amounts are whole chips. Outcome words and payouts follow
``docs/rules/practice.md``, "Payouts and half chips": an ordinary win
returns the wager and as much again, a push the wager, a natural the wager
and 3:2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card

__all__ = ["ActionRecord", "Outcome", "RoundResult"]


class Outcome(StrEnum):
    """How one player hand was settled. The value is the word used in JSON."""

    WIN = "win"
    BLACKJACK = "blackjack"
    PUSH = "push"
    LOSS = "loss"
    BUST = "bust"
    SURRENDER = "surrender"
    DEALER_BLACKJACK = "dealer_blackjack"


@dataclass(frozen=True)
class ActionRecord:
    """One decision taken in a round, as the round's history keeps it.

    Attributes
    ----------
    action : Action
        The decision.
    hand_index : int
        Index in ``Round.hands`` of the hand it was taken on (0 for the
        insurance answer).
    cards : tuple of Card
        That hand's cards when the decision was taken, before any card it drew.
    amount : int or None
        Chips the decision put on the table: the added wager of a double or a
        split, the insurance stake; None for hit, stand, surrender and
        declining insurance.
    """

    action: Action
    hand_index: int
    cards: tuple[Card, ...]
    amount: int | None = None


_LABELS: dict[str, str] = {
    "blackjack": "blackjack",
    "bust": "bust",
    "surrender": "surrender",
    "dealer_blackjack": "dealer blackjack",
}


@dataclass(frozen=True)
class RoundResult:
    """The settled round, in chips.

    Attributes
    ----------
    net : int
        Net change of the balance over every wager of the round: all hands,
        doubles, splits, insurance and surrender (``docs/rules/practice.md``,
        "The result line").
    hand_nets : tuple of int
        Net chips of each hand, in the order of ``Round.hands``.
    insurance_net : int
        ``2 * stake`` when insurance won, ``-stake`` when it lost, 0 if none.
    dealer_total : int or None
        The dealer's final total (the hole card included); None if unknown.
    dealer_blackjack : bool
        The dealer's two cards were a natural.
    outcomes : tuple of Outcome
        How each hand was settled, in the order of ``Round.hands``.
    doubled : tuple of bool
        Whether each hand was doubled.
    """

    net: int
    hand_nets: tuple[int, ...]
    insurance_net: int
    dealer_total: int | None
    dealer_blackjack: bool
    outcomes: tuple[Outcome, ...] = ()
    doubled: tuple[bool, ...] = ()

    def describe(self) -> str:
        """One line for the result bar.

        Returns
        -------
        str
            For example ``"Won 20: hand 1 +20 (double), hand 2 push. Net +20."``
            or ``"Lost 5: hand 1 -10 (dealer blackjack), insurance +10. Net -5."``.
        """
        parts: list[str] = []
        for index, net in enumerate(self.hand_nets):
            notes: list[str] = []
            if index < len(self.doubled) and self.doubled[index]:
                notes.append("double")
            if index < len(self.outcomes):
                label = _LABELS.get(self.outcomes[index].value)
                if label is not None:
                    notes.append(label)
            shown = "push" if net == 0 else f"{net:+d}"
            note = f" ({', '.join(notes)})" if notes else ""
            parts.append(f"hand {index + 1} {shown}{note}")
        if self.insurance_net:
            parts.append(f"insurance {self.insurance_net:+d}")
        if self.net > 0:
            lead = f"Won {self.net}"
        elif self.net < 0:
            lead = f"Lost {-self.net}"
        else:
            lead = "Even"
        total = f"{self.net:+d}" if self.net else "0"
        return f"{lead}: {', '.join(parts)}. Net {total}."
