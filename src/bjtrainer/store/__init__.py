"""The local store: settings, the saved table, graded answers and practice (SQLite)."""

from bjtrainer.store.records import (
    AnswerEffects,
    AttemptKind,
    AttemptRecord,
    CardRecord,
    DailyAnswerRecord,
    ReviewRecord,
    RoundRecord,
    RunKind,
    RunRecord,
    SavedTable,
)
from bjtrainer.store.store import BUSY_TIMEOUT_MS, Store

__all__ = [
    "BUSY_TIMEOUT_MS",
    "AnswerEffects",
    "AttemptKind",
    "AttemptRecord",
    "CardRecord",
    "DailyAnswerRecord",
    "ReviewRecord",
    "RoundRecord",
    "RunKind",
    "RunRecord",
    "SavedTable",
    "Store",
]
