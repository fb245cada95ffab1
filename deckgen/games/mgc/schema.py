"""The cards an MGC deck file may list: monomial cards (their text, read by sympy) and action cards."""

from __future__ import annotations

import re
from typing import Literal

from deckgen.i18n import _
from deckgen.numerals import odd_digits
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
        if read is None and odd_digits(text):  # the one rule of every number a user writes (deckgen/numerals.py)
            raise ValueError(_("not a monomial: write its numbers with the digits 0-9, like monomial = \"2*x**3\""))
        if read is None:
            fixed = _rewritten(text)
            if fixed:
                raise ValueError(_("not a monomial: write it like monomial = \"2*x**3\" or \"-3*x**2*y\" (a whole non-zero "
                                   "coefficient, one-letter variables, exponents after **, joined by *); did you mean "
                                   "monomial = \"{fixed}\"?", fixed=fixed))
            raise ValueError(_("not a monomial: write it like monomial = \"2*x**3\" or \"-3*x**2*y\" (a whole non-zero "
                               "coefficient, one-letter variables, exponents after **, joined by *)"))
        coefficient, degree = read[0], read[1]
        if not -MAX_COEFFICIENT <= coefficient <= MAX_COEFFICIENT or degree > MAX_DEGREE:
            raise ValueError(_("{monomial} does not fit on a card (coefficients up to {most}, degrees up to {degree})", monomial=text,
                               most=MAX_COEFFICIENT, degree=MAX_DEGREE))
        return text

    @field_validator("coefficient", "degree")
    @classmethod
    def _agrees(cls, value: int | None, info: ValidationInfo) -> int | None:
        text = info.data.get("monomial")
        read = algebra.read(text, ()) if value is not None and text is not None else None
        if read is not None:
            actual = read[0] if info.field_name == "coefficient" else read[1]
            if value != actual:
                if info.field_name == "coefficient":
                    raise ValueError(_("the coefficient of {monomial} is {value}", monomial=text, value=actual))
                raise ValueError(_("the degree of {monomial} is {value}", monomial=text, value=actual))
        return value

    @model_validator(mode="after")
    def _derived(self) -> "MonomialCard":
        read = algebra.read(self.monomial, ())
        assert read is not None  # checked above
        self.coefficient, self.degree = read[0], read[1]  # filled in when the file leaves them out
        return self


def _rewritten(text: str) -> str | None:
    """A common way of writing a monomial turned into the expected one: "2x^3" -> "2*x**3",
    "3xy" -> "3*x*y", "x²" -> "x**2"; None when that still is not a monomial."""
    if re.search(r"[a-z]{4,}", text):  # a word, not variables written side by side
        return None
    supers = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
    s = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "^" + m.group(1).translate(supers), text.replace(" ", ""))
    s = s.replace("^", "**").replace("·", "*").replace("×", "*")
    s = re.sub(r"(?<=[0-9a-z])(?=[a-z])", "*", s)  # 2x -> 2*x, xy -> x*y
    if s == text or algebra.read(s, ()) is None:
        return None
    return s


class ActionCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal[tuple(ACTIONS)]  # type: ignore[valid-type]


CARD_KINDS = {"monomial": MonomialCard, "action": ActionCard}
