"""Card sheets as a print-ready PDF: fronts, backs placed to meet them, bleed, crop marks, scale bar."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from deckgen.fileio import atomic_path
from deckgen.model import Card
from deckgen.render import fonts
from deckgen.render.faces import Faces, Frame, back_face, two_sided
from deckgen.render.geometry import HOME_BACK_BLEED, PRINTER_MARGIN, SCALE_BAR, Box, SheetLayout, crop_marks
from deckgen.render.job import PrintJob
from deckgen.render.palette import CUT, INK, Colours
from deckgen.render.pdf_pen import PdfPen, new_canvas
from deckgen.render.pdfx import tag_fonts
from deckgen.render.planning import Page, either_edge, plan_pages
from deckgen.render.printing import sheet_note

MM = fonts.PT_PER_MM

WORDS = {
    "es": {"sheet": "hoja", "fronts": "caras", "backs": "dorsos", "scale": "50 mm: comprueba que la impresión no se ha escalado"},
    "en": {"sheet": "sheet", "fronts": "fronts", "backs": "backs", "scale": "50 mm: check the printer did not scale the page"},
}


def write_cards_pdf(target: Path, job: PrintJob, *, progress: Callable[[int, int], None] | None = None) -> Path:
    """Write every card of ``job`` on sheets to ``target`` (atomically)."""
    cards, faces, settings = job.cards, job.faces, job.settings
    lay = settings.layout()
    double = two_sided(faces, cards)
    pages = plan_pages(len(cards), lay, settings.backs, double)
    frame = job.frame(lay.bleed)
    ink = Colours(settings.colour)
    reach = back_reach(lay)
    back_frame = job.frame(reach)
    words = WORDS[settings.lang]
    sheets = lay.sheets_for(len(cards))
    note = sheet_note(len(cards), settings, double)  # how to print by hand on a single-sided printer
    either = either_edge(len(cards), lay, double)
    fonts.register()
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(
            str(tmp), lay.page_w * MM, lay.page_h * MM, title=job.document_title,
            subject=f"{len(cards)} cards, {lay.card.label}, {lay.paper}, {settings.backs}",
        )
        if lay.bleed > 0:
            t, b = lay.trim_bounds, lay.grid
            c.setTrimBox((t.x * MM, t.y * MM, t.right * MM, t.top * MM))
            c.setBleedBox((b.x * MM, b.y * MM, b.right * MM, b.top * MM))
        if any(page.side == "back" for page in pages):
            _define_back(c, lay, back_frame, faces, ink)
        for n, page in enumerate(pages, 1):
            if page.side == "front":
                filled = frozenset(slot for slot, _ in page.slots)
                for slot, card_index in page.slots:
                    _draw_card(c, slot, filled, lay, frame, faces, cards[card_index], ink)
            else:
                # the whole back page moves by --back-offset, to meet a printer that shifts it
                c.saveState()
                c.translate(settings.back_offset[0] * MM, settings.back_offset[1] * MM)
                filled = _back_cells(page, lay, settings.backs)
                own = _own_backs(page, lay, settings.backs, faces, cards)
                for slot in sorted(filled):
                    if slot in own:
                        _place_own_back(c, slot, filled, lay, back_frame, faces, own[slot], ink)
                    else:
                        _place_back(c, slot, filled, lay, reach)
            _draw_furniture(c, lay, f"{job.title} · {job.label}" if job.label else job.title, page, sheets, words, ink)
            if page.side == "back":
                c.restoreState()
            if note:
                _draw_note(c, lay, note, ink, turn=(settings.backs, either) if n == 1 else None)
            c.showPage()
            if progress:
                progress(n, len(pages))
        c.save()
        tag_fonts(Path(tmp))
    return Path(target)


BACK_FORM = "deckgen-back"

# Back pages printed apart from their fronts (a stack turned over by hand, or sheets glued on) carry a
# back in every cell: turned the other way round, or a part-filled sheet glued on mirrored, every card
# still meets a back, and no card is marked by a blank one.
EVERY_CELL = ("separate", "manual-duplex")


def _back_cells(page: Page, lay: SheetLayout, mode: str) -> frozenset[int]:
    """The cells of a back page that get a back."""
    if mode in EVERY_CELL:
        return frozenset(range(lay.per_sheet))
    return frozenset(lay.back_index(slot, mode) for slot, _ in page.slots)


def _own_backs(page: Page, lay: SheetLayout, mode: str, faces: Faces, cards: Sequence[Card]) -> dict[int, Card]:
    """Back cells that carry a two-sided card's other face (a Monete marker), by back-page cell:
    the cell behind the card once the sheet is turned (or glued, for "separate")."""
    out: dict[int, Card] = {}
    for slot, card_index in page.slots:
        other = back_face(faces, cards[card_index])
        if other is not None:
            out[lay.back_index(slot, mode)] = other
    return out


def _place_own_back(
    c: Canvas, slot: int, filled: frozenset[int], lay: SheetLayout, frame: Frame, faces: Faces, card: Card, ink: Colours
) -> None:
    """A two-sided card's other face in back cell ``slot``, drawn as a front, reaching as a back does."""
    box = lay.slot(slot)
    c.saveState()
    _clip(c, lay.paint_box(slot, filled, frame.bleed))
    faces.front(PdfPen(c, box.x, box.top, colours=ink), card, frame)
    c.restoreState()


