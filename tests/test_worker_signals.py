"""A worker process forked from deckgen inherits its SIGTERM and Ctrl-C handlers. When a pool stops
its workers (every process pool does at its end, with SIGTERM), each worker must end quietly: the
main process alone reports the stop, once. A traceback per worker was printed at the end of every
multi-process PNG export before."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

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


STARTED_MID_SIGNAL = r'''
import os, signal, sys, time
from multiprocessing import reduction
from deckgen import workers

os.environ["DECKGEN_START_METHOD"] = sys.argv[1]
sendfds = reduction.sendfds


def stop_now(sock, fds):  # a stop signal lands after the fork server took the call, before its file descriptors
    os.kill(os.getpid(), signal.SIGHUP)
    return sendfds(sock, fds)


reduction.sendfds = stop_now


class Stop(Exception):
    pass


def hung_up(*_):
    raise Stop


signal.signal(signal.SIGHUP, hung_up)
pool = workers.process_pool(1)
try:
    future = pool.submit(abs, -3)
    print("not stopped")
except Stop:
    print("stopped")
    time.sleep(0.5)  # the command unwinds for a moment (its fork server still there)
pool.shutdown(wait=True, cancel_futures=True)
'''


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_a_stop_signal_while_a_worker_starts_waits_until_it_has_started():
    """A command stopped while its pool starts a worker under ``forkserver``: the signal waits until
    the fork server has every file descriptor of the new worker. Stopped half-way, the fork server
    read an end of file and printed a traceback under the command's one-line error (seen once in CI)."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", STARTED_MID_SIGNAL, "forkserver"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert done.stdout == "stopped\n"
    assert "Traceback" not in done.stderr and "EOFError" not in done.stderr, done.stderr
