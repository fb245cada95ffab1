"""Publishing an output folder whole: the folder holds the old build or the new one, never a mix.

A build writes into a hidden staging folder beside the output folder (``.NAME.staging-…``). When every
file is written it is synced and swapped into place: on Linux in one atomic step (``renameat2`` with
``RENAME_EXCHANGE``); elsewhere by renaming the old folder aside (``.NAME.old-…``) and the new one in,
two steps that the next build repairs if a kill falls between them. A lock file beside the folder
(``.NAME.lock``, :mod:`deckgen.locking`: ``flock``, or ``msvcrt.locking`` on Windows) keeps two builds
from writing the same folder at once; the second waits a little and then refuses. Every build starts
by repairing and removing what a killed build left.

On Windows a folder holding a file that another program has open (cards.pdf in a PDF viewer) cannot
be renamed: the rename is tried again for a few seconds (:mod:`deckgen.renames`), and if the file is
still held the build stops with one message, the old folder untouched and the new one discarded.
Read-only files in an old folder are removed all the same.

An output folder belongs to deckgen: a folder that holds files deckgen did not write is refused
rather than replaced (:data:`MARKER` marks the folders deckgen writes).
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import secrets
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from deckgen.errors import DeckgenError
from deckgen.filenames import long_path
from deckgen.locking import hold
from deckgen.renames import InUse, remove_tree, rename

MARKER = ".deckgen"
MARKER_TEXT = "This folder was written by deckgen; the next build into it replaces it whole.\n"
LOCK_WAIT = 10.0  # seconds a second build waits for the first before refusing
ROOM = 80  # characters a build adds to its folder's path: ".staging-PID-XXXXXXXX" and "tts/sheet-10-69-cards.png"
# files an earlier deckgen wrote before folders carried the marker: such a folder may be replaced too
_OLD_OUTPUT = re.compile(
    r"(cards|deck|rulebook-\w+|preview-\d+|report|game-length|seat-advantage|skill|challenges|answer-key|puzzle)"
    r"\.(pdf|json|png|txt)|\..+\.(staged|tmp)"
)


def _error(what: str, exc: OSError) -> DeckgenError:
    return DeckgenError(f"{what}: {exc.strerror or exc}")


def _siblings(out: Path, kind: str) -> list[Path]:
    prefix = f".{out.name}.{kind}-"
    try:
        return sorted(p for p in out.parent.iterdir() if p.name.startswith(prefix))
    except OSError:
        return []


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        remove_tree(path)
    else:
        try:
            path.unlink()
        except OSError:
            pass


# ---------------------------------------------------------------- the lock


@contextmanager
def locked(out: Path, wait: float | None = None) -> Iterator[None]:
    """Hold ``.NAME.lock`` beside ``out`` (waiting up to ``wait`` seconds, default :data:`LOCK_WAIT`);
    the file goes when released."""
    lock = out.parent / f".{out.name}.lock"

    def busy() -> DeckgenError:
        return DeckgenError(
            f"another deckgen is writing {out} right now; wait until it has finished, or choose another --out"
        )

    try:
        with hold(lock, LOCK_WAIT if wait is None else wait, busy):
            yield
    except OSError as exc:
        raise _error(f"cannot lock {out}", exc) from None


# ---------------------------------------------------------------- the swap


def _renameat2() -> Callable[[bytes, bytes, int], int] | None:
    if not sys.platform.startswith("linux"):  # renameat2 is Linux's (ctypes.CDLL(None) fails on Windows)
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError, TypeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return lambda a, b, flags: fn(-100, a, -100, b, flags)  # AT_FDCWD


_RENAME_EXCHANGE = 2


def exchange(a: Path, b: Path) -> bool:
    """Swap two directories in one atomic step; False when the system cannot (then nothing changed)."""
    fn = _renameat2()
    if fn is None:
        return False
    if fn(os.fsencode(a), os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _fsync(path: Path, directory: bool = False) -> None:
    if directory and not hasattr(os, "O_DIRECTORY"):  # Windows: a folder cannot be opened to sync it
        return
    try:
        fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sync_tree(folder: Path) -> None:
    for root, _dirs, files in os.walk(folder):
        for name in files:
            _fsync(Path(root) / name)
        _fsync(Path(root), directory=True)


def swap_in(staging: Path, out: Path) -> None:
    """Put ``staging`` in ``out``'s place. After it returns ``out`` is the new folder; if it raises,
    ``out`` is the old one (or, after a kill between the fallback's two renames, the next build's
    :func:`recover` puts the old one back)."""
    if not out.exists():
        rename(staging, out)
        return
    if exchange(staging, out):
        _remove(staging)  # now the old folder
        return
    old = out.parent / f".{out.name}.old-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        rename(out, old)  # Windows: refused while a file in it is open, tried again for a few seconds
    except InUse:
        raise DeckgenError(
            f"cannot replace {out}: a file in it is open in another program (a PDF or image viewer?), or a "
            "window or terminal is inside it; close it and build again (the folder still holds the previous build)"
        ) from None
    try:
        rename(staging, out)
    except BaseException:
        rename(old, out)
        raise
    _remove(old)


def recover(out: Path) -> None:
    """Repair and remove what killed builds left beside ``out``: an old folder set aside whose new
    one never came in goes back; staging and old folders go."""
    olds = _siblings(out, "old")
    if olds and not out.exists():
        rename(olds[-1], out)
        olds = olds[:-1]
    for path in olds + _siblings(out, "staging"):
        _remove(path)


# ---------------------------------------------------------------- the whole


def check_replaceable(out: Path) -> None:
    """Refuse an output path deckgen must not replace: a file, the current folder or one above it,
    or a folder holding files deckgen did not write."""
    try:
        if out.resolve() in (Path.cwd().resolve(), *Path.cwd().resolve().parents):
            raise DeckgenError(f"the output folder {str(out) or '.'!r} is the current folder or holds it; name a folder of its own (--out DIR)")
        if out.is_symlink() or out.exists() and not out.is_dir():
            raise DeckgenError(f"the output path {out} is not a folder")
        if not out.exists():
            return
        entries = list(out.iterdir())
    except OSError as exc:
        raise _error(f"cannot use the output folder {out}", exc) from None
    if any(e.name == MARKER for e in entries):
        return
    foreign = [e.name for e in entries if not (_OLD_OUTPUT.fullmatch(e.name) and e.is_file() and not e.is_symlink())]
    if foreign:
        raise DeckgenError(
            f"the output folder {out} holds {foreign[0]!r}, which deckgen did not write; a build replaces its "
            "folder whole, so choose a new or empty folder (--out DIR)"
        )


def _carry(old: Path, staging: Path, keep: Callable[[str], bool]) -> None:
    """Hard-link (or copy) into ``staging`` the old folder's files it does not have and ``keep`` wants."""
    if not old.is_dir():
        return
    for entry in old.iterdir():
        target = staging / entry.name
        if entry.name == MARKER or target.exists() or not keep(entry.name) or not entry.is_file() or entry.is_symlink():
            continue
        try:
            os.link(entry, target)
        except OSError:
            shutil.copy2(entry, target)


