"""A brute-force finite-shoe blackjack model for the TUI tests (S17, cards without replacement).

Written here, apart from ``bjtrainer.ev``, so the shoe-aware figures the Why
panel shows are checked against an independent computation. A shoe is a
tuple of 10 counts, A, 2..9, T. Every card is drawn without replacement;
the player's draws, the hole card and the dealer's draws all come from the
unseen cards (exchangeable, so the order they are dealt in does not
matter). Where the dealer has peeked, every value is conditioned on no
dealer blackjack: values are first summed over the paths without one, and
divided by that chance at the root, so that every decision compares
figures with the same condition (``docs/numbers.md``, "Peek conditioning").
A natural for the dealer beats everything where it was not peeked for.
"""

from __future__ import annotations

from functools import cache

#: Index of a value in a shoe: ace 0, 2..9 -> 1..8, ten-value 9.
VALUES = tuple(range(1, 11))
BUST = 22
NATURAL = 99
#: Each value's index in a shoe tuple.
INDEX = {value: value - 1 for value in VALUES}


def one_deck() -> tuple[int, ...]:
    """52 cards: four of A..9, sixteen ten-values."""
    return (4,) * 9 + (16,)


def remove(shoe: tuple[int, ...], *values: int) -> tuple[int, ...]:
    """The shoe with one card of each value taken out."""
    left = list(shoe)
    for value in values:
        assert left[INDEX[value]] > 0, f"no {value} left"
        left[INDEX[value]] -= 1
    return tuple(left)


def add_card(total: int, soft: bool, value: int) -> tuple[int, bool]:
    """A hand's (best total, soft) after one more card."""
    total += value
    if value == 1 and total + 10 <= 21:
        total, soft = total + 10, True
    if total > 21 and soft:
        total, soft = total - 10, False
    return total, soft


#: Index of a final dealer total in a row of :func:`_dealer_row`: 17..21, then bust.
_ROW_BUST = 5


