"""The daily five: five spots fixed by the local date and the table.

"Five spots fixed by the local calendar date and the table's rules, the
same for every user and every start on that day, different the next day;
drawn from decisions worth learning (not trivial stands on 20). The first
answers of the day are kept and shown even if the set is replayed; replays
are marked as replays" (``docs/practice.md``, "Daily five": replaying never
replaces the first answers).

- **Fixed by date and table.** A generator is seeded from the SHA-256 of
  ``"bjtrainer daily|<rules id>|<ISO date>"`` (:func:`daily_rng`); it draws
  the five spots from :func:`daily_candidates` (a fixed order), then the
  hole cards, the card faces and suits, and the shoe behind each deal, so
  every user's first play deals the same five hands on the same day, and so
  does every restart, while nothing depends on the process or the user's
  data. A replay keeps the five spots and deals the rest afresh
  (``Practice.start_daily``).
- **Worth learning** (decided here): an opening hand decision whose best
  play differs from "mimic the dealer" (hit below 17, stand from 17, the
  table's soft-17 rule included), or whose second-best legal play is
  within :data:`CLOSE_MARGIN` of the best. Hard 20 v 6 is neither; 12 v 4
  (stand), 11 v 6 (double), 8,8 v T (split) and A,7 v 9 (hit) are.
  Among them the five are drawn with the weights of a focused set's unseen
  spots (closeness to the second-best play, over the cell size), so close
  calls such as 12 v 3 or 9 v 2 come more often than a clear split such as
  8,8 v 7 (0.736 ahead of the next play) (``docs/practice.md``, "How the
  five are chosen").
- **First answers kept.** The first answer to each decision of each of
  the five hands is written once per date (``daily_answers``); a hand is
  ✔ when every first answer of it was accepted. A set started on a date
  that already has answers is a *replay*: it is played and graded like any
  set, but it never changes the day's result.
- **Streak**: consecutive local dates with all five hands answered,
  ending today, or yesterday while today's five are still open. Dates are
  compared as calendar dates, so a daylight-saving change never breaks or
  doubles a day.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import analyse
from bjtrainer.store.records import DailyAnswerRecord
from bjtrainer.trainer.legal import legal_evs
from bjtrainer.trainer.practice.selection import selection_weights
from bjtrainer.trainer.practice.topics import opening_spots
from bjtrainer.trainer.spots import Spot

__all__ = [
    "CLOSE_MARGIN",
    "DAILY_SIZE",
    "MARK_OPEN",
    "MARK_RIGHT",
    "MARK_WRONG",
    "DailyResult",
    "daily_candidates",
    "daily_result",
    "daily_rng",
    "daily_seed",
    "daily_spots",
    "daily_update",
    "mimic_play",
    "streak",
    "worth_learning",
]

DAILY_SIZE = 5

#: A second-best play within this many units of the original wager makes a
#: spot worth learning even when mimicking the dealer would be right.
CLOSE_MARGIN = 0.10

MARK_RIGHT = "✔"
MARK_WRONG = "✘"
MARK_OPEN = "·"


def mimic_play(rules: Rules, spot: Spot) -> Action:
    """The dealer's own rule applied to the player's hand: hit below 17, else stand.

    A soft 17 is hit where the dealer hits it (H17), stood where the
    dealer stands (S17).
    """
    value = evaluate(spot.cards)
    if value.total < 17:
        return Action.HIT
    if value.total == 17 and value.soft and rules.dealer_hits_soft_17:
        return Action.HIT
    return Action.STAND


def worth_learning(rules: Rules, spot: Spot) -> bool:
    """Whether a hand decision is worth a place in the daily five (module docstring).

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur under ``rules``.
    """
    evs = legal_evs(analyse(rules, spot.to_hand_spot()).evs, spot.legal)
    ranked = sorted(evs.values(), reverse=True)
    best = max(evs, key=evs.__getitem__)
    if best is not mimic_play(rules, spot):
        return True
    return len(ranked) > 1 and ranked[0] - ranked[1] <= CLOSE_MARGIN


@functools.lru_cache(maxsize=16)
def daily_candidates(rules: Rules) -> tuple[Spot, ...]:
    """The opening spots worth learning at a table, in the fixed order of ``opening_spots``."""
    return tuple(spot for spot in opening_spots(rules) if worth_learning(rules, spot))


def daily_seed(rules_id: str, day: date) -> int:
    """The daily generator's seed: 64 bits of SHA-256 of the table and the date."""
    text = f"bjtrainer daily|{rules_id}|{day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def daily_rng(rules_id: str, day: date) -> np.random.Generator:
    """A fresh generator for the day's five (spots, deals and shoes), the same on every start."""
    return np.random.default_rng(daily_seed(rules_id, day))


