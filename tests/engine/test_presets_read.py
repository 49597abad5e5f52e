"""The presets are read one file at a time, when first looked up (``docs/architecture.md``)."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from bjtrainer.engine import presets
from bjtrainer.engine.rules import Rules


def test_a_preset_file_is_read_once_when_first_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    real = presets._read
    read: list[str] = []

    def counted(name: str) -> Rules:
        read.append(name)
        return real(name)

    monkeypatch.setattr(presets, "_read", counted)
    tables = presets._Presets(("practice", "home"))
    assert "home" in tables and "nosuch" not in tables and list(tables) == ["practice", "home"]
    assert read == []
    assert tables["home"] is tables["home"]
    assert read == ["home"]
    with pytest.raises(KeyError):
        tables["guide"]
    assert tables.get("guide") is None
    assert {name: rules.id for name, rules in tables.items()} == {
        "practice": "practice",
        "home": "home",
    }
    assert read == ["home", "practice"]


def test_every_preset_holds_its_files_values() -> None:
    """Each shipped file, read here with tomllib alone, gives the values of its preset."""
    assert list(presets.PRESETS) == ["practice", "guide", "night", "home"]
    for name, rules in presets.PRESETS.items():
        path = resources.files("bjtrainer.engine") / "presets" / f"{name}.toml"
        written = tomllib.loads(path.read_text(encoding="utf-8"))
        for field, value in written.items():
            kept = getattr(rules, field)
            assert (list(kept) if isinstance(kept, tuple) else kept) == value, (name, field)
