"""Reading card sheets back from a PDF, independently of the code that drew them.

Units are PDF points with y growing upward (pdfplumber's ``y0``/``y1``), unless a name says mm.
pypdf answers questions about the file (page boxes, fonts); pdfplumber about what is drawn where.
"""

from __future__ import annotations

import json
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

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
          "--card-size": "card_size", "--bleed": "bleed", "--backs": "backs", "--ink": "ink", "--for": "shop",
          "--format": "formats", "--dpi": "dpi", "--colour": "colour", "--back-offset": "back_offset"}


def build(out: Path, target: str, *args: str, help_card: bool = False) -> Path:
    """``deckgen build target *args --out out``, cards only: the command line's own parsing of the
    common options and the game's options, then the build pipeline without the rulebooks (they have
    their own tests and are the slow part), and without the help card unless ``help_card`` (the sheet
tests count the game's own cards; tests/cards reads the help card). Returns the output folder."""
    from deckgen import pipeline
    from deckgen.cli import load_spec

    common, extra, words = {}, [], list(args)
    help_card = help_card and "--no-help-card" not in words
    words = [w for w in words if w != "--no-help-card"]
    while words:
        word = words.pop(0)
        if word in COMMON:
            common[COMMON[word]] = words.pop(0)
        else:
            extra.append(word)
    for key in ("players", "seed", "dpi"):
        if key in common:
            common[key] = int(common[key])
    if "bleed" in common:
        common["bleed"] = float(common["bleed"])
    pipeline.build(load_spec(target, extra, **common), Path(out), rulebooks=False, help_card=help_card)
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
    """Where a box lands on the back of the sheet when it is turned over about its long or short
    edge: about an upright edge (a portrait page's long edge, a landscape page's short edge) left
    and right swap; about a level edge, top and bottom swap."""
    if mode not in ("duplex-long", "duplex-short"):
        return r
    upright = (mode == "duplex-long") == (page_h >= page_w)
    if upright:
        return Rect(page_w - r.x1, r.y0, page_w - r.x0, r.y1)
    return Rect(r.x0, page_h - r.y1, r.x1, page_h - r.y0)


def keys(rects: Iterable[Rect], nd: int = 1) -> list[tuple[float, ...]]:
    return sorted(r.key(nd) for r in rects)


# ---------------------------------------------------------------- the expected grid (independent of deckgen)
# A sheet holds cols×rows cells of card + 2×bleed, centred on the page, filled row by row from the
# top-left.


# With shared cuts (``shared=True``) neighbouring trims touch and the bleed only surrounds the block.


def page_pt(paper: str, landscape: bool = False) -> tuple[float, float]:
    w, h = PAPER_PT[paper]
    return (h, w) if landscape else (w, h)


def trim_slots(
    paper: str, card_mm: tuple[float, float], cols: int, rows: int, bleed_mm: float = 0.0, *, shared: bool = False, landscape: bool = False
) -> list[Rect]:
    page_w, page_h = page_pt(paper, landscape)
    gap = 0.0 if shared else 2 * bleed_mm * MM
    cw, ch = card_mm[0] * MM, card_mm[1] * MM
    b = bleed_mm * MM
    block_w, block_h = cols * cw + (cols - 1) * gap + 2 * b, rows * ch + (rows - 1) * gap + 2 * b
    left = (page_w - block_w) / 2
    top = page_h - (page_h - block_h) / 2
    out = []
    for r in range(rows):
        for c in range(cols):
            x0 = left + b + c * (cw + gap)
            y1 = top - b - r * (ch + gap)
            out.append(Rect(x0, y1 - ch, x0 + cw, y1))
    return out


def grid_box(
    paper: str, card_mm: tuple[float, float], cols: int, rows: int, bleed_mm: float = 0.0, *, shared: bool = False, landscape: bool = False
) -> Rect:
    """The block of every cell including bleed (the BleedBox)."""
    slots = trim_slots(paper, card_mm, cols, rows, bleed_mm, shared=shared, landscape=landscape)
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


