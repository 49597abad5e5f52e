"""The theme and card design chosen last, read for the opening screen before the store opens.

The opening screen (``docs/playing.md``, "Starting up") is drawn before the
store is opened; so that it has the theme and the card design the table
will have, this reads those two settings rows with plain :mod:`sqlite3`,
as an immutable file (no lock, no ``-wal`` or ``-shm`` made; a write
another window has not checkpointed yet is not seen). It writes nothing and checks
nothing: a file that is missing, empty, damaged, locked or not a store
gives no rows, and the store's own checks come when it opens
(``docs/playing.md``, "A store that cannot be opened").
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from bjtrainer.paths import APP_NAME, HOME_ENV

#: Setting holding the card design chosen last (:data:`~bjtrainer.tui.views.cards.CARD_DESIGNS`).
DESIGN_SETTING = "card_design"
#: Setting holding the Textual theme chosen last (its name, ``"textual-light"``).
THEME_SETTING = "theme"


def store_file() -> Path:
    """Where ``Store.open()`` looks for the store (``paths.store_path``); creates nothing."""
    override = os.environ.get(HOME_ENV)
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    return folder / "bjtrainer.db"


def remembered_look(path: Path) -> dict[str, str]:
    """The ``theme`` and ``card_design`` settings in the store file at ``path``, as far as known.

    Returns
    -------
    dict of str to str
        Each of the two keys that has a row; empty when the file is missing
        or cannot be read as a store.
    """
    if not path.is_file():
        return {}
    import sqlite3  # only when there is a file to read

    try:
        connection = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True, timeout=0)
    except sqlite3.Error:
        return {}
    try:
        rows = connection.execute(
            "SELECT key, value FROM settings WHERE key IN (?, ?)", (THEME_SETTING, DESIGN_SETTING)
        ).fetchall()
    except sqlite3.Error:
        return {}
    finally:
        connection.close()
    return {str(key): str(value) for key, value in rows}
