"""Plain, frozen pictures of a round for the widgets ("attributes down").

The screen turns the engine's round into these values and hands them to the
widgets, which only draw them. The dealer picture is built from
``Round.dealer_visible()`` and ``Round.dealer_visible_value()`` alone, so the
hole card cannot reach the screen before the reveal: the dealer's total
leaves it out until then (``docs/rules/practice.md``, "Order of a round",
step 2; the same at every table). No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card
from bjtrainer.engine.hand import is_natural
from bjtrainer.engine.round import Phase, PlayerHand, Round
from bjtrainer.engine.table import Table


@dataclass(frozen=True)
class DealerPicture:
    """What the player may see of the dealer.

    Attributes
    ----------
    cards : tuple of Card or None
        Left to right; ``None`` is the face-down hole card. Empty between
        rounds before the first deal.
    total : int
        Total of the visible cards only (the hole card is left out until
        the reveal).
    soft : bool
        Whether that total counts an ace as 11.
    revealed : bool
        Whether the hole card has been turned over.
    """

    cards: tuple[Card | None, ...] = ()
    total: int = 0
    soft: bool = False
    revealed: bool = False

    @property
    def natural(self) -> bool:
        """A revealed two-card 21 (ace and ten-value)."""
        shown = [card for card in self.cards if card is not None]
        return self.revealed and len(shown) == 2 and is_natural(shown)

    def total_line(self) -> str:
        """``"Shows 10"`` before the reveal, then ``"Total 17"``, ``"Blackjack"``, ``"Bust 24"``.

        A lone ace up card reads ``"Shows A (11)"``: one card is not a soft
        hand, and the dealer counts the ace as 11 while it does not bust
        (``docs/rules/practice.md``, "Cards and totals"). Any other lone up
        card shows its value.
        """
        if not self.cards:
            return ""
        shown = [card for card in self.cards if card is not None]
        if not self.revealed and len(shown) == 1 and shown[0].rank == "A":
            return f"Shows A ({self.total})"
        soft = "soft " if self.soft and self.total < 21 else ""
        if not self.revealed:
            return f"Shows {soft}{self.total}"
        if self.natural:
            return "Blackjack"
        if self.total > 21:
            return f"Bust {self.total}"
        return f"Total {soft}{self.total}"


#: Outcome value -> word shown under a settled hand.
OUTCOME_WORDS: dict[str, str] = {
    "win": "Win",
    "blackjack": "Blackjack",
    "push": "Push",
    "loss": "Loss",
    "bust": "Bust",
    "surrender": "Surrendered",
    "dealer_blackjack": "Dealer BJ",
}


@dataclass(frozen=True)
class HandPicture:
    """One player hand as drawn.

    Attributes
    ----------
    number : int
        1-based, in the order the hands were made.
    cards : tuple of Card
    wager : int
        Chips on this hand, a double included.
    total : int
    soft : bool
        A soft total (an ace counted as 11); shown as "Soft".
    natural : bool
        An original two-card 21 (never a split hand).
    doubled, surrendered, active : bool
    outcome : str or None
        The engine's outcome value once settled.
    net : int or None
        Chips won (+) or lost (-) on this hand once settled, its stake
        and any double included.
    """

    number: int
    cards: tuple[Card, ...]
    wager: int
    total: int
    soft: bool
    natural: bool
    doubled: bool
    surrendered: bool
    active: bool
    outcome: str | None = None
    net: int | None = None

    def total_line(self) -> str:
        """``"Soft 17"``, ``"Hard 16"``, ``"Blackjack"``, ``"Bust 24"``."""
        if self.natural:
            return "Blackjack"
        if self.total > 21:
            return f"Bust {self.total}"
        if len(self.cards) < 2:
            return f"{self.total} (waiting)"
        return f"{'Soft' if self.soft else 'Hard'} {self.total}"

    def outcome_line(self) -> str:
        """``"Win +10"``, ``"Push"``, ``"Loss -20"``; empty before settlement."""
        if self.outcome is None or self.net is None:
            return ""
        word = OUTCOME_WORDS.get(self.outcome, self.outcome.replace("_", " ").title())
        return word if self.net == 0 else f"{word} {self.net:+d}"


@dataclass(frozen=True)
class TablePicture:
    """Balance, bet and shoe for the status panel (chips are ints)."""

    balance: int
    bet: int
    in_play: int
    cards_left: int
    shoe_size: int
    table_name: str


def dealer_picture(round_: Round | None) -> DealerPicture:
    """The dealer as the player may see it, from the public view only."""
    if round_ is None:
        return DealerPicture()
    value = round_.dealer_visible_value()
    return DealerPicture(
        cards=tuple(round_.dealer_visible()),
        total=value.total,
        soft=value.soft,
        revealed=round_.hole_revealed,
    )


def hand_picture(hand: PlayerHand, number: int, *, active: bool, settled: bool) -> HandPicture:
    """Picture one hand; ``settled`` adds its outcome and net chips."""
    done = settled and hand.settled and hand.outcome is not None
    return HandPicture(
        number=number,
        cards=tuple(hand.cards),
        wager=hand.wager,
        total=hand.total,
        soft=hand.soft,
        natural=hand.is_natural,
        doubled=hand.doubled,
        surrendered=hand.surrendered,
        active=active,
        outcome=str(hand.outcome) if done else None,
        net=hand.net if done else None,
    )


def hand_pictures(round_: Round | None) -> tuple[HandPicture, ...]:
    """Every hand of the round, the one to play now marked active."""
    if round_ is None:
        return ()
    settled = round_.phase is Phase.SETTLED
    playing = round_.phase is Phase.PLAYER
    return tuple(
        hand_picture(hand, index + 1, active=playing and index == round_.active, settled=settled)
        for index, hand in enumerate(round_.hands)
    )


def table_picture(table: Table, *, bet: int | None = None) -> TablePicture:
    """The status panel's figures for this table.

    ``bet`` is the bet to show (a chip table's bet down, 0 once cleared);
    default ``table.bet``.
    """
    round_ = table.round
    in_play = round_.chips_on_table() if round_ is not None else 0
    return TablePicture(
        balance=table.balance,
        bet=table.bet if bet is None else bet,
        in_play=in_play,
        cards_left=table.shoe.cards_left,
        shoe_size=table.shoe.size,
        table_name=table.rules.name or table.rules.id,
    )


def prompt_line(table: Table, *, bet_down: int | None = None) -> str:
    """One line telling the player what they can do now.

    ``bet_down`` is a chip table's bet on the table (0 once cleared); the
    line then names the chip keys, CLEAR and CASH OUT instead of B.
    """
    round_ = table.round
    rules = table.rules
    if round_ is None or round_.phase is Phase.SETTLED:
        start = "Round over. " if round_ is not None else ""
        if rules.cash_out and table.balance < rules.min_bet:
            return f"The night is over: {table.balance} chips left. O enters your score."
        if rules.chip_denominations and bet_down is not None:
            keys = f"1-{len(rules.chip_denominations)}"
            if bet_down == 0:
                return f"{start}Build a bet: {keys} add chips, then Enter deals."
            out = ", O cashes out" if rules.cash_out else ""
            return f"{start}Enter deals {bet_down}; {keys} add chips, 0 clears{out}."
        if table.can_deal():
            # What the deal really places: the last bet lowered to the balance.
            return f"{start}Enter deals with a bet of {table.next_bet()}; B changes the bet."
        if not rules.refill:
            return f"{start}Not enough chips to deal."
        return f"{start}Not enough chips to deal: F refills the free chips."
    if round_.phase is Phase.INSURANCE:
        return _insurance_prompt(table, round_)
    hand = round_.hands[round_.active]
    soft = "Soft" if hand.soft else "Hard"
    which = f" on hand {round_.active + 1}" if len(round_.hands) > 1 else ""
    up = "10" if round_.up_card.rank == "T" else round_.up_card.rank
    return f"Your move{which}: {soft} {hand.total} against the dealer's {up}."


def _insurance_prompt(table: Table, round_: Round) -> str:
    """The insurance question, or, when the balance cannot cover it, that N declines."""
    cost = round_.insurance_cost()
    if not round_.can_insure():
        return (
            f"The dealer shows an ace. Insurance costs {cost}, more than the balance "
            f"of {table.balance}: N declines."
        )
    if table.rules.insurance == "up_to_half":
        top = min(cost, table.balance)
        return f"The dealer shows an ace. Insure up to {top}: Y chooses, N declines."
    return f"The dealer shows an ace. Insurance costs {cost}: Y takes it, N declines."


def peek_line(round_: Round | None) -> str:
    """After an insurance answer, what the dealer's peek found, while the round goes on.

    Returns
    -------
    str
        ``"Dealer checked: no blackjack; insurance lost 5."`` (insurance
        taken: its stake is lost at the clean peek), ``"Dealer checked: no
        blackjack."`` (declined), or empty: no insurance was offered, the
        dealer has not peeked (no peek at this table), or the round is over
        (its result line says it all). Source: ``docs/rules/practice.md``,
        "Order of a round", steps 3 and 4, and "Insurance": it pays 2:1 on a
        dealer blackjack and is lost otherwise.
    """
    if round_ is None or round_.phase is not Phase.PLAYER or not round_.dealer_checked:
        return ""
    answered = any(
        record.action in (Action.INSURANCE, Action.NO_INSURANCE) for record in round_.history
    )
    if not answered:
        return ""
    lost = round_.insurance_wager
    insurance = f"; insurance lost {lost}" if lost else ""
    return f"Dealer checked: no blackjack{insurance}."