# ---------------------------------------------------------------- colour operators (pypdf content streams)


@dataclass
class ColourScan:
    """What a scan of every content stream found: RGB uses, CMYK colours set, and the fill colour
    each piece of text was drawn with."""

    rgb: list[str] = field(default_factory=list)  # where an RGB colour or image was used
    cmyk: list[tuple[float, ...]] = field(default_factory=list)  # every k/K colour set
    text_fills: list[tuple[str, tuple[float, ...]]] = field(default_factory=list)  # (operator, fill) per text show
    images: list[str] = field(default_factory=list)  # colour space of every image XObject drawn


RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


def _space_is_rgb(space) -> bool:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) or type(space).__name__ == "ArrayObject":
        head = str(space[0])
        if head == "/ICCBased":
            return int(space[1].get_object().get("/N", 0)) == 3
        if head in ("/Indexed", "/Separation", "/DeviceN"):
            return _space_is_rgb(space[1] if head == "/Indexed" else space[2])
        return head in RGB_SPACES
    return str(space) in RGB_SPACES


def scan_colours(reader: PdfReader) -> ColourScan:
    """Scan every page and every form XObject (recursively) for colour operators and images."""
    from pypdf.generic import ContentStream

    scan = ColourScan()
    seen: set = set()

    def walk(content, resources, where: str) -> None:
        resources = resources.get_object() if resources is not None else {}
        xobjects = resources.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else {}
        spaces = resources.get("/ColorSpace")
        spaces = spaces.get_object() if spaces is not None else {}
        stream = ContentStream(content, reader)
        fill: tuple[float, ...] = (0.0,)  # black, as PDF starts
        stack: list[tuple[float, ...]] = []
        for operands, op in stream.operations:
            op = op.decode("latin-1") if isinstance(op, bytes) else op
            nums = tuple(float(x) for x in operands if isinstance(x, (int, float)) or type(x).__name__ in ("FloatObject", "NumberObject"))
            if op in ("rg", "RG"):
                scan.rgb.append(f"{where}: {op} {nums}")
                if op == "rg":
                    fill = nums
            elif op in ("sc", "scn", "SC", "SCN") and len(nums) == 3:
                scan.rgb.append(f"{where}: {op} with 3 operands")
            elif op in ("cs", "CS"):
                name = operands[0]
                space = spaces.get(name, name) if name not in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray") else name
                if _space_is_rgb(space):
                    scan.rgb.append(f"{where}: {op} {name}")
            elif op in ("k", "K"):
                scan.cmyk.append(nums)
                if op == "k":
                    fill = nums
            elif op == "g":
                fill = nums
            elif op == "q":
                stack.append(fill)
            elif op == "Q" and stack:
                fill = stack.pop()
            elif op in ("Tj", "TJ", "'", '"'):
                scan.text_fills.append((op, fill))
            elif op == "BI" or op == "INLINE IMAGE":
                scan.rgb.append(f"{where}: inline image (not checked)")
            elif op == "Do":
                name = operands[0]
                ref = xobjects.get(name)
                if ref is None:
                    continue
                xobj = ref.get_object()
                if xobj.get("/Subtype") == "/Image":
                    space = xobj.get("/ColorSpace")
                    scan.images.append(str(space.get_object() if hasattr(space, "get_object") else space))
                    if space is not None and _space_is_rgb(space):
                        scan.rgb.append(f"{where}: image {name} in {space}")
                elif xobj.get("/Subtype") == "/Form":
                    key = ref.idnum if isinstance(ref, IndirectObject) else id(xobj)
                    if key not in seen:
                        seen.add(key)
                        walk(xobj, xobj.get("/Resources"), f"{where} form {name}")

    for n, page in enumerate(reader.pages):
        content = page.get_contents()
        if content is not None:
            walk(content, page.get("/Resources"), f"page {n + 1}")
    return scan


# ---------------------------------------------------------------- clipping rectangles (pypdf content streams)


