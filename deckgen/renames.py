"""Renames and removals that also work on Windows.

On Windows a file or folder cannot be renamed or removed while another program holds a file in it
open (a PDF viewer showing cards.pdf, an image viewer, a terminal whose current folder is inside,
and often for a moment an antivirus scanner or the search indexer that opened a file just written),
and a read-only file cannot be removed or replaced. Renames there fail with ``PermissionError``
(access denied, or "in use by another process"). So:

- :func:`rename` tries again for up to :data:`WAIT` seconds on Windows (the brief holds of a
  scanner or the indexer pass); if the target is still held it raises :class:`InUse`, and the
  caller leaves everything as it was. Elsewhere a refused rename is final and raises at once.
- :func:`replace_file` does the same for a file replacing another and, as ``os.replace`` refuses
  a read-only target on Windows, clears the target's read-only flag first (only on Windows).
- :func:`remove_tree` removes a folder deckgen wrote, clearing the read-only flag of any file that
  refuses to go (Windows refuses to delete read-only files; POSIX does not care).
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import time
from pathlib import Path
from typing import Any, Callable

WAIT = 3.0  # seconds a refused rename is tried again on Windows
POLL = 0.1


class InUse(PermissionError):
    """Windows kept refusing the rename: a file in it is open in another program."""


def windows() -> bool:
    return os.name == "nt"


def _retrying(op: Callable[[], Any], wait: float | None) -> Any:
    deadline = time.monotonic() + (WAIT if wait is None else wait)
    while True:
        try:
            return op()
        except PermissionError as exc:
            if not windows():
                raise
            if time.monotonic() >= deadline:
                raise InUse(exc.errno, exc.strerror, exc.filename, getattr(exc, "winerror", None), exc.filename2) from None
            time.sleep(POLL)


def rename(src: Path | str, dst: Path | str, *, wait: float | None = None) -> None:
    """``os.rename``, tried again on Windows while a held file refuses it (see the module)."""
    _retrying(lambda: os.rename(src, dst), wait)


def replace_file(src: Path | str, dst: Path | str, *, wait: float | None = None) -> None:
    """``os.replace`` of a file, tried again on Windows while the target is held; a read-only target
    (which Windows refuses to replace) loses its read-only flag first."""

    def op() -> None:
        try:
            os.replace(src, dst)
        except PermissionError:
            if windows() and _clear_readonly(dst):
                os.replace(src, dst)
                return
            raise

    _retrying(op, wait)


def _clear_readonly(path: Path | str) -> bool:
    """Give ``path`` its owner's write permission back when it lacks it; True when it did."""
    try:
        mode = os.lstat(path).st_mode
        if mode & stat.S_IWRITE or stat.S_ISLNK(mode):
            return False
        os.chmod(path, stat.S_IMODE(mode) | stat.S_IWRITE)
    except OSError:
        return False
    return True


def remove_tree(path: Path | str) -> bool:
    """Remove a folder (its read-only files too) as far as possible; True when it is gone."""

    def again(func: Callable, name: str, _exc: Any) -> None:
        # the entry itself, or the folder holding it (a read-only folder of one's own lets nothing go)
        if _clear_readonly(name) | _clear_readonly(os.path.dirname(name)):
            try:
                func(name)
            except OSError:
                pass

    if sys.version_info >= (3, 12):
        shutil.rmtree(path, onexc=again)
    else:  # Python 3.11
        shutil.rmtree(path, onerror=again)
    return not os.path.lexists(path)
