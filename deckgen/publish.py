"""Publishing an output folder whole: the folder holds the old build or the new one, never a mix.

A build writes into a hidden staging folder beside the output folder (``.NAME.staging-…``). When every
file is written it is synced and swapped into place: on Linux in one atomic step (``renameat2`` with
``RENAME_EXCHANGE``); elsewhere by renaming the old folder aside (``.NAME.old-…``) and the new one in,
two steps that the next build repairs if a kill falls between them. A lock file beside the folder
(``.NAME.lock``, :mod:`deckgen.locking`: ``flock``, or ``msvcrt.locking`` on Windows) keeps two builds
from writing the same folder at once; the second waits a little and then refuses. Every build starts
by repairing and removing what a killed build left.

On Windows a folder holding a file that another program has open (cards.pdf in a PDF viewer) cannot
be renamed: the rename is tried again for a few seconds (:mod:`deckgen.renames`), and if the file is
still held the build stops with one message, the old folder untouched and the new one discarded.
Read-only files in an old folder are removed all the same.

An output folder belongs to deckgen: a folder that holds files deckgen did not write is refused
rather than replaced. :data:`MARKER` marks the folders deckgen writes and is their manifest: the
process that wrote the folder, the deck it holds (game and fingerprint) and every file and folder
written; anything else found in the folder (a teacher's notes.txt, photos/) makes the next build
refuse. Recovery touches only what deckgen itself left: the exact hidden names it makes, holding its
marker (or nothing), whose owning process is gone. Hidden names are shortened (with a hash of the
full name) so that they stay within the system's 255-byte limit on a name.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import shutil
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Callable, Iterator

from deckgen.surroundings import current_folder
from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import Listing, _, ngettext
from deckgen.filenames import long_path, not_a_folder, resolved
from deckgen.locking import hold
from deckgen.renames import InUse, _clear_readonly, remove_tree, rename

MARKER = ".deckgen"
MARKER_TEXT = "This folder was written by deckgen; the next build into it replaces it whole.\n"
LOCK_WAIT = 10.0  # seconds a second build waits for the first before refusing
ROOM = 80  # characters a build adds to its folder's path: ".staging-PID-XXXXXXXX" and "tts/sheet-10-69-cards.png"
# files an earlier deckgen wrote before folders carried the marker: such a folder may be replaced too
_OLD_OUTPUT = re.compile(
    r"(cards|deck|rulebook-\w+|preview-\d+|report|game-length|seat-advantage|skill|challenges|answer-key|puzzle)"
    r"\.(pdf|json|png|txt)|\..+\.(staged|tmp)"
)


NAME_MAX = 255  # bytes in one file or folder name (Linux, macOS, Windows alike)
_PID_DIGITS = 10  # room kept for the process id in a hidden name
MAX_MARKER_BYTES = 4_000_000  # a marker larger than this is not one deckgen wrote


def _error(what: Any, exc: OSError) -> DeckgenError:
    return DeckgenError(_("{what}: {problem}", what=what, problem=os_problem(exc)))


def hidden_base(out: Path) -> str:
    """The part of ``out``'s name its hidden siblings (staging, old, lock) carry: the name itself, or
    when ``.NAME.staging-PID-HEX`` would pass :data:`NAME_MAX` bytes, a shortened name and a hash of
    the whole (the same for the same name, so recovery finds them again)."""
    name = out.name
    longest = len(os.fsencode(f".{name}.staging-{'9' * _PID_DIGITS}-{'f' * 8}"))
    if longest <= NAME_MAX:
        return name
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:16]
    room = NAME_MAX - len(f"..staging-{'9' * _PID_DIGITS}-{'f' * 8}~{digest}")
    short = os.fsencode(name)[:room].decode("utf-8", "ignore")
    return f"{short}~{digest}"


def hidden_name(out: Path, kind: str) -> str:
    """A new hidden sibling name of ``kind`` (staging or old), owned by this process."""
    return f".{hidden_base(out)}.{kind}-{os.getpid()}-{secrets.token_hex(4)}"


def lock_path(out: Path) -> Path:
    return out.parent / f".{hidden_base(out)}.lock"


def _owner_gone(pid: int) -> bool:
    """True when no process ``pid`` runs (so what it left may be repaired or removed). Recovery runs
    holding the folder's lock, so a leftover of this very process is one an earlier, failed publish
    of the same folder left: gone too."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill(pid, 0) would end the process there
        return _windows_process_gone(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):
        return False
    return False


