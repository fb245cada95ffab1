"""Builds and checks as jobs: at most ``slots`` run at once, each in its own process and its own
temporary folder, each with a time limit; the rest wait in a bounded queue in the order they came.

A folder is removed when its ZIP has been downloaded, or ``keep`` seconds after the job was made
(an hour by default), whichever comes first. Folder names are made here, never from user text.
"""

from __future__ import annotations

import asyncio
import errno
import itertools
import os
import multiprocessing
import queue as queues
import secrets
import shutil
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import _, ngettext
from deckgen.request import DeckRequest

KINDS = ("build", "check")
FINAL = ("done", "failed")


CANCELLED = "cancelled"  # a job's error when it was cancelled (the page says it in words)
STOPPED = _("the server was stopped before the job ended")
ROOT_PREFIX = "deckgen-web-"  # the temporary folder of a server: its jobs, uploads and back images
MARKER = ".deckgen-server"  # in that folder: the process id of the server that made it
MAX_STAGES = 200  # stages remembered per job for its event stream (a check has one per player count and mode)


class Busy(DeckgenError):
    """The queue is full."""


class NoRoom(DeckgenError):
    """The disk the jobs write to has less free space than the server keeps in reserve."""


MIN_FREE = 512 * 1024 * 1024  # bytes of the jobs' disk a server never lets a new job start into
DISK_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))  # the disk (or the user's quota) is full


@dataclass
class Job:
    id: str
    kind: str
    request: DeckRequest
    folder: Path
    number: int  # order of arrival
    lang: str = "en"  # the page's language: the words of the check's charts
    created: float = field(default_factory=time.monotonic)
    state: str = "queued"  # queued | running | done | failed
    progress: tuple[str, int, int] | None = None  # label, done, total
    stages: list[tuple[str, int, int]] = field(default_factory=list)  # the first tick of each stage (label), in order
    result: dict[str, Any] | None = None
    error: Any = None  # a catalog message (or CANCELLED)
    removed: bool = False  # its folder is gone
    started: float | None = None
    finished: float | None = None
    client: str = ""  # the address that asked for it (bounds its share of the queue)
    plan: int = 1  # the stages the job expects (its worker says so first): one bar spans them all
    parts: dict[str, tuple[int, int]] = field(default_factory=dict)  # each stage's latest (done, total)
    best: float = 0.0  # the most the bar has shown
    cancelled: bool = False
    readers: int = 0  # answers sending one of its files now: its folder is removed only once they are over

    def _fractions(self) -> list[float]:
        """Each stage's share done. A stage's count only grows, and may stop before its total (a
        check's player count stops once its figures are settled, often at a fifth of its most games),
        so an unfinished stage is measured against what the finished ones took, not its most."""
        finished = [t for d, t in self.parts.values() if t and d >= t]
        typical = sum(finished) / len(finished) if finished else None
        out = []
        for d, t in self.parts.values():
            if not t:
                out.append(0.0)
            elif d >= t:
                out.append(1.0)
            else:
                expected = min(t, max(d + 1, typical)) if typical else t
                out.append(min(0.99, d / expected))
        return out

    def overall(self) -> float:
        """How far the whole job is, 0 to 1: each stage's share done (stages run side by side, and
        each one's count only grows), over every stage expected. It never goes back."""
        if self.state == "done":
            return 1.0
        if not self.parts:
            return self.best
        done = sum(self._fractions())
        self.best = max(self.best, min(0.999, done / max(self.plan, len(self.parts))))
        return self.best

    def left(self, now: float | None = None) -> float | None:
        """Seconds the job should still take, from the pace of its stages so far; None until a stage
        has finished (before that nothing says where the others will stop)."""
        if self.started is None or not any(t and d >= t for d, t in self.parts.values()):
            return None
        done = sum(self._fractions())
        stages = max(self.plan, len(self.parts))
        elapsed = (time.monotonic() if now is None else now) - self.started
        return max(0.0, elapsed * (stages - done) / done) if done > 0 else None

    @property
    def files(self) -> list[str]:
        return list((self.result or {}).get("files", []))

    def base(self) -> Path:
        from deckgen.web.work import DECK_DIR, REPORT_DIR

        return self.folder / (DECK_DIR if self.kind == "build" else REPORT_DIR)


