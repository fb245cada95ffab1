"""A deck file of the plain shape skips the pydantic schema (deckgen.deckfile.load.plain_shape): that
shortcut may only ever accept what the schema accepts, and the default decks must take it."""

from __future__ import annotations

import math
import tomllib
import types
import typing

import pytest

from deckgen.deckfile.load import PLAIN_PRINT, PLAIN_TOP, plain_shape
from deckgen.deckfile.schema import DeckFileModel, PrintSection, ValidationError
from deckgen.resources import data_dir

DEFAULTS = sorted(data_dir("decks").glob("*.toml"))


def _schema_accepts(raw: dict) -> bool:
    try:
        DeckFileModel.model_validate(raw)
    except ValidationError:
        return False
    return True


def _bounds(field) -> tuple:
    lo = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
    hi = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
    return lo, hi


@pytest.mark.parametrize("table, model", [(PLAIN_TOP, DeckFileModel), (PLAIN_PRINT, PrintSection)])
def test_each_plain_rule_is_the_schemas_own(table, model):
    """Every rule names a field of the schema and says what the schema says of it: the same choices,
    the same bounds, the same type (a change to the schema fails here until the rule follows it)."""
    for name, rule in table.items():
        field = model.model_fields[name]
        ann = field.annotation
        kind = rule[0]
        args = [a for a in typing.get_args(ann) if a is not type(None)] if typing.get_origin(ann) in (typing.Union, types.UnionType) else [ann]
        if kind == "one of":
            assert typing.get_origin(ann) is typing.Literal and set(typing.get_args(ann)) == set(rule[1:]), name
        elif kind in ("int", "float"):
            assert args == [{"int": int, "float": float}[kind]] and _bounds(field) == (rule[1], rule[2]), name
        elif kind == "text":
            assert args == [str], name
        else:
            assert kind == "table" and (typing.get_origin(args[0]) is dict or issubclass(args[0], PrintSection)), name


VALUES = ["x", "", "es", "all", "a4", "letter", "rgb", "low", "duplex-long", 0, 1, -1, 64, 65, 72, 1200, 1201, 2**63 - 1, 2**63,
          0.0, 10.0, 10.5, -0.5, 3, math.nan, math.inf, True, False, None, [], [1.0], {}, {"a": 1}, {1: 2}]


@pytest.mark.parametrize("name", list(PLAIN_TOP) + ["cards", "unknown"])
def test_a_plain_top_level_value_is_one_the_schema_accepts(name):
    for value in VALUES:
        for raw in ({"game": "multiplicats", name: value}, {name: value}):
            if plain_shape(raw):
                assert _schema_accepts(raw), (name, value)


@pytest.mark.parametrize("name", list(PLAIN_PRINT) + ["back_image", "for", "for_", "back_offset", "unknown"])
def test_a_plain_print_value_is_one_the_schema_accepts(name):
    for value in VALUES + ["tgc", "cmyk", "separate", "none", "normal", "bridge", "sheets,png"]:
        raw = {"game": "multiplicats", "print": {name: value}}
        if plain_shape(raw):
            assert _schema_accepts(raw), (name, value)


def test_what_the_shortcut_leaves_to_the_schema():
    assert not plain_shape({"game": "mgc", "cards": [{"kind": "x"}]})  # cards: each kind's own schema
    assert not plain_shape({"game": "mgc", "print": {"back_image": "b.png"}})  # an image to look at
    assert not plain_shape({"game": "mgc", "print": {"bleed": math.nan}})
    assert not plain_shape({"game": "mgc", "seed": True})  # a bool is no number to the strict schema
    assert not plain_shape({"game": 3})
    assert not plain_shape({"gmae": "mgc"})
    assert not plain_shape({"seed": 3})  # the game is required


@pytest.mark.parametrize("path", DEFAULTS, ids=lambda p: p.stem)
def test_every_default_deck_takes_the_shortcut(path):
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert plain_shape(raw) and _schema_accepts(raw)
