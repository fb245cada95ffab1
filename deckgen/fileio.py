"""Safe output: write to a temporary file beside the target, then rename over it."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from deckgen.errors import DeckgenError


def prepare_out_dir(path: Path) -> Path:
    """Create ``path`` if needed and check that files can be written in it."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DeckgenError(f"cannot create the output folder {path}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise DeckgenError(f"the output path {path} is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise DeckgenError(f"the output folder {path} is not writable")
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _temp_beside(target: Path, suffix: str) -> Path:
    """An empty temporary file in ``target``'s folder (so a rename onto it is atomic)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    except OSError as exc:
        raise DeckgenError(f"cannot write in {target.parent}: {exc.strerror or exc}") from None
    os.close(fd)
    return Path(tmp)


def _publish(tmp: Path, target: Path) -> None:
    """Give ``tmp`` ordinary permissions (mkstemp makes it private, 0600) and rename it onto ``target``."""
    os.chmod(tmp, 0o666 & ~_umask())
    os.replace(tmp, target)


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
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise


def write_text(target: Path, text: str) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return target


def write_bytes(target: Path, data: bytes) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target


class _Stage:
    """Hands out temporary paths beside their targets; ``targets`` lists the final names."""

    def __init__(self) -> None:
        self.pending: list[tuple[Path, Path]] = []

    @property
    def targets(self) -> list[Path]:
        return [t for _, t in self.pending]

    def __call__(self, target: Path) -> Path:
        target = Path(target)
        tmp = _temp_beside(target, ".staged")
        self.pending.append((tmp, target))
        return tmp

    def folder(self, target: Path) -> Path:
        """An empty temporary folder beside ``target``; at the end it replaces ``target`` whole,
        so the folder never holds files of two builds."""
        target = Path(target)
        try:
            tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".staged", dir=target.parent))
        except OSError as exc:
            raise DeckgenError(f"cannot write in {target.parent}: {exc.strerror or exc}") from None
        self.pending.append((tmp, target))
        return tmp


@contextmanager
def staging(folder: Path) -> Iterator[_Stage]:
    """Write several files as one: each goes to a temporary name, and only when every one has been
    written are they all renamed over their targets. On any error the temporary files are removed
    and the folder is left as it was."""
    stage = _Stage()
    try:
        yield stage
    except BaseException:
        for tmp, _ in stage.pending:
            _remove(tmp)
        raise
    for tmp, target in stage.pending:
        if tmp.is_dir():
            _publish_folder(tmp, target)
        else:
            _publish(tmp, target)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _publish_folder(tmp: Path, target: Path) -> None:
    """Swap the staged folder ``tmp`` in for ``target`` (the old one, if any, is removed)."""
    os.chmod(tmp, 0o777 & ~_umask())
    old = None
    if target.exists() or target.is_symlink():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
        os.replace(target, old / target.name)
    os.replace(tmp, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
