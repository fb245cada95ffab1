"""How many worker processes this process may start."""

from __future__ import annotations

import os


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
