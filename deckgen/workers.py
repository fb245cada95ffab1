"""Worker processes, whatever they compute (games, card images): how many a process may start, and
the set-up every pool gives them."""

from __future__ import annotations

import os
import signal
import threading
import time

PARENT_POLL = 0.2  # seconds between a worker's checks that the process that started it is still there


def worker_signals() -> None:
    """A pool's initializer: workers leave Ctrl-C to the main process, which stops the pool and says
    so once, and a SIGTERM from the pool ends a worker at once. Without it a forked worker keeps the
    command's SIGTERM handler, which raises an exception: a worker stopped while it hands back a
    result takes that for a failed task, waits for the next one and is never joined."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    watch_parent()


def watch_parent(poll: float = PARENT_POLL) -> None:
    """End this worker as soon as the process that started it is gone (killed with SIGKILL, say, so
    it could not stop its pool): a thread polls the parent's process id, which changes to the
    adopting process's when the parent dies. Without it the workers of a killed command lived on
    under init, forever."""
    parent = os.getppid()
    if parent <= 1:  # already orphaned before we looked
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="deckgen-parent-watch", daemon=True).start()


def usable_cores() -> int:
    """The cores this process may run on, or 1 inside a daemonic process (a web job runs in one),
    which Python does not allow to start worker processes of its own."""
    import multiprocessing

    if multiprocessing.current_process().daemon:
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)