def daily_spots(
    rules: Rules, day: date, rng: np.random.Generator | None = None
) -> tuple[Spot, ...]:
    """The day's five spots, in play order.

    Parameters
    ----------
    rules : Rules
    day : date
        The user's local date.
    rng : numpy.random.Generator, optional
        The day's generator (:func:`daily_rng`), passed on to deal the
        spots with the same draws; default a fresh one.

    Returns
    -------
    tuple of Spot, shape (5,)
        Distinct spots from :func:`daily_candidates`, weighted by closeness
        as a focused set draws an unseen spot
        (:func:`bjtrainer.trainer.practice.selection.selection_weights` with
        no answers, so the weights are the same for everyone).
    """
    generator = rng if rng is not None else daily_rng(rules.id, day)
    candidates = daily_candidates(rules)
    chosen = generator.choice(
        len(candidates),
        size=DAILY_SIZE,
        replace=False,
        p=selection_weights(rules, candidates, {}),
    )
    return tuple(candidates[int(index)] for index in chosen)


@dataclass(frozen=True)
class DailyResult:
    """A day's daily five as first played.

    Attributes
    ----------
    day : date
    marks : tuple of str, shape (5,)
        ``✔`` every first answer of the hand accepted, ``✘`` one was not,
        ``·`` not played yet.
    hints : int
        First answers of the day given after a Hint or Why.
    """

    day: date
    marks: tuple[str, ...]
    hints: int

    @property
    def complete(self) -> bool:
        """All five hands have their first answers."""
        return MARK_OPEN not in self.marks

    @property
    def started(self) -> bool:
        """At least one hand has been answered."""
        return any(mark != MARK_OPEN for mark in self.marks)

    @property
    def line(self) -> str:
        """The line to copy: ``"Daily 2026-11-29  ✔✔✘✔✔  hints 0"``."""
        return f"Daily {self.day.isoformat()}  {''.join(self.marks)}  hints {self.hints}"


def daily_result(day: date, answers: Iterable[DailyAnswerRecord]) -> DailyResult:
    """The result of a day from its stored first answers (other dates are ignored)."""
    marks = [MARK_OPEN] * DAILY_SIZE
    hints = 0
    for answer in answers:
        if answer.date != day.isoformat() or not 0 <= answer.position < DAILY_SIZE:
            continue
        marks[answer.position] = MARK_RIGHT if answer.accepted else MARK_WRONG
        hints += answer.hints
    return DailyResult(day, tuple(marks), hints)


def streak(answers: Sequence[DailyAnswerRecord], today: date) -> int:
    """Consecutive local dates with all five answered, up to today (or yesterday).

    Parameters
    ----------
    answers : sequence of DailyAnswerRecord
        A table's stored daily answers (any dates).
    today : date
        The user's local date now.
    """
    positions: dict[str, set[int]] = {}
    for answer in answers:
        positions.setdefault(answer.date, set()).add(answer.position)
    complete = {
        date.fromisoformat(day) for day, done in positions.items() if len(done) >= DAILY_SIZE
    }
    day = today if today in complete else today - timedelta(days=1)
    count = 0
    while day in complete:
        count += 1
        day -= timedelta(days=1)
    return count


def daily_update(
    existing: DailyAnswerRecord | None,
    *,
    rules_id: str,
    day: date,
    position: int,
    spot_key: str,
    run_id: int,
    accepted: bool,
    after_hint: bool,
    at: str,
) -> DailyAnswerRecord | None:
    """The day's row for one hand after a first answer in it, or ``None`` to leave it.

    The first run that answers a hand of the day owns its row: each of its
    first answers in that hand folds in (✔ only while every one is
    accepted; one more hint for an answer after a hint). A row owned by an
    earlier run is never changed: replays do not replace first answers.

    Parameters
    ----------
    existing : DailyAnswerRecord or None
        The stored row for ``(rules_id, day, position)``.
    rules_id, day, position, spot_key, run_id
        Where the answer was given.
    accepted, after_hint : bool
        The first answer's grade and whether a hint was shown first.
    at : str
        ISO time of the answer.
    """
    if existing is None:
        return DailyAnswerRecord(
            rules_id=rules_id,
            date=day.isoformat(),
            position=position,
            spot_key=spot_key,
            accepted=accepted,
            hints=int(after_hint),
            decisions=1,
            run_id=run_id,
            answered_at=at,
        )
    if existing.run_id != run_id:
        return None
    return DailyAnswerRecord(
        rules_id=existing.rules_id,
        date=existing.date,
        position=existing.position,
        spot_key=existing.spot_key,
        accepted=existing.accepted and accepted,
        hints=existing.hints + int(after_hint),
        decisions=existing.decisions + 1,
        run_id=existing.run_id,
        answered_at=existing.answered_at,
    )
