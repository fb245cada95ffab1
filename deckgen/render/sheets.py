"""Card sheets as a print-ready PDF: fronts, backs placed to meet them, bleed, crop marks, scale bar."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from deckgen.fileio import atomic_path
from deckgen.model import Card
from deckgen.render import fonts
from deckgen.render.faces import Faces, Frame
from deckgen.render.geometry import PRINTER_MARGIN, SCALE_BAR, Box, SheetLayout, crop_marks
from deckgen.render.palette import CUT, INK, rgb
from deckgen.render.pdf_pen import PdfPen
from deckgen.render.printing import sheet_note
from deckgen.render.settings import PrintSettings

MM = fonts.PT_PER_MM

WORDS = {
    "es": {"sheet": "hoja", "fronts": "caras", "backs": "dorsos", "scale": "50 mm: comprueba que la impresión no se ha escalado"},
    "en": {"sheet": "sheet", "fronts": "fronts", "backs": "backs", "scale": "50 mm: check the printer did not scale the page"},
}


@dataclass(frozen=True)
class Page:
    """One PDF page: which cards go in which slots, and whether these are fronts or backs."""

    sheet: int  # 1-based sheet number
    side: str  # "front" or "back"
    slots: tuple[tuple[int, int], ...]  # (slot index on the page, card index in the deck)


def plan_pages(n_cards: int, lay: SheetLayout, backs: str) -> list[Page]:
    """The order of pages: per sheet a front page, and (duplex) its back page right after."""
    per = lay.per_sheet
    sheets = lay.sheets_for(n_cards)
    pages: list[Page] = []
    for s in range(sheets):
        idx = list(range(s * per, min(n_cards, (s + 1) * per)))
        fronts = tuple((i - s * per, i) for i in idx)
        pages.append(Page(s + 1, "front", fronts))
        if backs.startswith("duplex"):
            pages.append(Page(s + 1, "back", fronts))
    if backs in ("separate", "manual-duplex"):
        for s in range(sheets):
            idx = list(range(s * per, min(n_cards, (s + 1) * per)))
            pages.append(Page(s + 1, "back", tuple((i - s * per, i) for i in idx)))
    return pages


def write_cards_pdf(
    target: Path,
    cards: Sequence[Card],
    faces: Faces,
    settings: PrintSettings,
    *,
    title: str,
    label: str,
    options: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Write every card of ``cards`` on sheets to ``target`` (atomically)."""
    lay = settings.layout()
    pages = plan_pages(len(cards), lay, settings.backs)
    frame = Frame(lay.card.width, lay.card.height, lay.bleed, settings.lang, options or {}, settings.ink)
    words = WORDS[settings.lang]
    sheets = lay.sheets_for(len(cards))
    note = sheet_note(len(cards), settings)  # how to print by hand on a single-sided printer
    fonts.register()
    with atomic_path(Path(target)) as tmp:
        c = Canvas(
            str(tmp),
            pagesize=(lay.page_w * MM, lay.page_h * MM),
            invariant=1,
            pageCompression=1,
            initialFontName=fonts.font_name(False),
        )
        c.setTitle(f"{title} — {label}" if label else title)
        c.setAuthor("deckgen")
        c.setSubject(f"{len(cards)} cards, {lay.card.label}, {lay.paper}, {settings.backs}")
        c.setCreator("deckgen")
        if lay.bleed > 0:
            t, b = lay.trim_bounds, lay.grid
            c.setTrimBox((t.x * MM, t.y * MM, t.right * MM, t.top * MM))
            c.setBleedBox((b.x * MM, b.y * MM, b.right * MM, b.top * MM))
        if any(page.side == "back" for page in pages):
            _define_back(c, lay, frame, faces)
        for n, page in enumerate(pages, 1):
            for slot, card_index in page.slots:
                if page.side == "front":
                    _draw_card(c, lay.slot(slot), lay, frame, faces, cards[card_index])
                else:
                    _place_back(c, lay.back_slot(slot, settings.backs), lay)
            _draw_furniture(c, lay, f"{title} · {label}" if label else title, page, sheets, words)
            if note:
                _draw_note(c, lay, note)
            c.showPage()
            if progress:
                progress(n, len(pages))
        c.save()
    return Path(target)


BACK_FORM = "deckgen-back"


def _define_back(c: Canvas, lay: SheetLayout, frame: Frame, faces: Faces) -> None:
    """Draw the deck's back once, as a form XObject every back slot reuses (its box clips to the bleed)."""
    c.beginForm(BACK_FORM, 0, 0, lay.cell_w * MM, lay.cell_h * MM)
    faces.back(PdfPen(c, lay.bleed, lay.bleed + lay.card.height), frame)
    c.endForm()


