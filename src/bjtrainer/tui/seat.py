"""Where the player sits: the table and the card design, remembered in the store.

Before sitting down (first start, or from the table with T) the player
chooses the table (a preset of ``docs/rules/README.md`` or a rules file) and
the card design (``docs/playing.md``, "Sitting down"). The choice is kept in
the store settings :data:`TABLE_SETTING` and :data:`DESIGN_SETTING`;
``bjtrainer --rules NAME|FILE`` skips the choice of table and leaves them as
they are. The theme (``docs/playing.md``, "Themes") is kept the same way,
:data:`THEME_SETTING`. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import load_rules
from bjtrainer.errors import RulesError
from bjtrainer.store import Store
from bjtrainer.tui.first_look import DESIGN_SETTING, THEME_SETTING
from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign, card_design

__all__ = [
    "DESIGN_SETTING",
    "TABLE_SETTING",
    "THEME_SETTING",
    "RememberedTable",
    "Seat",
    "load_table",
    "remember",
    "remember_theme",
    "remembered_design",
    "remembered_table",
    "remembered_theme",
    "table_ref",
]

#: Setting holding the last table chosen: a preset id or a rules file's absolute path.
TABLE_SETTING = "table"
# DESIGN_SETTING and THEME_SETTING (the card design and the theme chosen last)
# are in bjtrainer.tui.first_look, which the opening screen reads before the store opens.


@dataclass(frozen=True)
class Seat:
    """A choice made on the sit-down screen.

    Attributes
    ----------
    rules : Rules
        The table's rules, fully valid.
    ref : str
        How to find the table again: a preset id, or the rules file's
        absolute path (:func:`table_ref`).
    design : CardDesign
    """

    rules: Rules
    ref: str
    design: CardDesign


@dataclass(frozen=True)
class RememberedTable:
    """The table remembered in the settings, as it loads now.

    Attributes
    ----------
    ref : str or None
        The remembered preset id or file path; ``None`` if nothing is
        remembered (the first start).
    rules : Rules or None
        Its rules, or ``None`` when nothing is remembered or it no longer
        loads.
    problem : str or None
        Why it no longer loads (:meth:`RulesError.listing`: the file once,
        then one line per problem), else ``None``.
    """

    ref: str | None
    rules: Rules | None
    problem: str | None = None


def table_ref(name_or_path: str) -> str:
    """A preset id as it is; a file path made absolute (``~`` expanded).

    The remembered table must load again from any working directory.
    """
    if name_or_path in PRESETS:
        return name_or_path
    return str(Path(name_or_path).expanduser().resolve())


def load_table(name_or_path: str) -> Rules:
    """The rules of a preset id or a rules file (``~`` expanded).

    Raises
    ------
    RulesError
        If it is neither a preset nor a valid rules file; one line per
        problem (:func:`bjtrainer.engine.rules_file.load_rules`).
    """
    return load_rules(name_or_path)


def remembered_design(store: Store) -> CardDesign:
    """The card design chosen last; :data:`DEFAULT_DESIGN` if none or unknown."""
    try:
        return card_design(store.get_setting(DESIGN_SETTING) or DEFAULT_DESIGN)
    except ValueError:
        return DEFAULT_DESIGN


def remembered_theme(store: Store) -> str | None:
    """The name of the theme chosen last, or ``None`` if none was (the app then keeps its own)."""
    return store.get_setting(THEME_SETTING) or None


def remembered_table(store: Store) -> RememberedTable:
    """The table chosen last, loaded again (a rules file may have changed)."""
    ref = store.get_setting(TABLE_SETTING)
    if not ref:
        return RememberedTable(ref=None, rules=None)
    try:
        return RememberedTable(ref=ref, rules=load_table(ref))
    except RulesError as exc:
        return RememberedTable(ref=ref, rules=None, problem="\n".join(exc.listing()))


def remember(store: Store, seat: Seat) -> None:
    """Keep the table and the card design of ``seat`` (one transaction)."""
    with store.transaction():  # BEGIN IMMEDIATE: waits while another window writes
        store.set_setting(TABLE_SETTING, seat.ref)
        store.set_setting(DESIGN_SETTING, seat.design)


def remember_theme(store: Store, theme: str) -> None:
    """Keep the theme chosen (in the command palette or on the sit-down screen; one transaction)."""
    with store.transaction():  # BEGIN IMMEDIATE: waits while another window writes
        store.set_setting(THEME_SETTING, theme)
