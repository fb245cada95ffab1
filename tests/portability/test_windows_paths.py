"""The lock and the folder swap through the code that runs on Windows, simulated on Linux.

What is simulated, and how (no Windows machine was at hand):
- Windows has no ``fcntl``: it is blocked (``sys.modules["fcntl"] = None``) and a stand-in ``msvcrt``
  gives ``locking`` with Windows' answer to a held lock (OSError EACCES);
- Windows has no ``renameat2``: ``sys.platform`` is ``win32`` for the swap, so it renames aside;
- Windows refuses to rename a folder holding a file another program has open, and to delete a
  read-only file (PermissionError): ``os.rename`` / ``os.unlink`` are made to refuse in that way, and
  ``deckgen.renames.windows`` says True (``os.name`` itself cannot be changed on Linux without
  breaking pathlib).
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from deckgen import locking, publish, renames
from deckgen.errors import DeckgenError
from deckgen.publish import MARKER, locked, publishing


def fake_msvcrt() -> types.ModuleType:
    """``msvcrt.locking`` as Windows behaves for deckgen's use (a lock per open file, refused at once
    with EACCES under LK_NBLCK), built on flock."""
    import fcntl

    mod = types.ModuleType("msvcrt")
    mod.LK_UNLCK, mod.LK_LOCK, mod.LK_NBLCK = 0, 1, 2
    mod.calls = []

    def locking(fd: int, mode: int, nbytes: int) -> None:
        mod.calls.append((mode, nbytes, os.lseek(fd, 0, os.SEEK_CUR)))
        if mode == mod.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OSError(errno.EACCES, "Permission denied") from None

    mod.locking = locking
    return mod


@pytest.fixture
def on_windows_lock(monkeypatch):
    fake = fake_msvcrt()
    import fcntl  # noqa: F401 - loaded before it is blocked, for the stand-in

    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setitem(sys.modules, "fcntl", None)
    return fake


@pytest.fixture
def without_any_lock(monkeypatch):
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    monkeypatch.setitem(sys.modules, "fcntl", None)


def _contend(out: Path) -> list[str]:
    order: list[str] = []

    def holder():
        with locked(out):
            order.append("first")
            time.sleep(0.3)
            order.append("first done")

    t = threading.Thread(target=holder)
    t.start()
    time.sleep(0.1)
    with pytest.raises(DeckgenError, match="another deckgen is writing"):
        with locked(out, wait=0.05):
            order.append("never")
    with locked(out, wait=5):
        order.append("second")
    t.join()
    return order


def test_the_backend_is_chosen_when_the_lock_is_taken(on_windows_lock):
    assert locking.backend() == "msvcrt"


def test_the_windows_lock_excludes_waits_and_goes_with_its_last_holder(tmp_path, on_windows_lock):
    assert _contend(tmp_path / "deck") == ["first", "first done", "second"]
    assert list(tmp_path.iterdir()) == []
    assert on_windows_lock.calls and all(n == 1 and pos == 0 for _, n, pos in on_windows_lock.calls)  # byte 0, as locked
    assert {m for m, _, _ in on_windows_lock.calls} == {on_windows_lock.LK_NBLCK, on_windows_lock.LK_UNLCK}


def test_without_fcntl_or_msvcrt_the_lock_is_an_exclusive_file(tmp_path, without_any_lock):
    assert locking.backend() == "exclusive"
    assert _contend(tmp_path / "deck") == ["first", "first done", "second"]
    assert list(tmp_path.iterdir()) == []


def test_a_build_publishes_with_the_windows_lock(tmp_path, on_windows_lock, monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")  # no renameat2: the swap renames aside
    out = tmp_path / "deck"
    for text in ("old", "new"):
        with publishing(out) as stage:
            (stage / "cards.pdf").write_text(text)
    assert (out / "cards.pdf").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]


# ---------------------------------------------------------------- the swap on Windows


def _old_build(out: Path, readonly: bool = False) -> None:
    out.mkdir()
    (out / MARKER).write_text(publish.MARKER_TEXT)
    (out / "cards.pdf").write_text("old")
    if readonly:
        for p in out.iterdir():
            p.chmod(0o444)


@pytest.fixture
def windows_swap(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(renames, "windows", lambda: True)
    monkeypatch.setattr(renames, "WAIT", 0.5)
    monkeypatch.setattr(renames, "POLL", 0.01)
    real_unlink = os.unlink

    def unlink(path, *args, **kw):  # Windows refuses to delete a read-only file
        mode = os.lstat(path, dir_fd=kw.get("dir_fd")).st_mode
        if not mode & stat.S_IWRITE:
            raise PermissionError(errno.EACCES, "Access is denied", str(path))
        return real_unlink(path, *args, **kw)

    monkeypatch.setattr(os, "unlink", unlink)
    monkeypatch.setattr(os, "remove", unlink)


def _refusing_rename(monkeypatch, held: Path, times: int) -> list[str]:
    """``os.rename`` of ``held`` refused ``times`` times, as Windows does while a file in it is open."""
    real = os.rename
    log: list[str] = []

    def rename(src, dst, *a, **kw):
        if Path(src) == held and len([x for x in log if x == "refused"]) < times:
            log.append("refused")
            err = PermissionError(errno.EACCES, "The process cannot access the file because it is being used by another process", str(src))
            err.winerror = 32
            raise err
        log.append("renamed")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "rename", rename)
    return log


def test_exchange_is_not_tried_off_linux(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "win32")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert publish.exchange(tmp_path / "a", tmp_path / "b") is False


def test_a_folder_held_for_a_moment_is_replaced_after_a_retry(tmp_path, windows_swap, monkeypatch):
    out = tmp_path / "deck"
    _old_build(out)
    log = _refusing_rename(monkeypatch, out, times=3)
    with publishing(out) as stage:
        (stage / "cards.pdf").write_text("new")
    assert log[:4] == ["refused"] * 3 + ["renamed"]
    assert (out / "cards.pdf").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]


def test_a_folder_held_open_stays_whole_and_the_build_says_why(tmp_path, windows_swap, monkeypatch):
    out = tmp_path / "deck"
    _old_build(out)
    log = _refusing_rename(monkeypatch, out, times=10**6)
    began = time.monotonic()
    with pytest.raises(DeckgenError, match=r"a file in it is open in another program .* still holds the previous build"):
        with publishing(out) as stage:
            (stage / "cards.pdf").write_text("new")
    assert 0.5 <= time.monotonic() - began < 5  # tried again for renames.WAIT seconds
    assert len(log) > 3 and set(log) == {"refused"}
    assert (out / "cards.pdf").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]  # no staging folder left, no lock


def test_read_only_files_of_the_old_build_are_removed(tmp_path, windows_swap):
    out = tmp_path / "deck"
    _old_build(out, readonly=True)
    with pytest.raises(PermissionError):  # the simulation holds: a read-only file refuses to go
        os.unlink(out / "cards.pdf")
    with publishing(out) as stage:
        (stage / "cards.pdf").write_text("new")
    assert (out / "cards.pdf").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]  # the old folder went, read-only files and all


def test_a_refused_rename_off_windows_is_final(tmp_path, monkeypatch):
    monkeypatch.setattr(renames, "windows", lambda: False)
    calls = []

    def rename(src, dst):
        calls.append(src)
        raise PermissionError(errno.EACCES, "Permission denied", str(src))

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(PermissionError) as info:
        renames.rename(tmp_path / "a", tmp_path / "b")
    assert not isinstance(info.value, renames.InUse) and len(calls) == 1


def test_a_read_only_file_is_replaced_on_windows(tmp_path, monkeypatch):
    monkeypatch.setattr(renames, "windows", lambda: True)
    target, new = tmp_path / "deck.toml", tmp_path / "new.tmp"
    target.write_text("old")
    target.chmod(0o444)
    new.write_text("new")
    real = os.replace

    def replace(src, dst):  # Windows: MoveFileEx refuses a read-only target
        if not os.stat(dst).st_mode & stat.S_IWRITE:
            raise PermissionError(errno.EACCES, "Access is denied", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    renames.replace_file(new, target)
    assert target.read_text() == "new" and not new.exists()


def test_an_atomic_write_goes_through_the_windows_replace(tmp_path, monkeypatch):
    from deckgen.fileio import write_text

    monkeypatch.setattr(renames, "windows", lambda: True)
    monkeypatch.setattr(renames, "WAIT", 0.3)
    monkeypatch.setattr(renames, "POLL", 0.01)
    target = tmp_path / "report.txt"
    target.write_text("old")
    real, refused = os.replace, []

    def replace(src, dst):  # held by a scanner twice, then let go
        if len(refused) < 2:
            refused.append(dst)
            raise PermissionError(errno.EACCES, "in use", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    write_text(target, "new")
    assert target.read_text() == "new" and len(refused) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]


def test_directories_are_not_synced_where_they_cannot_be_opened(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "O_DIRECTORY")
    opened = []
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or (_ for _ in ()).throw(AssertionError("opened")))
    publish._fsync(tmp_path, directory=True)
    assert opened == []


def test_a_waiter_that_locked_a_file_its_holder_removed_tries_again(tmp_path, monkeypatch):
    """Between a waiter's open and its lock, the holder removed the file (and a third build made a
    new one): the waiter's lock guards nothing and it must lock the file the path names now."""
    lock = tmp_path / ".deck.lock"
    real, tries = locking._try_fcntl, []

    def try_lock(fd):
        tries.append(os.fstat(fd).st_ino)
        if len(tries) == 1:
            os.unlink(lock)
            lock.write_text("")
        return real(fd)

    monkeypatch.setattr(locking, "_try_fcntl", try_lock)
    with locking.hold(lock, 1.0, lambda: AssertionError("busy")):
        held = os.stat(lock).st_ino
    assert len(tries) == 2 and tries[1] == held != tries[0]
    assert not lock.exists()
