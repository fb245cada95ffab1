"""The command line's plain values without pydantic.

Typer (0.22 and later) turns every option's text into its Python value with a pydantic validator that
it builds on first use, for each option of the command, even for an option left out (``None``). That
loads pydantic's whole schema machinery (about 50 ms, a tenth of a build) for values that need none
of it. :func:`lighten` gives each option of a command a coercion that returns the very values typer's
validator would, for the plain cases: an option left out, a text, a path, a whole number written in
digits, a value the option's own parser reads. Any other value (one the parser refuses, a list...)
goes to typer's own validator, built then, so every message and every edge case stays typer's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

_DIGITS = re.compile(r"-?[0-9]{1,18}")  # a whole number pydantic reads as int() does (no sign +, space, _ or .0)


def lighten(command: Any) -> None:
    """Give each parameter of ``command`` (a typer command) the plain coercion, unless it already has
    one. Does nothing with a typer that works otherwise (its own coercion then runs, only slower)."""
    light = _light_class()
    if light is None:
        return
    for param in getattr(command, "params", ()):
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", False) is None:
            param._runtime_param = light(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor)


def plain_value(annotation: Any, info: Any, value: Any) -> tuple[bool, Any]:
    """(True, the value typer's validator gives) for a plain value of a plain option, else (False, None).
    ``info``: the option's typer ParameterInfo. An option with its own parser (deckgen.numerals) gets
    what the parser returns, which is all typer's validator does with it; a value the parser refuses
    goes to typer, which calls the parser again and reports its error as ever."""
    if not isinstance(value, str):
        return False, None
    if info.parser is not None:
        try:
            return True, info.parser(value)
        except Exception:  # noqa: BLE001 - typer words the error (it runs the same parser again)
            return False, None
    if annotation is str:
        return True, value
    if annotation is int and info.min is None and info.max is None and not info.clamp and _DIGITS.fullmatch(value):
        return True, int(value)
    if annotation is Path and info.path_type is None:
        return True, Path(value)  # what pydantic makes of any text; typer's checks (exists...) run after
    return False, None


@lru_cache(maxsize=1)
def _light_class() -> Any:
    """The plain coercion as a typer RuntimeParam (None with a typer that has none)."""
    try:  # typer >= 0.22: coercion in typer._coercion
        from dataclasses import dataclass

        from typer._coercion import RuntimeParam, build_runtime_param
        from typer._param_types import coerce_cli_path
    except ImportError:  # pragma: no cover - another typer: leave its coercion alone
        return None

    @dataclass(frozen=True)
    class LightParam(RuntimeParam):
        descriptor: Any = None

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.descriptor.file_annotation is None:
                plain, result = plain_value(self.annotation, self.parameter_info, value)
                if plain:
                    if isinstance(result, Path):
                        return coerce_cli_path(result, self.parameter_info, path_type=Path, param=param, ctx=ctx)
                    return result
            full = build_runtime_param(self.descriptor)  # typer's own validator, built now
            param._runtime_param = full
            return full._coerce_value(value, param=param, ctx=ctx)

    return LightParam
