"""Chart codes: which code a cell's EVs give, and what a code does at the table."""

from __future__ import annotations

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.strategy.chart import cell_code
from bjtrainer.strategy.codes import CODE_MEANINGS, CODE_STYLES, Code, resolve_code

S, H, D, P, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER


@pytest.mark.parametrize(
    ("evs", "without_das", "code"),
    [
        ({S: -0.2, H: -0.1}, None, Code.HIT),
        ({S: 0.1, H: -0.1, D: -0.2}, None, Code.STAND),
        ({S: -0.3, H: 0.1, D: 0.2}, None, Code.DOUBLE_HIT),
        ({S: 0.15, H: 0.1, D: 0.2}, None, Code.DOUBLE_STAND),
        ({S: -0.54, H: -0.53, R: -0.5}, None, Code.SURRENDER_HIT),
        ({S: -0.51, H: -0.53, R: -0.5}, None, Code.SURRENDER_STAND),
        ({S: -0.54, H: -0.53, P: -0.52, R: -0.5}, None, Code.SURRENDER_SPLIT),
        ({S: -0.2, H: -0.1, P: 0.0}, None, Code.SPLIT),
        # Split is best only with DAS, and without DAS hitting would be best.
        ({S: -0.2, H: -0.1, P: -0.05}, -0.15, Code.SPLIT_DAS_HIT),
        # Split best with or without DAS.
        ({S: -0.2, H: -0.1, P: 0.0}, -0.05, Code.SPLIT),
        # Without DAS standing would be best: the code stays P (Ph means "else hit").
        ({S: -0.1, H: -0.2, P: 0.0}, -0.15, Code.SPLIT),
    ],
)
def test_cell_code(evs: dict[Action, float], without_das: float | None, code: Code) -> None:
    assert cell_code(evs, without_das) is code


@pytest.mark.parametrize(
    ("code", "legal", "das", "action"),
    [
        (Code.DOUBLE_HIT, {S, H, D}, True, D),
        (Code.DOUBLE_HIT, {S, H}, True, H),
        (Code.DOUBLE_STAND, {S, H}, True, S),
        (Code.SURRENDER_HIT, {S, H, R}, True, R),
        (Code.SURRENDER_HIT, {S, H}, True, H),
        (Code.SURRENDER_STAND, {S, H}, True, S),
        (Code.SURRENDER_SPLIT, {S, H, P}, True, P),
        (Code.SURRENDER_SPLIT, {S, H}, True, None),
        (Code.SPLIT_DAS_HIT, {S, H, P}, True, P),
        (Code.SPLIT_DAS_HIT, {S, H, P}, False, H),
        (Code.SPLIT, {S, H}, True, None),
    ],
)
def test_resolve_code(code: Code, legal: set[Action], das: bool, action: Action | None) -> None:
    assert resolve_code(code, legal, double_after_split=das) is action


def test_every_code_has_a_meaning_and_a_colour_of_its_own() -> None:
    assert set(CODE_MEANINGS) == set(CODE_STYLES) == set(Code)
    assert len(set(CODE_STYLES.values())) == len(Code)
