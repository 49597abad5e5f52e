"""The pydantic schema of :class:`~bjtrainer.engine.rules.Rules`: what converts and what fails.

:class:`~bjtrainer.engine.rules.Rules` takes values already as it keeps
them by itself; every other value comes here, where pydantic converts
what it can (lax mode: ``6.0`` decks to ``6``, a list of chips to a tuple;
strict mode: nothing) and refuses the rest with one error per field. The
schema is built from the dataclass's own fields, types and defaults, with
the bounds of :data:`~bjtrainer.engine.rules.LIMITS`, so the two cannot
disagree on a field. Importing this module imports pydantic (tens of
milliseconds), so only a value that needs it does (``docs/architecture.md``,
"Start-up").
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from bjtrainer.engine.rules import LIMITS, Rules, payout_problem, relation_problems

__all__ = ["checked"]


class _Checks(BaseModel):
    """The settings and the checks of the schema; the fields come from :class:`Rules`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_validator("blackjack_payout", check_fields=False)
    @classmethod
    def _check_payout(cls, value: str) -> str:
        normal, problem = payout_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return normal

    @model_validator(mode="after")
    def _check_together(self) -> _Checks:
        problems = relation_problems(self.model_dump())
        if problems:
            raise ValueError("; ".join(message for _, message in problems))
        return self


@functools.cache
def _schema() -> type[BaseModel]:
    """The pydantic model named ``Rules`` (its errors read "validation error for Rules")."""
    fields: dict[str, Any] = {}
    for field in dataclasses.fields(Rules):
        info = Rules.model_fields[field.name]
        options: dict[str, Any] = dict(LIMITS.get(field.name, {}))
        if info.default is not dataclasses.MISSING:
            options["default"] = info.default
        fields[field.name] = (info.annotation, Field(**options))
    model: type[BaseModel] = create_model("Rules", __base__=_Checks, **fields)
    return model


def checked(values: object, *, strict: bool) -> dict[str, Any]:
    """The fields of :class:`Rules` as pydantic reads ``values`` (a mapping of fields).

    Raises
    ------
    pydantic.ValidationError
        For an unknown or missing field, a value its field does not allow,
        or fields that do not fit together (the messages of ``FIELD_HELP``).
    """
    return _schema().model_validate(values, strict=strict).model_dump()
