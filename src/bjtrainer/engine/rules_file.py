"""Rules files: a table of one's own as TOML, read and written.

A rules file is a flat TOML file of the fields of
:class:`~bjtrainer.engine.rules.Rules`, one ``field = value`` line each, no
``[rules]`` header (``docs/custom-tables.md``). Fields left out take the
``practice`` preset's values. :func:`load_rules` reads a preset by name or
a file by path and reports every problem at once, one line each, naming the
field, the value and what is allowed; no table starts from a file with a
problem. :func:`rules_to_toml` writes such a file. The presets themselves
are such files (:mod:`bjtrainer.engine.presets`), read by
:func:`rules_from_toml` too.
"""

from __future__ import annotations

import difflib
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bjtrainer.engine.rules import FIELD_HELP, Rules, relation_problems
from bjtrainer.errors import RulesError
from bjtrainer.inputs import shown, strip_spaces

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["load_rules", "rules_from_toml", "rules_to_toml"]

#: The preset whose values a rules file's left-out fields take.
BASE_PRESET = "practice"

_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
_HEADER = "rules"


def _inline(value: object) -> Any:
    """A tomlkit item of ``value`` written on one line: tables inline, arrays of them too."""
    import tomlkit  # only here: a bad value or a file to write, never the start-up path

    if isinstance(value, Mapping):
        table = tomlkit.inline_table()
        for key, item in value.items():
            table.append(str(key), _inline(item))
        return table
    if isinstance(value, list | tuple):
        array = tomlkit.array()
        array.extend(_inline(item) for item in value)
        return array
    return tomlkit.item(value)


def _toml_value(value: object) -> str:
    """A value as TOML writes it (tomlkit): ``true``, ``6``, ``0.75``, ``"3:2"``, ``[5, 25]``.

    >>> print(_toml_value([{"a": 1}, "3:2", 0.75]))
    [{a = 1}, "3:2", 0.75]
    """
    return str(_inline(value).as_string())