def _windows_process_gone(pid: int) -> bool:  # pragma: no cover - Windows
    import ctypes

    try:
        kernel = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return False
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.get_last_error() == 87  # ERROR_INVALID_PARAMETER: no process has that id
    try:
        code = ctypes.c_ulong()
        if not kernel.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value != 259  # STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)


def _siblings(out: Path, kind: str) -> list[Path]:
    """The hidden ``kind`` folders a deckgen build that is no longer running left beside ``out``: the
    exact names deckgen makes (never a name that merely starts alike, such as another output folder's
    ``.deck.old-1.staging-…`` or a user's ``.deck.old-mine``), folders (not links) that hold
    deckgen's marker or nothing, whose owner process is gone."""
    pattern = re.compile(re.escape(f".{hidden_base(out)}.{kind}-") + r"(\d{1,10})-[0-9a-f]{8}")
    found = []
    try:
        entries = list(out.parent.iterdir())
    except OSError:
        return []
    for p in entries:
        m = pattern.fullmatch(p.name)
        if m is None or p.is_symlink() or not p.is_dir() or not _owner_gone(int(m.group(1))):
            continue
        try:
            empty = not any(p.iterdir())
        except OSError:
            continue
        if empty or read_manifest(p) is not None:
            found.append(p)
    def age(p: Path) -> tuple[float, str]:
        try:
            return p.stat().st_mtime, p.name
        except OSError:
            return 0.0, p.name

    return sorted(found, key=age)


# ---------------------------------------------------------------- the marker: deckgen's manifest


def read_manifest(folder: Path) -> dict | None:
    """The marker of a folder deckgen wrote: ``{"files": [...], "deck": ..., "owner": ...}`` (files
    is None for a marker written before deckgen kept manifests), or None when there is none."""
    marker = folder / MARKER
    try:
        if marker.is_symlink() or not marker.is_file() or marker.stat().st_size > MAX_MARKER_BYTES:
            return None
        text = marker.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(MARKER_TEXT.split(";")[0]):
        return None
    for line in text.splitlines()[1:]:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict) and data.get("deckgen") == 1:
            files = data.get("files")
            if not (isinstance(files, list) and all(isinstance(f, str) for f in files)):
                files = None
            deck = data.get("deck") if isinstance(data.get("deck"), str) else None
            digests = data.get("sha256")
            if not (isinstance(digests, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in digests.items())):
                digests = None
            return {"files": files, "deck": deck, "owner": data.get("owner"), "sha256": digests}
    return {"files": None, "deck": None, "owner": None, "sha256": None}


