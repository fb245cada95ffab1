"""The cards a Cartas Maestras deck file may list, with the fields each kind carries."""

from __future__ import annotations

from typing import Literal

from deckgen.i18n import _
from pydantic import BaseModel, ConfigDict, Field

from deckgen.games.maestras.deck import COLOURS, PLAYERS

Colour = Literal[tuple(COLOURS)]  # type: ignore[valid-type]


class CentralCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class MasterCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    colour: Colour  # type: ignore[valid-type]


class PointsCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    points: int = Field(ge=1, le=99, description="the points, shown as pips (up to 10 are laid out like a playing card)")
    colour: Colour  # type: ignore[valid-type]


class EmptyCard(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    number: int | None = Field(default=None, ge=1, le=99)
    remove_for: list[int] = Field(default_factory=list, description=f"the player counts ({PLAYERS[0]} to {PLAYERS[1]}) that take this card out")

    def model_post_init(self, __context: object) -> None:
        bad = [n for n in self.remove_for if not PLAYERS[0] <= n <= PLAYERS[1]]
        if bad:
            raise ValueError(_("remove_for lists player counts {lo} to {hi}, not {bad}", lo=PLAYERS[0], hi=PLAYERS[1],
                               bad=bad))


CARD_KINDS = {"central": CentralCard, "master": MasterCard, "points": PointsCard, "empty": EmptyCard}
