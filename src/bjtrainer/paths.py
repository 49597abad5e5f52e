"""Where bjtrainer keeps its data.

The store lives in the user data directory given by platformdirs
(``~/.local/share/bjtrainer`` on Linux). The environment variable
``BJTRAINER_HOME`` overrides it, which is how the tests keep away from a
user's real data.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from bjtrainer.errors import StoreError

APP_NAME = "bjtrainer"
HOME_ENV = "BJTRAINER_HOME"


def data_dir() -> Path:
    """Return the data directory, creating it if needed.

    Returns
    -------
    Path
        ``$BJTRAINER_HOME`` when set, else platformdirs' user data dir.
    """
    override = os.environ.get(HOME_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    _make_dir(path)
    return path


def _make_dir(path: Path) -> None:
    """Create ``path`` if needed; raise :class:`StoreError` saying what is wrong."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreError(
            f"{path} is a file, not a folder: set {HOME_ENV} to a folder for bjtrainer's data."
        ) from None
    except OSError as exc:
        raise StoreError(
            f"Cannot create the data folder {path}: {exc.strerror}. "
            f"Set {HOME_ENV} to a folder you can write to."
        ) from None


def store_path() -> Path:
    """Return the path of the SQLite store, ``<data_dir>/bjtrainer.db``."""
    return data_dir() / "bjtrainer.db"


def cache_dir() -> Path:
    """Return the cache directory, creating it if needed.

    Returns
    -------
    Path
        ``$BJTRAINER_HOME/cache`` when ``BJTRAINER_HOME`` is set, else
        platformdirs' user cache dir (``~/.cache/bjtrainer`` on Linux).
    """
    override = os.environ.get(HOME_ENV)
    path = Path(override) / "cache" if override else Path(platformdirs.user_cache_dir(APP_NAME))
    _make_dir(path)
    return path
