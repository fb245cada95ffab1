"""The cards an MGC deck file may list: monomial cards (their text, read by sympy) and action cards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from deckgen.games.mgc import algebra
from deckgen.games.mgc.deck import ACTIONS

MAX_COEFFICIENT = 99
MAX_DEGREE = 12


class MonomialCard(BaseModel):
    """A monomial such as ``3*x**2*y``: coefficient and degree are read from it by sympy (and, when
    the file gives them too, must agree)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    monomial: str = Field(max_length=algebra.MAX_TEXT, description="the monomial as sympy writes it, e.g. 3*x**2*y")
    coefficient: int | None = None
    degree: int | None = None

    @field_validator("monomial")
    @classmethod
    def _a_monomial(cls, text: str) -> str:
        read = algebra.read(text, ())
        if read is None:
            raise ValueError(
                "not a monomial like 3*x**2*y (a whole non-zero coefficient, one-letter variables, "
                "whole exponents, joined by *)"
            )
        coefficient, degree = read[0], read[1]
        if not -MAX_COEFFICIENT <= coefficient <= MAX_COEFFICIENT or degree > MAX_DEGREE:
            raise ValueError(f"{text} does not fit on a card (coefficients up to {MAX_COEFFICIENT}, degrees up to {MAX_DEGREE})")
        return text

    @field_validator("coefficient", "degree")
    @classmethod
    def _agrees(cls, value: int | None, info: ValidationInfo) -> int | None:
        text = info.data.get("monomial")
        read = algebra.read(text, ()) if value is not None and text is not None else None
        if read is not None:
            actual = read[0] if info.field_name == "coefficient" else read[1]
            if value != actual:
                raise ValueError(f"the {info.field_name} of {text} is {actual}")
        return value

    @model_validator(mode="after")
    def _derived(self) -> "MonomialCard":
        read = algebra.read(self.monomial, ())
        assert read is not None  # checked above
        self.coefficient, self.degree = read[0], read[1]  # filled in when the file leaves them out
        return self


class ActionCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal[tuple(ACTIONS)]  # type: ignore[valid-type]


CARD_KINDS = {"monomial": MonomialCard, "action": ActionCard}