def clip_rects(reader: PdfReader, n: int) -> list[Rect]:
    """The rectangles page ``n`` clips to (``x y w h re W n``), in page points, in drawing order.
    Follows ``cm`` and ``q``/``Q`` (translations and scales, which is all deckgen uses there)."""
    from pypdf.generic import ContentStream

    page = reader.pages[n]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[tuple[float, ...]] = []
    pending: list[Rect] = []
    out: list[Rect] = []

    def apply(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    for operands, op in ops:
        op = op.decode("latin-1") if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            a2, b2, c2, d2, e2, f2 = (float(v) for v in operands)
            a, b, c, d, e, f = ctm
            ctm = (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            (x0, y0), (x1, y1) = apply(x, y), apply(x + w, y + h)
            pending.append(Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        elif op in ("W", "W*"):
            out.extend(pending)
        elif op in ("n", "f", "S", "B", "f*", "B*", "b", "s"):
            pending = []
    return out


class Built:
    """One `deckgen build` output folder (see :func:`build`): deck.json read, cards.pdf opened lazily
    by both readers."""

    def __init__(self, game: str, out: Path) -> None:
        self.game, self.out = game, out
        self.pdf_path = out / "cards.pdf"
        self.deck = json.loads((out / "deck.json").read_text(encoding="utf-8"))
        self._plumber = None
        self._reader = None
        self._fast = None
        self._fast_lines = None
        self._shapes = None

    @property
    def cards(self) -> list[dict]:
        return self.deck["cards"]

    @property
    def reader(self) -> PdfReader:
        if self._reader is None:
            self._reader = PdfReader(str(self.pdf_path))
        return self._reader

    @property
    def plumber(self):
        if self._plumber is None:
            import pdfplumber

            self._plumber = pdfplumber.open(str(self.pdf_path))
        return self._plumber

    def page(self, n: int):
        """pdfplumber page ``n`` (0-based)."""
        return self.plumber.pages[n]

    @property
    def fast(self) -> list:
        """Every page read with pdfium, once (tests/pdfium_pages.py: pdfplumber's characters and
        rectangles, tests/test_pdfium_pages.py), for the tests that read nothing else; the pages
        ``fast_lines`` read, when they were read first (the same pages, their lines as well)."""
        if self._fast is None and self._fast_lines is not None:
            return self._fast_lines
        if self._fast is None:
            import pdfium_pages

            self._fast = pdfium_pages.read(self.pdf_path)
        return self._fast

    @property
    def fast_lines(self) -> list:
        """The same, with each page's lines too (pdfplumber's lines: slower to find)."""
        if self._fast_lines is None:
            import pdfium_pages

            self._fast_lines = pdfium_pages.read(self.pdf_path, lines=True)
        return self._fast_lines

    @property
    def shapes(self):
        """The file read with pdfium as pdfplumber reads it: each page's characters, rectangles,
        lines and curves (tests/pdfium_pages.py's ``Shapes``: a page read when first asked for;
        tests/test_pdfium_pages.py holds it equal to pdfplumber on every page of every game)."""
        if self._shapes is None:
            import pdfium_pages

            self._shapes = pdfium_pages.Shapes(self.pdf_path)
        return self._shapes

    def close(self) -> None:
        if self._plumber is not None:
            self._plumber.close()
        if self._shapes is not None:
            self._shapes.close()


@contextmanager
def builds(tmp_path_factory, *, help_card: bool = False) -> Iterator[Callable[..., Built]]:
    """``get(game, *args)``: :func:`build` once per set of arguments while the context lasts (a
    session fixture's), then every PDF closed."""
    cache: dict[tuple[str, ...], Built] = {}

    def get(game: str, *args: str) -> Built:
        key = (game, *args)
        if key not in cache:
            out = tmp_path_factory.mktemp(game)
            build(out, game, *args, help_card=help_card)
            cache[key] = Built(game, out)
        return cache[key]

    try:
        yield get
    finally:
        for b in cache.values():
            b.close()
