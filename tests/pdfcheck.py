"""Reading card sheets back from a PDF, independently of the code that drew them.

Units are PDF points with y growing upward (pdfplumber's ``y0``/``y1``), unless a name says mm.
pypdf answers questions about the file (page boxes, fonts); pdfplumber about what is drawn where.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

MM = 72.0 / 25.4
TOL = 0.02  # pt: reportlab writes coordinates rounded to a few decimals
PAPER_PT = {"a4": (595.276, 841.890), "letter": (612.0, 792.0)}


def pt(mm: float) -> float:
    return mm * MM


def close(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol


COMMON = {"--players": "players", "--seed": "seed", "--lang": "lang", "--paper": "paper",
          "--card-size": "card_size", "--bleed": "bleed", "--backs": "backs", "--ink": "ink"}


def build(out: Path, target: str, *args: str) -> Path:
    """``deckgen build target *args --out out``, cards only: the command line's own parsing of the
    common options and the game's options, then the build pipeline without the rulebooks (they have
    their own tests and are the slow part). Returns the output folder."""
    from deckgen import pipeline
    from deckgen.cli import load_spec

    common, extra, words = {}, [], list(args)
    while words:
        word = words.pop(0)
        if word in COMMON:
            common[COMMON[word]] = words.pop(0)
        else:
            extra.append(word)
    for key in ("players", "seed"):
        if key in common:
            common[key] = int(common[key])
    if "bleed" in common:
        common["bleed"] = float(common["bleed"])
    pipeline.build(load_spec(target, extra, **common), Path(out), rulebooks=False)
    return Path(out)


# ---------------------------------------------------------------- boxes


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def grow(self, d: float) -> "Rect":
        return Rect(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def contains_point(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def intersects(self, other: "Rect") -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, other: "Rect", tol: float = TOL) -> bool:
        return (
            self.x0 >= other.x0 - tol and self.y0 >= other.y0 - tol and self.x1 <= other.x1 + tol and self.y1 <= other.y1 + tol
        )

    def key(self, nd: int = 1) -> tuple[float, ...]:
        return tuple(round(v, nd) for v in (self.x0, self.y0, self.x1, self.y1))


def box_of(obj: dict) -> Rect:
    return Rect(obj["x0"], obj["y0"], obj["x1"], obj["y1"])


def page_box(page, name: str) -> Rect:
    """A pypdf page box (mediabox, trimbox, bleedbox) as a Rect."""
    b = getattr(page, name)
    return Rect(float(b.left), float(b.bottom), float(b.right), float(b.top))


# ---------------------------------------------------------------- fonts (pypdf)


def _walk_fonts(resources, seen: set[int], out: list[DictionaryObject]) -> None:
    if resources is None:
        return
    resources = resources.get_object()
    fonts = resources.get("/Font")
    if fonts is not None:
        for ref in fonts.get_object().values():
            font = ref.get_object()
            key = ref.idnum if isinstance(ref, IndirectObject) else id(font)
            if key not in seen:
                seen.add(key)
                out.append(font)
    xobjects = resources.get("/XObject")
    if xobjects is not None:
        for ref in xobjects.get_object().values():
            xobj = ref.get_object()
            key = ref.idnum if isinstance(ref, IndirectObject) else id(xobj)
            if ("x", key) in seen:
                continue
            seen.add(("x", key))  # type: ignore[arg-type]
            if xobj.get("/Subtype") == "/Form":
                _walk_fonts(xobj.get("/Resources"), seen, out)


def fonts_used(reader: PdfReader) -> list[DictionaryObject]:
    """Every font dictionary reachable from the pages (including form XObjects)."""
    seen: set = set()
    out: list[DictionaryObject] = []
    for page in reader.pages:
        _walk_fonts(page.get("/Resources"), seen, out)
    return out


def font_file(font: DictionaryObject) -> str | None:
    """Which embedded font file a font carries (/FontFile, /FontFile2, /FontFile3), or None."""
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    if desc is None:
        return None
    desc = desc.get_object()
    for key in ("/FontFile", "/FontFile2", "/FontFile3"):
        if key in desc:
            return key[1:]
    return None


# ---------------------------------------------------------------- text (pdfplumber)


@dataclass(frozen=True)
class TextRun:
    """Consecutive characters drawn along one baseline in one direction."""

    text: str
    angle: float  # degrees, counter-clockwise, of the baseline direction
    x: float  # origin of the first character
    y: float
    size: float
    fontname: str
    box: Rect  # bounding box of all its characters
    chars: tuple = field(default=(), compare=False, repr=False)


def _direction(ch: dict) -> tuple[float, float, float]:
    a, b = ch["matrix"][0], ch["matrix"][1]
    n = math.hypot(a, b) or 1.0
    return a / n, b / n, math.degrees(math.atan2(b, a))


def runs(chars: Iterable[dict]) -> list[TextRun]:
    """Group characters into runs: same direction and baseline, no gap wider than half an em."""
    keyed = []
    for ch in chars:
        ux, uy, angle = _direction(ch)
        e, f = ch["matrix"][4], ch["matrix"][5]
        along = e * ux + f * uy
        across = f * ux - e * uy
        keyed.append((round(angle), across, along, ch))
    keyed.sort(key=lambda k: (k[0], round(k[1] * 2) / 2, k[2]))
    out: list[TextRun] = []
    group: list[tuple] = []

    def flush() -> None:
        if not group:
            return
        chs = [g[3] for g in group]
        first = chs[0]
        out.append(
            TextRun(
                text="".join(c["text"] for c in chs),
                angle=_direction(first)[2],
                x=first["matrix"][4],
                y=first["matrix"][5],
                size=max(c["size"] for c in chs),
                fontname=first["fontname"],
                box=Rect(min(c["x0"] for c in chs), min(c["y0"] for c in chs), max(c["x1"] for c in chs), max(c["y1"] for c in chs)),
                chars=tuple(chs),
            )
        )
        group.clear()

    for k in keyed:
        if group:
            prev = group[-1]
            same_line = prev[0] == k[0] and abs(prev[1] - k[1]) < 0.5
            gap = k[2] - (prev[2] + prev[3]["adv"])
            if not same_line or gap > 0.5 * prev[3]["size"]:
                flush()
        group.append(k)
    flush()
    return out


def chars_in(page, box: Rect) -> list[dict]:
    """Characters whose centre lies in ``box``."""
    return [c for c in page.chars if box.contains_point((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)]


def texts_in(page, box: Rect) -> list[str]:
    return [r.text for r in runs(chars_in(page, box))]


def reading_order(rs: Sequence[TextRun]) -> list[TextRun]:
    """Upright runs top to bottom, then left to right."""
    return sorted(rs, key=lambda r: (-round(r.y, 1), r.x))


# ---------------------------------------------------------------- geometry (pdfplumber)


def filled_rects(page, w: float, h: float, tol: float = 0.05) -> list[Rect]:
    """Filled rectangles of size ``w``×``h`` points (card backgrounds), in drawing order."""
    return [box_of(r) for r in page.rects if r["fill"] and close(r["width"], w, tol) and close(r["height"], h, tol)]


def stroked_rects(page, w: float, h: float, tol: float = 0.05) -> list[Rect]:
    return [box_of(r) for r in page.rects if r["stroke"] and not r["fill"] and close(r["width"], w, tol) and close(r["height"], h, tol)]


def segments(page) -> list[Rect]:
    """Straight lines (horizontal or vertical) as degenerate Rects."""
    return [box_of(l) for l in page.lines]


def length(seg: Rect) -> float:
    return math.hypot(seg.w, seg.h)


def mirrored(r: Rect, page_w: float, page_h: float, mode: str) -> Rect:
    """Where a box lands on the back of the sheet when it is turned over (long or short edge)."""
    if mode == "duplex-long":
        return Rect(page_w - r.x1, r.y0, page_w - r.x0, r.y1)
    if mode == "duplex-short":
        return Rect(r.x0, page_h - r.y1, r.x1, page_h - r.y0)
    return r


def keys(rects: Iterable[Rect], nd: int = 1) -> list[tuple[float, ...]]:
    return sorted(r.key(nd) for r in rects)


# ---------------------------------------------------------------- the expected grid (independent of deckgen)
# A sheet holds cols×rows cells of card + 2×bleed, centred on the page, filled row by row from the
# top-left.


def trim_slots(paper: str, card_mm: tuple[float, float], cols: int, rows: int, bleed_mm: float = 0.0) -> list[Rect]:
    page_w, page_h = PAPER_PT[paper]
    cw, ch = (card_mm[0] + 2 * bleed_mm) * MM, (card_mm[1] + 2 * bleed_mm) * MM
    left = (page_w - cols * cw) / 2
    top = page_h - (page_h - rows * ch) / 2
    b = bleed_mm * MM
    out = []
    for r in range(rows):
        for c in range(cols):
            x0 = left + c * cw + b
            y1 = top - r * ch - b
            out.append(Rect(x0, y1 - card_mm[1] * MM, x0 + card_mm[0] * MM, y1))
    return out


def grid_box(paper: str, card_mm: tuple[float, float], cols: int, rows: int, bleed_mm: float = 0.0) -> Rect:
    """The block of every cell including bleed (the BleedBox)."""
    slots = trim_slots(paper, card_mm, cols, rows, bleed_mm)
    b = bleed_mm * MM
    return Rect(min(s.x0 for s in slots) - b, min(s.y0 for s in slots) - b, max(s.x1 for s in slots) + b, max(s.y1 for s in slots) + b)


# ---------------------------------------------------------------- glyph outlines that follow rotated text

Quad = tuple[tuple[float, float], ...]


def glyph_quad(ch: dict, shrink: float = 0.0) -> Quad:
    """The box a character covers along its own baseline: its advance wide, from a little below the
    baseline to cap height (digits and capitals), turned with the text. ``shrink`` in points."""
    ux, uy, _ = _direction(ch)
    nx, ny = -uy, ux  # the text's "up"
    e, f = ch["matrix"][4], ch["matrix"][5]
    size, adv = ch["size"], ch["adv"]
    lo, hi = -0.05 * size + shrink, 0.75 * size - shrink
    a0, a1 = shrink, adv - shrink
    return tuple((e + ux * a + nx * h, f + uy * a + ny * h) for a, h in ((a0, lo), (a1, lo), (a1, hi), (a0, hi)))


def quads_overlap(p: Quad, q: Quad) -> bool:
    """Separating-axis test for two convex quadrilaterals."""
    for poly in (p, q):
        for i in range(len(poly)):
            x1, y1 = poly[i]
            x2, y2 = poly[(i + 1) % len(poly)]
            ax, ay = y1 - y2, x2 - x1
            pa = [ax * x + ay * y for x, y in p]
            qa = [ax * x + ay * y for x, y in q]
            if max(pa) <= min(qa) or max(qa) <= min(pa):
                return False
    return True
