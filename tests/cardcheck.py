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
    shapes: list  # the rects, curves and lines (pdfplumber's, or pdfium_pages.Shapes') whose centre lies in the cell
    page_height: float = 0.0

    def points(self, o: dict) -> list[tuple[float, float]]:
        """A curve's points in PDF coordinates (y up; pdfplumber gives them from the page's top)."""
        return [(x, self.page_height - top) for x, top in o.get("pts") or []]


def _centre(o: dict) -> tuple[float, float]:
    return (o["x0"] + o["x1"]) / 2, (o["y0"] + o["y1"]) / 2


def two_sided(cards) -> frozenset[int]:
    """The cards printed with a face of their own behind them: Monete's markers (kind "marker")."""
    kind = lambda c: c.get("kind") if isinstance(c, dict) else getattr(c, "kind", None)  # noqa: E731
    return frozenset(i for i, c in enumerate(cards) if kind(c) == "marker")


def cells(pdf, cards, size: str = "poker", paper: str = "a4", bleed: float = 0.0, backs: str = "duplex-long",
          wanted=None, side=None):
    """Every card cell of a cards.pdf built with these settings (fronts and, in duplex, backs), read
    from ``pdf``: tests/pdfium_pages.py's ``Shapes`` (``Built.shapes``), or a pdfplumber PDF; only
    the pages holding a card of ``wanted`` (card indices), and only pages of ``side`` ("front" or
    "back"), when given: a page is read only if needed (a page of backs costs ten of fronts to read).
    ``cards``: the deck's cards (deck.json's list, or their number when none is two-sided); the
    two-sided ones are printed in centre cells (deckgen.render.planning.print_order)."""
    from deckgen.render.planning import print_order

    lay = layout(card_size(size), paper, bleed)
    per = lay.per_sheet
    n_cards = cards if isinstance(cards, int) else len(cards)
    order = print_order(n_cards, lay, frozenset() if isinstance(cards, int) else two_sided(cards))
    for p in range(len(pdf.pages)):
        sheet, page_side = (p // 2, "back" if p % 2 else "front") if backs.startswith("duplex") else (p, "front")
        on_page = order[sheet * per:(sheet + 1) * per]
        if wanted is not None and not any(i in wanted for i in on_page):
            continue
        if side is not None and page_side != side:
            continue
        page = pdf.pages[p]
        chars = [(_centre(c), c) for c in page.chars]  # each object's centre, once a page
        shapes = [(_centre(s), s) for s in (*page.rects, *page.curves, *page.lines)]
        for slot, index in enumerate(on_page):
            box = lay.slot(slot) if page_side == "front" else lay.back_slot(slot, backs)
            trim = Rect(box.x * MM, box.y * MM, box.right * MM, box.top * MM)
            cell = trim.grow(bleed * MM + TOL)
            yield Cell(
                page_side, p, index if page_side == "front" else None, trim,
                [c for (x, y), c in chars if cell.contains_point(x, y)],
                [s for (x, y), s in shapes if cell.contains_point(x, y)], float(page.height),
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


# ---------------------------------------------------------------- collisions (issue 31)


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    upper: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _outline(cell: Cell, o: dict) -> list[tuple[float, float]]:
    """A mark's outline as a convex polygon: a curve's hull (its points and control points), else its
    box; stroked marks grown by half their line width."""
    b = extent(o)
    if o["object_type"] == "curve" and o.get("pts") and len(o["pts"]) >= 3:
        half = (o.get("linewidth") or 0) / 2 if o.get("stroke") else 0.0
        hull = _hull(cell.points(o))
        if len(hull) >= 3:
            cx = sum(x for x, _ in hull) / len(hull)
            cy = sum(y for _, y in hull) / len(hull)
            out = []
            for x, y in hull:
                d = math.hypot(x - cx, y - cy) or 1.0
                out.append((x + (x - cx) / d * half, y + (y - cy) / d * half))
            return out
    return [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)]


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)


