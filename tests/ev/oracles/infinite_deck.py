"""A brute-force blackjack model for the TUI tests (independent draws, S17).

Each rank 1..10 is drawn with chance 1/13, ten-values 4/13 (``docs/numbers.md``,
"1. Independent draws"). Written here, apart from ``bjtrainer.ev``, so the
figures the screens show are checked against an independent computation.
"""

from __future__ import annotations

from functools import cache

RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
P = {rank: (4 / 13 if rank == 10 else 1 / 13) for rank in RANKS}
#: The dealer final "total" of a natural (an ace and a ten-value as the first two cards).
NATURAL = 99
BUST = 22


def add_card(total: int, soft: bool, rank: int) -> tuple[int, bool]:
    """A hand's (total, soft) after one more card; an ace counts 11 when that fits."""
    total += rank
    if rank == 1 and total + 10 <= 21:
        total, soft = total + 10, True
    if total > 21 and soft:
        total, soft = total - 10, False
    return total, soft


@cache
def dealer_finals(total: int, soft: bool) -> dict[int, float]:
    """Final-total distribution of a dealer standing on all 17s (22 = bust)."""
    if total > 21:
        return {BUST: 1.0}
    if total >= 17:
        return {total: 1.0}
    out: dict[int, float] = {}
    for rank, p in P.items():
        for final, q in dealer_finals(*add_card(total, soft, rank)).items():
            out[final] = out.get(final, 0.0) + p * q
    return out


def dealer_from_up(up: int, *, peeked: bool) -> dict[int, float]:
    """Dealer finals from an up card; ``peeked``: conditioned on no natural.

    Without a peek a natural is an outcome of its own (:data:`NATURAL`).
    """
    out: dict[int, float] = {}
    start_total, start_soft = add_card(0, False, up)
    natural_hole = {10: 1, 1: 10}.get(up)
    mass = 1.0 - (P[natural_hole] if peeked and natural_hole else 0.0)
    for hole, p in P.items():
        if hole == natural_hole:
            if not peeked:
                out[NATURAL] = out.get(NATURAL, 0.0) + p
            continue
        for final, q in dealer_finals(*add_card(start_total, start_soft, hole)).items():
            out[final] = out.get(final, 0.0) + p * q / mass
    return out


def stand_ev(total: int, dealer: dict[int, float]) -> float:
    """EV of standing on ``total`` (not a natural) against the dealer's finals."""
    if total > 21:
        return -1.0
    ev = 0.0
    for final, p in dealer.items():
        if final == BUST or (final != NATURAL and total > final):
            ev += p
        elif final == NATURAL or total < final:
            ev -= p
    return ev


def best_ev(total: int, soft: bool, dealer: dict[int, float]) -> float:
    """EV of playing on from (total, soft) with hit or stand, whichever is better."""
    if total > 21:
        return -1.0
    if total == 21:
        return stand_ev(total, dealer)
    return max(stand_ev(total, dealer), hit_ev(total, soft, dealer))


def hit_ev(total: int, soft: bool, dealer: dict[int, float]) -> float:
    """EV of one hit, then the best of hit or stand."""
    return sum(p * best_ev(*add_card(total, soft, rank), dealer) for rank, p in P.items())


def double_ev(total: int, soft: bool, dealer: dict[int, float]) -> float:
    """EV of doubling: twice the stake, exactly one more card."""
    return 2 * sum(p * stand_ev(add_card(total, soft, rank)[0], dealer) for rank, p in P.items())
