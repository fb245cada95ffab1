"""File and folder names every system accepts, Windows included.

Windows refuses, in any folder: the device names ``CON``, ``PRN``, ``AUX``, ``NUL``, ``COM0``-``COM9``,
``LPT0``-``LPT9`` (and ``CONIN$``, ``CONOUT$``), in any case and with any extension (``con.pdf``,
``Nul.tar.gz``); a name ending in a dot or a space; the characters ``< > : " / \\ | ? *`` and the
control characters; and, unless a path carries the long-path prefix ``\\\\?\\``, a path of 260
characters or more (248 for a folder being made). :func:`safe_name` makes any text into a name that
avoids all of these (ASCII letters, digits, ``.``, ``_`` and ``-`` only, at most :data:`MAX_NAME`
characters, a short hash keeping two long names apart); :func:`long_path` gives a Windows path past
the limit its prefix.
"""

from __future__ import annotations

import hashlib
import ntpath
import os
import re
from pathlib import Path

MAX_NAME = 120  # characters in a name deckgen makes (Windows allows 255; the path must stay short)
MAX_PATH = 260  # Windows' limit on a whole path without the long-path prefix, its final NUL included
MAX_DIR = 248  # ... on a folder being made (room left for an 8.3 file name)
RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{dev}{n}" for dev in ("COM", "LPT") for n in "0123456789"]
    + [f"{dev}{n}" for dev in ("COM", "LPT") for n in "\u00b9\u00b2\u00b3"]
)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def reserved(name: str) -> bool:
    """True for a device name Windows reserves, with or without extensions (``nul.txt``, ``COM1 .a``)."""
    return name.split(".")[0].rstrip(" ").upper() in RESERVED


def safe_name(text: object, max_len: int = MAX_NAME) -> str:
    """``text`` as a file or folder name any system accepts: every run of other characters becomes
    ``-``; no leading or trailing ``-``, ``.`` or space; a reserved device name gets ``_`` after its
    stem (``con.png`` -> ``con_.png``); a name longer than ``max_len`` is cut and ends in 8 hex digits
    of a hash of the whole text, so names that differ stay different. Never empty."""
    raw = str(text)
    name = _UNSAFE.sub("-", raw).strip("-. ") or "x"
    if reserved(name):
        stem, dot, rest = name.partition(".")
        name = f"{stem}_{dot}{rest}"
    if len(name) > max_len:
        digest = hashlib.sha1(raw.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        name = name[: max(1, max_len - 9)].rstrip("-. ") + "-" + digest
    return name


def windows_long_path(full: str, room: int = 0) -> str:
    """An absolute Windows path (``C:\\...`` or ``\\\\server\\share\\...``) with the long-path prefix when
    it, with ``room`` more characters to come inside it, would pass :data:`MAX_DIR`; unchanged otherwise."""
    if full.startswith("\\\\?\\") or len(full) + room < MAX_DIR:
        return full
    full = ntpath.normpath(full)  # the prefix turns off Windows' own clean-up of / and ..
    if full.startswith("\\\\"):
        return "\\\\?\\UNC\\" + full[2:]
    return "\\\\?\\" + full


def long_path(path: Path, room: int = 0) -> Path:
    """``path`` as Windows must see it to write ``room`` more characters inside it (see
    :func:`windows_long_path`); unchanged on other systems, which have no such limit."""
    if os.name != "nt":
        return Path(path)
    return Path(windows_long_path(os.path.abspath(path), room))


def resolved(path: Path) -> Path:
    """``path.resolve()``, with a symbolic link that loops reported as the OSError it is (ELOOP, "Too
    many levels of symbolic links", naming the path), as Python 3.13 does; Python 3.11 and 3.12 raise
    a bare RuntimeError, which no error handler expects."""
    try:
        return Path(path).resolve()
    except RuntimeError:
        import errno

        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None


def not_a_folder(path: Path) -> Path | None:
    """The part of ``path`` (itself or a folder above it) that exists and is not a folder, so that no
    folder can be made there; None when there is none. A failed ``mkdir`` says only "File exists" or
    "Not a directory": this names what is in the way."""
    for part in [Path(path), *Path(path).parents]:
        if os.path.lexists(part):
            return None if part.is_dir() else part
    return None
