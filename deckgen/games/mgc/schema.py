"""The cards an MGC deck file may list: monomial cards (their text, read by sympy) and action cards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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

    @model_validator(mode="after")
    def _read_by_sympy(self) -> "MonomialCard":
        read = algebra.read(self.monomial, ())
        if read is None:
            raise ValueError(
                f"{self.monomial!r} is not a monomial like 3*x**2*y (a whole non-zero coefficient, "
                "one-letter variables, whole exponents, joined by *)"
            )
        coefficient, degree, _, _ = read
        if self.coefficient is not None and self.coefficient != coefficient:
            raise ValueError(f"the coefficient of {self.monomial} is {coefficient}, not {self.coefficient}")
        if self.degree is not None and self.degree != degree:
            raise ValueError(f"the degree of {self.monomial} is {degree}, not {self.degree}")
        if not -MAX_COEFFICIENT <= coefficient <= MAX_COEFFICIENT or degree > MAX_DEGREE:
            raise ValueError(f"{self.monomial} does not fit on a card (coefficients up to {MAX_COEFFICIENT}, degrees up to {MAX_DEGREE})")
        self.coefficient, self.degree = coefficient, degree  # derived: filled in when the file leaves them out
        return self


class ActionCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal[tuple(ACTIONS)]  # type: ignore[valid-type]


CARD_KINDS = {"monomial": MonomialCard, "action": ActionCard}
