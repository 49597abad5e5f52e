"""Every graded decision is recorded with all its fields (issue 2, "How it is built")."""

from __future__ import annotations

from bjtrainer.engine.actions import Action
from bjtrainer.store import DecisionKind, DecisionRecord, Store

# 16 v 10 at the practice table; figures from Wizard of Odds, Blackjack
# Appendix 1 (stand, hit, double) and late surrender = -0.5 (003_2bdd88f24671a4ec.txt).
SIXTEEN_V_TEN = DecisionRecord(
    rules_id="practice",
    spot_key="practice|6,T|T|hand:1:0|stand+hit+double+surrender",
    cards=("6", "T"),
    up="T",
    split_hand=False,
    legal=(Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER),
    action=Action.HIT,
    evs={
        Action.STAND: -0.5404,
        Action.HIT: -0.5398,
        Action.DOUBLE: -1.0797,
        Action.SURRENDER: -0.5,
    },
    best=Action.SURRENDER,
    ev_lost=0.0398,
    accepted=False,
    hint_shown=True,
    created_at="2026-11-29T15:00:00+00:00",
)

INSURANCE_TAKEN = DecisionRecord(
    rules_id="night",
    spot_key="night|T,T|A|hand:1:0|insurance+no_insurance",
    cards=("T", "T"),
    up="A",
    split_hand=False,
    legal=(Action.INSURANCE, Action.NO_INSURANCE),
    action=Action.INSURANCE,
    evs={Action.INSURANCE: -1 / 26, Action.NO_INSURANCE: 0.0},
    best=Action.NO_INSURANCE,
    ev_lost=1 / 26,
    accepted=False,
    hint_shown=False,
    created_at="2026-11-29T15:00:05+00:00",
    kind=DecisionKind.INSURANCE,
)


def test_record_and_read_back_every_field(store: Store) -> None:
    row_id = store.record_decision(SIXTEEN_V_TEN)
    (back,) = store.decisions()
    assert back == SIXTEEN_V_TEN
    assert back.id == row_id
    # Field by field, so a comparison that skipped one could not hide it.
    for name in SIXTEEN_V_TEN.__dataclass_fields__:
        if name != "id":
            assert getattr(back, name) == getattr(SIXTEEN_V_TEN, name), name
    assert list(back.evs) == list(SIXTEEN_V_TEN.evs)
    assert back.kind is DecisionKind.DECISION


def test_decisions_oldest_first_and_filtered_by_rules_id(store: Store) -> None:
    first = store.record_decision(SIXTEEN_V_TEN)
    second = store.record_decision(INSURANCE_TAKEN)
    third = store.record_decision(SIXTEEN_V_TEN)
    assert first < second < third
    assert [r.id for r in store.decisions()] == [first, second, third]
    assert [r.id for r in store.decisions("practice")] == [first, third]
    (insurance,) = store.decisions("night")
    assert insurance == INSURANCE_TAKEN
    assert insurance.evs[Action.INSURANCE] == -1 / 26  # floats survive exactly
    assert store.decisions("guide") == []


def test_the_row_is_plain_sql_readable(store: Store) -> None:
    store.record_decision(SIXTEEN_V_TEN)
    (row,) = store.db.query("select * from decisions")
    assert row["action"] == "hit"
    assert row["best"] == "surrender"
    assert row["accepted"] == 0
    assert row["hint_shown"] == 1
    assert row["kind"] == "decision"
    assert row["legal"] == '["stand", "hit", "double", "surrender"]'
