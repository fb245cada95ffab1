"""Reading card faces back from the PDF: which objects belong to which card, their distance from
the trim, glyph sizes, the marks under turnable numbers.

Units are PDF points, y upward (pdfplumber's x0/y0/x1/y1)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pdfcheck import MM, Rect, _direction, runs

from deckgen.render.geometry import card_size, layout

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")
SAFE_MM = 3.0  # nothing but a background within this distance of the trim
MISREGISTER_MM = 2.0  # backs: front/back misregistration they must tolerate
TOL = 0.1  # pt


@dataclass
class Cell:
    side: str  # "front" or "back"
    page: int  # 0-based page number
    card: int | None  # index of the card in deck.json (fronts), None for backs
    trim: Rect
    chars: list
    shapes: list  # pdfplumber rects, curves and lines whose centre lies in the cell
    page_height: float = 0.0

    def points(self, o: dict) -> list[tuple[float, float]]:
        """A curve's points in PDF coordinates (y up; pdfplumber gives them from the page's top)."""
        return [(x, self.page_height - top) for x, top in o.get("pts") or []]


def _centre(o: dict) -> tuple[float, float]:
    return (o["x0"] + o["x1"]) / 2, (o["y0"] + o["y1"]) / 2


def cells(plumber, n_cards: int, size: str = "poker", paper: str = "a4", bleed: float = 0.0, backs: str = "duplex-long",
          wanted=None, side=None):
    """Every card cell of a cards.pdf built with these settings (fronts and, in duplex, backs); only
    the pages holding a card of ``wanted`` (card indices), and only pages of ``side`` ("front" or
    "back"), when given: a page is read only if needed (a page of backs costs ten of fronts to read)."""
    lay = layout(card_size(size), paper, bleed)
    per = lay.per_sheet
    for p, page in enumerate(plumber.pages):
        sheet, page_side = (p // 2, "back" if p % 2 else "front") if backs.startswith("duplex") else (p, "front")
        if wanted is not None and not any(sheet * per <= i < (sheet + 1) * per for i in wanted):
            continue
        if side is not None and page_side != side:
            continue
        shapes = [*page.rects, *page.curves, *page.lines]
        for slot in range(per):
            index = sheet * per + slot
            if index >= n_cards:
                break
            box = lay.slot(slot) if page_side == "front" else lay.back_slot(slot, backs)
            trim = Rect(box.x * MM, box.y * MM, box.right * MM, box.top * MM)
            cell = trim.grow(bleed * MM + TOL)
            yield Cell(
                page_side, p, index if page_side == "front" else None, trim,
                [c for c in page.chars if cell.contains_point(*_centre(c))],
                [s for s in shapes if cell.contains_point(*_centre(s))], float(page.height),
            )


def extent(o: dict) -> Rect:
    """An object's box, grown by half its line width when it is stroked."""
    half = (o.get("linewidth") or 0) / 2 if o.get("stroke") else 0.0
    return Rect(o["x0"] - half, o["y0"] - half, o["x1"] + half, o["y1"] + half)


def bleeds(o: dict, trim: Rect) -> bool:
    """A filled, unstroked area running past the trim into the bleed: a background."""
    b = Rect(o["x0"], o["y0"], o["x1"], o["y1"])
    past = b.x0 < trim.x0 - TOL or b.y0 < trim.y0 - TOL or b.x1 > trim.x1 + TOL or b.y1 > trim.y1 + TOL
    return bool(o.get("fill")) and not o.get("stroke") and past


def covers(o: dict, trim: Rect) -> bool:
    """A filled, unstroked area covering the whole trim: a full background."""
    return bool(o.get("fill")) and not o.get("stroke") and trim.inside(Rect(o["x0"], o["y0"], o["x1"], o["y1"]), tol=TOL)


