"""The named text styles of the pictures, and their default (dark-theme) styles.

A picture never names a colour: it names what the text is (a right answer,
a card's red suit), and the theme in use decides the colour
(:func:`bjtrainer.tui.themes.tone_styles`, ``docs/playing.md``, "Themes").
The names are Rich style names, looked up in the console's Rich theme when
the text is drawn; a console of our own takes the defaults with
``rich.console.Console(theme=rich.theme.Theme(TONES))``. No Textual here.
"""

from __future__ import annotations

#: Name -> default style (made for a dark ground; card faces carry their own ground).
TONES: dict[str, str] = {
    "bj.good": "bold green",  # an accepted answer, a win, a ticked spot
    "bj.bad": "bold red",  # a miss, a loss, "study"
    "bj.key": "bold gold1",  # a key's letter, a soft total, a result line, the marked spot
    "bj.changed": "bold yellow",  # the shoe changes the best play
    "bj.kept": "green",  # the shoe keeps the best play
    "card.black": "black on white",
    "card.red": "bold red3 on white",
    "card.blue": "bold blue3 on white",
    "card.green": "bold green4 on white",
    "card.back": "bright_white on dark_blue",
    "card.ascii-red": "bold red",
    "card.ascii-black": "bold",
}