def back_reach(lay: SheetLayout) -> float:
    """How far a back reaches past its trim: the bleed, and never less than HOME_BACK_BLEED."""
    return max(lay.bleed, HOME_BACK_BLEED)


def _define_back(c: Canvas, lay: SheetLayout, frame: Frame, faces: Faces, ink: Colours) -> None:
    """Draw the deck's back once, as a form XObject every back slot reuses; it reaches
    ``frame.bleed`` past the trim on every side."""
    b = frame.bleed
    c.beginForm(BACK_FORM, 0, 0, (lay.card.width + 2 * b) * MM, (lay.card.height + 2 * b) * MM)
    faces.back(PdfPen(c, b, b + lay.card.height, colours=ink), frame)
    c.endForm()


def _clip(c: Canvas, box: Box) -> None:
    clip = c.beginPath()
    clip.rect(box.x * MM, box.y * MM, box.w * MM, box.h * MM)
    c.clipPath(clip, stroke=0, fill=0)


def _place_back(c: Canvas, slot: int, filled: frozenset[int], lay: SheetLayout, reach: float) -> None:
    """The back in ``slot`` of a back page: beyond its trim only where no other back meets it."""
    box = lay.slot(slot)
    c.saveState()
    _clip(c, lay.paint_box(slot, filled, reach))
    c.translate((box.x - reach) * MM, (box.y - reach) * MM)
    c.doForm(BACK_FORM)
    c.restoreState()


def _draw_card(
    c: Canvas, slot: int, filled: frozenset[int], lay: SheetLayout, frame: Frame, faces: Faces, card: Card, ink: Colours
) -> None:
    box = lay.slot(slot)
    c.saveState()
    _clip(c, lay.paint_box(slot, filled))
    faces.front(PdfPen(c, box.x, box.top, colours=ink), card, frame)
    c.restoreState()
    if lay.bleed <= 0:  # a hairline cut line on the trim (fronts only: one cuts from the front)
        c.saveState()
        ink.stroke(c, CUT)
        c.setLineWidth(0.2 * MM)
        c.rect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, stroke=1, fill=0)
        c.restoreState()


def _draw_furniture(c: Canvas, lay: SheetLayout, title: str, page: Page, sheets: int, words: dict, ink: Colours) -> None:
    """Crop marks, the 50 mm scale bar and the sheet label."""
    c.saveState()
    ink.stroke(c, INK)
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
    _scale_bar(c, x0, y0, words["scale"], ink)
    ink.fill(c, INK)
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


