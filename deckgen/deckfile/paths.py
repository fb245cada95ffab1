"""Files a deck file refers to must sit in the deck file's own folder (or below it), be small, and
be real images."""

from __future__ import annotations

import struct
import warnings
import zlib
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import _
from deckgen.filenames import resolved

MAX_IMAGE_BYTES = 5_000_000
MAX_IMAGE_SIDE = 6000
IMAGE_FORMATS = ("PNG", "JPEG")


def referenced_image(folder: Path, name: str) -> Path:
    """The absolute path of image ``name`` inside ``folder``; refuses anything that leaves it, and
    anything that is not a whole PNG or JPEG of sensible size (decoded fully, so a truncated or
    garbled image is refused here and not half-way through a build)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise DeckgenError(_("{name!r} is not a file name (it holds control characters)", name=name))
    rel = Path(name)
    if rel.is_absolute() or rel.drive:
        raise DeckgenError(_("{name!r}: give a path relative to the deck file's folder, not an absolute one", name=name))
    try:
        base = resolved(Path(folder))
        target = resolved(base / rel)
    except OSError as exc:  # a symbolic link that loops
        raise DeckgenError(_("{name!r}: {problem}", name=name, problem=os_problem(exc))) from None
    if not target.is_relative_to(base):
        raise DeckgenError(_("{name!r} leaves the deck file's folder; images must sit beside the deck file", name=name))
    if not target.is_file():
        raise DeckgenError(not_an_image_file(target, repr(name)) or _("{name!r} not found beside the deck file", name=name))
    size = target.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise DeckgenError(_("{name!r} is {size:,} bytes; an image is at most {most:,}", name=name, size=size, most=MAX_IMAGE_BYTES))
    check_image(target, repr(name))
    return target


def not_an_image_file(path: Path, shown: str) -> Any:
    """Why ``path``, which is there, cannot be an image (a folder, a FIFO, a device); None when it is a
    file or is not there at all."""
    if path.is_dir():
        return _("{file} is a folder, not an image", file=shown)
    if path.exists() and not path.is_file():
        return _("{file} is not a file", file=shown)
    return None


def check_image(path: Path, shown: str) -> None:
    """Refuse ``path`` unless it is a PNG or JPEG of at most MAX_IMAGE_SIDE pixels a side that
    decodes to its last pixel. The size is read from the header before any pixel is decoded, and
    Pillow's decompression-bomb warning is an error here, never a line on the terminal. Pillow loads
    here, when a deck names an image, not with every deck file."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                fmt, (w, h) = img.format, img.size
                if fmt not in IMAGE_FORMATS:
                    raise DeckgenError(_("{image} is a {format} image; use PNG or JPEG", image=shown, format=fmt))
                if max(w, h) > MAX_IMAGE_SIDE:
                    raise DeckgenError(_("{image} is {w}×{h} pixels; at most {most} on a side", image=shown, w=w, h=h, most=MAX_IMAGE_SIDE))
                img.load()  # every pixel: a truncated file or garbage data fails here
    except DeckgenError:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise DeckgenError(_("{image} is too large an image (a decompression bomb?); at most {most} pixels on a side", image=shown,
                             most=MAX_IMAGE_SIDE)) from None
    except UnidentifiedImageError:
        raise DeckgenError(_("{image} is not a PNG or JPEG image", image=shown)) from None
    except (OSError, SyntaxError, ValueError, EOFError, zlib.error, struct.error, MemoryError):
        raise DeckgenError(_("{image} is not a whole PNG or JPEG image (truncated or damaged)", image=shown)) from None