def _box_of(poly) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two boxes with no inside in common (apart, or touching at an edge)."""
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def collisions(cell: Cell, clearance_mm: float = 0.5) -> list[str]:
    """Text that runs into another mark on a card face, or into other text.

    Each glyph is the box it covers along its own baseline (turned with the text), grown by
    ``clearance_mm``. A mark is anything drawn that is not the card's background. The marks a line of
    text is written on are not collisions: a small mark (under a quarter of the card) whose box holds
    the centre of the line (a label on an icon, a number in a circle), the marks touching such a mark
    (the rest of that icon), marks whose box holds the whole line's centre (frames, panels), and a
    thin bar no longer than the line (its underline: the 6/9 cue). Two
    glyphs of different lines must not overlap at all."""
    from pdfcheck import glyph_quad, quads_overlap, runs

    grow = -clearance_mm * MM
    lines = runs([c for c in cell.chars if c["text"].strip()])
    def ground(o: dict) -> bool:  # a background, or a part of it reaching two edges of the card
        b = extent(o)
        edges = sum((abs(b.x0 - cell.trim.x0) < TOL, abs(b.x1 - cell.trim.x1) < TOL, abs(b.y0 - cell.trim.y0) < TOL, abs(b.y1 - cell.trim.y1) < TOL))
        return covers(o, cell.trim) or bleeds(o, cell.trim) or (bool(o.get("fill")) and not o.get("stroke") and edges >= 2)

    marks = [o for o in cell.shapes if not ground(o)]
    outlines = [(o, _outline(cell, o)) for o in marks]
    # a mark drawn as its box (not a curve's hull) is a rectangle, as each glyph's quad is: two
    # rectangles whose axis-aligned boxes are apart (touching at most) cannot overlap, so the
    # separating-axis test (quads_overlap, exact for convex shapes) is skipped for them
    boxed = [(o, extent(o), poly, _box_of(poly) if len(poly) == 4 and o["object_type"] != "curve" else None) for o, poly in outlines]
    area = cell.trim.w * cell.trim.h
    small = [box for _, box, _, _ in boxed if box.w * box.h < area / 4]  # the marks a line can be written on
    bad: list[str] = []
    for run in lines:
        quads = [glyph_quad(c, grow) for c in run.chars]
        xs = [x for q in quads for x, _ in q]
        ys = [y for q in quads for _, y in q]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        hosts = [box for box in small if box.contains_point(cx, cy)]
        along_x = abs(run.box.x1 - run.box.x0) >= abs(run.box.y1 - run.box.y0)
        run_boxes = [_box_of(q) for q in quads]
        for o, box, poly, poly_box in boxed:
            if box.contains_point(cx, cy) or any(box.intersects(h) for h in hosts):
                continue
            thin = min(box.w, box.h) < 1.0 * MM
            if thin and (box.x0 >= run.box.x0 - MM and box.x1 <= run.box.x1 + MM if along_x
                         else box.y0 >= run.box.y0 - MM and box.y1 <= run.box.y1 + MM):
                continue  # the text's own underline (the 6/9 cue)
            if any((poly_box is None or not _apart(qb, poly_box)) and quads_overlap(q, tuple(poly)) for q, qb in zip(quads, run_boxes)):
                bad.append(f"{run.text!r} runs into a {o['object_type']} of {box.w / MM:.1f}×{box.h / MM:.1f} mm")
                break
    tight = [(k, c, glyph_quad(c, 0.2)) for k, run in enumerate(lines) for c in run.chars]
    tight_boxes = [_box_of(q) for _, _, q in tight]
    for i in range(len(tight)):
        for j in range(i + 1, len(tight)):
            if tight[i][0] != tight[j][0] and not _apart(tight_boxes[i], tight_boxes[j]) and quads_overlap(tight[i][2], tight[j][2]):
                bad.append(f"{tight[i][1]['text']!r} of {lines[tight[i][0]].text!r} overlaps {tight[j][1]['text']!r} of {lines[tight[j][0]].text!r}")
    return bad
