"""The keys of the table screen, one list for the bindings and the help screen.

Source: issue 2, item 6, and for C (hit) and P (stand) the ``night`` seed
``000_8a8a97ee632ebe69.txt`` ("on a keyboard C hits and P stands"), which
``shared/RULES.md`` extends to every table. Issue 4 adds T (the sit-down
screen: table and card design) and the keys of tables that have them: the
chips a bet is built from, CLEAR, the "Repeat last bet" box, CASH OUT and
the top-five board (``000_8a8a97ee632ebe69.txt``). The table screen hides
the keys its table does not have.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeyInfo:
    """One key binding of the table screen.

    Attributes
    ----------
    keys : str
        Textual key names, comma separated (``"h,c"``).
    action : str
        The screen action run, e.g. ``"play('hit')"``.
    label : str
        Short label for the footer.
    display : str
        How the keys are written for a person (``"H / C"``).
    help : str
        One line for the help screen.
    footer : bool
        Whether the footer shows it (the main keys only: the footer is one line).
    listed : bool
        Whether the help screen lists it (the chip keys after the first are
        covered by the first one's line).
    """

    keys: str
    action: str
    label: str
    display: str
    help: str
    footer: bool = True
    listed: bool = True


#: Keys 1 to 9 add the table's first to ninth chip (``Rules.chip_denominations``).
CHIP_KEYS: tuple[str, ...] = tuple(str(number) for number in range(1, 10))


TABLE_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "deal", "Deal", "Enter", "Deal a new round with the last bet"),
    KeyInfo("h,c", "play('hit')", "Hit", "H / C", "Hit: take one more card"),
    KeyInfo("s,p", "play('stand')", "Stand", "S / P", "Stand: keep this total"),
    KeyInfo("d", "play('double')", "Double", "D", "Double: add an equal wager, take one card"),
    KeyInfo("x", "play('split')", "Split", "X", "Split a pair into two hands"),
    KeyInfo("r", "play('surrender')", "Surr.", "R", "Late surrender: get half the bet back"),
    KeyInfo("y", "play('insurance')", "Insure", "Y", "Yes: take insurance (dealer shows an ace)"),
    KeyInfo("n", "play('no_insurance')", "No ins.", "N", "No: decline insurance", footer=False),
    KeyInfo("question_mark", "hint", "Hint", "?", "Hint: the best play for this spot"),
    KeyInfo("w", "why", "Why", "W", "Why: bust chance, stand odds, EV of each play"),
    KeyInfo("b", "bet", "Bet", "B", "Choose the bet for the next deal"),
    KeyInfo("f", "refill", "Refill", "F", "Refill free chips (between rounds)", footer=False),
    KeyInfo(
        CHIP_KEYS[0],
        "add_chip(1)",
        "Chip",
        "1-4",
        "Add a chip to the bet (night: 1 = 5, 2 = 25, 3 = 100, 4 = 500)",
        footer=False,
    ),
    *(
        KeyInfo(key, f"add_chip({key})", "Chip", key, "", footer=False, listed=False)
        for key in CHIP_KEYS[1:]
    ),
    KeyInfo(
        "0,backspace",
        "clear_bet",
        "Clear",
        "0 / Backspace",
        "CLEAR: take the bet off",
        footer=False,
    ),
    KeyInfo("e", "toggle_repeat", "Repeat", "E", "Tick or untick Repeat last bet", footer=False),
    KeyInfo("o", "cash_out", "Cash out", "O", "CASH OUT: end the night, score on the board"),
    KeyInfo("v", "board", "Board", "V", "Show the top-five board", footer=False),
    KeyInfo(
        "t", "tables", "Tables", "T", "Tables: choose the table and the card design", footer=False
    ),
    KeyInfo("f1", "help", "Help", "F1", "This help screen"),
    KeyInfo("q", "quit", "Quit", "Q", "Quit (the table is saved after every action)"),
)
