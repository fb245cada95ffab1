"""The cards a Multipli Cat's deck file may list, with the fields each kind carries."""

from __future__ import annotations

from typing import Literal

from deckgen.i18n import _
from pydantic import BaseModel, ConfigDict, Field, model_validator

from deckgen.games.multiplicats.deck import SPECIALS

Factor = Field(ge=1, le=10, description="a factor of the tables 1 to 10")


class MultiplicationCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    a: int = Factor
    b: int = Factor
    product: int | None = None

    @model_validator(mode="after")
    def _product_matches(self) -> "MultiplicationCard":
        if self.product is not None and self.product != self.a * self.b:
            raise ValueError(_("product {product} is not {a} × {b} = {right}", product=self.product, a=self.a, b=self.b,
                               right=self.a * self.b))
        self.product = self.a * self.b  # derived: filled in when the file leaves it out
        return self


class ProductCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    value: int = Field(ge=1, le=100)
    multiplications: list[list[int]] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _pairs_give_value(self) -> "ProductCard":
        for pair in self.multiplications:
            if len(pair) != 2:
                raise ValueError(_("each multiplication is a pair [a, b], not {pair}", pair=pair))
            a, b = pair
            if not (1 <= a <= 10 and 1 <= b <= 10) or a * b != self.value:
                raise ValueError(_("{a} × {b} does not give {value} (factors are 1 to 10)", a=a, b=b, value=self.value))
        return self


class SpecialCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    special: Literal[tuple(SPECIALS)]  # type: ignore[valid-type]


CARD_KINDS = {"multiplication": MultiplicationCard, "product": ProductCard, "special": SpecialCard}
