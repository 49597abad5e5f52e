"""Fixtures of the store tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bjtrainer.store import Store


@pytest.fixture
def store() -> Iterator[Store]:
    """A fresh in-memory store, closed after the test."""
    with Store.memory() as opened:
        yield opened
