"""Exports for print shops and virtual tables, beside the sheets of cards.pdf:

- ``png``: one image per card face, in deck order (``001-front.png`` …) and ``back.png``, each with
  its bleed, at ``dpi``; a two-sided card (a marker turned over in play) also gets its own back,
  ``017-back.png``; rendered on every core, the files identical whatever the number of workers;
- ``pdf``: one card per page, every page's MediaBox = BleedBox = the card plus its bleed and
  TrimBox = the card; each card's back (its own, for a two-sided card) comes before its front (the
  order DriveThruCards asks for);
- ``tts``: Tabletop Simulator deck sheets: at most 10×7 cards (69 and the back as the hidden card in
  the last place), at most 4096 px on a side, RGB, the back beside them and ``tts.json`` giving each
  sheet's grid and card count (also in its name: ``sheet-1-69-cards.png``); a deck with two-sided
  cards gets a sheet of backs per sheet (``sheet-1-69-backs.png``, Tabletop Simulator's "unique
  backs"), each place the back of the card in the same place.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from deckgen.workers import usable_cores
from deckgen.errors import OptionError
from deckgen.model import Card
from deckgen.render.faces import Faces, Frame, back_face
from deckgen.render.job import PrintJob
from deckgen.render.settings import FORMATS, MAX_DPI, MIN_DPI, PrintSettings, dots_per_inch, format_list  # noqa: F401 (the options' parsers live with the settings)

if TYPE_CHECKING:  # pragma: no cover - Pillow loads when a PNG is drawn, not with every build
    from PIL import Image

MM_PER_INCH = 25.4

TTS_COLS, TTS_ROWS = 10, 7  # Tabletop Simulator's largest deck sheet
TTS_MAX_PX = 4096  # the largest image side Tabletop Simulator loads reliably

PDF_NAME = "cards-one-per-page.pdf"
PNG_DIR = "png"
TTS_DIR = "tts"


def pixels(mm: float, dpi: int) -> int:
    return round(mm * dpi / MM_PER_INCH)


def card_pixels(settings: PrintSettings) -> tuple[int, int]:
    """Width and height in pixels of one exported card image (card plus bleed) at ``settings.dpi``."""
    b = 2 * settings.bleed
    return pixels(settings.card.width + b, settings.dpi), pixels(settings.card.height + b, settings.dpi)


# ---------------------------------------------------------------- one card as an image


@dataclass(frozen=True)
class CardArt:
    """What it takes to draw any card of a deck as a picture (picklable, for worker processes)."""

    faces: Faces
    frame: Frame  # with the bleed the picture carries

    def render(self, card: Card | None, size: tuple[int, int]) -> Image.Image:
        """``card`` (``None``: the back) covering ``size`` pixels: the card and its bleed."""
        from PIL import Image

        from deckgen.render.png_pen import PngPen

        f = self.frame
        k = size[0] / (f.width + 2 * f.bleed)
        img = Image.new("RGB", size, "white")
        pen = PngPen(img, f.bleed * k, f.bleed * k, k)
        if card is None:
            self.faces.back(pen, f)
        else:
            self.faces.front(pen, card, f)
        return img


def png_bytes(img: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def _render_png(job: tuple[str, Card | None], art: CardArt, size: tuple[int, int], dpi: int, folder: str) -> str:
    name, card = job
    Path(folder, name).write_bytes(png_bytes(art.render(card, size), dpi))
    return name


def png_jobs(cards: Sequence[Card], faces: Faces) -> list[tuple[str, Card | None]]:
    """(file name, face to draw; None: the common back) of every PNG of a deck: each card's front,
    the own back of each two-sided card, then the common back."""
    jobs: list[tuple[str, Card | None]] = []
    for i, card in enumerate(cards):
        jobs.append((f"{i + 1:03d}-front.png", card))
        other = back_face(faces, card)
        if other is not None:
            jobs.append((f"{i + 1:03d}-back.png", other))
    return jobs + [("back.png", None)]


def default_workers() -> int:
    return usable_cores()


def _map(fn: Callable, jobs: Sequence, workers: int, progress: Callable[[int, int], None] | None) -> None:
    """Run ``fn`` on every job, in worker processes when there are several workers. Each job writes
    its own file, so the output does not depend on the number of workers or their order."""
    total = len(jobs)
    if workers <= 1 or total < 8:
        for n, job in enumerate(jobs, 1):
            fn(job)
            if progress:
                progress(n, total)
        return
    from deckgen.workers import process_pool

    # the project's pool (deckgen.workers.process_pool): left by a stop signal, it stops its workers
    # without a word to them. multiprocessing.Pool's terminate() puts on its task queue, whose lock
    # a signal can leave taken: a SIGHUP during a PNG export then hung the command for good.
    with process_pool(min(workers, total), ("deckgen.render.export", "deckgen.render.png_pen")) as pool:
        for n, _ in enumerate(pool.map(fn, jobs, chunksize=4), 1):
            if progress:
                progress(n, total)


def write_pngs(
    folder: Path, job: PrintJob, *, workers: int | None = None, progress: Callable[[int, int], None] | None = None
) -> list[Path]:
    """``001-front.png`` …, ``NNN-back.png`` for each two-sided card, and ``back.png`` in ``folder``
    (which must exist), each the card with its bleed at ``settings.dpi``."""
    settings = job.settings
    art = CardArt(job.faces, job.frame(settings.bleed))
    jobs = png_jobs(job.cards, job.faces)
    fn = partial(_render_png, art=art, size=card_pixels(settings), dpi=settings.dpi, folder=str(folder))
    _map(fn, jobs, default_workers() if workers is None else workers, progress)
    return [Path(folder, name) for name, _ in jobs]


# ---------------------------------------------------------------- one card per page


def write_card_pages(target: Path, job: PrintJob, *, progress: Callable[[int, int], None] | None = None) -> Path:
    """A PDF with a page per card side: the back of card 1, its front, the back of card 2, …"""
    from deckgen.fileio import atomic_path
    from deckgen.render import fonts
    from deckgen.render.palette import Colours
    from deckgen.render.pdf_pen import PdfPen, new_canvas

    mm = fonts.PT_PER_MM
    cards, faces, settings = job.cards, job.faces, job.settings
    b, w, h = settings.bleed, settings.card.width, settings.card.height
    frame = job.frame(b)
    ink = Colours(settings.colour)
    fonts.register()
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(str(tmp), (w + 2 * b) * mm, (h + 2 * b) * mm, title=job.document_title,
                       subject=f"{len(cards)} cards, {settings.card.label}, {b:g} mm bleed, one card side a page")
        c.setTrimBox((b * mm, b * mm, (b + w) * mm, (b + h) * mm))
        c.setBleedBox((0, 0, (w + 2 * b) * mm, (h + 2 * b) * mm))
        c.beginForm("deckgen-back", 0, 0, (w + 2 * b) * mm, (h + 2 * b) * mm)
        faces.back(PdfPen(c, b, b + h, colours=ink), frame)
        c.endForm()
        for n, card in enumerate(cards, 1):
            other = back_face(faces, card)
            if other is None:
                c.doForm("deckgen-back")
            else:  # a two-sided card: its own other face
                faces.front(PdfPen(c, b, b + h, colours=ink), other, frame)
            c.showPage()
            faces.front(PdfPen(c, b, b + h, colours=ink), card, frame)
            c.showPage()
            if progress:
                progress(n, len(cards))
        c.save()
        if settings.colour == "cmyk":  # a shop's CMYK file: PDF/X-1a:2001 (OutputIntent, unique font tags)
            from deckgen.render.pdfx import make_pdfx1a

            make_pdfx1a(Path(tmp))
        else:
            from deckgen.render.pdfx import tag_fonts

            tag_fonts(Path(tmp))
    return Path(target)


# ---------------------------------------------------------------- Tabletop Simulator


def tts_tile(settings: PrintSettings) -> tuple[int, int]:
    """The pixel size of one card on a deck sheet: as large as 10×7 of them allow in 4096 px."""
    w, h = settings.card.width, settings.card.height
    k = min(TTS_MAX_PX // TTS_COLS / w, TTS_MAX_PX // TTS_ROWS / h, settings.dpi / MM_PER_INCH)
    return max(1, math.floor(w * k)), max(1, math.floor(h * k))


def tts_sheets(n_cards: int) -> list[tuple[int, int, int]]:
    """(first card, cards, rows) of every sheet: 69 cards a sheet, the hidden card (the back) last."""
    per = TTS_COLS * TTS_ROWS - 1
    out = []
    for start in range(0, max(n_cards, 1), per):
        n = min(per, n_cards - start)
        out.append((start, n, math.ceil((n + 1) / TTS_COLS)))
    return out


def write_tts(folder: Path, job: PrintJob, *, progress: Callable[[int, int], None] | None = None) -> list[Path]:
    """Deck sheets, ``back.png`` and ``tts.json`` in ``folder`` (which must exist)."""
    from PIL import Image

    cards, faces, settings = job.cards, job.faces, job.settings
    art = CardArt(faces, job.frame())
    tw, th = tts_tile(settings)
    back = art.render(None, (tw, th))
    written, listing = [], []
    plan = tts_sheets(len(cards))
    others = [back_face(faces, card) for card in cards]  # a two-sided card's own back, else None
    two_sided = any(o is not None for o in others)
    for n, (start, count, rows) in enumerate(plan, 1):
        sheet = Image.new("RGB", (TTS_COLS * tw, rows * th), "white")
        backs = Image.new("RGB", (TTS_COLS * tw, rows * th), "white") if two_sided else None
        for i in range(count):
            r, col = divmod(i, TTS_COLS)
            sheet.paste(art.render(cards[start + i], (tw, th)), (col * tw, r * th))
            if backs is not None:
                other = others[start + i]
                backs.paste(back if other is None else art.render(other, (tw, th)), (col * tw, r * th))
        sheet.paste(back, ((TTS_COLS - 1) * tw, (rows - 1) * th))  # the hidden card: the last place
        name = f"sheet-{n}-{count}-cards.png"
        written.append(Path(folder, name))
        written[-1].write_bytes(png_bytes(sheet))
        entry = {"file": name, "cards": count, "first_card": start + 1, "columns": TTS_COLS, "rows": rows,
                 "hidden_card": "last place (the back)"}
        if backs is not None:
            backs.paste(back, ((TTS_COLS - 1) * tw, (rows - 1) * th))
            entry["unique_backs"] = f"sheet-{n}-{count}-backs.png"
            written.append(Path(folder, entry["unique_backs"]))
            written[-1].write_bytes(png_bytes(backs))
        listing.append(entry)
        if progress:
            progress(n, len(plan))
    Path(folder, "back.png").write_bytes(png_bytes(back))
    meta = {"cards": len(cards), "card_px": [tw, th], "back": "back.png", "sheets": listing}
    Path(folder, "tts.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return written + [Path(folder, "back.png"), Path(folder, "tts.json")]


# ---------------------------------------------------------------- every format a build asks for

# What each format writes at the top of the staging folder, in this order: (format, file or
# folder name, a folder?, what its progress bar says)
OUTPUTS = (
    ("sheets", "cards.pdf", False, "cards.pdf"),
    ("pdf", PDF_NAME, False, PDF_NAME),
    ("png", PNG_DIR, True, PNG_DIR + "/ ({dpi} dpi)"),
    ("tts", TTS_DIR, True, TTS_DIR + "/"),
)


def write_formats(stage: Path, job: PrintJob, *, progress: Callable[[str], Callable[[int, int], None]] | None = None) -> list[Path]:
    """Write every format of ``job.settings.formats`` into the staging folder ``stage`` (a
    :func:`deckgen.publish.publishing` folder: everything appears together at the end); return the
    files and folders written at its top."""
    from deckgen.render.sheets import write_cards_pdf

    writers = {"sheets": write_cards_pdf, "pdf": write_card_pages, "png": write_pngs, "tts": write_tts}
    written: list[Path] = []
    for fmt, name, folder, bar in OUTPUTS:
        if fmt not in job.settings.formats:
            continue
        target = Path(stage) / name
        if folder:
            target.mkdir(exist_ok=True)
        writers[fmt](target, job, progress=progress(bar.format(dpi=job.settings.dpi)) if progress else None)
        written.append(target)
    return written
