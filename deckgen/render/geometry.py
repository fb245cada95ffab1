"""Card sizes, papers and the sheet layout: pure geometry in millimetres, no drawing.

Vocabulary (after Squib): a card has a *trim* size; *bleed* is extra background outside the trim
that the guillotine cuts off; the *safe* inset keeps text away from an imperfect cut. A *sheet* is a
printed page holding a grid of card *slots*; the grid is centred so that a back page mirrors it.

Page coordinates here are millimetres from the page's bottom-left corner, as in PDF.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from deckgen.errors import AsWritten, OptionError
from deckgen.i18n import Listing, _
from deckgen.numerals import decimal_number, odd_digits

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 88.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
}
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
# duplex-long/-short: a duplex printer, each front page followed by its back page;
# manual-duplex: a single-sided printer, all fronts, then the stack turned over for all backs;
# separate: all backs after the fronts, each back sheet glued behind its front sheet. A stack turned
# by hand and a sheet glued on are turned over like a long-edge duplex sheet (render.planning keeps
# two-sided cards where either edge works, when the layout has a centre cell)
BACK_MODES = ("duplex-long", "duplex-short", "manual-duplex", "separate", "none")

PRINTER_MARGIN = 5.0  # mm no desktop printer is trusted to print into
BLEED_PAGE_MARGIN = 3.5  # mm beyond the crop marks when bleed is on (work meant for a print shop)
CROP_GAP = 1.0  # mm between the bleed edge and a crop mark
CROP_LENGTH = 3.0  # mm length of a crop mark
FOOTER_BAND = 8.0  # mm for the scale bar and the sheet label
SCALE_BAR = 50.0  # mm
MIN_CARD, MAX_CARD = 20.0, 300.0
MAX_BLEED = 10.0
HOME_BACK_BLEED = 2.0  # mm every back reaches past its card's trim, bleed or not: a duplex printer's
# small front/back offset then shows more of the back, never white paper
MAX_BACK_OFFSET = 5.0  # mm: --back-offset corrects a printer, it does not move backs across the page


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float
    height: float

    @property
    def label(self) -> str:
        return f"{self.name} {self.width:g}×{self.height:g} mm"


def card_size(text: str) -> CardSize:
    """A named size (poker, bridge, mini, tarot) or "WxH" in millimetres (e.g. 60x90)."""
    key = str(text).strip().lower()
    if key in CARD_SIZES:
        w, h = CARD_SIZES[key]
        return CardSize(key, w, h)
    if len(key) > 40:  # never echoed whole
        raise OptionError(_("a card size of {n:,} characters is too long: use poker, bridge, mini, tarot or WIDTHxHEIGHT in mm (like 60x90)",
                            n=len(key)))
    m = re.fullmatch(r"(.+?)\s*(?:x|×|\*)\s*(.+?)\s*(?:mm)?", key)
    sides = [_side(s) for s in m.groups()] if m else [None]
    if None in sides:
        if m and any(odd_digits(s) for s in m.groups()):
            raise OptionError(_("card size {size!r}: write its numbers with the digits 0-9, like 60x90 or 62,5x88", size=text))
        raise OptionError(_("unknown card size {size!r}: use poker, bridge, mini, tarot or WIDTHxHEIGHT in mm (like 60x90)", size=text))
    w, h = sides
    for v in (w, h):
        if not MIN_CARD <= v <= MAX_CARD:
            raise OptionError(_("card size {size!r}: each side must be {lo:g} to {hi:g} mm", size=text, lo=MIN_CARD, hi=MAX_CARD))
    return CardSize("custom", w, h)


def _side(text: str) -> float | None:
    """One side of a WxH card size, in mm, read by deckgen.numerals (a point or a comma); None: not a number."""
    try:
        side = decimal_number(text)
    except ValueError:
        return None
    return side if math.isfinite(side) and not text.lstrip().startswith(("+", "-")) else None


def paper_size(text: str) -> tuple[str, float, float]:
    key = str(text).strip().lower()
    if key not in PAPERS:
        raise OptionError(_("unknown paper {paper!r}: use a4 or letter", paper=text))
    return (key, *PAPERS[key])


def bleed_mm(value: object) -> float:
    try:
        b = decimal_number(value)  # the digits 0-9, a point or a comma (deckgen.numerals)
    except ValueError as exc:
        if odd_digits(str(value)):
            raise OptionError(exc.args[0], option="--bleed") from None
        raise OptionError(_("expected millimetres, got {value!r}", value=value), option="--bleed") from None
    if not 0.0 <= b <= MAX_BLEED:
        raise OptionError(_("{mm:g} mm is out of range ({lo:g} to {hi:g})", mm=b, lo=0, hi=MAX_BLEED), option="--bleed")
    return b


def back_mode(text: str) -> str:
    key = str(text).strip().lower()
    if key not in BACK_MODES:
        raise OptionError(_("unknown --backs {value!r}: use {modes}", value=text, modes=Listing(BACK_MODES, "or")))
    return key


@dataclass(frozen=True)
class Box:
    """A rectangle in page millimetres: (x, y) is its bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> "Box":
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


