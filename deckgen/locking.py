"""A lock file that works on every system: ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows, chosen when a lock is taken (neither module is imported at module level, so deckgen imports
on any system). Where neither exists the lock is the file itself, made with ``O_EXCL``.

The lock file is removed by its last holder. On POSIX it is unlinked while still locked, and a waiter
that then locks the unlinked file sees that the path now names another file (or none) and tries again,
so two holders can never each lock a different file. On Windows a file that another process holds
open cannot be removed: the holder unlocks and closes it first and then removes it only if nobody
else has it open (otherwise it stays, empty, and the next holder takes it as it is).
"""

from __future__ import annotations

import errno
import os
import time
from contextlib import contextmanager
from typing import Callable, Iterator

BUSY = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK)
POLL = 0.05  # seconds between two tries


class LockBusy(Exception):
    """Another process holds the lock and did not let go within the wait."""


def backend() -> str:
    """``"fcntl"``, ``"msvcrt"`` or ``"exclusive"`` (a file created with O_EXCL): the first this
    Python offers, looked up at each call (a test may block a module)."""
    for name in ("fcntl", "msvcrt"):
        try:
            __import__(name)
        except ImportError:
            continue
        return name
    return "exclusive"


def _try_fcntl(fd: int) -> bool:
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in BUSY:
            return False
        raise
    return True


def _unlock_fcntl(fd: int) -> None:
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def _try_msvcrt(fd: int) -> bool:
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the first byte (a lock may cover bytes past the end)
    except OSError as exc:
        if exc.errno in BUSY:
            return False
        raise
    return True


def _unlock_msvcrt(fd: int) -> None:
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _same_file(path: str, fd: int) -> bool:
    try:
        mine, now = os.fstat(fd), os.stat(path)
    except FileNotFoundError:
        return False
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


@contextmanager
def hold(path: str | os.PathLike, wait: float, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold the lock file ``path`` for the block, waiting up to ``wait`` seconds for another holder
    (then raising ``busy()``); the file is removed when released. OSError when it cannot be made."""
    path = os.fspath(path)
    kind = backend()
    deadline = time.monotonic() + wait
    if kind == "exclusive":
        with _exclusive(path, deadline, busy):
            yield
        return
    try_lock, unlock = (_try_fcntl, _unlock_fcntl) if kind == "fcntl" else (_try_msvcrt, _unlock_msvcrt)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            locked = try_lock(fd)
        except BaseException:
            os.close(fd)
            raise
        if locked and _same_file(path, fd):  # the holder before us may have removed it: then it guards nothing
            break
        if locked:
            unlock(fd)
        os.close(fd)
        if not locked and time.monotonic() >= deadline:
            raise busy()
        if not locked:
            time.sleep(POLL)
    try:
        yield
    finally:
        if kind == "fcntl":  # POSIX: remove it while it is ours, then let go
            _quietly(os.unlink, path)
            os.close(fd)
        else:  # Windows: an open file cannot be removed; let go first, remove it if nobody has it open
            _quietly(unlock, fd)
            os.close(fd)
            _quietly(os.unlink, path)


@contextmanager
def _exclusive(path: str, deadline: float, busy: Callable[[], Exception]) -> Iterator[None]:
    """The lock is the file's existence (systems without fcntl or msvcrt). A process killed while it
    holds the lock leaves the file; the message of ``busy`` names it."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            break
        except FileExistsError:
            if time.monotonic() >= deadline:
                raise busy() from None
            time.sleep(POLL)
    os.close(fd)
    try:
        yield
    finally:
        _quietly(os.unlink, path)


def _quietly(fn: Callable, arg: object) -> None:
    try:
        fn(arg)
    except OSError:
        pass
