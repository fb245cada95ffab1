"""Worker processes, whatever they compute (games, card images): how many a process may start, how
they are started, and the set-up every pool gives them.

Every pool works under each of Python's start methods: its tasks and initializer arguments are
picklable, its functions importable by name, and :func:`worker_init` sets up in a worker what a
forked one would have inherited (the games registered, the modules its tasks use, its signals), so
nothing relies on globals copied by ``fork``. Windows has only ``spawn``, macOS starts with
``spawn``; on Linux pools keep ``fork`` (no start-up imports) and web jobs use ``forkserver`` (a
server with threads is never forked). ``DECKGEN_START_METHOD`` (fork, spawn or forkserver) overrides
both: the test suite runs its pool and web-job tests a second time under ``spawn`` with it.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import threading
import time
from typing import Any, Sequence

START_METHOD = "DECKGEN_START_METHOD"
WINDOWS_MAX_WORKERS = 61  # ProcessPoolExecutor's limit on Windows (WaitForMultipleObjects' 64 handles)
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


def start_method(default: str | None = None) -> str | None:
    """The start method of deckgen's worker processes: ``DECKGEN_START_METHOD`` when set, else
    ``default`` (``None``: Python's own default for this system)."""
    import multiprocessing

    from deckgen.errors import DeckgenError

    name = os.environ.get(START_METHOD, "").strip().lower()
    if not name:
        return default
    offered = multiprocessing.get_all_start_methods()
    if name not in offered:
        from deckgen.i18n import _

        raise DeckgenError(_("{variable}={value!r}: this system starts processes with {methods}", variable=START_METHOD, value=name,
                             methods=", ".join(offered)))
    return name


def pool_method() -> str | None:
    """Pools: ``fork`` on Linux (workers start at once), Python's default elsewhere (``spawn`` on
    Windows and macOS)."""
    return start_method("fork" if sys.platform.startswith("linux") else None)


def job_method() -> str:
    """Web jobs: ``forkserver`` where the system has it (the server runs threads, which must not be
    forked), else ``spawn`` (Windows)."""
    import multiprocessing

    return start_method("forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn") or "spawn"


def context(method: str | None = None) -> Any:
    """A multiprocessing context for pools (``method`` None: :func:`pool_method`)."""
    import multiprocessing

    return multiprocessing.get_context(method or pool_method())


def worker_init(preload: Sequence[str] = ()) -> None:
    """Every pool's initializer: the signals of :func:`worker_signals`, then what a forked worker
    would have found loaded: the games registered and the modules named in ``preload`` (the ones its
    tasks run), so a spawned worker's first task is not slower than the others."""
    worker_signals()
    from deckgen.registry import games

    games()
    for name in preload:
        importlib.import_module(name)


def process_pool(workers: int, preload: Sequence[str] = ()) -> Any:
    """A ``ProcessPoolExecutor`` of ``workers`` processes started by :func:`pool_method`, each set up by
    :func:`worker_init`."""
    from concurrent.futures import ProcessPoolExecutor

    if os.name == "nt":
        workers = min(workers, WINDOWS_MAX_WORKERS)
    return ProcessPoolExecutor(max_workers=workers, mp_context=context(), initializer=worker_init, initargs=(tuple(preload),))
