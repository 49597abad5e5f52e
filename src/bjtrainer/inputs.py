"""What a user types, read strictly and quoted short in a message.

Every input takes exactly the form its prompt shows (``docs/playing.md``,
"Typing a bet, a name or a path"): a number of chips is written with the
digits 0 to 9, nothing else; Python's ``str.isdigit`` and ``int`` accept
digits of other scripts (``"٣"``) and superscripts (``"²"``), which no prompt
shows, so they are refused here. A message quotes what was typed with
:func:`shown`: control characters escaped, and cut short with its length,
so that it stays one line whatever was typed. No Textual here: the engine,
the commands and the screens read input the same way.
"""

from __future__ import annotations

import re

__all__ = ["SEPARATORS", "ascii_digits", "shown", "strip_spaces"]

#: How many characters of a typed text a message quotes at most.
SHOWN_LENGTH = 40

#: The blanks that may surround or separate what is typed: space and tab.
SEPARATORS = " \t"

_DIGITS = re.compile(r"[0-9]+")


def shown(text: str, limit: int = SHOWN_LENGTH) -> str:
    """``text`` quoted for a message: ``repr`` of at most ``limit`` characters of it.

    ``repr`` escapes control characters (``'\\x00'``) and lone surrogates;
    a longer text is cut and its length given:
    ``'aaaa…' (10000 characters)``.

    >>> shown("T\\x1c6")
    "'T\\\\x1c6'"
    >>> shown("a" * 10_000, limit=4)
    "'aaaa…' (10000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{repr(text[:limit])[:-1]}…{repr(text)[0]} ({len(text)} characters)"


def strip_spaces(text: str) -> str:
    """``text`` without the spaces and tabs around it (other blanks are kept)."""
    return text.strip(SEPARATORS)


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0 to 9 and nothing else.

    >>> [ascii_digits(t) for t in ("25", "٣", "²", "", "2 5", "-5")]
    [True, False, False, False, False, False]
    """
    return _DIGITS.fullmatch(text) is not None
