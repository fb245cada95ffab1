"""PNG previews: contact sheets of card fronts (and the back), drawn by the same faces as the PDF."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Callable, Iterator

from PIL import Image, ImageDraw

from deckgen.fileio import write_bytes
from deckgen.model import Card
from deckgen.render.faces import Faces, Frame
from deckgen.render.job import PrintJob
from deckgen.render.palette import CUT
from deckgen.render.png_pen import PngPen

PER_SHEET = 30  # cards per contact sheet (6 × 5)
COLS = 6
GAP_MM = 4.0


def render_card(card: Card | None, faces: Faces, frame: Frame, px_per_mm: float = 8.0) -> Image.Image:
    """One card (``None`` draws the back) as an RGB image of its trim box."""
    w, h = round(frame.width * px_per_mm), round(frame.height * px_per_mm)
    img = Image.new("RGB", (w, h), "white")
    pen = PngPen(img, 0, 0, px_per_mm)
    if card is None:
        faces.back(pen, frame)
    else:
        faces.front(pen, card, frame)
    return img


def contact_sheets(job: PrintJob, *, px_per_mm: float = 4.0) -> Iterator[Image.Image]:
    """Contact sheets of every front, the back as the last tile; each holds up to PER_SHEET tiles.
    Made one at a time as they are asked for: a sheet of 30 large cards is 130 MB of pixels, so a deck
    of thousands held them all at once (a 4,900-card deck of 300 mm cards grew past 20 GB)."""
    faces, frame = job.faces, job.frame()
    tiles: list[Card | None] = list(job.cards) + [None]
    cw, ch = frame.width * px_per_mm, frame.height * px_per_mm
    gap = GAP_MM * px_per_mm
    for start in range(0, len(tiles), PER_SHEET):
        chunk = tiles[start : start + PER_SHEET]
        rows = (len(chunk) + COLS - 1) // COLS
        cols = min(COLS, len(chunk))
        img = Image.new("RGB", (round(cols * (cw + gap) + gap), round(rows * (ch + gap) + gap)), "#e9e9e9")
        draw = ImageDraw.Draw(img)
        for i, card in enumerate(chunk):
            r, c = divmod(i, COLS)
            ox, oy = round(gap + c * (cw + gap)), round(gap + r * (ch + gap))
            # each card on its own tile: whatever a face draws past its edge is cut, as on the sheet
            img.paste(render_card(card, faces, frame, px_per_mm), (ox, oy))
            draw.rectangle([ox, oy, ox + round(cw), oy + round(ch)], outline=CUT, width=1)
        yield img
        del img, draw  # (before the next sheet is made: never two at once)


def sheet_count(job: PrintJob) -> int:
    """How many contact sheets :func:`contact_sheets` makes."""
    return -(-(len(job.cards) + 1) // PER_SHEET)


def write_previews(out_dir: Path, job: PrintJob, *, progress: Callable[[int, int], None] | None = None) -> list[Path]:
    """Each sheet written as soon as it is drawn, then let go: memory holds one sheet, whatever the deck."""
    written = []
    total = sheet_count(job)
    for n, img in enumerate(contact_sheets(job), 1):
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False)
        del img
        written.append(write_bytes(Path(out_dir) / f"preview-{n:02d}.png", buf.getvalue()))
        if progress:
            progress(n, total)
    return written
