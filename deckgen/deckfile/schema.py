"""The schema of a deck file's top level and its [print] section (pydantic): the types, ranges and
choices of every value, and no unknown key. :mod:`deckgen.deckfile.load` runs it on any file not of
the plain shape it checks itself, and turns its errors into problems with the file's lines.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError  # noqa: F401 (ValidationError: for load)

from deckgen.deckfile.limits import MAX_CARDS


class PrintSection(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    card_size: str = "poker"
    paper: Literal["a4", "letter"] = "a4"
    bleed: float = Field(0.0, ge=0.0, le=10.0)
    backs: Literal["duplex-long", "duplex-short", "manual-duplex", "separate", "none"] = "duplex-long"
    ink: Literal["normal", "low"] = "normal"
    back_image: str | None = None
    for_: Literal["tgc", "mpc", "dtc", "home"] | None = Field(None, alias="for")
    format: str = "sheets"
    dpi: int = Field(300, ge=72, le=1200)
    colour: Literal["rgb", "cmyk"] = "rgb"
    back_offset: str | list[float] | None = None


class DeckFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str
    seed: int = Field(1, ge=0, le=2**63 - 1)
    players: int | None = Field(None, ge=1, le=64)
    lang: Literal["es", "en", "all"] = "es"
    options: dict[str, Any] = Field(default_factory=dict)
    print: PrintSection = Field(default_factory=PrintSection)
    cards: list[Any] | None = Field(None, min_length=1, max_length=MAX_CARDS)


def model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model of the table at ``loc`` under ``model`` (None when that is not a model)."""
    for part in loc:
        field = model.model_fields.get(str(part))
        ann = getattr(field, "annotation", None) if field else None
        if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
            return None
        model = ann
    return model
