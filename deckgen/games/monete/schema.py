"""The cards a Monete deck file may list, with the fields each kind carries."""

from __future__ import annotations

from typing import Literal

from deckgen.i18n import Listing, _
from pydantic import BaseModel, ConfigDict, Field, model_validator

from deckgen.games.monete.deck import ACTIONS, COLOURS, MARKERS

Value = Field(ge=1, le=20, description="the number printed on the card, 1 to 20 (at most the deck's --top)")


class NumberCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    value: int = Value
    colour: Literal[tuple(COLOURS)]  # type: ignore[valid-type]


class ActionCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    value: int = Value
    action: Literal[tuple(ACTIONS)]  # type: ignore[valid-type]


class WildCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class MarkerCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    marker: Literal["number", "colour"]
    side: Literal["+", "-", "same", "different"]

    @model_validator(mode="after")
    def _side_fits(self) -> "MarkerCard":
        if (self.marker, self.side) not in MARKERS:
            sides = Listing([repr(s) for m, s in MARKERS if m == self.marker], "or")
            raise ValueError(_("a {marker} marker's side is {sides}, not {side!r}", marker=self.marker, sides=sides, side=self.side))
        return self


CARD_KINDS = {"number": NumberCard, "action": ActionCard, "wild": WildCard, "marker": MarkerCard}
