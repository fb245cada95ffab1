"""A worker process forked from deckgen inherits its SIGTERM and Ctrl-C handlers. When a pool stops
its workers (every process pool does at its end, with SIGTERM), each worker must end quietly: the
main process alone reports the stop, once. A traceback per worker was printed at the end of every
multi-process PNG export before."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import os, signal, sys, time
    from deckgen.cli import _signal_handlers
    terminate, interrupt = _signal_handlers(os.getpid())
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, interrupt)
    child = os.fork()
    if child == 0:
        time.sleep(30)
        os._exit(0)
    time.sleep(0.3)
    os.kill(child, signal.SIG{name})
    _, status = os.waitpid(child, 0)
    print(os.waitstatus_to_exitcode(status))
    try:
        os.kill(os.getpid(), signal.SIG{name})
        time.sleep(5)
    except BaseException as exc:
        print(type(exc).__name__)
    """
)


@pytest.mark.parametrize("name,code,raised", [("TERM", 128 + signal.SIGTERM, "Terminated"), ("INT", 128 + signal.SIGINT, "KeyboardInterrupt")])
def test_a_forked_worker_ends_quietly_and_the_main_process_unwinds(name, code, raised):
    done = subprocess.run([sys.executable, "-c", SCRIPT.replace("{name}", name)], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == [str(code), raised]  # the worker's exit code, then what the main process raised
    assert done.stderr == ""  # no traceback from the worker
