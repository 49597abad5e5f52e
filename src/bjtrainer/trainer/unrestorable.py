"""A saved table that cannot be restored is kept aside, never overwritten.

When the saved state of a table is unreadable (not JSON), cannot be
replayed by the engine, or was saved under other rules with the same id (a
rules file edited since), a new table starts. The old row is first copied,
exactly as stored, to another key of the same ``saved_tables`` table,
:data:`KEY_FORMAT`, so that nothing of it is lost when the new table is
saved under the rules id (issue 2, item 7: "the table is saved after every
action"; ``003_2bdd88f24671a4ec.txt``: "Your current table is saved
locally and restored after refresh"). No Textual here.
"""

from __future__ import annotations

from datetime import datetime

from bjtrainer.store import Store

#: The key an unrestorable table is kept under: its rules id and the local time.
KEY_FORMAT = "{rules_id}.unrestorable-{stamp}"

#: ``strftime`` format of the time in :data:`KEY_FORMAT` (``20250102T030405``).
STAMP_FORMAT = "%Y%m%dT%H%M%S"


def keep_aside(store: Store, rules_id: str, moment: datetime) -> str | None:
    """Copy the saved row of ``rules_id``, byte for byte, to a new key.

    Parameters
    ----------
    store : Store
        The store holding the saved table.
    rules_id : str
        The rules id the table was saved under (``Store.save_table``).
    moment : datetime
        When it was found unrestorable: the key's time stamp.

    Returns
    -------
    str or None
        The new key, :data:`KEY_FORMAT` (``"practice.unrestorable-20250102T030405"``,
        with ``-2``, ``-3`` ... added if that key is taken); ``None`` if
        nothing is saved under ``rules_id``. The row under ``rules_id`` is
        left as it was.

    Raises
    ------
    StoreError
        If the store cannot be read or written; nothing is copied.
    """
    base = KEY_FORMAT.format(rules_id=rules_id, stamp=moment.strftime(STAMP_FORMAT))
    return store.keep_table_as(rules_id, base)


def store_file(store: Store) -> str:
    """The file behind ``store`` for messages: its path, or ``"(in memory)"``."""
    return store.location
