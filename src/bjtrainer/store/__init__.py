"""The local store: settings, the saved table, graded answers and practice (SQLite)."""

from bjtrainer.store.practice_records import (
    AttemptKind,
    AttemptRecord,
    CardRecord,
    DailyAnswerRecord,
    ReviewRecord,
    RunKind,
    RunRecord,
)
from bjtrainer.store.store import BUSY_TIMEOUT_MS, Store

__all__ = [
    "BUSY_TIMEOUT_MS",
    "AttemptKind",
    "AttemptRecord",
    "CardRecord",
    "DailyAnswerRecord",
    "ReviewRecord",
    "RunKind",
    "RunRecord",
    "Store",
]