def _draw_note(c: Canvas, lay: SheetLayout, text: str, ink: Colours, turn: tuple[str, bool] | None = None) -> None:
    """One line of printing instructions in the band opposite the footer (the grid is centred, so
    that band is as wide as the footer's); ``turn`` (the first sheet): (backs mode, either edge
    works), and a small picture of the sheet turned over before the line."""
    g = lay.grid
    marks = 4.0 if lay.bleed > 0 else 0.0
    band = (g.y if lay.footer == "bottom" else g.x) - marks - PRINTER_MARGIN  # mm between grid and printable edge
    c.saveState()
    ink.fill(c, INK)
    if lay.footer == "bottom":
        x, y, span = g.x + g.w / 2, g.top + marks + 2.5, g.w
        sheet = (lay.page_w, lay.page_h)  # the page as the note's reader holds it
    else:  # on the right, reading downward like the footer on the left
        c.translate((g.right + marks + 2.5) * MM, (g.y + g.h / 2) * MM)
        c.rotate(-90)
        x, y, span = 0.0, 0.0, g.h
        sheet = (lay.page_h, lay.page_w)
    if turn is not None:
        height = max(4.0, min(9.0, band - 2.0))
        width = turn_picture(c, x - span / 2, y - 1.0, height, sheet, turn[1], ink)
        x, span = x + (width + 2.0) / 2, span - width - 2.0
    size = max(3.5, min(6.5, 6.5 * span / max(1e-6, fonts.text_width_mm(text, 6.5))))
    c.setFont(fonts.font_name(False), size)
    c.drawCentredString(x * MM, y * MM, text)
    c.restoreState()


def turn_picture(c: Canvas, x: float, y: float, height: float, page: tuple[float, float], either: bool, ink: Colours) -> float:
    """A small picture at (x, y) (its bottom-left, in mm), ``height`` mm high: the sheet, an arrow,
    and the sheet turned over its long edge (marked with a thick line; both edges marked when
    ``either`` edge works). Returns its width in mm."""
    pw, ph = page
    body = height * 0.72  # the sheets; the arrow arcs over them in the rest
    scale = body / max(pw, ph) if pw > ph else body / ph
    w, h = pw * scale, ph * scale
    gap = max(3.0, height * 0.45)
    c.saveState()
    ink.stroke(c, INK)
    c.setLineWidth(0.4)
    for left, back in ((x, False), (x + w + gap, True)):
        ink.fill(c, "#c8c8c8" if back else "#ffffff")
        c.rect(left * MM, y * MM, w * MM, h * MM, stroke=1, fill=1)
        ink.fill(c, INK)
        size = h * 0.55 * MM
        c.setFont(fonts.font_name(True), size)
        c.drawCentredString((left + w / 2) * MM, (y + h / 2 - size * 0.35 / MM) * MM, "1")
    if not either:  # the long edge the sheet turns over: upright on a portrait sheet, level on a landscape one
        c.setLineWidth(1.2)
        x1, y1, x2, y2 = (x + w, y, x + w, y + h) if ph >= pw else (x, y + h, x + w, y + h)
        c.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
    # a curved arrow from the sheet to the sheet turned over
    c.setLineWidth(0.4)
    x0, x1, top, lift = x + w * 0.5, x + w + gap + w * 0.5, y + h + 0.4, height - h - 0.4
    path = c.beginPath()
    path.moveTo(x0 * MM, top * MM)
    path.curveTo(x0 * MM, (top + lift * 1.3) * MM, x1 * MM, (top + lift * 1.3) * MM, x1 * MM, top * MM)
    c.drawPath(path, stroke=1, fill=0)
    head = c.beginPath()
    head.moveTo((x1 - 0.8) * MM, (top + 1.2) * MM)
    head.lineTo(x1 * MM, top * MM)
    head.lineTo((x1 + 0.8) * MM, (top + 1.2) * MM)
    c.drawPath(head, stroke=1, fill=0)
    c.restoreState()
    return 2 * w + gap


def _scale_bar(c: Canvas, x: float, y: float, caption: str, ink: Colours) -> None:
    """A 50 mm bar with end ticks and a tick every 10 mm; its caption below."""
    ink.stroke(c, INK)
    ink.fill(c, INK)
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