def too_near(cell: Cell, margin_mm: float, *, background) -> list[str]:
    """What lies within ``margin_mm`` of the trim, apart from backgrounds."""
    inner = cell.trim.grow(-margin_mm * MM)
    bad = []
    for o in cell.shapes:
        if background(o, cell.trim):
            continue
        if not extent(o).inside(inner, tol=TOL):
            bad.append(f"{o['object_type']} {_mm_from_trim(extent(o), cell.trim):.2f} mm from the trim")
    for c in cell.chars:
        if not Rect(c["x0"], c["y0"], c["x1"], c["y1"]).inside(inner, tol=TOL):
            bad.append(f"char {c['text']!r} {_mm_from_trim(Rect(c['x0'], c['y0'], c['x1'], c['y1']), cell.trim):.2f} mm from the trim")
    return bad


def _mm_from_trim(b: Rect, trim: Rect) -> float:
    return min(b.x0 - trim.x0, b.y0 - trim.y0, trim.x1 - b.x1, trim.y1 - b.y1) / MM


def glyph_problems(cell: Cell, unit: float = 1.0, word_pt: float = 8.0, digit_pt: float = 6.0) -> list[str]:
    """Letters below ``word_pt`` and digits or signs below ``digit_pt`` (scaled by ``unit``)."""
    bad = []
    for c in cell.chars:
        t = c["text"]
        if not t.strip():
            continue
        least = word_pt if t.isalpha() else digit_pt
        if c["size"] < least * unit - 0.01:
            bad.append(f"{t!r} at {c['size']:.2f} pt")
    return bad


def large_texts(cell: Cell, least: float = 24.0) -> list[tuple[float, str]]:
    """(size, text) of each upright group of glyphs whose largest is ``least`` points or more: glyphs
    within half an em of each other, from 0.55 of that size (so raised exponents belong to their
    base), read left to right without spaces."""
    upright = [c for c in cell.chars if abs(_direction(c)[2]) < 1 and c["text"].strip()]
    out = []
    for size in sorted({round(c["size"], 2) for c in upright if c["size"] >= least - 0.01}, reverse=True):
        pool = sorted((c for c in upright if 0.55 * size - 0.01 <= c["size"] <= size + 0.01), key=lambda c: c["x0"])
        groups: list[list[dict]] = []
        for c in pool:
            for g in groups:
                if any(abs(c["x0"] - d["x1"]) < 0.5 * size and abs((c["y0"] + c["y1"]) - (d["y0"] + d["y1"])) / 2 < 0.8 * size for d in g):
                    g.append(c)
                    break
            else:
                groups.append([c])
        out += [(size, "".join(c["text"] for c in sorted(g, key=lambda c: c["x0"]))) for g in groups if any(c["size"] >= size - 0.01 for c in g)]
    return out


def underlined(cell: Cell, text: str) -> list[bool]:
    """For each run of ``text`` in the cell (any direction), whether a filled bar lies just below its
    baseline (in the run's own "down" direction), at least half as long as the run."""
    out = []
    for run in runs(cell.chars):
        if run.text.replace(" ", "") != text.replace(" ", ""):
            continue
        ux, uy, _ = _direction(run.chars[0])
        dx, dy = uy, -ux  # the run's "down"
        x0, y0 = run.chars[0]["matrix"][4], run.chars[0]["matrix"][5]
        last = run.chars[-1]
        length = (last["matrix"][4] - x0) * ux + (last["matrix"][5] - y0) * uy + last["adv"]
        found = False
        for o in cell.shapes:
            if not o.get("fill"):
                continue
            cx, cy = _centre(o)
            along = (cx - x0) * ux + (cy - y0) * uy
            below = (cx - x0) * dx + (cy - y0) * dy
            span = abs((o["x1"] - o["x0"]) * ux) + abs((o["y1"] - o["y0"]) * uy)
            if 0 < along < length and 0 < below <= 0.35 * run.size and span >= 0.5 * length and span <= 1.3 * length:
                found = True
        out.append(found)
    return out
