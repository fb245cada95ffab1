"""Safe output of one file: write to a temporary file beside the target, then rename over it (folders
of several files are published whole by :mod:`deckgen.publish`); and safe input of a file deckgen
wrote for itself (a cache entry), which anything may have replaced."""

from __future__ import annotations

import os
import stat
import struct
import tempfile
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import _
from deckgen.filenames import not_a_folder


def prepare_out_dir(path: Path) -> Path:
    """Create ``path`` if needed and check that files can be written in it."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        blocker = not_a_folder(path) if isinstance(exc, OSError) else None
        if blocker is not None:
            raise DeckgenError(_("cannot create the output folder {folder}: {blocker} is not a folder (a file or link is in the way)",
                                 folder=path, blocker=blocker)) from None
        raise DeckgenError(_("cannot create the output folder {folder}: {problem}", folder=path, problem=os_problem(exc))) from None
    if not path.is_dir():
        raise DeckgenError(_("the output path {path} is not a folder", path=path))
    if not os.access(path, os.W_OK | os.X_OK):
        raise DeckgenError(_("the output folder {folder} is not writable", folder=path))
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _temp_beside(target: Path, suffix: str) -> Path:
    """An empty temporary file in ``target``'s folder (so a rename onto it is atomic)."""
    size = len(os.fsencode(target.name))
    if size > 255:  # the name itself cannot exist: say so, not that its folder failed
        raise DeckgenError(_("cannot write {name}…: the name is {size:,} bytes long; a file name is at most {most} bytes",
                             name=target.name[:40], size=size, most=255))
    # the temporary name stays within 255 bytes whatever the target's (mkstemp adds 8 characters)
    prefix = "." + os.fsencode(target.name)[:200].decode("utf-8", "ignore") + "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=target.parent)
    except OSError as exc:
        raise DeckgenError(_("cannot write in {folder}: {problem}", folder=target.parent, problem=os_problem(exc))) from None
    os.close(fd)
    return Path(tmp)


def _publish(tmp: Path, target: Path) -> None:
    """Give ``tmp`` ordinary permissions (mkstemp makes it private, 0600) and rename it onto ``target``."""
    from deckgen.renames import replace_file

    os.chmod(tmp, 0o666 & ~_umask())
    replace_file(tmp, target)  # on Windows: tried again while the target is open, read-only cleared


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; on success rename it onto ``target``.

    On any error the temporary file is removed and ``target`` is left as it was.
    """
    target = Path(target)
    tmp_path = _temp_beside(target, ".tmp")
    try:
        yield tmp_path
        _publish(tmp_path, target)
    except OSError as exc:  # a full disk, a folder gone: the user's problem, told in one line
        tmp_path.unlink(missing_ok=True)
        raise DeckgenError(_("cannot write {file}: {problem}", file=target, problem=os_problem(exc))) from None
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise


def write_text(target: Path, text: str) -> Path:
    """``text`` as UTF-8 (no byte-order mark) with this system's line ends (``os.linesep``: CRLF on
    Windows, where older Notepads show a file of LF line ends as one line; LF elsewhere)."""
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8", newline=os.linesep)
    return target


def write_bytes(target: Path, data: bytes) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target


def finite(data: object) -> object:
    """``data`` with every NaN or infinity replaced by None (JSON has no such numbers: a bare NaN makes
    the whole text unreadable to any JSON reader)."""
    if isinstance(data, float):
        return data if data == data and data not in (float("inf"), float("-inf")) else None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [finite(v) for v in data]
    return data


def json_text(data: object, indent: int | None = 1) -> str:
    """Strict JSON: never NaN or Infinity (written as null)."""
    import json

    return json.dumps(finite(data), indent=indent, allow_nan=False)


def check_own_file(path: Path, flag: str, ours: Callable[[bytes], bool], head: int) -> Path:
    """``path``, a single file an option (``flag``) names, refused before any work unless nothing is
    there or a file deckgen wrote, told by ``ours`` from its first ``head`` bytes: deckgen replaces a
    file of its own, never a file of the user's, a folder, a FIFO or a device."""
    path = Path(path)
    if path.is_dir():
        raise DeckgenError(_("{flag} {path}: a folder is there; name a file", flag=flag, path=path))
    if path.exists() or path.is_symlink():
        try:
            if not path.is_file():
                raise DeckgenError(_("{flag} {path}: something other than a file is there", flag=flag, path=path))
            with open(path, "rb") as f:
                first = f.read(head)
        except OSError as exc:
            raise DeckgenError(_("{flag} {path}: {problem}", flag=flag, path=path, problem=os_problem(exc))) from None
        if not ours(first):
            raise DeckgenError(_("{flag} {path}: a file deckgen did not write is there; choose another name", flag=flag, path=path))
    return path


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_PNG_HEADER = 33  # the signature (8 bytes) and the IHDR chunk (25), which opens every PNG
_PNG_MARK = _png_chunk(b"tEXt", b"Software\0deckgen")
PNG_MARK_END = _PNG_HEADER + len(_PNG_MARK)  # how much of a PNG tells whether deckgen wrote it


def marked_png(data: bytes) -> bytes:
    """PNG ``data`` with deckgen's mark, a text chunk "Software: deckgen" right after the header, so
    that a later command knows the file for its own (:func:`is_marked_png`)."""
    if data[12:16] != b"IHDR":  # pragma: no cover - Pillow always writes IHDR first
        raise ValueError("not a PNG")
    return data[:_PNG_HEADER] + _PNG_MARK + data[_PNG_HEADER:]


def png_name(path: Path) -> Path:
    """``path`` when its name ends in .png (a picture deckgen writes is a PNG, and says so by its name)."""
    if not str(path).lower().endswith(".png"):
        raise DeckgenError(_("the board picture must be a .png file, not {path}", path=path))
    return Path(path)


def is_marked_png(head: bytes) -> bool:
    """Whether a file beginning with ``head`` is a PNG deckgen marked (:func:`marked_png`)."""
    return head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR" and head[_PNG_HEADER:PNG_MARK_END] == _PNG_MARK


def read_regular(path: Path, most: int) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link, FIFO, device or folder) of at most
    ``most`` bytes, else None; never blocks on a FIFO, never reads past ``most + 1`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        if path.is_symlink():  # (where O_NOFOLLOW is missing: Windows)
            return None
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            return None
        chunks, size = [], 0
        while size <= most:
            chunk = os.read(fd, min(1 << 20, most + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= most else None
    except OSError:
        return None
    finally:
        os.close(fd)
