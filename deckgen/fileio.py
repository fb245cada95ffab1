"""Safe output: write to a temporary file beside the target, then rename over it."""

from __future__ import annotations

import os
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


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; on success rename it onto ``target``.

    On any error the temporary file is removed and ``target`` is left as it was.
    """
    target = Path(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise DeckgenError(f"cannot write in {target.parent}: {exc.strerror or exc}") from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        # mkstemp makes the file private (0600); give it the mode a plain open() would have.
        os.chmod(tmp_path, 0o666 & ~_umask())
        os.replace(tmp_path, target)
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(target: Path, text: str) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return target


def write_bytes(target: Path, data: bytes) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target