def _write_manifest(folder: Path, deck: str | None, files: list[str] | None) -> None:
    """The marker: while the folder is staged it names its owner process; once complete it lists the
    files instead (and no process id, so a build's folder is the same byte for byte every time), and
    the SHA-256 of each file at the top of the folder (cards.pdf, the rulebooks, deck.json, the
    previews: what a teacher opens and might edit), so that the next build can tell a file changed
    since it was written (:func:`changed_files`)."""
    data: dict[str, Any] = {"deckgen": 1, "owner": os.getpid() if files is None else None, "deck": deck, "files": files}
    if files is not None:
        data["sha256"] = {name: _digest(folder / name) for name in files if "/" not in name}
    (folder / MARKER).write_text(MARKER_TEXT + json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")


def _digest(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def changed_files(out: Path) -> list[str]:
    """The files at the top of the folder ``out`` that deckgen wrote and that were changed since (their
    SHA-256 is not the manifest's: a cards.pdf annotated in a PDF editor and saved): a build would
    replace them, and with them the change. A folder whose marker records no digests (an earlier
    deckgen's) has none."""
    manifest = read_manifest(out)
    digests = manifest["sha256"] if manifest else None
    changed = []
    for name, digest in sorted((digests or {}).items()):
        path = out / name
        try:
            if "/" in name or name in ("", ".", "..") or path.is_symlink() or not path.is_file():
                continue
            if _digest(path) != digest:
                changed.append(name)
        except OSError:
            continue  # unreadable now: the build's own checks say so
    return changed


def _tree(folder: Path) -> list[str]:
    """Every file and folder under ``folder`` (folders end in /), the marker left out."""
    names = []
    for root, dirs, files in os.walk(folder):
        rel = Path(root).relative_to(folder)
        for d in dirs:
            names.append(f"{(rel / d).as_posix()}/")
        for f in files:
            if not (rel == Path(".") and f == MARKER):
                names.append((rel / f).as_posix())
    return sorted(names)


def _unlink(path: Path) -> None:
    """Remove a file, a read-only one too (Windows refuses those until the flag is cleared)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        if _clear_readonly(path):
            try:
                path.unlink()
            except OSError:
                pass


def _remove(path: Path) -> None:
    """Remove a file, or a folder deckgen wrote with its marker last: a removal that stops half-way
    leaves the marker (or an empty folder), so the next build's recovery still knows it for its own."""
    if path.is_dir() and not path.is_symlink():
        if not os.access(path, os.W_OK | os.X_OK):  # a read-only folder of one's own: made writable to be emptied
            _clear_readonly(path)
        try:
            entries = [e for e in path.iterdir() if e.name != MARKER]
        except OSError:
            entries = []
        for entry in entries:
            if entry.is_dir() and not entry.is_symlink():
                remove_tree(entry)
            else:
                _unlink(entry)
        try:
            if not any(path.iterdir()) or [e.name for e in path.iterdir()] == [MARKER]:
                _unlink(path / MARKER)
                path.rmdir()
        except OSError:
            pass
    else:
        try:
            path.unlink()
        except OSError:
            pass


# ---------------------------------------------------------------- the option that named the folder

_FLAG: ContextVar[str] = ContextVar("deckgen_output_flag", default="--out")


def out_flag() -> str:
    """The option that named the output folder, as the messages about it say it: ``--out``, or what
    :func:`named_by` set (``validate --report``: its messages told the user to choose another --out,
    an option validate does not have)."""
    return _FLAG.get()


@contextmanager
def named_by(flag: str) -> Iterator[None]:
    """Within the block, messages about the output folder name ``flag`` as the option to change."""
    token = _FLAG.set(flag)
    try:
        yield
    finally:
        _FLAG.reset(token)


# ---------------------------------------------------------------- the lock


@contextmanager
def locked(out: Path, wait: float | None = None) -> Iterator[None]:
    """Hold ``.NAME.lock`` beside ``out`` (waiting up to ``wait`` seconds, default :data:`LOCK_WAIT`);
    the file goes when released."""
    lock = lock_path(out)

    def busy() -> DeckgenError:
        return DeckgenError(_("another deckgen is writing {folder} right now; wait until it has finished, or choose another {flag}",
                              folder=out, flag=out_flag()))

    try:
        with hold(lock, LOCK_WAIT if wait is None else wait, busy):
            yield
    except OSError as exc:
        raise _error(_("cannot lock {folder}", folder=out), exc) from None


# ---------------------------------------------------------------- the swap


def _renameat2() -> Callable[[bytes, bytes, int], int] | None:
    """Linux's renameat2, through ctypes (loaded only when a folder is replaced: a first build into a
    new folder never needs it)."""
    if not sys.platform.startswith("linux"):  # renameat2 is Linux's (ctypes.CDLL(None) fails on Windows)
        return None
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError, TypeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return lambda a, b, flags: fn(-100, a, -100, b, flags)  # AT_FDCWD


_RENAME_EXCHANGE = 2


def exchange(a: Path, b: Path) -> bool:
    """Swap two directories in one atomic step; False when the system cannot (then nothing changed)."""
    fn = _renameat2()
    if fn is None:
        return False
    if fn(os.fsencode(a), os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _fsync(path: Path, directory: bool = False) -> None:
    if directory and not hasattr(os, "O_DIRECTORY"):  # Windows: a folder cannot be opened to sync it
        return
    try:
        fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sync_tree(folder: Path) -> None:
    for root, _dirs, files in os.walk(folder):
        for name in files:
            _fsync(Path(root) / name)
        _fsync(Path(root), directory=True)


def swap_in(staging: Path, out: Path) -> None:
    """Put ``staging`` in ``out``'s place. After it returns ``out`` is the new folder; if it raises,
    ``out`` is the old one (or, after a kill between the fallback's two renames, the next build's
    :func:`recover` puts the old one back)."""
    if not out.exists():
        rename(staging, out)
        return
    if exchange(staging, out):
        _remove(staging)  # now the old folder
        if staging.exists() and _blocker(staging) is not None and exchange(staging, out):  # another user's: the old build stays
            raise _not_removed(out)
        return
    old = out.parent / hidden_name(out, "old")
    try:
        rename(out, old)  # Windows: refused while a file in it is open, tried again for a few seconds
    except InUse:
        raise DeckgenError(_(
            "cannot replace {folder}: a file in it is open in another program (a PDF or image viewer?), or a "
            "window or terminal is inside it; close it and build again (the folder still holds the previous build)", folder=out
        )) from None
    try:
        rename(staging, out)
    except BaseException:
        rename(old, out)
        raise
    _remove(old)
    if old.exists() and _blocker(old) is not None:  # another user's files: the old build goes back, the new one goes
        rename(out, staging)
        rename(old, out)
        raise _not_removed(out)


def _not_removed(out: Path) -> DeckgenError:
    return DeckgenError(_(
        "cannot replace {folder}: the earlier build in it cannot be removed (read-only files or folders of another user); "
        "it is left as it was: ask its owner to remove it, or choose another {flag}", folder=out, flag=out_flag()))


def recover(out: Path) -> None:
    """Repair and remove what killed builds left beside ``out``: an old folder set aside whose new
    one never came in goes back; staging and old folders go. Only what :func:`_siblings` finds is
    touched: deckgen's own names and marker, left by a process that is gone."""
    olds = _siblings(out, "old")
    if olds and not out.exists():
        rename(olds[-1], out)
        olds = olds[:-1]
    for path in olds + _siblings(out, "staging"):
        _remove(path)


# ---------------------------------------------------------------- the whole


def check_replaceable(out: Path) -> None:
    """Refuse an output path deckgen must not replace: a file, the current folder or one above it,
    a folder holding files deckgen did not write, or one it could not write (:func:`check_writable`).
    Commands call it before their work, so an output that cannot be is refused at once."""
    _check_name(out)
    try:
        here = current_folder()  # (None: the current folder is gone, so the output cannot be it)
        if here is not None and resolved(out) in (here.resolve(), *here.resolve().parents):
            raise DeckgenError(_("the output folder {folder!r} is the current folder or holds it; name a folder of its own ({flag} DIR)",
                                 folder=str(out) or ".", flag=out_flag()))
        if out.is_symlink() or out.exists() and not out.is_dir():
            raise DeckgenError(_("the output path {path} is not a folder", path=out))
        entries = list(out.iterdir()) if out.exists() else None
    except OSError as exc:
        raise _error(_("cannot use the output folder {folder}", folder=out), exc) from None
    foreign = foreign_files(out, entries) if entries is not None else []
    if foreign:
        raise DeckgenError(_(
            "the output folder {folder} holds {name!r}, which deckgen did not write; a build replaces its "
            "folder whole, so choose a new or empty folder ({flag} DIR)", folder=out, name=foreign[0], flag=out_flag()
        ))
    changed = changed_files(out) if entries else []
    if changed:
        raise DeckgenError(_(
            "the output folder {folder} holds {name!r}, changed since deckgen wrote it; a build replaces its folder "
            "whole, so move that file out of the folder to keep your changes, or choose another folder ({flag} DIR)",
            folder=out, name=changed[0], flag=out_flag()
        ))
    check_writable(out)


def check_writable(out: Path) -> None:
    """Refuse, before any work, an output this process could not write: a parent folder (or the
    nearest one that exists, where the missing ones would be made) it may not write in, or an earlier
    build in ``out`` it could not remove (a read-only folder of another user's): the new folder is
    made beside the old one and the old one removed, so either would fail only at the end."""
    parent = out.parent
    try:
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():  # a file in the way: making the folder names it (publishing)
            return
        if not os.access(parent, os.W_OK | os.X_OK) or _sticky_and_not_ours(out):
            raise DeckgenError(_("the folder {folder} is not writable", folder=parent))
        blocker = _blocker(out)
    except OSError as exc:
        raise _error(_("cannot use the output folder {folder}", folder=out), exc) from None
    if blocker is not None:
        raise DeckgenError(_(
            "cannot replace {folder}: {blocker} is read-only and belongs to another user, so the earlier build cannot be "
            "removed; ask its owner to remove it, or choose another {flag}", folder=out, blocker=blocker, flag=out_flag()))


def _owned(path: Path) -> bool:
    """This process owns ``path``, so it may make it writable (always on Windows, where a read-only
    flag is all there is)."""
    euid = getattr(os, "geteuid", None)
    return euid is None or path.lstat().st_uid == euid()


def _blocker(out: Path) -> Path | None:
    """The first folder of an earlier build in ``out`` (``out`` itself or one inside it) that this
    process can neither empty nor make writable: another user's read-only folder."""
    if out.is_symlink() or not out.is_dir():
        return None
    for root, dirs, _files in os.walk(out):
        folder = Path(root)
        if not os.access(folder, os.W_OK | os.X_OK) and not _owned(folder):
            return folder
        dirs[:] = [d for d in dirs if not (folder / d).is_symlink()]
    return None


def _sticky_and_not_ours(out: Path) -> bool:
    """``out`` sits in a folder with the sticky bit (as /tmp) that neither it nor its folder belongs to
    us: the system refuses to rename or remove it."""
    try:
        if not out.exists() or not out.parent.stat().st_mode & stat.S_ISVTX:
            return False
        return not (_owned(out) or _owned(out.parent))
    except OSError:
        return False


_OLD_DIRS = re.compile(r"(png|tts)")  # the export folders a build wrote before manifests


def foreign_files(out: Path, entries: list[Path] | None = None) -> list[str]:
    """What in the folder ``out`` deckgen did not write: anything its manifest does not list (or,
    for a folder written before manifests, anything not named like deckgen's output)."""
    if entries is None:
        try:
            entries = list(out.iterdir())
        except OSError:
            return []
    manifest = read_manifest(out)
    listed = manifest["files"] if manifest else None
    if listed is not None:
        known = set(listed)
        foreign = []
        for root, dirs, files in os.walk(out):
            rel = Path(root).relative_to(out)
            for d in sorted(dirs):
                if f"{(rel / d).as_posix()}/" not in known or (Path(root) / d).is_symlink():
                    foreign.append((rel / d).as_posix())
            dirs[:] = [d for d in dirs if (rel / d).as_posix() not in foreign]
            for f in sorted(files):
                name = (rel / f).as_posix()
                if name not in known and not (rel == Path(".") and f == MARKER):
                    foreign.append(name)
        return sorted(foreign)

    def old_style(e: Path) -> bool:
        if e.is_symlink():
            return False
        if e.is_file():
            if manifest is not None and (e.name == MARKER or e.suffix in (".pdf", ".png", ".json", ".csv")):
                return True  # a marked folder of an earlier deckgen: its files were deckgen's
            return bool(_OLD_OUTPUT.fullmatch(e.name))
        if manifest is not None and e.is_dir() and _OLD_DIRS.fullmatch(e.name):  # a marked folder's exports
            return all(p.is_file() and not p.is_symlink() and p.suffix in (".png", ".json", ".jpg") for p in e.iterdir())
        return False

    return [e.name for e in entries if not old_style(e)]


def _carry(old: Path, staging: Path, keep: Callable[[str], bool]) -> None:
    """Hard-link (or copy) into ``staging`` the old folder's files it does not have and ``keep`` wants."""
    if not old.is_dir():
        return
    for entry in old.iterdir():
        target = staging / entry.name
        if entry.name == MARKER or target.exists() or not keep(entry.name) or entry.is_symlink():
            continue
        if entry.is_dir():  # an export folder (png/, tts/): carried whole
            shutil.copytree(entry, target, symlinks=True, copy_function=_link_or_copy)
        elif entry.is_file():
            _link_or_copy(entry, target)


def _link_or_copy(src: Path | str, dst: Path | str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _mixed(out: Path, identity: str | None, keep: Callable[[str], bool], own: Callable[[str], bool]) -> list[str]:
    """The files of ``out`` a command that adds to the folder would keep beside its own although they
    belong to another deck (or to one deckgen cannot tell, written before manifests)."""
    manifest = read_manifest(out)
    if manifest is None or identity is None or manifest["deck"] == identity:
        return []
    try:
        names = sorted(e.name for e in out.iterdir())
    except OSError:
        return []
    return [n for n in names if n != MARKER and keep(n) and not own(n)]


@contextmanager
def publishing(
    out: Path,
    *,
    keep: Callable[[str], bool] | None = None,
    own: Callable[[str], bool] | None = None,
    identity: str | None = None,
    wait: float | None = None,
) -> Iterator[Path]:
    """Yield an empty staging folder; when the block ends without error it replaces ``out`` whole.

    ``identity`` names the deck the files are of (game and fingerprint); it goes in the manifest.
    ``keep(name)`` says which files of the old folder the new one carries over when the block did not
    write them (``rules`` keeps the cards, ``preview`` the build); by default none. Carrying happens
    only beside the same deck: when the old folder holds another deck's files that ``keep`` wants
    and that are not the command's own kind (``own(name)``: the rulebooks of ``rules``), the command
    is refused before any work, so a folder never mixes two decks. On any error, interruption or
    signal the staging folder is removed and ``out`` is left as it was."""
    out = Path(out)
    if not out.name or out.name in (".", ".."):
        out = resolved(out)
    check_replaceable(out)
    out = long_path(out, ROOM)  # Windows: the long-path prefix where the build's paths would pass 260 characters
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = not_a_folder(out.parent)
        if blocker is not None:
            raise DeckgenError(_("cannot create the output folder {folder}: {blocker} is not a folder (a file or link is in the way)",
                                 folder=out, blocker=blocker)) from None
        raise _error(_("cannot create the output folder {folder}", folder=out), exc) from None
    if not os.access(out.parent, os.W_OK | os.X_OK):
        raise DeckgenError(_("the folder {folder} is not writable", folder=out.parent))
    own = own or (lambda name: False)
    with locked(out, wait):
        try:
            recover(out)
            check_replaceable(out)
        except OSError as exc:
            raise _error(_("cannot repair what an earlier build left beside {folder}", folder=out), exc) from None
        if keep is not None:
            _refuse_mix(out, _mixed(out, identity, keep, own))
        elif identity is None:  # a calibration sheet, a sweep, a puzzle: never in place of a deck's build
            found = read_manifest(out)
            if found is not None and found["deck"] is not None:
                raise DeckgenError(_(
                    "the output folder {folder} holds a deck's build ({game}); this command would replace it, so choose another {flag}",
                    folder=out, game=found["deck"].split(":")[0], flag=out_flag()))
        staging = out.parent / hidden_name(out, "staging")
        try:
            staging.mkdir()
        except OSError as exc:
            raise _error(_("cannot create the staging folder {name} in {folder}", name=staging.name, folder=out.parent), exc) from None
        try:
            _write_manifest(staging, identity, None)  # owner's process id: recovery leaves it while it runs
            yield staging
            if keep is not None:
                _carry(out, staging, keep)
            _write_manifest(staging, identity, _tree(staging))
            _sync_tree(staging)
            swap_in(staging, out)
            _fsync(out.parent, directory=True)
        except OSError as exc:
            raise _error(_("cannot write {file}", file=out), exc) from None
        finally:
            if staging.exists():
                _remove(staging)


def check_addable(out: Path, *, keep: Callable[[str], bool], own: Callable[[str], bool], identity: str | None) -> None:
    """Refuse before any work what :func:`publishing` with these arguments would refuse only at the
    end: an output deckgen must not replace (:func:`check_replaceable`), or a folder holding another
    deck's files this command would keep beside its own."""
    check_replaceable(out)
    _refuse_mix(out, _mixed(out, identity, keep, own or (lambda name: False)))


def _refuse_mix(out: Path, names: list[str]) -> None:
    if names:
        shown = Listing([repr(n) for n in names[:3]] + ([ngettext("{n} more", "{n} more", len(names) - 3)] if len(names) > 3 else []))
        raise DeckgenError(_(
            "the output folder {folder} holds {names} of another deck; this command adds to a folder of the same "
            "deck only, so choose another {flag} (or build this deck there first)", folder=out, names=shown, flag=out_flag()
        ))


# the names of deckgen's own working files beside an output folder NAME: .NAME.staging-PID-HEX,
# .NAME.old-PID-HEX (removed, or put back, by the next build into NAME) and .NAME.lock
_WORKING_NAME = re.compile(r"\..+\.((staging|old)-\d{1,10}-[0-9a-f]{8}|lock)")


def _check_name(out: Path) -> None:
    """A name the system cannot hold is told as such (not as a failure of the folder above); a name
    deckgen gives its own working files is refused: a build into the folder it would sit beside
    would take it for its own leftover and remove it (or lock on it)."""
    if _WORKING_NAME.fullmatch(out.name):
        raise DeckgenError(_("the output folder's name {name!r} is one deckgen gives its own working files; choose another {flag}",
                             name=out.name, flag=out_flag()))
    size = len(os.fsencode(out.name))
    if size > NAME_MAX:
        raise DeckgenError(_(
            "the output folder's name is {size:,} bytes long ({name}…); a file or folder name is at most {most} bytes: "
            "choose a shorter {flag}", size=size, name=out.name[:40], most=NAME_MAX, flag=out_flag()
        ))
    if len(os.fsencode(str(out.absolute()))) > 4000:
        raise DeckgenError(_("the output folder's path is longer than the system allows ({most:,} bytes): choose a shorter {flag}",
                             most=4096, flag=out_flag()))
