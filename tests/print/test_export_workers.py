"""The PNG export's worker processes: a SIGTERM ends them at once and they never keep the command's
own SIGTERM handler (which raises an exception: a worker caught by it while handing back a result
took it for a failed task and waited for the next one forever, so the build never ended)."""

from __future__ import annotations

import multiprocessing
import signal
from pathlib import Path

from deckgen.render import export


def _report(job: tuple[int, str]) -> int:
    index, folder = job
    handler = signal.getsignal(signal.SIGTERM)
    Path(folder, f"{index:02d}.txt").write_text("default" if handler == signal.SIG_DFL else repr(handler))
    return index


def _raise(signum, frame):  # what `deckgen` installs for SIGTERM (cli.main)
    raise RuntimeError("terminated")


def test_workers_end_on_sigterm_whatever_the_command_installed(tmp_path):
    previous = signal.signal(signal.SIGTERM, _raise)
    try:
        export._map(_report, [(i, str(tmp_path)) for i in range(8)], 2, None)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert [p.read_text() for p in sorted(tmp_path.iterdir())] == ["default"] * 8
    assert multiprocessing.active_children() == []
