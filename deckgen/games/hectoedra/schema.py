"""The cards a Hectoedra deck file may list: number cards, each with its whole number."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from deckgen.games.hectoedra.deck import MAX_CUSTOM


class NumberCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    value: int = Field(ge=1, le=MAX_CUSTOM, description="the card's hectoíndice (1 to 100 in the Hectoedra)")


CARD_KINDS = {"number": NumberCard}
