"""The PDF backend of :class:`deckgen.render.pen.Pen`: draws on a reportlab canvas."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from deckgen.render.fonts import PT_PER_MM, font_name, text_width_mm
from deckgen.render.palette import RGB, Colours
from deckgen.render.pen import Point

MM = PT_PER_MM


def new_canvas(path: str, width_pt: float, height_pt: float, *, title: str, subject: str = "") -> Canvas:
    """A reportlab canvas as every deckgen PDF starts: same bytes for the same drawing (invariant),
    compressed, deckgen's font, and the document's title and subject."""
    c = Canvas(path, pagesize=(width_pt, height_pt), invariant=1, pageCompression=1, initialFontName=font_name(False))
    c.setTitle(title)
    c.setAuthor("deckgen")
    if subject:
        c.setSubject(subject)
    c.setCreator("deckgen")
    return c


@lru_cache(maxsize=4096)
def ellipse_path(x1: float, y1: float, x2: float, y2: float) -> str:
    """The path ``Canvas.ellipse`` writes for the ellipse in the box (x1, y1)-(x2, y2): reportlab's own
    Bézier arcs, one operator a line. Worked out once per box: a card's cats and paws stand at the
    same page points on every sheet (about 60 % of a Multipli Cat's build's ellipses), and the arcs
    and their number formatting were a quarter of its cards.pdf."""
    lines: list[str] = []
    PDFPathObject(code=lines).ellipse(x1, y1, x2 - x1, y2 - y1)
    return "\n".join(lines)


class PdfPen:
    """Draws a card whose trim box's top-left corner is at page millimetres (left, top)."""

    def __init__(self, canvas: Canvas, left_mm: float, top_mm: float, scale: float = 1.0, colours: Colours = RGB) -> None:
        self.c = canvas
        self.left = left_mm
        self.top = top_mm
        self.scale = scale
        self.colours = colours  # every colour goes through it (RGB or CMYK)

    # card mm (y down) -> page points (y up)
    def _x(self, x: float) -> float:
        return (self.left + x * self.scale) * MM

    def _y(self, y: float) -> float:
        return (self.top - y * self.scale) * MM

    def _style(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.colours.fill(self.c, fill)
        if stroke:
            self.colours.stroke(self.c, stroke)
            self.c.setLineWidth(width * MM * self.scale)
        return (1 if fill else 0), (1 if stroke else 0)

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0) -> None:
        f, s = self._style(fill, stroke, width)
        if not (f or s):
            return
        px, py = self._x(x), self._y(y + h)
        pw, ph = w * self.scale * MM, h * self.scale * MM
        if radius > 0:
            self.c.roundRect(px, py, pw, ph, radius * self.scale * MM, stroke=s, fill=f)
        else:
            self.c.rect(px, py, pw, ph, stroke=s, fill=f)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.25) -> None:
        f, s = self._style(fill, stroke, width)
        if f or s:
            self.c.addLiteral(ellipse_path(self._x(cx - rx), self._y(cy + ry), self._x(cx + rx), self._y(cy - ry)))
            self.c._strokeAndFill(s, f)  # what Canvas.ellipse ends with: the operator for stroke and fill

    def polygon(self, points: Sequence[Point], *, fill=None, stroke=None, width=0.25) -> None:
        f, s = self._style(fill, stroke, width)
        if not (f or s) or len(points) < 2:
            return
        path = self.c.beginPath()
        path.moveTo(self._x(points[0][0]), self._y(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(self._x(px), self._y(py))
        path.close()
        self.c.drawPath(path, stroke=s, fill=f)

    def polyline(self, points: Sequence[Point], *, stroke: str, width: float = 0.25) -> None:
        self._style(None, stroke, width)
        path = self.c.beginPath()
        path.moveTo(self._x(points[0][0]), self._y(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(self._x(px), self._y(py))
        self.c.setLineCap(1)
        self.c.setLineJoin(1)
        self.c.drawPath(path, stroke=1, fill=0)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        from PIL import Image
        from reportlab.lib.utils import ImageReader

        from deckgen.render.pen import cover_crop

        with Image.open(path) as img:
            cropped = self.colours.image(cover_crop(img, w, h))
        self.c.drawImage(ImageReader(cropped), self._x(x), self._y(y + h), w * self.scale * MM, h * self.scale * MM)

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0) -> None:
        if not s:
            return
        size_pt = size * self.scale
        w = text_width_mm(s, size, bold)
        dx = -w / 2 if align == "center" else -w if align == "right" else 0.0
        self.c.saveState()
        self.colours.fill(self.c, color)
        self.c.translate(self._x(x), self._y(y))
        if angle:
            self.c.rotate(angle)
        t = self.c.beginText(dx * self.scale * MM, 0)
        t.setFont(font_name(bold), size_pt)
        t.textOut(s)
        self.c.drawText(t)
        self.c.restoreState()
