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
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

START_METHOD = "DECKGEN_START_METHOD"
WINDOWS_MAX_WORKERS = 61  # ProcessPoolExecutor's limit on Windows (WaitForMultipleObjects' 64 handles)
PARENT_POLL = 0.2  # seconds between a worker's checks that the process that started it is still there


def worker_signals(command: int | None = None) -> None:
    """A pool's initializer: workers leave Ctrl-C to the main process, which stops the pool and says
    so once, and a SIGTERM from the pool ends a worker at once. Without it a forked worker keeps the
    command's SIGTERM handler, which raises an exception: a worker stopped while it hands back a
    result takes that for a failed task, waits for the next one and is never joined. ``command``:
    the process of the command the pool works for (see :func:`watch_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        if hasattr(signal, "pthread_sigmask"):  # (a fork server's worker inherits the server's blocked SIGHUP)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGHUP})
    watch_parent(command=command)


def watch_parent(poll: float = PARENT_POLL, command: int | None = None) -> None:
    """End this worker as soon as the process that started it, or the command it works for, is gone
    (killed with SIGKILL, say, so it could not stop its pool): a thread polls the parent's process id,
    which changes to the adopting process's when the parent dies, and whether ``command`` still runs.
    Under ``forkserver`` a worker's parent is the fork server, which outlives a killed command as long
    as any worker lives (each holds the command's end of the server's pipe): only the command's own
    process id tells. Without it the workers of a killed command lived on, forever."""
    parent = os.getppid()
    if parent <= 1 or (command is not None and not alive(command)):  # already orphaned before we looked
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != parent or (command is not None and not alive(command)):
                os._exit(1)

    threading.Thread(target=watch, name="deckgen-parent-watch", daemon=True).start()


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, dead and not yet reaped, does not)."""
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end the process there
        return True  # (spawned workers' parent is the command itself: the parent's id tells)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process of that id: not ours, so ours is gone
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True  # no /proc (macOS): os.kill said it runs


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
    """A multiprocessing context for pools (``method`` None: :func:`pool_method`), its helper processes
    started (:func:`start_helpers`)."""
    import multiprocessing

    method = method or pool_method()
    found = multiprocessing.get_context(method)
    start_helpers(found.get_start_method())
    return found


def start_helpers(method: str) -> None:
    """Start the helper processes of ``spawn`` and ``forkserver`` pools (the resource tracker, the fork
    server) with SIGHUP blocked, a mask they keep: a closed terminal's SIGHUP to the process group then
    stops the command, which stops its pool, and never kills these two behind its back (the tracker's
    death printed "resource_tracker: process died unexpectedly" and tracebacks under the error line).
    They end by themselves once the command and its workers are gone. Workers unblock it again
    (:func:`worker_signals`)."""
    if method == "fork" or not hasattr(signal, "SIGHUP") or not hasattr(signal, "pthread_sigmask"):
        return
    from multiprocessing import forkserver, resource_tracker

    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        resource_tracker.ensure_running()
        if method == "forkserver":
            forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def worker_init(preload: Sequence[str] = (), command: int | None = None) -> None:
    """Every pool's initializer: the signals of :func:`worker_signals` (``command``: the process id of
    the command the pool works for), then what a forked worker would have found loaded: the games
    registered and the modules named in ``preload`` (the ones its tasks run), so a spawned worker's
    first task is not slower than the others."""
    worker_signals(command)
    from deckgen.registry import games

    games()
    for name in preload:
        importlib.import_module(name)


def process_pool(workers: int, preload: Sequence[str] = ()) -> Any:
    """A ``ProcessPoolExecutor`` of ``workers`` processes started by :func:`pool_method`, each set up by
    :func:`worker_init`. Left by an exception (Ctrl-C, a signal, a failure), its ``with`` block stops
    the workers at once (:func:`stop_pool`) instead of waiting for their running tasks."""
    from concurrent.futures import ProcessPoolExecutor

    class Executor(ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            with stop_signals_wait():  # a submit may start a worker
                return super().submit(*args, **kwargs)

        def __exit__(self, kind: Any, *rest: Any) -> Any:
            if kind is not None:
                stop_pool(self)
                return False
            return super().__exit__(kind, *rest)

    if os.name == "nt":
        workers = min(workers, WINDOWS_MAX_WORKERS)
    return Executor(max_workers=workers, mp_context=context(), initializer=worker_init, initargs=(tuple(preload), os.getpid()))


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def stop_signals_wait() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait (blocked in this thread, then delivered) while a pool starts a
    worker: stopped half-way, the start of a worker under ``forkserver`` left the fork server an end of
    file where it reads the new worker's file descriptors, and it printed a traceback under the
    command's one-line error. Elsewhere (no signal masks: Windows) nothing waits."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def stop_pool(pool: Any) -> None:
    """Stop a process pool now (Ctrl-C, SIGTERM, a broken invariant), not after its queued tasks."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(5)
    # Wait for the pool's manager thread to see its workers gone and close its wake-up pipe: the
    # interpreter's exit otherwise races it to that pipe and prints "OSError: Bad file descriptor"
    # after our one-line "error: interrupted" (Python 3.11's concurrent.futures).
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None and manager.is_alive():
        manager.join(5)
