"""A fast reader of what a PDF draws where, for the tests that need only text and rectangles.

pdfplumber (pdfminer) interprets every content stream in Python: a 26-page card sheet takes it about
a second a page. pdfium (pypdfium2, already a dependency of deckgen's ink figure) reads the same
pages in about a hundredth of that. This module gives a page's characters and rectangles with
pdfplumber's names and units (points, y upward for ``y0``/``y1``, ``top``/``bottom`` from the top),
so that tests/pdfcheck.py's helpers (``chars_in``, ``texts_in``, ``runs``, ``box_of``) read either.

What it gives, and how it differs from pdfplumber (tests/test_pdfium_pages.py holds the two equal
on real sheets):

- ``chars``: every character the file draws (pdfium's own spaces and line breaks left out), with
  ``text``, ``x0 x1 y0 y1 top bottom`` (pdfium's loose box: the font's ascent to descent, as
  pdfplumber's), ``matrix`` (the unit direction of the baseline and the origin: pdfplumber's for
  text drawn at its size, within half a point), ``size``, ``fontname`` (the font's base name
  without pdfplumber's subset prefix: "DejaVuSans-Bold", not "ABCDEF+DejaVuSans-Bold") and ``adv``
  (the advance along the baseline, from the box).
- ``rects``: every path that is an axis-aligned rectangle (after its own and its forms' matrices),
  with ``x0 y0 x1 y1 top bottom width height``, ``fill``/``stroke`` (pdfium's draw mode) and
  ``fill_rgb``: its fill colour as pdfium gives it, red, green and blue from 0 to 1 in 1/255 steps
  (pdfplumber's ``non_stroking_color`` holds the file's own numbers in the file's colour space:
  for an RGB file the same colour within 1/510, tests/test_pdfium_pages.py).
- ``lines`` (when ``read`` is asked for them): every straight segment drawn as a subpath of its own
  (a move then one line, closed or not: pdfplumber's lines), with ``x0 y0 x1 y1 top bottom width height``, ``pts`` (its two ends, x
  and distance from the top, as pdfplumber gives them) and ``fill``/``stroke``.
- ``extract_text()``: pdfplumber's own text layout (``chars_to_textmap``) over these characters, so
  lines and words come out as pdfplumber's ``extract_text`` gives them; ``crop(bbox)`` as
  pdfplumber's (the objects overlapping the box), ``filter(keep)`` as pdfplumber's.

Colours are not read: the tests of colours keep pdfplumber.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    chars: tuple[dict, ...]
    rects: tuple[dict, ...]
    lines: tuple[dict, ...] = ()

    def extract_text(self, **options) -> str:
        """The page's text laid out by pdfplumber's own algorithm (lines by position, words by gaps),
        from these characters: what pdfplumber's ``Page.extract_text`` gives."""
        from pdfplumber.utils.text import chars_to_textmap

        return chars_to_textmap(list(self.chars), **options).as_string

    def filter(self, keep) -> "Page":
        """The page with only the objects ``keep`` accepts: pdfplumber's ``Page.filter``."""
        return Page(self.width, self.height, tuple(filter(keep, self.chars)), tuple(filter(keep, self.rects)),
                    tuple(filter(keep, self.lines)))

    def crop(self, bbox: tuple[float, float, float, float]) -> "Page":
        """The characters and rectangles overlapping ``bbox`` (x0, top, x1, bottom, from the top):
        what pdfplumber's ``Page.crop`` keeps of them."""
        x0, top, x1, bottom = bbox
        return self.filter(lambda o: o["x0"] < x1 and o["x1"] > x0 and o["top"] < bottom and o["bottom"] > top)