def _take(shoe: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The shoe with one card at ``index`` taken out (the caller has checked it is there)."""
    return (*shoe[:index], shoe[index] - 1, *shoe[index + 1 :])


#: add_card for every (total, soft) a hand can hold before drawing, by card index.
_NEXT = {
    (total, soft): tuple(add_card(total, soft, value) for value in VALUES)
    for total in range(22)
    for soft in (False, True)
}


@cache
def _dealer_row(total: int, soft: bool, shoe: tuple[int, ...]) -> tuple[float, ...]:
    """P(final 17), ..., P(final 21), P(bust) of a dealer below 17 standing on all 17s.

    The draws that end the hand (17 or more, or a bust) are summed here
    rather than looked up, so the cache holds only the totals still drawing.
    """
    cards = sum(shoe)
    out = [0.0] * 6
    after_card = _NEXT[total, soft]
    for index, count in enumerate(shoe):
        if not count:
            continue
        weight = count / cards
        new_total, new_soft = after_card[index]
        if new_total > 21:
            out[_ROW_BUST] += weight
        elif new_total >= 17:
            out[new_total - 17] += weight
        else:
            row = _dealer_row(new_total, new_soft, _take(shoe, index))
            for k in range(6):
                out[k] += weight * row[k]
    return tuple(out)


#: The finals of a row of :func:`_joint_row`, in order.
_JOINT_FINALS = (17, 18, 19, 20, 21, BUST, NATURAL)


@cache
def _joint_row(up: int, shoe: tuple[int, ...], peeked: bool) -> tuple[float, ...]:
    """:func:`dealer_joint` as a row: P(17), ..., P(21), P(bust), P(natural)."""
    cards = sum(shoe)
    start = add_card(0, False, up)
    out = [0.0] * 7
    for hole in VALUES:
        count = shoe[INDEX[hole]]
        if not count:
            continue
        weight = count / cards
        if {up, hole} == {1, 10}:
            if not peeked:
                out[6] += weight
            continue
        total, soft = add_card(*start, hole)
        if total >= 17:
            out[total - 17] += weight
            continue
        row = _dealer_row(total, soft, _take(shoe, INDEX[hole]))
        for k in range(6):
            out[k] += weight * row[k]
    return tuple(out)


def dealer_joint(up: int, shoe: tuple[int, ...], peeked: bool) -> dict[int, float]:
    """P(final total) for the dealer, with the hole card drawn from ``shoe``.

    ``peeked``: the paths where the hole card makes a natural are left out
    (not renormalised); otherwise they end in :data:`NATURAL`. Only the
    finals the dealer can reach are keys.
    """
    row = _joint_row(up, shoe, peeked)
    return {final: q for final, q in zip(_JOINT_FINALS, row, strict=True) if q}


def no_natural(up: int, shoe: tuple[int, ...]) -> float:
    """Chance the hole card does not give the dealer a natural."""
    natural_hole = {1: 10, 10: 1}.get(up)
    if natural_hole is None:
        return 1.0
    return 1 - shoe[INDEX[natural_hole]] / sum(shoe)


def _stand(total: int, up: int, shoe: tuple[int, ...], peeked: bool) -> float:
    """Joint value of standing on ``total`` (paths without a peeked natural)."""
    value = 0.0
    for final, p in zip(_JOINT_FINALS, _joint_row(up, shoe, peeked), strict=True):
        if final == BUST or final < total:
            value += p
        elif final != total:
            value -= p
    return value


@cache
def _best(total: int, soft: bool, up: int, shoe: tuple[int, ...], peeked: bool) -> float:
    """Joint value of playing on from here as well as possible (hit or stand)."""
    if total > 21:
        return -no_natural(up, shoe) if peeked else -1.0
    stand = _stand(total, up, shoe, peeked)
    if total == 21:
        return stand
    return max(stand, _hit(total, soft, up, shoe, peeked))


def _hit(total: int, soft: bool, up: int, shoe: tuple[int, ...], peeked: bool) -> float:
    cards = sum(shoe)
    value = 0.0
    for card in VALUES:
        count = shoe[INDEX[card]]
        if count:
            after = _take(shoe, INDEX[card])
            value += count / cards * _best(*_NEXT[total, soft][card - 1], up, after, peeked)
    return value


def _double(total: int, soft: bool, up: int, shoe: tuple[int, ...], peeked: bool) -> float:
    cards = sum(shoe)
    value = 0.0
    for card in VALUES:
        count = shoe[INDEX[card]]
        if count:
            after = _take(shoe, INDEX[card])
            new_total, _ = add_card(total, soft, card)
            if new_total > 21:
                outcome = -(no_natural(up, after) if peeked else 1.0)
            else:
                outcome = _stand(new_total, up, after, peeked)
            value += count / cards * 2 * outcome
    return value


def hand_total(values: list[int]) -> tuple[int, bool]:
    """(best total, soft) of a hand."""
    total, soft = 0, False
    for value in values:
        total, soft = add_card(total, soft, value)
    return total, soft


def spot_evs(
    hand: list[int], up: int, unseen: tuple[int, ...], *, peeked: bool
) -> dict[str, float]:
    """Exact stand, hit and double EVs of a hand, per unit of the original wager.

    ``unseen`` holds every card not seen: the undealt shoe and the hole card.
    Where ``peeked``, conditioned on the dealer having no natural.
    """
    total, soft = hand_total(hand)
    mass = no_natural(up, unseen) if peeked else 1.0
    return {
        "stand": _stand(total, up, unseen, peeked) / mass,
        "hit": _hit(total, soft, up, unseen, peeked) / mass,
        "double": _double(total, soft, up, unseen, peeked) / mass,
    }


def bust_next(hand: list[int], unseen: tuple[int, ...], up: int, *, peeked: bool) -> float:
    """Chance one more card busts the hand, given no dealer natural where peeked."""
    total, soft = hand_total(hand)
    busting = 0.0
    for card in VALUES:
        count = unseen[INDEX[card]]
        if count and add_card(total, soft, card)[0] > 21:
            after = remove(unseen, card)
            weight = no_natural(up, after) if peeked else 1.0
            busting += count / sum(unseen) * weight
    return busting / (no_natural(up, unseen) if peeked else 1.0)
