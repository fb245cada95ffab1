"""What every worker process of a pool shares, whatever it computes (games, card images)."""

from __future__ import annotations

import signal


def worker_signals() -> None:
    """A pool's initializer: workers leave Ctrl-C to the main process, which stops the pool and says
    so once, and a SIGTERM from the pool ends a worker at once. Without it a forked worker keeps the
    command's SIGTERM handler, which raises an exception: a worker stopped while it hands back a
    result takes that for a failed task, waits for the next one and is never joined."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