def read(path: str | Path, *, lines: bool = False) -> list[Page]:
    """Every page of the PDF at ``path``; its lines only when asked (finding them means reading every
    segment of every curved path too, which doubles the time on a page of backs)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return [_page(doc[i], lines) for i in range(len(doc))]
    finally:
        doc.close()


def _page(page, with_lines: bool = False) -> Page:
    width, height = page.get_size()
    textpage = page.get_textpage()
    try:
        chars = _chars(textpage, height)
    finally:
        textpage.close()
    rects: list[dict] = []
    lines: list[dict] | None = [] if with_lines else None
    raw_page = page.raw
    for i in range(raw.FPDFPage_CountObjects(raw_page)):
        _walk(raw.FPDFPage_GetObject(raw_page, i), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), height, rects, lines)
    return Page(float(width), float(height), tuple(chars), tuple(rects), tuple(lines or ()))


def _chars(textpage, height: float) -> list[dict]:
    tp = textpage.raw
    out = []
    ox, oy = ctypes.c_double(), ctypes.c_double()
    box = raw.FS_RECTF()
    matrix = raw.FS_MATRIX()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    generated, unicode, loose, origin, get_matrix = (raw.FPDFText_IsGenerated, raw.FPDFText_GetUnicode,
                                                     raw.FPDFText_GetLooseCharBox, raw.FPDFText_GetCharOrigin, raw.FPDFText_GetMatrix)
    size_of, font_info = raw.FPDFText_GetFontSize, raw.FPDFText_GetFontInfo
    for i in range(raw.FPDFText_CountChars(tp)):
        if generated(tp, i) == 1:
            continue
        code = unicode(tp, i)
        if code in (0, 0xFFFE, 0xFFFF):  # no character
            continue
        loose(tp, i, box)
        origin(tp, i, ox, oy)
        get_matrix(tp, i, matrix)
        size = size_of(tp, i)
        font_info(tp, i, name, 256, flags)
        a, b = matrix.a, matrix.b
        n = math.hypot(a, b) or 1.0
        ux, uy = a / n, b / n
        x0, x1 = min(box.left, box.right), max(box.left, box.right)
        y0, y1 = min(box.bottom, box.top), max(box.bottom, box.top)
        out.append({
            "object_type": "char", "text": chr(code), "x0": x0, "x1": x1, "y0": y0, "y1": y1, "top": height - y1, "bottom": height - y0,
            "doctop": height - y1, "width": x1 - x0, "height": y1 - y0,  # doctop: top, the page being the first
            "matrix": (ux, uy, -uy, ux, ox.value, oy.value), "size": size, "fontname": name.value.decode("utf-8", "replace"),
            "adv": abs((x1 - x0) * ux) + abs((y1 - y0) * uy),
            "upright": abs(ux) > 1e-9,  # pdfminer's: a*d > 0 and b*c <= 0 (text turned half round is upright too)
        })
    return out


def _multiply(m, n):
    """The matrix ``m`` then ``n`` (PDF's row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _matrix_of(obj):
    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, m):
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _walk(obj, outer, height: float, rects: list[dict], lines: list[dict] | None) -> None:
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        inner = _multiply(_matrix_of(obj), outer)
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            _walk(raw.FPDFFormObj_GetObject(obj, i), inner, height, rects, lines)
        return
    if kind != raw.FPDF_PAGEOBJ_PATH:
        return
    segments, kinds = [], []
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segments.append(raw.FPDFPath_GetPathSegment(obj, i))
        kinds.append(raw.FPDFPathSegment_GetType(segments[-1]))
        if lines is None and kinds[-1] == raw.FPDF_SEGMENT_BEZIERTO:
            return  # a curve: no rectangle, and no line is asked for
    move, line = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO
    # a subpath of a move and one line is a line (pdfminer splits a path at each move)
    alone = [i for i, k in enumerate(kinds) if k == move and i + 1 < len(kinds) and kinds[i + 1] == line
             and (i + 2 == len(kinds) or kinds[i + 2] == move)] if lines is not None else []
    boxed = len(kinds) in (4, 5) and raw.FPDF_SEGMENT_BEZIERTO not in kinds  # a rectangle's 4 corners (and a 5th closing it)
    if not alone and not boxed:
        return
    m = _multiply(_matrix_of(obj), outer)
    x, y = ctypes.c_float(), ctypes.c_float()

    def point(i: int) -> tuple[float, float]:
        raw.FPDFPathSegment_GetPoint(segments[i], x, y)
        px, py = x.value, y.value
        return (m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5])

    fillmode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fillmode, stroke)
    drawn = {"fill": fillmode.value != 0, "stroke": bool(stroke.value)}
    for i in alone:
        (ax, ay), (bx, by) = point(i), point(i + 1)
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        lines.append({"object_type": "line", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                      "width": x1 - x0, "height": y1 - y0, "pts": [(ax, height - ay), (bx, height - by)], **drawn})
    rect = _rectangle([point(i) for i in range(len(kinds))]) if boxed else None
    if rect is None:
        return
    x0, y0, x1, y1 = rect
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
    rects.append({"object_type": "rect", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                  "width": x1 - x0, "height": y1 - y0, **drawn, "fill_rgb": (r.value / 255, g.value / 255, b.value / 255)})


def _rectangle(points: list[tuple[float, float]], tol: float = 1e-3):
    """(x0, y0, x1, y1) when the points trace an axis-aligned rectangle, else None."""
    if points and len(points) == 5 and math.dist(points[0], points[-1]) <= tol:
        points = points[:4]
    if len(points) != 4:
        return None
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        if abs(ax - bx) > tol and abs(ay - by) > tol:
            return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if x1 - x0 <= tol and y1 - y0 <= tol:
        return None
    return (x0, y0, x1, y1)
