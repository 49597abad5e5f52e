"""The local store: settings, the saved table and every graded decision (SQLite)."""

from bjtrainer.store.records import DecisionKind, DecisionRecord
from bjtrainer.store.store import BUSY_TIMEOUT_MS, Store

__all__ = ["BUSY_TIMEOUT_MS", "DecisionKind", "DecisionRecord", "Store"]
