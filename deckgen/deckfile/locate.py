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

_HEADER_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-\". ")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+(?:\s*\.\s*[A-Za-z0-9_\-]+)*)\s*=")


def _key_parts(raw: str) -> list[str]:
    return [p.strip().strip("\"'") for p in raw.split(".")]


MAX_SCANNED = 400  # only this much of a line is scanned for a key: the patterns stay fast on any line


def key_lines(text: str) -> dict[Path, int]:
    lines: dict[Path, int] = {}
    table: Path = ()
    arrays: dict[Path, int] = {}
    in_string = False
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):  # TOML's line ends only, as tomllib counts them
        line = line[:MAX_SCANNED]
        if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
            in_string = not in_string
            if not in_string:
                continue
        if in_string:
            continue
        header = _header(line)
        if header:
            opening, name = header
            path = tuple(_key_parts(name))
            if opening == "[[":
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


def _header(line: str) -> tuple[str, str] | None:
    """("[" or "[[", the table name) when ``line`` is a table header, read without a regular
    expression (a pattern for it backtracks badly on long lines of spaces)."""
    text = line.strip()
    if not text.startswith("["):
        return None
    opening = "[[" if text.startswith("[[") else "["
    closing = "]]" if opening == "[[" else "]"
    body = text[len(opening):]
    end = body.find(closing)
    if end < 0:
        return None
    rest = body[end + len(closing):].strip()
    name = body[:end].strip()
    if rest and not rest.startswith("#") or not name or not set(name) <= _HEADER_CHARS:
        return None
    return opening, name


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest parent that is written in the file."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None