def back_offset(value: object) -> tuple[float, float]:
    """``X,Y`` in millimetres (a list or tuple of two numbers is taken too)."""
    parts = list(value) if isinstance(value, (list, tuple)) else _offset_parts(str(value))
    try:
        if len(parts) != 2 or any(isinstance(p, bool) for p in parts):
            raise ValueError
        x, y = (decimal_number(p) for p in parts)  # the digits 0-9, a point or a comma (deckgen.numerals)
    except (TypeError, ValueError):
        value = value if isinstance(value, str) else AsWritten(value)  # a deck file's list, as the file writes it
        if odd_digits(str(value)):
            raise OptionError(_("expected X,Y in millimetres written with the digits 0-9 (like 1.5,-0.5, or 1,5;-0,5 with decimal commas), got {value!r}", value=value),
                              option="--back-offset") from None
        raise OptionError(_("expected X,Y in millimetres (like 1.5,-0.5, or 1,5;-0,5 with decimal commas), got {value!r}", value=value), option="--back-offset") from None
    for v, typed in zip((x, y), parts):
        if not (math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET):
            shown = v if math.isfinite(v) else str(typed)[:12] + ("…" if len(str(typed)) > 12 else "")
            raise OptionError(_("{mm:g} mm is out of range ({lo:g} to {hi:g})", mm=shown, lo=-MAX_BACK_OFFSET, hi=MAX_BACK_OFFSET)
                              if isinstance(shown, float) else
                              _("{mm} mm is out of range ({lo:g} to {hi:g})", mm=shown, lo=-MAX_BACK_OFFSET, hi=MAX_BACK_OFFSET),
                              option="--back-offset")
    return (x + 0.0, y + 0.0)


def _offset_parts(text: str) -> list[str]:
    """The two numbers of an X,Y offset as typed: apart by a semicolon (each number may then write its
    decimals with a comma: ``1,5;-0,5``), by the one comma (``1.5,-0.5``, ``1.5, -0.25``), by a space
    (``1.5 -0.5``, ``1,5 -0,5``), or, with three commas, by the middle one (``1,5,-0,5``)."""
    text = text.strip()
    if ";" in text:
        return [p.strip() for p in text.split(";")]
    if text.count(",") == 1:
        return [p.strip() for p in text.split(",")]
    words = text.split()
    if len(words) == 2:
        return words
    pieces = text.split(",")
    if len(pieces) == 4:
        return [",".join(pieces[:2]).strip(), ",".join(pieces[2:]).strip()]
    return [text]


@dataclass(frozen=True)
class SheetLayout:
    """Cards in a grid on a page. Neighbouring trims are ``gutter`` mm apart: twice the bleed when
    every card keeps its whole bleed, 0 when neighbours share one cut (bleed only round the block)."""

    paper: str
    page_w: float  # as the page is printed: a landscape page is wider than high
    page_h: float
    card: CardSize
    bleed: float
    cols: int
    rows: int
    footer: str  # "bottom" or "left": where the scale bar and label go
    gutter: float = -1.0  # mm between neighbouring trims; negative means 2 × bleed

    def __post_init__(self) -> None:
        if self.gutter < 0:
            object.__setattr__(self, "gutter", 2 * self.bleed)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def shared(self) -> bool:
        """Neighbours share a cut (less bleed between them than round the block)."""
        return self.gutter < 2 * self.bleed - 1e-9

    @property
    def grid(self) -> Box:
        """The block of all slots including bleed, centred on the page."""
        w = self.cols * self.card.width + (self.cols - 1) * self.gutter + 2 * self.bleed
        h = self.rows * self.card.height + (self.rows - 1) * self.gutter + 2 * self.bleed
        return Box((self.page_w - w) / 2, (self.page_h - h) / 2, w, h)

    @property
    def trim_bounds(self) -> Box:
        """The bounding box of every card's trim (written as the page TrimBox)."""
        return self.grid.grow(-self.bleed)

    def slot(self, index: int) -> Box:
        """Trim box of slot ``index`` (row-major from the top-left) on a front page."""
        if not 0 <= index < self.per_sheet:
            raise IndexError(index)
        row, col = divmod(index, self.cols)
        g = self.grid
        x = g.x + self.bleed + col * (self.card.width + self.gutter)
        y = g.top - self.bleed - self.card.height - row * (self.card.height + self.gutter)
        return Box(x, y, self.card.width, self.card.height)

    def back_index(self, index: int, mode: str) -> int:
        """The slot of the back page behind front slot ``index`` once the sheet is turned over.

        The sheet turns about its long edge (duplex-long) or its short edge (duplex-short). On a
        portrait page the long edge is upright, so columns mirror; on a landscape page it lies
        horizontal, so rows mirror (and the other way round for the short edge). A stack turned
        over by hand for "manual-duplex", and a back sheet glued behind its front for "separate"
        (printed side out), turn like long-edge; "none" has no backs and keeps the position."""
        row, col = divmod(index, self.cols)
        if mode in ("duplex-long", "duplex-short", "manual-duplex", "separate"):
            if (mode != "duplex-short") != self.landscape:
                col = self.cols - 1 - col
            else:
                row = self.rows - 1 - row
        return row * self.cols + col

    def back_slot(self, index: int, mode: str) -> Box:
        """Where the back of the card in front slot ``index`` is printed so the two meet."""
        return self.slot(self.back_index(index, mode))

    def paint_box(self, index: int, filled: frozenset[int] | set[int], reach: float | None = None) -> Box:
        """The area slot ``index`` may paint: its trim plus ``reach`` mm (default: the bleed) on
        every side, except towards a filled neighbour, where it stops halfway across the gutter."""
        reach = self.bleed if reach is None else reach
        row, col = divmod(index, self.cols)
        half = self.gutter / 2

        def side(r: int, c: int) -> float:
            inside = 0 <= r < self.rows and 0 <= c < self.cols and (r * self.cols + c) in filled
            return min(reach, half) if inside else reach

        t = self.slot(index)
        left, right = side(row, col - 1), side(row, col + 1)
        top, bottom = side(row - 1, col), side(row + 1, col)
        return Box(t.x - left, t.y - bottom, t.w + left + right, t.h + top + bottom)

    def sheets_for(self, n_cards: int) -> int:
        return max(1, math.ceil(n_cards / self.per_sheet))


