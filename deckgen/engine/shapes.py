"""JSON read back from a cache, checked against the dataclass it stands for: every field of the type
its annotation names (``int``, ``float | None``, ``tuple[int, ...]``, ``list[list[float]]``, another
dataclass...), no field missing that has no default, no field the class lacks, every number finite.
A cache entry that does not conform is not one (deckgen/engine/cache.py ignores it and writes it
again); the figures' own sense (players >= 1, ended <= games...) is each reader's to check."""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from functools import lru_cache
from typing import Any

MOST_DEPTH = 8  # nested types a cache's dataclasses use (list of lists of a dataclass...), with room


def conforms(value: Any, annotation: Any, depth: int = 0) -> bool:
    """``value`` (parsed JSON) has the shape ``annotation`` describes."""
    if depth > MOST_DEPTH:
        return False
    if annotation is Any:
        return True
    if dataclasses.is_dataclass(annotation):
        return _record(value, annotation, depth)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a, depth + 1) for a in args)
    if annotation is type(None):
        return value is None
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if annotation is str:
        return isinstance(value, str)
    if origin in (list, tuple) or annotation in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(conforms(v, a, depth + 1) for v, a in zip(value, args))
        item = args[0] if args else Any
        return all(conforms(v, item, depth + 1) for v in value)
    if origin is dict or annotation is dict:
        if not isinstance(value, dict):
            return False
        key, item = args if args else (Any, Any)
        return all(conforms(k, key, depth + 1) and conforms(v, item, depth + 1) for k, v in value.items())
    return False  # a type no cache writes


def _record(value: Any, cls: type, depth: int) -> bool:
    if not isinstance(value, dict):
        return False
    fields, required = _fields(cls)
    return set(value) <= set(fields) and required <= set(value) and all(conforms(v, fields[k], depth + 1) for k, v in value.items())


@lru_cache(maxsize=None)
def _fields(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    required = frozenset(f.name for f in dataclasses.fields(cls)
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)  # type: ignore[misc]
    return fields, required
