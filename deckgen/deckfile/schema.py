"""The schema of a deck file's top level and its [print] section (pydantic): the types, ranges and
choices of every value, and no unknown key. :mod:`deckgen.deckfile.load` runs it on any file not of
the plain shape it checks itself, and turns its errors into problems with the file's lines.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError  # noqa: F401 (ValidationError: for load)

from deckgen.deckfile.limits import MAX_CARDS
from deckgen.numerals import decimal_number, whole_number
from deckgen.seeds import HIGHEST as HIGHEST_SEED, LOWEST as LOWEST_SEED


class Refused(ValueError):
    """A value refused with a message that already quotes it (deckgen.numerals'), so it is shown once."""

    names_value = True


def _read(reader: Any) -> Any:
    """A number a deck file may also write as text, as the command line takes it (``bleed = "2,5"``,
    a decimal comma): the text is read by deckgen.numerals, the one reader of every face's numbers."""

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return reader(value)
        except ValueError as exc:
            raise Refused(exc.args[0]) from None

    return BeforeValidator(read)


Millimetres = Annotated[float, _read(decimal_number)]
Whole = Annotated[int, _read(whole_number)]


class PrintSection(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # keys by their file names only ("for", never "for_")
    card_size: str = "poker"
    paper: Literal["a4", "letter"] = "a4"
    bleed: Millimetres = Field(0.0, ge=0.0, le=10.0)
    backs: Literal["duplex-long", "duplex-short", "manual-duplex", "separate", "none"] = "duplex-long"
    ink: Literal["normal", "low"] = "normal"
    back_image: str | None = None
    for_: Literal["tgc", "mpc", "dtc", "home"] | None = Field(None, alias="for")
    format: str = "sheets"
    dpi: Whole = Field(300, ge=72, le=1200)
    colour: Literal["rgb", "cmyk"] = "rgb"
    back_offset: str | list[Any] | None = None  # a list judged by the command line's own parser (load._check_print_values)


class DeckFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str
    seed: int = Field(1, ge=LOWEST_SEED, le=HIGHEST_SEED)
    players: int | None = Field(None, ge=1, le=64)
    lang: Literal["es", "en", "all"] = "es"
    options: dict[str, Any] = Field(default_factory=dict)
    print: PrintSection = Field(default_factory=PrintSection)
    cards: list[Any] | None = Field(None, min_length=1, max_length=MAX_CARDS)


def keys(model: type[BaseModel]) -> dict[str, Any]:
    """A model's fields by the key a deck file writes (a field's alias: ``for``, never the Python name
    ``for_``), in the model's order: what a message lists and what an error's location names."""
    return {field.alias or name: field for name, field in model.model_fields.items()}


def field_at(model: type[BaseModel] | None, key: Any) -> Any:
    """The field a deck file's ``key`` names in ``model`` (None: no such key)."""
    return keys(model).get(str(key)) if model is not None else None


def model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model of the table at ``loc`` under ``model`` (None when that is not a model)."""
    for part in loc:
        field = field_at(model, part)
        ann = getattr(field, "annotation", None) if field else None
        if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
            return None
        model = ann
    return model
