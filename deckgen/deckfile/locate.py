"""Line numbers for keys of a TOML deck file (tomllib gives values, not positions).

Deck files are simple TOML: top-level keys, ``[options]`` and ``[print]`` tables, ``[[cards]]``
array tables (or a ``cards = [...]`` array). This scanner records, for each key path, the line where it
is written: ``("options", "tables")`` -> 7, ``("cards", 2, "value")`` -> 23. Paths it cannot place
fall back to the line of their nearest written parent.
"""

from __future__ import annotations

import re
from typing import Hashable

Path = tuple[Hashable, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_\-\". ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+(?:\s*\.\s*[A-Za-z0-9_\-]+)*)\s*=")


def _key_parts(raw: str) -> list[str]:
    return [p.strip().strip("\"'") for p in raw.split(".")]


def key_lines(text: str) -> dict[Path, int]:
    lines: dict[Path, int] = {}
    table: Path = ()
    arrays: dict[Path, int] = {}
    in_string = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
            in_string = not in_string
            if not in_string:
                continue
        if in_string:
            continue
        header = _HEADER.match(line)
        if header:
            path = tuple(_key_parts(header.group(2)))
            if header.group(1) == "[[":
                index = arrays.get(path, -1) + 1
                arrays[path] = index
                table = path + (index,)
                lines.setdefault(path, number)
            else:
                table = path
            lines.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            path = table + tuple(_key_parts(key.group(1)))
            lines.setdefault(path, number)
    return lines


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest parent that is written in the file."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None
