"""Worker counts: the cores this process may use, and 1 inside a daemonic process (a web job), which
may not start processes of its own (a web build of a deck file failed with "daemonic processes are
not allowed to have children" once validation used every core by default)."""

from __future__ import annotations

import multiprocessing
import os

from deckgen.workers import usable_cores
from deckgen.pipeline import worker_count


def _report(queue) -> None:
    queue.put((usable_cores(), worker_count(8)))


def test_the_cores_this_process_may_use():
    assert usable_cores() == len(os.sched_getaffinity(0))
    assert worker_count(1) == 1 and worker_count(256) == len(os.sched_getaffinity(0))


def test_a_daemonic_process_gets_one_worker():
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_report, args=(queue,), daemon=True)
    child.start()
    child.join(30)
    assert queue.get(timeout=5) == (1, 1)
