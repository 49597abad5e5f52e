"""Practice: focused sets, mistakes and weak spots, the review queue, the daily five, stats.

:class:`~bjtrainer.trainer.practice.modes.Practice` is the entry point the
screens call.
"""

from bjtrainer.trainer.practice.modes import (
    FOCUS_SET_SIZE,
    REVIEW_SET_SIZE,
    DailyStatus,
    Practice,
    TopicInfo,
)

__all__ = ["FOCUS_SET_SIZE", "REVIEW_SET_SIZE", "DailyStatus", "Practice", "TopicInfo"]