@contextmanager
def publishing(out: Path, *, keep: Callable[[str], bool] | None = None, wait: float | None = None) -> Iterator[Path]:
    """Yield an empty staging folder; when the block ends without error it replaces ``out`` whole.

    ``keep(name)`` says which files of the old folder the new one carries over when the block did not
    write them (``rules`` keeps the cards, ``preview`` the build); by default none. On any error,
    interruption or signal the staging folder is removed and ``out`` is left as it was."""
    out = Path(out)
    if not out.name or out.name in (".", ".."):
        out = out.resolve()
    check_replaceable(out)
    out = long_path(out, ROOM)  # Windows: the long-path prefix where the build's paths would pass 260 characters
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error(f"cannot create the output folder {out}", exc) from None
    if not os.access(out.parent, os.W_OK | os.X_OK):
        raise DeckgenError(f"the folder {out.parent} is not writable")
    with locked(out, wait):
        try:
            recover(out)
            check_replaceable(out)
            staging = out.parent / f".{out.name}.staging-{os.getpid()}-{secrets.token_hex(4)}"
            staging.mkdir()
        except OSError as exc:
            raise _error(f"cannot write in {out.parent}", exc) from None
        try:
            (staging / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
            yield staging
            if keep is not None:
                _carry(out, staging, keep)
            _sync_tree(staging)
            swap_in(staging, out)
            _fsync(out.parent, directory=True)
        except OSError as exc:
            raise _error(f"cannot write {out}", exc) from None
        finally:
            if staging.exists():
                _remove(staging)