def _place_back(c: Canvas, box: Box, lay: SheetLayout) -> None:
    c.saveState()
    c.translate((box.x - lay.bleed) * MM, (box.y - lay.bleed) * MM)
    c.doForm(BACK_FORM)
    c.restoreState()
    _cut_line(c, box, lay)


def _draw_card(c: Canvas, box: Box, lay: SheetLayout, frame: Frame, faces: Faces, card: Card) -> None:
    bleed = box.grow(lay.bleed)
    c.saveState()
    clip = c.beginPath()
    clip.rect(bleed.x * MM, bleed.y * MM, bleed.w * MM, bleed.h * MM)
    c.clipPath(clip, stroke=0, fill=0)
    faces.front(PdfPen(c, box.x, box.top), card, frame)
    c.restoreState()
    _cut_line(c, box, lay)


def _cut_line(c: Canvas, box: Box, lay: SheetLayout) -> None:
    if lay.bleed <= 0:  # a hairline cut line on the trim
        c.saveState()
        c.setStrokeColorRGB(*rgb(CUT))
        c.setLineWidth(0.2 * MM)
        c.rect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, stroke=1, fill=0)
        c.restoreState()


def _draw_furniture(c: Canvas, lay: SheetLayout, title: str, page: Page, sheets: int, words: dict) -> None:
    """Crop marks, the 50 mm scale bar and the sheet label."""
    c.saveState()
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(0.25)
    for x1, y1, x2, y2 in crop_marks(lay):
        c.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
    side = words["fronts"] if page.side == "front" else words["backs"]
    label = f"{title} · {words['sheet']} {page.sheet}/{sheets} · {side}"
    g = lay.grid
    marks = 4.0 if lay.bleed > 0 else 0.0
    if lay.footer == "bottom":
        x0, y0 = g.x, g.y - marks - 3.5
    else:  # in the left margin, turned 90° clockwise (reading downward) so that, as at the bottom,
        # the tops of the letters face the cards and the caption lies on the far side of the bar
        c.translate((g.x - marks - 3.5) * MM, g.top * MM)
        c.rotate(-90)
        x0, y0 = 0.0, 0.0
    _scale_bar(c, x0, y0, words["scale"])
    c.setFillColorRGB(*rgb(INK))
    # The label ends where the grid ends, or runs on towards the page margin when the grid is too
    # narrow for it; it starts clear of the bar and its "50 mm".
    span = g.w if lay.footer == "bottom" else g.h
    limit = lay.page_w - PRINTER_MARGIN - g.x if lay.footer == "bottom" else g.top - PRINTER_MARGIN
    start = SCALE_BAR + 25.0
    width = fonts.text_width_mm(label, 6.5)
    end = span if start + width <= span else max(span, min(limit, start + width))
    size = min(6.5, 6.5 * (end - start) / max(1e-6, width))
    c.setFont(fonts.font_name(False), max(3.5, size))
    c.drawRightString((x0 + end) * MM, (y0 - 1.0) * MM, label)
    c.restoreState()


def _draw_note(c: Canvas, lay: SheetLayout, text: str) -> None:
    """One line of printing instructions in the band opposite the footer (the grid is centred, so
    that band is as wide as the footer's)."""
    g = lay.grid
    marks = 4.0 if lay.bleed > 0 else 0.0
    c.saveState()
    c.setFillColorRGB(*rgb(INK))
    if lay.footer == "bottom":
        x, y, span = g.x + g.w / 2, g.top + marks + 2.5, g.w
    else:  # on the right, reading downward like the footer on the left
        c.translate((g.right + marks + 2.5) * MM, (g.y + g.h / 2) * MM)
        c.rotate(-90)
        x, y, span = 0.0, 0.0, g.h
    size = max(3.5, min(6.5, 6.5 * span / max(1e-6, fonts.text_width_mm(text, 6.5))))
    c.setFont(fonts.font_name(False), size)
    c.drawCentredString(x * MM, y * MM, text)
    c.restoreState()


def _scale_bar(c: Canvas, x: float, y: float, caption: str) -> None:
    """A 50 mm bar with end ticks and a tick every 10 mm; its caption below."""
    c.setStrokeColorRGB(*rgb(INK))
    c.setFillColorRGB(*rgb(INK))
    c.setLineWidth(0.6)
    c.line(x * MM, y * MM, (x + SCALE_BAR) * MM, y * MM)
    c.setLineWidth(0.3)
    for i in range(0, int(SCALE_BAR) + 1, 10):
        h = 1.2 if i in (0, int(SCALE_BAR)) else 0.6
        c.line((x + i) * MM, (y - h) * MM, (x + i) * MM, (y + h) * MM)
    c.setFont(fonts.font_name(False), 5.5)
    c.drawString((x + SCALE_BAR + 2.0) * MM, (y - 0.6) * MM, "50 mm")
    c.setFont(fonts.font_name(False), 5.5)
    c.drawString(x * MM, (y - 3.4) * MM, caption)
