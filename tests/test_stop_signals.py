"""Issue 41, item 10: a stop signal (Ctrl-C, SIGTERM, a closed terminal's SIGHUP), once or twice, to
the command's whole process group as a terminal sends it, ends `build --format png`, `skill` and
`validate` with the signal's own exit code and one `error:` line (no traceback, no "need scipy" for an
import the signal cut short), and no process of the command outlives it, whatever the start method;
`kill -9` of the command ends its workers and its fork server too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAID = {signal.SIGINT: ("interrupted", 130), signal.SIGTERM: ("terminated", 143), signal.SIGHUP: ("hung up (SIGHUP)", 129)}
COMMANDS = {
    "png": ["build", "multiplicats", "--format", "png", "--dpi", "200", "-q"],  # on every core (2 on CI)
    "skill": ["skill", "mgc", "--games", "40", "--workers", "2"],
    "validate": ["validate", "mgc", "--games", "100000", "--fixed", "--workers", "2", "-q"],
}


def group(pgid: int) -> list[int]:
    """The processes of the process group ``pgid`` still running (zombies are done)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == pgid and fields[0] != b"Z":
                found.append(int(entry.name))
    return found


def start(name: str, tmp: Path, method: str = "fork") -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DECKGEN_LANG="en", XDG_CACHE_HOME=str(tmp / "cache"), DECKGEN_START_METHOD=method)
    argv = COMMANDS[name] + (["--out", str(tmp / "out")] if name == "png" else [])
    return subprocess.Popen([sys.executable, "-m", "deckgen", *argv], cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def started(pid: int) -> bool:
    """Whether process ``pid`` of the group has finished starting: a worker runs its watch of the command
    (a second thread, started by deckgen.workers.watch_parent once the worker has read all its parent
    sends it); the command's helpers (resource tracker, fork server) run one thread."""
    try:
        return len(os.listdir(f"/proc/{pid}/task")) >= 2
    except OSError:
        return False


def working(proc: subprocess.Popen, children: int, timeout: float = 90, workers: int = 0) -> None:
    """Wait until the command runs ``children`` processes of its own (its workers are at work) and, with
    ``workers``, until that many of them have finished starting (:func:`started`)."""
    deadline = time.monotonic() + timeout
    while True:
        running = group(proc.pid)
        if len(running) >= 1 + children and sum(started(p) for p in running if p != proc.pid) >= workers:
            return
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the command never started its workers"
        time.sleep(0.1)


def ended(proc: subprocess.Popen, timeout: float = 30) -> tuple[int, str]:
    try:
        err = proc.communicate(timeout=timeout)[1]
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("the command did not end after the signal") from None
    deadline = time.monotonic() + 10
    while group(proc.pid) and time.monotonic() < deadline:  # its workers watch it: gone within moments
        time.sleep(0.1)
    left = group(proc.pid)
    if left:
        os.killpg(proc.pid, signal.SIGKILL)
    assert not left, f"processes outlived the command: {left}"
    return proc.returncode, err


@pytest.mark.parametrize("name,signum,times,method", [
    ("png", signal.SIGHUP, 1, "fork"), ("png", signal.SIGINT, 2, "fork"),
    ("skill", signal.SIGTERM, 1, "fork"), ("skill", signal.SIGHUP, 1, "fork"), ("skill", signal.SIGINT, 2, "fork"),
    ("validate", signal.SIGTERM, 2, "fork"),
    # the helpers of spawn and forkserver (resource tracker, fork server) are in the group too: SIGHUP
    # once killed the tracker, whose death printed a warning and tracebacks under the error line
    ("validate", signal.SIGHUP, 1, "spawn"), ("validate", signal.SIGHUP, 1, "forkserver"), ("validate", signal.SIGINT, 2, "forkserver"),
])
def test_a_stop_signal_to_the_group_is_one_line_and_its_own_code(tmp_path, name, signum, times, method):
    proc = start(name, tmp_path, method)
    working(proc, 2 + (method == "forkserver"))
    for _ in range(times):
        os.killpg(proc.pid, signum)
        time.sleep(0.2)
    code, err = ended(proc)
    words, expected = SAID[signum]
    assert (code, err) == (expected, f"error: {words}\n")
    if times == 1:  # unwound: no staging folder left (after a second signal the next build removes it)
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.")]


def test_a_signal_while_the_command_loads_is_still_the_signals(tmp_path):
    """At once, while Python imports (an import cut short once read as a missing package)."""
    for delay in (0.3, 1.0):
        proc = start("png", tmp_path)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGHUP)
        code, err = ended(proc)
        assert (code, err) in ((129, "error: hung up (SIGHUP)\n"), (-signal.SIGHUP, "")), err  # (before deckgen's handler: the default)


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_kill_9_of_the_command_ends_its_workers_and_fork_server(tmp_path, method):
    proc = start("validate", tmp_path, method)
    # both workers started (forkserver: the server, then its workers): a worker killed in its first moments,
    # under spawn while it still reads from the command what to run, ends in Python's own traceback
    # (EOFError in multiprocessing.spawn), which no code of deckgen's runs in yet to prevent
    working(proc, 2 + (method == "forkserver"), workers=2)
    os.kill(proc.pid, signal.SIGKILL)
    code, err = ended(proc)
    assert code == -signal.SIGKILL and "Traceback" not in err