def layout(card: CardSize, paper: str = "a4", bleed: float = 0.0) -> SheetLayout:
    """As many cards as fit, centred, leaving room for crop marks and the footer band.

    Both page orientations are tried and, with bleed, two kinds of grid: every card with its own
    bleed (trims 2 × bleed apart), or neighbours sharing one cut (trims touching, bleed only round
    the block). The most cards wins; on a tie, whole bleed before shared cuts, portrait before
    landscape, the footer at the bottom before the left margin."""
    name, short, long = paper_size(paper)
    edge = BLEED_PAGE_MARGIN + CROP_GAP + CROP_LENGTH if bleed > 0 else PRINTER_MARGIN
    gutters = (2 * bleed, 0.0) if bleed > 0 else (0.0,)

    def fit(space: float, size: float, gutter: float) -> int:
        return max(0, int((space - 2 * bleed + gutter + 1e-9) // (size + gutter)))

    candidates = []
    fits_somehow = False
    for landscape in (False, True):
        page_w, page_h = (long, short) if landscape else (short, long)
        for gutter in gutters:
            cols = fit(page_w - 2 * edge, card.width, gutter)
            rows = fit(page_h - 2 * edge, card.height, gutter)
            fits_somehow |= cols > 0 and rows > 0
            # The footer needs a band on one side, outside the grid and its crop marks; the grid stays centred.
            # A row less makes room below, a column less room to the left (one of each never holds more).
            for c, r in ((cols, rows), (cols, rows - 1), (cols - 1, rows)):
                if c < 1 or r < 1:
                    continue
                lay = SheetLayout(name, page_w, page_h, card, bleed, c, r, "bottom", gutter)
                g = lay.grid
                if g.y - edge + 1e-9 >= FOOTER_BAND:
                    footer = "bottom"
                elif g.x - edge + 1e-9 >= FOOTER_BAND:
                    footer = "left"
                else:
                    continue
                score = (c * r, gutter == 2 * bleed, not landscape, footer == "bottom", c, r)
                candidates.append((score, SheetLayout(name, page_w, page_h, card, bleed, c, r, footer, gutter)))
    if not fits_somehow:
        raise OptionError(_("a {w:g}×{h:g} mm card with {bleed:g} mm bleed does not fit on {paper} paper",
                            w=card.width, h=card.height, bleed=bleed, paper=name))
    if not candidates:
        raise OptionError(_("a {w:g}×{h:g} mm card with {bleed:g} mm bleed leaves no room for the scale bar on {paper} paper",
                            w=card.width, h=card.height, bleed=bleed, paper=name))
    return max(candidates, key=lambda sc: sc[0])[1]


def crop_marks(lay: SheetLayout) -> list[tuple[float, float, float, float]]:
    """Crop mark segments (x1, y1, x2, y2) outside the grid, one pair per trim line."""
    if lay.bleed <= 0:
        return []
    g = lay.grid
    segs: list[tuple[float, float, float, float]] = []
    near, far = CROP_GAP, CROP_GAP + CROP_LENGTH
    xs = sorted({round(v, 6) for i in range(lay.cols) for v in (lay.slot(i).x, lay.slot(i).right)})
    ys = sorted(
        {round(v, 6) for r in range(lay.rows) for v in (lay.slot(r * lay.cols).y, lay.slot(r * lay.cols).top)}
    )
    for x in xs:
        segs.append((x, g.top + near, x, g.top + far))
        segs.append((x, g.y - near, x, g.y - far))
    for y in ys:
        segs.append((g.x - near, y, g.x - far, y))
        segs.append((g.right + near, y, g.right + far, y))
    return segs
