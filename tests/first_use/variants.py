"""A non-default value for every option of a game, found from the option itself (no game named)."""

from __future__ import annotations

from typing import Any

from deckgen.errors import OptionError
from deckgen.options import Option, compact_ranges


def other_values(opt: Option) -> list[Any]:
    """Raw values (as a user would write them) that parse to something other than the default."""
    d = opt.default
    if opt.flag or isinstance(d, bool):
        candidates: list[Any] = [not d]
    elif isinstance(d, int):
        candidates = [d - 2, d + 2, d // 2, d - 1, d + 1, 0, 1]
    elif isinstance(d, float):
        candidates = [round(d * 0.5, 3), round(d + 0.05, 3), 0.0]
    elif isinstance(d, list) and d and all(isinstance(x, (int, float)) for x in d):
        def text(xs):
            return compact_ranges(xs) if all(isinstance(x, int) for x in xs) else ",".join(map(str, xs))

        candidates = [
            text(d[: max(1, len(d) // 3)]),  # a small deck: a third of the values
            text(d[:-1]),
            text(d[1:]),
            text([x * 0.8 for x in d]),
            text(d[:1]),  # the smallest deck
        ]
    elif isinstance(d, list):
        candidates = [",".join(map(str, d[:-1])), "prime,factors"]
    else:
        candidates = list(opt.choices)  # a choice's values, as the option declares them
    out = []
    for raw in candidates:
        try:
            value = opt.parse(raw)
        except OptionError:
            continue
        if value != d and raw not in out:
            out.append(raw)
    return out
