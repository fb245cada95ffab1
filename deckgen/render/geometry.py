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

from deckgen.errors import OptionError

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
# manual-duplex: a single-sided printer, all fronts, then the stack turned over for all backs (mirrored
# as for long-edge duplex); separate: all backs after the fronts, unmirrored, to glue back to front
BACK_MODES = ("duplex-long", "duplex-short", "manual-duplex", "separate", "none")

PRINTER_MARGIN = 5.0  # mm no desktop printer is trusted to print into
BLEED_PAGE_MARGIN = 3.5  # mm beyond the crop marks when bleed is on (work meant for a print shop)
CROP_GAP = 1.0  # mm between the bleed edge and a crop mark
CROP_LENGTH = 3.0  # mm length of a crop mark
FOOTER_BAND = 8.0  # mm for the scale bar and the sheet label
SCALE_BAR = 50.0  # mm
MIN_CARD, MAX_CARD = 20.0, 300.0
MAX_BLEED = 10.0


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
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?:x|×|\*)\s*(\d+(?:\.\d+)?)\s*(?:mm)?", key)
    if not m:
        raise OptionError(
            f"unknown card size {text!r}: use poker, bridge, mini, tarot or WIDTHxHEIGHT in mm (like 60x90)"
        )
    w, h = float(m.group(1)), float(m.group(2))
    for v in (w, h):
        if not MIN_CARD <= v <= MAX_CARD:
            raise OptionError(f"card size {text!r}: each side must be {MIN_CARD:g} to {MAX_CARD:g} mm")
    return CardSize("custom", w, h)


def paper_size(text: str) -> tuple[str, float, float]:
    key = str(text).strip().lower()
    if key not in PAPERS:
        raise OptionError(f"unknown paper {text!r}: use a4 or letter")
    return (key, *PAPERS[key])


def bleed_mm(value: object) -> float:
    try:
        b = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise OptionError(f"--bleed: expected millimetres, got {value!r}") from None
    if not 0.0 <= b <= MAX_BLEED:
        raise OptionError(f"--bleed: {b:g} mm is out of range (0 to {MAX_BLEED:g})")
    return b


def back_mode(text: str) -> str:
    key = str(text).strip().lower()
    if key not in BACK_MODES:
        raise OptionError(f"unknown --backs {text!r}: use {', '.join(BACK_MODES)}")
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


@dataclass(frozen=True)
class SheetLayout:
    paper: str
    page_w: float
    page_h: float
    card: CardSize
    bleed: float
    cols: int
    rows: int
    footer: str  # "bottom" or "left": where the scale bar and label go

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def cell_w(self) -> float:
        return self.card.width + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.card.height + 2 * self.bleed

    @property
    def grid(self) -> Box:
        """The block of all slots including bleed, centred on the page."""
        w, h = self.cols * self.cell_w, self.rows * self.cell_h
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
        x = g.x + col * self.cell_w + self.bleed
        y = g.top - (row + 1) * self.cell_h + self.bleed
        return Box(x, y, self.card.width, self.card.height)

    def back_slot(self, index: int, mode: str) -> Box:
        """Where the back of the card in front slot ``index`` is printed so the two meet.

        Long-edge duplex flips the sheet about its vertical axis (columns mirror); short-edge
        duplex flips it about its horizontal axis (rows mirror); a stack turned over by hand for
        "manual-duplex" flips like long-edge; "separate" keeps the position (the sheets are glued).
        """
        row, col = divmod(index, self.cols)
        if mode in ("duplex-long", "manual-duplex"):
            col = self.cols - 1 - col
        elif mode == "duplex-short":
            row = self.rows - 1 - row
        return self.slot(row * self.cols + col)

    def sheets_for(self, n_cards: int) -> int:
        return max(1, math.ceil(n_cards / self.per_sheet))


def layout(card: CardSize, paper: str = "a4", bleed: float = 0.0) -> SheetLayout:
    """As many cards as fit, centred, leaving room for crop marks and the footer band."""
    name, page_w, page_h = paper_size(paper)
    cell_w, cell_h = card.width + 2 * bleed, card.height + 2 * bleed
    edge = BLEED_PAGE_MARGIN + CROP_GAP + CROP_LENGTH if bleed > 0 else PRINTER_MARGIN

    def fit(space: float, cell: float) -> int:
        return max(0, int((space + 1e-9) // cell))

    cols = fit(page_w - 2 * edge, cell_w)
    rows = fit(page_h - 2 * edge, cell_h)
    if cols == 0 or rows == 0:
        raise OptionError(
            f"a {card.width:g}×{card.height:g} mm card with {bleed:g} mm bleed does not fit on {name} paper"
        )
    # The footer needs a band on one side, outside the grid and its crop marks; the grid stays centred.
    candidates = []
    for c, r in ((cols, rows), (cols, rows - 1), (cols - 1, rows), (cols - 1, rows - 1)):
        if c < 1 or r < 1:
            continue
        spare_h = (page_h - r * cell_h) / 2 - edge
        spare_w = (page_w - c * cell_w) / 2 - edge
        if spare_h + 1e-9 >= FOOTER_BAND:
            candidates.append((c * r, 1, c, r, "bottom"))
        elif spare_w + 1e-9 >= FOOTER_BAND:
            candidates.append((c * r, 0, c, r, "left"))
    if not candidates:
        raise OptionError(
            f"a {card.width:g}×{card.height:g} mm card with {bleed:g} mm bleed leaves no room for "
            f"the scale bar on {name} paper"
        )
    _, _, cols, rows, footer = max(candidates)
    return SheetLayout(name, page_w, page_h, card, bleed, cols, rows, footer)


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
