"""Files a deck file refers to must sit in the deck file's own folder (or below it), be small, and
be real images."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError

from deckgen.errors import DeckgenError

MAX_IMAGE_BYTES = 5_000_000
MAX_IMAGE_SIDE = 6000
IMAGE_FORMATS = ("PNG", "JPEG")


def referenced_image(folder: Path, name: str) -> Path:
    """The absolute path of image ``name`` inside ``folder``; refuses anything that leaves it."""
    rel = Path(name)
    if rel.is_absolute() or rel.drive:
        raise DeckgenError(f"{name!r}: give a path relative to the deck file's folder, not an absolute one")
    base = Path(folder).resolve()
    target = (base / rel).resolve()
    if not target.is_relative_to(base):
        raise DeckgenError(f"{name!r} leaves the deck file's folder; images must sit beside the deck file")
    if not target.is_file():
        raise DeckgenError(f"{name!r} not found beside the deck file")
    size = target.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise DeckgenError(f"{name!r} is {size:,} bytes; an image is at most {MAX_IMAGE_BYTES:,}")
    try:
        with Image.open(target) as img:
            fmt, (w, h) = img.format, img.size
            img.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise DeckgenError(f"{name!r} is not a PNG or JPEG image") from None
    if fmt not in IMAGE_FORMATS:
        raise DeckgenError(f"{name!r} is a {fmt} image; use PNG or JPEG")
    if max(w, h) > MAX_IMAGE_SIDE:
        raise DeckgenError(f"{name!r} is {w}×{h} pixels; at most {MAX_IMAGE_SIDE} on a side")
    return target
