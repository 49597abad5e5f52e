"""The four preset tables, read from the rules files in ``engine/presets/``.

Each preset is a rules file like a user's own (``docs/custom-tables.md``),
shipped with the package and read by the same loader,
:func:`~bjtrainer.engine.rules_file.rules_from_toml`. Their rules, row by
row: ``docs/rules/<table>.md``.

========== ===========================================================
preset     in one line
========== ===========================================================
practice   6D S17 DAS, split to 4, late surrender, peek on ace or ten
guide      6D S17 DAS, split to 4, no surrender, double below 21
night      6D S17 DAS, split to 4, peek on ace only, 500 chips
home       1 deck shuffled every round, S17, one split, no DAS
========== ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import resources

from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import rules_from_toml

__all__ = ["DEFAULT_PRESET", "PRESETS"]

#: The table ``bjtrainer`` opens by default (``docs/rules/practice.md``).
DEFAULT_PRESET = "practice"


def _read(name: str) -> Rules:
    """The preset ``name`` from ``engine/presets/<name>.toml``.

    Raises
    ------
    RulesError
        If the shipped file is not valid rules (a packaging error).
    """
    path = resources.files("bjtrainer.engine") / "presets" / f"{name}.toml"
    return rules_from_toml(path.read_text(encoding="utf-8"), origin=f"{name}.toml", presets={})


class _Presets(Mapping[str, Rules]):
    """The presets by id; each file is read the first time its preset is looked up.

    ``bjtrainer hint --rules practice`` reads ``practice.toml`` alone
    (``docs/architecture.md``, "Start-up").

    Raises
    ------
    RulesError
        On a lookup, if the shipped file is not valid rules (a packaging error).
    """

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._read: dict[str, Rules] = {}

    def __getitem__(self, name: str) -> Rules:
        if name not in self._names:
            raise KeyError(name)
        if name not in self._read:
            self._read[name] = _read(name)
        return self._read[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names  # without reading the file

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


#: The presets by id, in the order tables are listed.
PRESETS: Mapping[str, Rules] = _Presets(("practice", "guide", "night", "home"))