class JobManager:
    def __init__(
        self,
        slots: int,
        *,
        time_limit: float = 600.0,
        keep: float = 3600.0,
        max_waiting: int = 50,
        root: Path | None = None,
        per_client: int = 25,
        kept_per_client: int = 10,
        min_free: int = MIN_FREE,
    ) -> None:
        if slots < 1:
            raise DeckgenError(_("--jobs must be at least 1, not {n}", n=slots))
        self.slots, self.time_limit, self.keep, self.max_waiting = slots, time_limit, keep, max_waiting
        self.per_client = per_client  # waiting jobs one client address may hold
        # finished jobs whose files one client address keeps on the server: its newest makes its oldest
        # go, never another client's (a loop of builds filled the disk for an hour)
        self.kept_per_client = kept_per_client
        # free space a new job may not start into: the jobs' files (a 1,200 dpi PNG export of a large
        # deck runs to gigabytes) never fill the disk the computer itself needs
        self.min_free = min_free
        self.removed_leftovers = remove_leftovers(root)  # what servers that died (kill -9, a power cut) left behind
        self.root = Path(tempfile.mkdtemp(prefix=ROOT_PREFIX, dir=root))
        mark(self.root)
        self._stopping = False
        self.jobs: dict[str, Job] = {}
        self._numbers = itertools.count(1)
        self._sem: asyncio.Semaphore | None = None
        self._pool = ThreadPoolExecutor(max_workers=slots, thread_name_prefix="deckgen-job")
        self._procs: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._sweeper: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        from deckgen.workers import job_method

        method = job_method()  # forkserver, or spawn on Windows (each job's process imports deckgen.web.work)
        self._ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            self._ctx.set_forkserver_preload(["deckgen.web.work"])

    # ------------------------------------------------------------ life
    async def start(self, sweep_every: float = 60.0) -> None:
        self._sem = asyncio.Semaphore(self.slots)
        self._sweeper = asyncio.create_task(self._sweep_loop(sweep_every))
        if self._ctx.get_start_method() == "forkserver":  # started now, not by the first job (a Ctrl-C then waited for it)
            await asyncio.to_thread(start_forkserver)

    async def stop(self, wait: float = 10.0) -> None:
        """End every job (a running one's process is killed at once, one just starting is killed as
        soon as it has started), then remove every folder. A job's thread never outlives this."""
        self._stopping = True
        if self._sweeper:
            self._sweeper.cancel()
        with self._lock:
            procs = list(self._procs.values())
        for p in procs:
            p.kill()
        for t in list(self._tasks):
            t.cancel()
        try:
            await asyncio.wait_for(asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True), wait)
        except asyncio.TimeoutError:  # pragma: no cover - a process that would not start in time: its thread kills it when it does
            pass
        shutil.rmtree(self.root, ignore_errors=True)

    # ------------------------------------------------------------ jobs
    def submit(self, kind: str, request: DeckRequest, client: str = "", lang: str = "en") -> Job:
        """Queue a job. One client (address) may hold at most ``per_client`` waiting places (half
        the queue by default), so it can never fill the queue against the others."""
        assert kind in KINDS and self._sem is not None
        waiting = self.waiting()
        if waiting >= self.max_waiting:
            raise Busy(ngettext("the server is busy: {n} job is waiting; try again in a few minutes",
                                "the server is busy: {n} jobs are waiting; try again in a few minutes", waiting))
        mine = sum(1 for j in self.jobs.values() if j.state == "queued" and j.client == client)
        if client and mine >= self.per_client:
            raise Busy(_("you already have {n} jobs waiting; wait for them to finish", n=mine))
        free = shutil.disk_usage(self.root).free
        if free < self.min_free:
            raise NoRoom(_("the server's disk is nearly full ({free:.1f} GB free; it keeps {reserve:.1f} GB free): no job starts "
                           "until there is room; try again later, or ask whoever runs the server", free=free / 1e9, reserve=self.min_free / 1e9))
        job_id = secrets.token_urlsafe(12)
        try:
            folder = Path(tempfile.mkdtemp(prefix="job-", dir=self.root))
        except OSError as exc:  # the disk filled past the reserve's check: 507 in words, not a fault of the page (500)
            if exc.errno in DISK_FULL:
                raise NoRoom(_("the server cannot start the job: {problem}; try again later, or ask whoever runs the server",
                               problem=os_problem(exc))) from None
            raise
        job = Job(job_id, kind, request, folder, next(self._numbers), client=client, lang=lang)
        self.jobs[job_id] = job
        task = asyncio.create_task(self._run(job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def waiting(self) -> int:
        return sum(1 for j in self.jobs.values() if j.state == "queued")

    def running(self) -> int:
        return sum(1 for j in self.jobs.values() if j.state == "running")

    def ahead(self, job: Job) -> int:
        """Jobs queued before this one (0: it is next)."""
        return sum(1 for j in self.jobs.values() if j.state == "queued" and j.number < job.number)

    def cancel(self, job: Job) -> None:
        """Stop a queued or running job: its process is ended and it fails with "cancelled"."""
        if job.state in FINAL:
            return
        job.cancelled = True
        if job.state == "queued":  # it never starts
            job.state, job.error, job.finished = "failed", CANCELLED, time.monotonic()
            return
        with self._lock:
            proc = self._procs.get(job.id)
        if proc is not None:
            proc.kill()

    def remove(self, job: Job) -> None:
        """Its files go: at once, or once the last answer sending one of them is over (a link followed
        from now on says the files were removed)."""
        job.removed = True
        if job.readers <= 0:
            shutil.rmtree(job.folder, ignore_errors=True)

    def reading(self, job: Job) -> None:
        job.readers += 1

    def done_reading(self, job: Job) -> None:
        job.readers -= 1
        if job.readers <= 0 and job.removed:
            shutil.rmtree(job.folder, ignore_errors=True)

    async def _run(self, job: Job) -> None:
        assert self._sem is not None
        async with self._sem:
            if job.cancelled:
                return
            job.state, job.started = "running", time.monotonic()
            loop = asyncio.get_running_loop()
            try:
                await loop.run_in_executor(self._pool, self._execute, job)
            except Exception as exc:  # noqa: BLE001 - the job fails, the server stays up
                job.error = _("the job could not run ({kind})", kind=type(exc).__name__)
            job.state = "done" if job.error is None else "failed"
            job.finished = time.monotonic()
            self.make_room(job.client)

    def make_room(self, client: str) -> None:
        """Keep the files of ``client``'s ``kept_per_client`` latest finished jobs; remove its older
        ones' (their pages then say the files are gone). Another client's are never touched."""
        kept = sorted((j for j in self.jobs.values() if j.client == client and j.state in FINAL and not j.removed),
                      key=lambda j: j.number)
        for old in kept[:max(0, len(kept) - self.kept_per_client)]:
            self.remove(old)

    def _execute(self, job: Job) -> None:
        from deckgen.web.work import run

        messages = self._ctx.Queue()
        proc = self._ctx.Process(target=run, args=(job.kind, job.request, str(job.folder), messages, job.lang, os.getpid()), daemon=True)
        with self._lock:
            if self._stopping:  # the server stops: no process starts
                job.error = STOPPED
                return
        proc.start()
        with self._lock:
            self._procs[job.id] = proc
        began = time.monotonic()
        try:
            while True:
                if self._stopping:
                    proc.kill()
                    job.error = STOPPED
                    return
                if job.cancelled:
                    proc.kill()
                    job.error = CANCELLED
                    return
                left = began + self.time_limit - time.monotonic()  # read each time: a lowered limit applies
                if left <= 0:
                    proc.kill()
                    if job.kind == "check":
                        job.error = _("the check took longer than the time limit of {s:g} s and was stopped; try fewer games", s=self.time_limit)
                    else:
                        job.error = _("the build took longer than the time limit of {s:g} s and was stopped", s=self.time_limit)
                    return
                try:
                    msg = messages.get(timeout=min(left, 0.5))
                except queues.Empty:
                    if job.cancelled:
                        continue  # said at the loop's top
                    if not proc.is_alive() and messages.empty():
                        job.error = _("the job stopped unexpectedly (exit code {code})", code=proc.exitcode)
                        return
                    continue
                if msg[0] == "plan":
                    job.plan = max(1, int(msg[1]))
                elif msg[0] == "progress":
                    if job.progress is None or job.progress[0] != msg[1]:
                        if len(job.stages) < MAX_STAGES:
                            job.stages.append((msg[1], msg[2], msg[3]))
                    job.progress = (msg[1], msg[2], msg[3])
                    if len(job.parts) < MAX_STAGES or msg[1] in job.parts:
                        job.parts[msg[1]] = (msg[2], msg[3])
                elif msg[0] == "done":
                    job.result = msg[1]
                    return
                else:
                    job.error = msg[1]  # a catalog message: shown in the language of whoever looks
                    return
        finally:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
            messages.close()
            with self._lock:
                self._procs.pop(job.id, None)

    # ------------------------------------------------------------ cleaning
    def sweep(self, now: float | None = None) -> int:
        """Remove the folders (and forget the jobs) older than ``keep``; returns how many."""
        now = time.monotonic() if now is None else now
        old = [j for j in self.jobs.values() if j.state in FINAL and now - j.created >= self.keep]
        for job in old:
            self.remove(job)
            del self.jobs[job.id]
        return len(old)

    async def _sweep_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            self.sweep()


def mark(root: Path) -> None:
    """Mark ``root`` as this server's: its process id, so a later server knows whether it is gone."""
    (root / MARKER).write_text(f"{os.getpid()}\n", encoding="ascii")


def remove_leftovers(parent: Path | None = None) -> int:
    """Remove the temporary folders of servers that died without removing them (kill -9, a power
    cut): only deckgen's (named so and holding the marker), only when the server that made it is gone.
    Returns how many went."""
    from deckgen.publish import _owner_gone

    where = Path(parent) if parent is not None else Path(tempfile.gettempdir())
    gone = 0
    try:
        candidates = [p for p in where.iterdir() if p.name.startswith(ROOT_PREFIX)]
    except OSError:
        return 0
    for folder in candidates:
        marker = folder / MARKER
        try:
            if folder.is_symlink() or not folder.is_dir() or marker.is_symlink() or marker.stat().st_size > 32:
                continue
            pid = int(marker.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            continue  # no marker (not deckgen's, or a server of an older deckgen): left alone
        if pid != os.getpid() and _owner_gone(pid):
            shutil.rmtree(folder, ignore_errors=True)
            gone += 1
    return gone


def start_forkserver() -> None:
    """Start the job processes' forkserver (and the resource tracker it uses) with SIGHUP blocked in
    the thread that starts them, a mask they and the jobs they fork keep: closing the terminal then
    stops the server, which ends its jobs, and never kills these two behind its back (the tracker's
    death printed tracebacks, and a job's folder was left)."""
    import signal
    from multiprocessing import forkserver, resource_tracker

    hup = getattr(signal, "SIGHUP", None)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {hup}) if hup is not None else None
    try:
        resource_tracker.ensure_running()
        forkserver.ensure_running()
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
