"""A card's numbers as a deck file may write them: ``value = 7``, or as text, ``value = "7"``, as every
number of a deck file may be written (README, "Numbers"). Text is read by deckgen.numerals, the one
reader of every face's numbers, so other scripts' digits (``"７"``) and underscores are refused with its
message, the same on the command line and the web page's upload (both read a file through
deckgen.deckfile.load).

Which fields hold numbers is read from each card kind's schema (the game's pydantic model: a field
annotated ``int``, ``float``, ``int | None``, ``list[int]``, ``list[list[int]]``...), so the rule holds
for every game's cards, and for a game added later, without a word in the game. ``copies``, which
every card may give, is a whole number too."""

from __future__ import annotations

import types
import typing
from typing import Any, Callable, Mapping

from deckgen.numerals import decimal_number, whole_number

Path = tuple  # where a value sits under its card: ("value",), ("multiplications", 0, 1)
Reader = Callable[[Any, Path, list], Any]


def _reader(annotation: Any) -> Reader | None:
    """How to read a value of ``annotation`` written as text, or None when it holds no number."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _reader(args[0])
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        return _reader(kinds[0]) if len(kinds) == 1 else None  # int | str: text may be meant as text
    if origin is list and args:
        item = _reader(args[0])
        return None if item is None else _each(item)
    if annotation is int:
        return _scalar(whole_number)
    if annotation is float:
        return _scalar(decimal_number)
    return None


def _scalar(parse: Callable[[Any], Any]) -> Reader:
    def read(value: Any, path: Path, problems: list) -> Any:
        if not isinstance(value, str):
            return value  # a number already, or a value of another type the schema words
        try:
            return parse(value)
        except ValueError as exc:
            problems.append((path, exc.args[0]))
            return value

    return read


def _each(item: Reader) -> Reader:
    def read(value: Any, path: Path, problems: list) -> Any:
        if not isinstance(value, list):
            return value
        return [item(v, path + (i,), problems) for i, v in enumerate(value)]

    return read


def _fields(model: Any) -> dict[str, Reader]:
    """The number fields of a card kind's model, by the key a deck file writes, with their readers."""
    out = {}
    for name, field in getattr(model, "model_fields", {}).items():
        reader = _reader(field.annotation)
        if reader is not None:
            out[field.alias or name] = reader
    return out


COPIES = _scalar(whole_number)


def read_numbers(model: Any, face: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[Path, Any]]]:
    """``face`` (a card's table, ``copies`` included) with every number written as text read as a
    number; and the problems (where, the message) of the texts that are not numbers. Values of other
    types are left for the schema to judge."""
    problems: list[tuple[Path, Any]] = []
    readers = _fields(model)
    out = dict(face)
    for key, value in face.items():
        reader = COPIES if key == "copies" else readers.get(key)
        if reader is not None:
            out[key] = reader(value, (key,), problems)
    return out, problems
