"""The keys of every screen: one list per screen for its bindings and its help screen.

One list feeds both the screen's Textual bindings (:func:`bindings_of`, and
so the footer) and its help screen, so the two can never disagree. The keys
of play are those of ``docs/playing.md`` ("Keys") at every table, C hitting
and P standing besides H and S; the practice screens reuse them
(``docs/practice.md``, "Keys of the practice screens"). The table screen
hides the keys its table does not have (:func:`table_has_play`).

Letters are bound in both cases (``"h,H,c,C"``, :func:`both_cases`), so
Shift and Caps Lock work too; the help screen lists each entry once, by its
``display``. The footers of the table, a set and a lesson show only the
``footer`` keys that work now (:func:`live_bindings`,
:meth:`bjtrainer.tui.screens.play_base.PlayScreen.check_action`), which keeps
them to one line at 80 columns; the help screen lists the others.

A letter keeps one meaning on every screen reached from the table: the set's
own keys are letters the table does not use (A retries, "again"; K keeps the
missed answer and plays on), the New session menu is numbered (1-6 the
topics, 7 Mistakes & weak spots, 8 Daily five, 9 Due spots, 0 Stats), Copy
is Ctrl+C, a review set starts with Enter, and Q quits everywhere
(``docs/practice.md``, "Keys of the practice screens").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from textual.binding import Binding, BindingType

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules


@dataclass(frozen=True)
class KeyInfo:
    """One key binding of the table screen.

    Attributes
    ----------
    keys : str
        Textual key names, comma separated, a letter in both cases
        (``"h,H,c,C"``).
    action : str
        The screen action run, e.g. ``"play('hit')"``.
    label : str
        Short label for the footer.
    display : str
        How the keys are written for a person (``"H / C"``).
    help : str
        One line for the help screen.
    footer : bool
        Whether the footer may show it (the main keys only: the footer is
        one line). The table screen shows such a key only while it works.
    listed : bool
        Whether the help screen lists it (the chip keys after the first are
        covered by the first one's line).
    short : str
        How the footer writes the keys, where shorter than ``display``
        (``"0"`` for ``"0 / Backspace"``); empty: as ``display``.
    priority : bool
        Whether the screen's binding goes before the focused widget's (the
        review queue's Enter, which its list would otherwise take and hide
        from the footer).
    """

    keys: str
    action: str
    label: str
    display: str
    help: str
    footer: bool = True
    listed: bool = True
    short: str = ""
    priority: bool = False


#: Keys 1 to 9 add the table's first to ninth chip (``Rules.chip_denominations``).
CHIP_KEYS: tuple[str, ...] = tuple(str(number) for number in range(1, 10))


TABLE_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "deal", "Deal", "Enter", "Deal a new round with the last bet"),
    KeyInfo("h,H,c,C", "play('hit')", "Hit", "H / C", "Hit: take one more card"),
    KeyInfo("s,S,p,P", "play('stand')", "Stand", "S / P", "Stand: keep this total"),
    KeyInfo("d,D", "play('double')", "Double", "D", "Double: add an equal wager, take one card"),
    KeyInfo("x,X", "play('split')", "Split", "X", "Split a pair into two hands"),
    KeyInfo("r,R", "play('surrender')", "Surr.", "R", "Late surrender: get half the bet back"),
    KeyInfo("y,Y", "play('insurance')", "Insure", "Y", "Yes: take insurance (dealer shows an ace)"),
    KeyInfo("n,N", "play('no_insurance')", "No ins.", "N", "No: decline insurance"),
    KeyInfo("question_mark", "hint", "Hint", "?", "Hint: the best play for this spot"),
    KeyInfo("w,W", "why", "Why", "W", "Why: bust chance, stand odds, EV of each play"),
    KeyInfo(
        "z,Z",
        "shoe_aware",
        "Shoe-aware Why",
        "Z",
        "Shoe-aware Why: exact figures for the cards left, on or off",
        footer=False,
    ),
    KeyInfo(
        "g,G",
        "chart",
        "Chart",
        "G",
        "Guide chart: basic strategy, your hand marked, EVs per cell",
        footer=False,
    ),
    KeyInfo("b,B", "bet", "Bet", "B", "Choose the bet for the next deal"),
    KeyInfo("f,F", "refill", "Refill", "F", "Refill free chips (between rounds)"),
    KeyInfo(
        CHIP_KEYS[0],
        "add_chip(1)",
        "Chip",
        "1-4",
        "Add a chip to the bet (night: 1 = 5, 2 = 25, 3 = 100, 4 = 500)",
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
        short="0",
    ),
    KeyInfo("e,E", "toggle_repeat", "Repeat", "E", "Tick or untick Repeat last bet"),
    KeyInfo("o,O", "cash_out", "Cash out", "O", "CASH OUT: end the night, score on the board"),
    KeyInfo("v,V", "board", "Board", "V", "Show the top-five board"),
    KeyInfo(
        "t,T", "tables", "Tables", "T", "Tables: choose the table and the card design", footer=False
    ),
    KeyInfo(
        "m,M",
        "new_session",
        "Train",
        "M",
        "New session: focused practice, mistakes & weak spots, daily five, stats",
    ),
    KeyInfo(
        "l,L",
        "lessons",
        "Lessons",
        "L",
        "Guided introductions: six short lessons on a lesson table",
        footer=False,
    ),
    KeyInfo("f1", "help", "Help", "F1", "This help screen"),
    KeyInfo("q,Q", "quit", "Quit", "Q", "Quit (the table is saved after every action)"),
)


# Practice: the New session menu, a set, its summary and the other screens.

#: The keys of play, the same entries as at the table (a set is played with
#: the table's controls): H / C, S / P, D, X, R, Y, N, ?, W.
PLAY_KEYS: tuple[KeyInfo, ...] = tuple(
    key for key in TABLE_KEYS if key.action.startswith("play(") or key.action in ("hint", "why")
)

#: Keys 1 to 6 start a focused set of the topic in menu order (``TOPIC_TITLES``).
TOPIC_KEYS: tuple[str, ...] = tuple(str(number) for number in range(1, 7))

#: The menu's keys after the topics: digits, which mean no play at the table
#: (there they are chips), so no letter of the table means something else here.
REVIEW_KEY, DAILY_KEY, DUE_KEY, STATS_KEY = "7", "8", "9", "0"

_HELP = KeyInfo("f1", "help", "Help", "F1", "The help screen of this screen's keys")
_QUIT = KeyInfo("q", "quit", "Quit", "Q", "Quit (every answer is saved as it is given)")

#: The New session menu, a numbered list: focused practice with six topics (1-6),
#: mistakes & weak spots (7), the daily five (8), the due spots (9) and the
#: stats (0) (``docs/practice.md``, "The New session menu").
MENU_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo(
        TOPIC_KEYS[0],
        "topic(1)",
        "Topic",
        "1-6",
        "Focused practice: 1 hard totals, 2 soft totals, 3 pairs, 4 doubling, "
        "5 stiff hands 12-16, 6 surrender and insurance",
    ),
    *(
        KeyInfo(key, f"topic({key})", "Topic", key, "", footer=False, listed=False)
        for key in TOPIC_KEYS[1:]
    ),
    KeyInfo(REVIEW_KEY, "review", "Mistakes", "7", "Mistakes & weak spots: the review queue"),
    KeyInfo(DAILY_KEY, "daily", "Daily five", "8", "Daily five: five spots fixed by today's date"),
    KeyInfo(DUE_KEY, "due", "Due", "9", "Due spots: learned spots due again (at most ten a day)"),
    KeyInfo(STATS_KEY, "stats", "Stats", "0", "Stats: accuracy, heat map, EV given up, progress"),
    KeyInfo("enter", "choose", "Open", "Enter", "Open the highlighted entry", footer=False),
    KeyInfo("escape", "back", "Back", "Esc", "Back to the table"),
    _HELP,
    _QUIT,
)

#: A practice set: the table's keys of play, then what a set adds.
SET_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "deal", "Next", "Enter", "Deal the next spot; after the last, the summary"),
    *PLAY_KEYS,
    replace(
        next(key for key in TABLE_KEYS if key.action == "chart"),
        help="Guide chart, your hand marked (a look counts as a hint, as at the table)",
    ),
    KeyInfo(
        "a", "retry", "Retry", "A", "Again: retry a missed decision (a retry never counts as right)"
    ),
    KeyInfo("k", "play_on", "Play on", "K", "Keep the missed answer and play on"),
    KeyInfo("escape", "leave", "Leave", "Esc", "Leave the set (the answers given stay counted)"),
    _HELP,
    replace(_QUIT, footer=False),  # the footer line is full mid-hand; the help lists it
)

#: A guided introduction: the table's keys of play, Enter for the next hand, then Esc.
LESSON_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "deal", "Next", "Enter", "Deal the lesson's next hand"),
    *PLAY_KEYS,
    KeyInfo("escape", "leave", "Leave", "Esc", "Back to your table, at any moment (never touched)"),
    _HELP,
    replace(_QUIT, footer=False, help="Quit (your table was never touched)"),
)

#: The end of a set.
SUMMARY_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "again", "Again", "Enter", "Another set of the same kind (a daily replay)"),
    KeyInfo(
        "ctrl+c", "copy", "Copy", "Ctrl+C", "Copy the daily result line (or the text selected)"
    ),
    KeyInfo("u", "due", "Due spots", "U", "Play the learned spots due today (at most ten a day)"),
    KeyInfo("escape", "back", "Back", "Esc", "Back to where the set started"),
    _HELP,
    _QUIT,
)

#: Mistakes & weak spots: the review queue.
QUEUE_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo(
        "enter", "review", "Review set", "Enter", "Start a review set of the queue", priority=True
    ),
    KeyInfo("escape", "back", "Back", "Esc", "Back to the menu"),
    _HELP,
    _QUIT,
)

#: The daily five.
DAILY_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo("enter", "play", "Play", "Enter", "Play today's five (again: a replay)"),
    KeyInfo("ctrl+c", "copy", "Copy", "Ctrl+C", "Copy the result line (or the text selected)"),
    KeyInfo("u", "due", "Due spots", "U", "Play the learned spots due today (at most ten a day)"),
    KeyInfo("escape", "back", "Back", "Esc", "Back to the menu"),
    _HELP,
    _QUIT,
)

#: Stats.
STATS_KEYS: tuple[KeyInfo, ...] = (
    KeyInfo(
        "ctrl+e",
        "export",
        "Export",
        "Ctrl+E",
        "Export: this table's graded decisions as a CSV file in the data folder",
    ),
    KeyInfo("escape", "back", "Back", "Esc", "Back to the menu"),
    _HELP,
    _QUIT,
)


def bindings_of(keys: Sequence[KeyInfo]) -> list[BindingType]:
    """One :class:`~textual.binding.Binding` per key entry, footer flag and display kept."""
    return [
        Binding(
            both_cases(key.keys),
            key.action,
            key.label,
            show=key.footer,
            key_display=key.short or key.display,
            priority=key.priority,
            tooltip=key.help,  # the footer key's tooltip and the palette's help line
        )
        for key in keys
    ]


def live_bindings(keys: Sequence[KeyInfo]) -> list[BindingType]:
    """Two bindings per key: its action, shown while it works, then ``anyway`` of it, hidden.

    The screen's ``check_action`` refuses the first while the key does not
    work now (and so hides it from the footer); Textual then tries the
    second, :meth:`bjtrainer.tui.screens.play_base.PlayScreen.action_anyway`,
    so the key still runs its action and the player reads why it cannot be
    done now.
    """
    return [
        *bindings_of(keys),
        *(Binding(both_cases(key.keys), f"anyway({key.action!r})", show=False) for key in keys),
    ]


def both_cases(keys: str) -> str:
    """``"t,o"`` -> ``"t,T,o,O"``: a letter key works with Shift or Caps Lock too."""
    names: list[str] = []
    for name in keys.split(","):
        for variant in (name, name.upper()) if len(name) == 1 and name.isalpha() else (name,):
            if variant not in names:
                names.append(variant)
    return ",".join(names)


#: The choices that are player decisions (``Action`` values).
_ACTION_VALUES: frozenset[str] = frozenset(action.value for action in Action)


def button_action(choice: str) -> str:
    """The screen action a button of ``choice`` runs: the action of the same key.

    An :class:`Action` value plays it (``"hit"`` -> ``"play('hit')"``);
    ``chip_N`` adds the table's N-th chip (``"add_chip(N)"``); any other
    choice is the action's own name (``"deal"``, ``"retry"``, ``"back"``).
    """
    if choice in _ACTION_VALUES:
        return f"play({choice!r})"
    if choice.startswith("chip_") and choice[5:].isdigit():
        return f"add_chip({choice[5:]})"
    return choice


def table_has_play(rules: Rules, parameters: tuple[object, ...]) -> bool:
    """Whether the table offers the play of a ``play('...')`` key at all.

    Surrender and the insurance answers exist only where the rules offer
    them (``Rules.surrender``, ``Rules.insurance``); every other play does.
    """
    if not parameters:
        return True
    if parameters[0] == Action.SURRENDER.value:
        return rules.surrender != "none"
    if parameters[0] in (Action.INSURANCE.value, Action.NO_INSURANCE.value):
        return rules.insurance != "none"
    return True