def _slug(stem: str) -> str:
    """A valid id made from a file name: other characters become ``_``."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", stem).strip("_.-")[:40]
    return slug if slug else "custom"


def _short_value(value: object, limit: int = 60) -> str:
    """A value as TOML writes it, cut to ``limit`` characters with its length."""
    written = _toml_value(value)
    if len(written) <= limit:
        return written
    return f"{written[:limit]}… ({len(written)} characters)"


def _field_problem(field: str, value: object) -> str:
    return f"{field} = {_short_value(value)} is not allowed; {field} takes {FIELD_HELP[field]}"


def _unknown_field(key: str) -> str:
    close = difflib.get_close_matches(key, list(Rules.model_fields), n=1, cutoff=0.6)
    hint = (
        f'did you mean "{close[0]}"?'
        if close
        else "the fields are listed in docs/custom-tables.md "
        '(or start from "bjtrainer rules --show practice")'
    )
    return f'"{key}" is not a rules field; {hint}'


def _presets() -> Mapping[str, Rules]:
    """The four presets. Imported when first needed: ``presets`` reads its files here."""
    from bjtrainer.engine.presets import PRESETS

    return PRESETS


def _id_problems(
    merged: Mapping[str, Any],
    given: bool,
    bad: frozenset[str],
    file_name: str,
    presets: Mapping[str, Rules],
) -> list[str]:
    """An id must be well formed, and a preset's id only for that preset's rules.

    The rules differ from a preset's when a field valid alone differs.
    """
    if "id" in bad:
        return []
    table_id = merged["id"]
    if not _ID_PATTERN.fullmatch(table_id):
        return [_field_problem("id", table_id)]
    preset = presets.get(table_id)
    if preset is None:
        return []
    same = preset.model_dump()
    ignored = bad | {"id", "name", "source"}
    if all(merged[field] == same[field] for field in same if field not in ignored):
        return []
    where = (
        f'id = "{table_id}" is'
        if given
        else f'the file name "{file_name}" gives the id "{table_id}",'
    )
    return [
        f"{where} the {table_id} preset's id, but these rules differ from that preset's; "
        f'give the table an id of its own, e.g. id = "my_{table_id}"'
    ]


def _field_problems(error: ValidationError, data: Mapping[str, Any]) -> dict[str, str]:
    """One sentence per field not valid alone, keyed by the field."""
    problems: dict[str, str] = {}
    for detail in error.errors():
        loc = detail["loc"]
        if loc and str(loc[0]) not in problems:
            field = str(loc[0])
            problems[field] = _field_problem(field, data[field])
    return problems


def _report(origin: str, problems: list[str]) -> RulesError:
    """The error of ``problems``: one line per problem, each starting with the file.

    Each problem ends in a stop; the error keeps ``origin`` and the problems
    apart too, for :meth:`RulesError.listing` (the file named once).
    """
    stopped = tuple(problem + ("" if problem.endswith(("?", ".")) else ".") for problem in problems)
    message = "\n".join(f"{origin}: {problem}" for problem in stopped)
    return RulesError(message, origin=origin, problems=stopped)


def rules_from_toml(
    text: str, *, origin: str = "custom.toml", presets: Mapping[str, Rules] | None = None
) -> Rules:
    """The rules of a TOML rules file's text.

    A flat file of ``field = value`` lines, the fields of :class:`Rules`
    (:data:`FIELD_HELP`); no ``[rules]`` header. Fields left out take the
    ``practice`` preset's values (``docs/rules/practice.md``), except
    ``id`` (from the file name: other characters than letters, digits,
    ``_``, ``-`` and ``.`` become ``_``), ``name`` ("Custom table from
    FILE") and ``source`` (the file name). Values are read strictly: a
    quoted number or a ``6.0`` for a whole number is a problem.

    Parameters
    ----------
    text : str
        The file's contents.
    origin : str, optional
        The file's path as the user gave it: each message starts with it,
        and its name gives the defaults above.
    presets : mapping of str to Rules, optional
        The tables whose ids a file may use only for their own rules, and
        whose ``practice`` gives the fields left out; default
        :data:`bjtrainer.engine.presets.PRESETS`. The preset files themselves
        are read with ``{}``: they write every field.

    Returns
    -------
    Rules
        A fully valid table.

    Raises
    ------
    RulesError
        If anything in the file is wrong; one line per problem, each
        starting with ``origin``, naming the field, the value and what is
        allowed: text that is not TOML; a ``[rules]`` table (its fields are
        still checked); a key that is not a field (with a "did you mean"
        suggestion, by :func:`difflib.get_close_matches`); a value outside
        what the field allows; fields that do not fit together (bets and
        ``bet_step``, ``resplit_aces`` and ``max_split_hands``, ...); a
        malformed id, or a preset's id on rules that differ from the preset.
    """
    if presets is None:
        presets = _presets()
    file_name = Path(origin).name
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{origin}: not a valid TOML file: {exc}") from None
    except ValueError:  # Python reads at most 4300 digits of a whole number
        raise RulesError(
            f"{origin}: a number in the file has thousands of digits; "
            "no rules field takes more than a few."
        ) from None
    problems: list[str] = []
    header = data.get(_HEADER)
    if isinstance(header, dict):
        problems.append(
            f"[{_HEADER}] is a table header; write the fields at the top of the file, "
            f"without the [{_HEADER}] line"
        )
        data = {**{k: v for k, v in data.items() if k != _HEADER}, **header}
    for key in data:
        if key not in Rules.model_fields:
            problems.append(_unknown_field(key))
    known = {key: value for key, value in data.items() if key in Rules.model_fields}
    if isinstance(known.get("chip_denominations"), list):
        known["chip_denominations"] = tuple(known["chip_denominations"])
    merged: dict[str, Any] = {
        **(presets[BASE_PRESET].model_dump() if BASE_PRESET in presets else {}),
        "id": _slug(Path(file_name).stem),
        "name": f"Custom table from {file_name}",
        "source": file_name,
        **known,
    }
    try:
        rules = Rules.model_validate(merged, strict=True)
    except ValueError as exc:  # pydantic's ValidationError, imported only when raised
        from pydantic import ValidationError

        if not isinstance(exc, ValidationError):  # pragma: no cover - a programming error
            raise
        by_field = _field_problems(exc, merged)
        problems.extend(by_field.values())
        bad = frozenset(by_field)
        for field, message in relation_problems(merged, bad):
            if field not in known:
                message += (
                    f" ({field} is not in the file: it takes the {BASE_PRESET} "
                    f"table's {_short_value(merged[field])})"
                )
            problems.append(message)
        problems.extend(_id_problems(merged, "id" in known, bad, file_name, presets))
        raise _report(origin, problems) from None
    problems.extend(_id_problems(merged, "id" in known, frozenset(), file_name, presets))
    if problems:
        raise _report(origin, problems)
    return rules


#: The largest rules file read, in bytes: a rules file is a few dozen short lines.
MAX_FILE_BYTES = 1_000_000

#: How many characters of a path a message quotes at most.
PATH_SHOWN = 120


def _expanded(name_or_path: str) -> Path:
    """The path with ``~`` expanded; as written when ``~user`` names nobody."""
    path = Path(name_or_path)
    try:
        return path.expanduser()
    except RuntimeError:  # "~nobody/table.toml": no such home, so no such file
        return path


def _read_rules_file(name_or_path: str, presets: Mapping[str, Rules]) -> str | Rules:
    """The text of a rules file, or the preset a name stands for.

    Raises
    ------
    RulesError
        One line saying what the path is when it is not a rules file to
        read: no such file, a folder, not a regular file (a device, a pipe),
        too large, a binary file, not UTF-8, or unreadable.
    """
    names = ", ".join(presets)
    if not strip_spaces(name_or_path):
        raise RulesError(f"No table given: use one of {names}, or the path of a rules file.")
    quoted = shown(name_or_path, limit=PATH_SHOWN)
    path = _expanded(name_or_path)
    try:
        status = path.stat()
    except (OSError, ValueError):  # missing, a NUL in the name, a name too long, ...
        status = None
    if status is None or not stat.S_ISREG(status.st_mode):
        lower = strip_spaces(name_or_path).lower()
        if lower in presets:
            return presets[lower]  # "Practice", "NIGHT"
    if status is None:
        raise RulesError(
            f"No table {quoted}: no such file, and no preset of that name; "
            f"use one of {names}, or the path of a rules file."
        )
    if stat.S_ISDIR(status.st_mode):
        raise RulesError(
            f"{quoted} is a folder, not a rules file: give the path of a rules file "
            "(a .toml file) in it."
        )
    if not stat.S_ISREG(status.st_mode):
        raise RulesError(
            f"{quoted} is not a regular file (a device or a pipe): give the path of a "
            "rules file (a .toml file)."
        )
    if status.st_size > MAX_FILE_BYTES:
        raise RulesError(
            f"{quoted} is not a rules file: it has {status.st_size} bytes, and a rules "
            f"file is a few lines of text (at most {MAX_FILE_BYTES} bytes)."
        )
    try:
        data = path.read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as exc:
        reason = (exc.strerror or "it cannot be opened").lower()
        raise RulesError(f"{quoted}: cannot read the rules file: {reason}.") from None
    if b"\x00" in data:
        raise RulesError(
            f"{quoted} is a binary file, not a rules file (a rules file is TOML text; "
            'start from "bjtrainer rules --show practice").'
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesError(
            f"{quoted}: cannot read the rules file: it is not UTF-8 text (byte {exc.start + 1} "
            "is not); save it as UTF-8."
        ) from None


def load_rules(name_or_path: str) -> Rules:
    """Return a preset by id, or the rules of a TOML rules file.

    Parameters
    ----------
    name_or_path : str
        A preset id (``practice``, ``guide``, ``night``, ``home``; another
        case too when no file has that name) or the path of a rules file
        (``~`` expanded; see :func:`rules_from_toml`).

    Returns
    -------
    Rules

    Raises
    ------
    RulesError
        If the name is neither a preset nor a readable file, or the file is
        not valid rules: one line per problem, naming the field, the value
        and what is allowed (see :func:`rules_from_toml`). A path that is not
        a rules file gets one line saying what it is: "no such file", a
        folder, not a regular file, a binary file, too large, not UTF-8 or
        unreadable (``docs/custom-tables.md``, "When the file is wrong").
    """
    presets = _presets()
    if name_or_path in presets:
        return presets[name_or_path]
    text = _read_rules_file(name_or_path, presets)
    if isinstance(text, Rules):
        return text
    return rules_from_toml(text, origin=name_or_path)


_SECTIONS: dict[str, str] = {
    "id": "The table",
    "decks": "The shoe",
    "dealer_hits_soft_17": "The dealer",
    "blackjack_payout": "Payouts",
    "double_on": "The player's options",
    "starting_chips": "Chips and bets",
}


def _comment(text: str, width: int = 78) -> list[str]:
    """``text`` as ``# `` lines of at most ``width`` characters.

    Control characters, which a TOML comment may not hold, become spaces.
    """
    text = re.sub(r"[\x00-\x08\x0a-\x1f\x7f]", " ", text)
    lines: list[str] = []
    line = "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    lines.append(line)
    return lines


def rules_to_toml(rules: Rules) -> str:
    """The rules as a commented TOML rules file a user can start from (written by tomlkit).

    Every field is written, in the order of :class:`Rules`, each after a
    comment saying what it allows (:data:`FIELD_HELP`), under a header
    saying how to use the file. ``rules_from_toml(rules_to_toml(rules))``
    gives back ``rules`` whenever its id is one a file allows (every preset's
    is; a file keeps a preset's id only while its rules are that preset's).

    Parameters
    ----------
    rules : Rules

    Returns
    -------
    str
        The file's text, ending with a newline.
    """
    import tomlkit  # only here: writing a file is never on the start-up path

    document = tomlkit.document()

    def comment(lines: list[str]) -> None:
        for line in lines:
            document.add(tomlkit.comment(line.removeprefix("# ")))

    comment(_comment(f"bjtrainer rules file: {rules.name or rules.id}."))
    comment(["Play at it:      bjtrainer --rules FILE"])
    comment(["Its house edge:  bjtrainer edge --rules FILE"])
    comment(
        _comment(
            "Fields left out take the practice table's values. Change the id when "
            "you change a rule: the id keys the table's saved state and statistics. "
            "Every field: docs/custom-tables.md."
        )
    )
    for field, value in rules.model_dump().items():
        if field in _SECTIONS:
            document.add(tomlkit.nl())
            comment([f"--- {_SECTIONS[field]} ---"])
        comment(_comment(f"{field}: {FIELD_HELP[field]}."))
        document.add(field, list(value) if isinstance(value, tuple) else value)
    return tomlkit.dumps(document)
