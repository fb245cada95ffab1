"""Rulebook blocks (``deckgen.rulebook.markup``) turned into reportlab platypus flowables.

One embedded font (``deckgen.render.fonts``), a small set of styles, tables sized to their text, and
card pictures drawn by the game's own faces through :class:`deckgen.render.pdf_pen.PdfPen`, the same
code that draws the card sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckgen.model import Card
from deckgen.render import fonts
from deckgen.render.faces import Faces, Frame
from deckgen.render.palette import INK
from deckgen.render.pdf_pen import PdfPen
from deckgen.render.pen import wrap
from deckgen.rulebook.markup import Block, CardsBlock, Cell, FigureBlock, Heading, ListBlock, Note, PageBreakBlock, Para, TableBlock
from deckgen.rulebook.platypus import Flowable, KeepTogether, ListFlowable, PageBreak, Paragraph, Spacer, Table, TableStyle, _listWrapOn

MM = fonts.PT_PER_MM
CARD_WIDTH = 30.0  # mm: a card picture's default width
CARD_GAP = 4.0  # mm between card pictures
CAPTION_SIZE = 8.0  # pt
MAX_PICTURE_H = 100.0  # mm: a taller card picture (a narrow, tall card size) is scaled down to this height
MIN_SLOT_W = 20.0  # mm: the room a scaled-down picture's caption keeps
MAX_CAPTION_SLOT = 64.0  # mm: a slot widens to its longest caption, up to this (two slots a column)
ACCENT = "#1f3a68"  # headings: a dark blue that prints as near-black in greyscale
RULE = "#9a9a9a"
HEADER_FILL = "#e6e6e6"
MARK_FILL = "#fff1c2"  # a highlighted row: pale yellow, a clear light grey in greyscale
NOTE_FILL = "#f1f1f1"
CELL_PAD = 4.0  # pt, left/right padding of table cells
KEEP_ROWS = 8  # tables up to this many rows are never split across pages (longer ones split, header repeated)


def styles() -> dict[str, ParagraphStyle]:
    regular, bold = fonts.register()
    base = ParagraphStyle(
        "body", fontName=regular, fontSize=10.5, leading=14.5, spaceAfter=5, textColor=HexColor(INK), allowWidows=0, allowOrphans=0
    )
    return {
        "body": base,
        "h1": ParagraphStyle("h1", base, fontName=bold, fontSize=22, leading=27, spaceAfter=6, textColor=HexColor(ACCENT), keepWithNext=1),
        "h2": ParagraphStyle("h2", base, fontName=bold, fontSize=15, leading=19, spaceBefore=13, spaceAfter=5, textColor=HexColor(ACCENT), keepWithNext=1),
        "h3": ParagraphStyle("h3", base, fontName=bold, fontSize=11.5, leading=15, spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "item": ParagraphStyle("item", base, spaceAfter=2.5),
        "cell": ParagraphStyle("cell", base, fontSize=9.5, leading=12.5, spaceAfter=2),
        "th": ParagraphStyle("th", base, fontName=bold, fontSize=9.5, leading=12.5, spaceAfter=2),
        "note": ParagraphStyle("note", base, fontSize=9.5, leading=13, spaceAfter=3),
    }


@dataclass(frozen=True)
class Context:
    """What drawing a card or a figure needs: the deck, its faces and the size of a printed card."""

    cards: Sequence[Card]
    faces: Faces
    frame: Frame  # the printed card's size, language and options
    figures: Mapping[str, Callable]
    lang: str
    styles: Mapping[str, ParagraphStyle]


# ---------------------------------------------------------------- card pictures and figures


class CardRow(Flowable):
    """One or more rows of card pictures (a card's face, or the back for ``None``), left-aligned."""

    def __init__(self, ctx: Context, indexes: Sequence[int | None], width: float | None, captions: Sequence[str],
                 group: int = 1) -> None:
        super().__init__()
        self.ctx = ctx
        self.group = max(1, group)  # a row holds whole groups (an example's pair stays on one row)
        self.indexes = list(indexes)
        self._asked = width
        self.card_w = width or CARD_WIDTH
        self.card_h = self.card_w * ctx.frame.height / ctx.frame.width
        self.slot_w = self.card_w
        if self.card_h > MAX_PICTURE_H:  # a narrow, tall card: the picture shrinks to fit any page
            self.card_w = MAX_PICTURE_H * ctx.frame.width / ctx.frame.height
            self.card_h = MAX_PICTURE_H
            self.slot_w = max(self.card_w, min(MIN_SLOT_W, self.slot_w))
        self.captions = list(captions)
        # a caption is read on one line: the slot widens to the longest one (the card stays centred)
        widest = max((fonts.text_width_mm(t, CAPTION_SIZE) for t in self.captions if t), default=0.0)
        self.slot_w = max(self.slot_w, min(MAX_CAPTION_SLOT, widest + 0.5 - CARD_GAP * 0.8))
        self.caption_lines = self._caption_lines()
        self.spaceBefore, self.spaceAfter = 3, 7

    def _caption_lines(self) -> int:
        if not self.captions:
            return 0
        return max(len(wrap(c, CAPTION_SIZE, self.slot_w + CARD_GAP * 0.8)) for c in self.captions)

    @property
    def slot_h(self) -> float:  # mm: a card and its caption
        return self.card_h + (1.5 + self.caption_lines * CAPTION_SIZE * 1.2 / MM if self.captions else 0.0)

    def _per_row(self, avail_w: float) -> int:
        per = max(1, int((avail_w / MM + CARD_GAP) // (self.slot_w + CARD_GAP)))
        return max(self.group, per - per % self.group)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        n = len(self.indexes)
        per = min(self._per_row(avail_w), n)
        rows = -(-n // per)
        # rows as even as they can be (13 cards four a row: 4+3+3+3): never one card alone below a full row;
        # counted in groups, so that a row never splits a group
        base, extra = divmod(n // self.group, rows)
        self._counts = [(base + 1) * self.group] * extra + [base * self.group] * (rows - extra)
        per = self._counts[0]
        self.width = (per * self.slot_w + (per - 1) * CARD_GAP) * MM
        self.height = (rows * self.slot_h + (rows - 1) * CARD_GAP) * MM
        self._per = per
        return self.width, self.height

    def _place(self, n: int) -> tuple[int, int]:
        """(row, column) of the ``n``-th card."""
        row = 0
        while n >= self._counts[row]:
            n -= self._counts[row]
            row += 1
        return row, n

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        per = self._per_row(avail_w)
        fit_rows = int((avail_h / MM + CARD_GAP) // (self.slot_h + CARD_GAP))
        if len(self.indexes) <= per or fit_rows < 1:
            return []
        cut = fit_rows * per
        if 0 < len(self.indexes) - cut < 2 and fit_rows > 1:
            cut -= per  # never one card left over alone at the top of the next page: a row goes with it
        captions = self.captions
        return [
            CardRow(self.ctx, self.indexes[:cut], self.slot_w if self.slot_w == self.card_w else self._asked, captions[:cut], self.group),
            CardRow(self.ctx, self.indexes[cut:], self.slot_w if self.slot_w == self.card_w else self._asked, captions[cut:], self.group),
        ]

    def draw(self) -> None:
        c = self.canv
        f = self.ctx.frame
        scale = self.card_w / f.width
        top = self.height / MM
        for n, index in enumerate(self.indexes):
            row, col = self._place(n)
            x = col * (self.slot_w + CARD_GAP) + (self.slot_w - self.card_w) / 2
            y = top - row * (self.slot_h + CARD_GAP)  # this slot's top, page mm (y up)
            c.saveState()
            clip = c.beginPath()
            clip.roundRect(x * MM, (y - self.card_h) * MM, self.card_w * MM, self.card_h * MM, 1.2 * MM)
            c.clipPath(clip, stroke=0, fill=0)
            pen = PdfPen(c, x, y, scale)
            if index is None:
                self.ctx.faces.back(pen, f)
            else:
                self.ctx.faces.front(pen, self.ctx.cards[index], f)
            c.restoreState()
            c.saveState()
            c.setStrokeColor(HexColor(RULE))
            c.setLineWidth(0.5)
            c.roundRect(x * MM, (y - self.card_h) * MM, self.card_w * MM, self.card_h * MM, 1.2 * MM, stroke=1, fill=0)
            if self.captions and self.captions[n]:
                c.setFillColor(HexColor(INK))
                c.setFont(fonts.font_name(False), CAPTION_SIZE)
                lines = wrap(self.captions[n], CAPTION_SIZE, self.slot_w + CARD_GAP * 0.8)
                base = y - self.card_h - 1.5 - CAPTION_SIZE * 0.85 / MM
                for k, line in enumerate(lines):
                    c.drawCentredString((x + self.card_w / 2) * MM, (base - k * CAPTION_SIZE * 1.2 / MM) * MM, line)
            c.restoreState()


class FigureFlowable(Flowable):
    """A drawing the game provides (``Rulebook.figures``), in a box of ``width`` × ``height`` mm."""

    def __init__(self, ctx: Context, name: str, width: float, height: float) -> None:
        super().__init__()
        self.ctx, self.name, self.w_mm, self.h_mm = ctx, name, width, height
        self.spaceBefore, self.spaceAfter = 3, 6
        self.hAlign = "CENTER"

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.scale = min(1.0, avail_w / (self.w_mm * MM))  # a figure wider than the column shrinks to it
        self.width, self.height = self.w_mm * MM * self.scale, self.h_mm * MM * self.scale
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        pen = PdfPen(self.canv, 0.0, self.h_mm * self.scale, self.scale)
        self.ctx.figures[self.name](pen, self.w_mm, self.h_mm, self.ctx.lang)
        self.canv.restoreState()


# ---------------------------------------------------------------- blocks -> flowables


class WrapOnce(Paragraph):
    """A Paragraph that breaks its lines once per width. platypus wraps a paragraph again and again at
    the same width (to keep blocks together, to try a page, to draw it): 506 wraps of 206 paragraphs
    in Multipli Cat's rulebook, each breaking every line anew. The lines depend only on the text, the
    style and the width, so the last wrap's lines are kept and handed back for the same width."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        kept = self.__dict__.get("_wrapped")
        if kept is not None and kept[0] == availWidth:
            _, self.width, self._wrapWidths, self.blPara, self.height = kept
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__ and self.width == availWidth:  # a real wrap (not "cannot fit here")
            self._wrapped = (availWidth, self.width, self._wrapWidths, self.blPara, self.height)
        return width, height



def build(blocks: Sequence[Block], ctx: Context, avail: float, where: str = "body") -> list[Flowable]:
    """Flowables for ``blocks`` in a column ``avail`` points wide; ``where`` picks paragraph styles."""
    out: list[Flowable] = []
    st = ctx.styles
    for n, block in enumerate(blocks):
        after = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Heading):
            out.append(WrapOnce(block.markup, st[f"h{block.level}"]))
        elif isinstance(block, Para):
            para = WrapOnce(block.markup, st[where])
            if block.keep:
                para.keepWithNext = 1
            out.append(para)
        elif isinstance(block, ListBlock):
            out.append(_list(block, ctx, avail, where))
        elif isinstance(block, TableBlock):
            out.append(_table(block, ctx, avail))
        elif isinstance(block, Note):
            out.append(_note(block, ctx, avail))
        elif isinstance(block, PageBreakBlock):
            out.append(PageBreak())
        elif isinstance(block, CardsBlock):
            out.append(CardRow(ctx, block.indexes, block.width, block.captions, block.group))
        elif isinstance(block, FigureBlock):
            out.append(FigureFlowable(ctx, block.name, block.width, block.height))
        if isinstance(block, (CardsBlock, FigureBlock)) and isinstance(after, Para):
            out[-1].keepWithNext = 1  # a picture stays with the paragraph under it: its caption
    return out


LIST_INDENT = 15.0  # pt


def _list(block: ListBlock, ctx: Context, avail: float, where: str) -> Flowable:
    regular, bold = fonts.register()
    style = ctx.styles["item" if where == "body" else where]
    items = [build(item, ctx, avail - LIST_INDENT, "item" if where == "body" else where) or [WrapOnce("", style)] for item in block.items]
    kwargs = dict(
        leftIndent=LIST_INDENT,
        bulletFontName=bold if block.ordered else regular,
        bulletFontSize=style.fontSize,
        bulletColor=HexColor(INK),
        spaceAfter=4,
    )
    if block.ordered:
        return ListFlowable(items, bulletType="1", bulletFormat="%s.", **kwargs)
    return ListFlowable(items, bulletType="bullet", start="•", **kwargs)


def _text_width(text: str, bold: bool, size: float) -> float:
    return stringWidth(text, fonts.font_name(bold), size)


def _natural(cell: Cell) -> tuple[float, float]:
    """(natural, minimum) width of a cell's content in points, padding included."""
    pad = 2 * CELL_PAD
    size = 9.5
    nat, low = 0.0, 0.0
    for block in cell.blocks:
        if isinstance(block, CardsBlock):
            w = (CARD_WIDTH if block.width is None else block.width) * MM
            nat, low = max(nat, w * len(block.indexes) + CARD_GAP * MM * (len(block.indexes) - 1)), max(low, w)
        elif isinstance(block, FigureBlock):
            nat, low = max(nat, block.width * MM), max(low, block.width * MM)
        elif isinstance(block, (ListBlock, Note, TableBlock)):
            nat = max(nat, 10_000.0)  # prose: as wide as it may be
            low = max(low, 60.0 * MM / 2)
    if cell.text:
        nat = max(nat, _text_width(cell.text, cell.header, size))
        longest = max((_text_width(w, cell.header, size) for w in cell.text.split()), default=0.0)
        low = max(low, longest)
    return nat + pad, low + pad


def column_widths(block: TableBlock, avail: float) -> list[float]:
    """Widths in points: given ones (mm or *), else sized to the text, as HTML's automatic layout does."""
    n = len(block.rows[0].cells)
    if block.widths:
        fixed = [float(w.removesuffix("mm")) * MM if w != "*" else None for w in block.widths]
        rest = max(0.0, avail - sum(w for w in fixed if w is not None))
        stars = sum(1 for w in fixed if w is None)
        return [w if w is not None else rest / stars for w in fixed]
    nat = [0.0] * n
    low = [0.0] * n
    for row in block.rows:
        for i, cell in enumerate(row.cells):
            a, b = _natural(cell)
            nat[i], low[i] = max(nat[i], a), max(low[i], b)
    nat = [min(x, avail) for x in nat]
    if sum(nat) <= avail:
        return nat
    if sum(low) >= avail:
        return [avail * x / sum(low) for x in low]
    # Columns whose text fits in an equal share keep their natural width; the others share the rest
    # in proportion to their text, never below their longest word.
    widths: list[float | None] = [None] * n
    while True:
        open_cols = [i for i in range(n) if widths[i] is None]
        room = avail - sum(w for w in widths if w is not None)
        fits = [i for i in open_cols if nat[i] <= room / len(open_cols)]
        if not fits or len(fits) == len(open_cols):
            break
        for i in fits:
            widths[i] = nat[i]
    open_cols = [i for i in range(n) if widths[i] is None]
    room = avail - sum(w for w in widths if w is not None)
    spare = room - sum(low[i] for i in open_cols)
    extra = {i: nat[i] - low[i] for i in open_cols}
    total_extra = sum(extra.values()) or 1.0
    for i in open_cols:
        widths[i] = low[i] + max(0.0, spare) * extra[i] / total_extra
    return [w or 0.0 for w in widths]


def _table(block: TableBlock, ctx: Context, avail: float) -> Flowable:
    widths = column_widths(block, avail)
    data = []
    for row in block.rows:
        cells = []
        for cell, w in zip(row.cells, widths):
            style = "th" if cell.header else "cell"
            if block.plain:
                style = "th" if cell.header else "body"
            content = build(cell.blocks, ctx, w - 2 * CELL_PAD, style)
            cells.append(content)
        data.append(cells)
    header_rows = 0
    for row in block.rows:
        if all(c.header for c in row.cells) and not block.plain:
            header_rows += 1
        else:
            break
    cmds: list[tuple] = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.font_name(False)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if block.plain:
        cmds += [("LEFTPADDING", (0, 0), (0, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]
    else:
        cmds += [
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, HexColor(INK)),
            ("LINEBELOW", (0, -1), (-1, -1), 0.8, HexColor(INK)),
            ("LINEBELOW", (0, 0), (-1, -2), 0.3, HexColor(RULE)),
        ]
        if header_rows:
            cmds += [
                ("BACKGROUND", (0, 0), (-1, header_rows - 1), HexColor(HEADER_FILL)),
                ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, HexColor(INK)),
            ]
    for r, row in enumerate(block.rows):
        if row.mark:
            cmds.append(("BACKGROUND", (0, r), (-1, r), HexColor(MARK_FILL)))
    # a short table moves whole to the next page rather than split; a long one splits, header repeated
    kind = _WholeTable if len(block.rows) <= KEEP_ROWS else Table
    table = kind(data, colWidths=widths, repeatRows=header_rows, hAlign="LEFT", style=TableStyle(cmds))
    table.spaceBefore, table.spaceAfter = 2, 8
    return table


class _WholeTable(Table):
    """A table that is never split: it goes whole to the next page when it does not fit."""

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        return []


def _note(block: Note, ctx: Context, avail: float) -> Flowable:
    pad = 7.0
    content = build(block.blocks, ctx, avail - 2 * pad - 3, "note")
    table = Table(
        [[content]],
        colWidths=[avail],
        hAlign="LEFT",
        style=TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), fonts.font_name(False)),
                ("BACKGROUND", (0, 0), (-1, -1), HexColor(NOTE_FILL)),
                ("LINEBEFORE", (0, 0), (0, -1), 3, HexColor(ACCENT)),
                ("LEFTPADDING", (0, 0), (-1, -1), pad + 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad - 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad - 3),
            ]
        ),
    )
    table.spaceBefore, table.spaceAfter = 4, 9
    return table


def keep_together(story: Sequence[Flowable]) -> list[Flowable]:
    """The page story with every run of flowables that asks to stay with the next (a heading, a
    paragraph marked ``keep``, a picture over its caption) bound to that next flowable.

    reportlab's own keepWithNext never binds to a list (a container), and moves the whole group to the
    next page when the flowable after the run is too tall to fit, leaving the page part empty. Here
    the run waits for the next page only when the next flowable cannot even start on this one."""
    out: list[Flowable] = []
    run: list[Flowable] = []
    for f in story:
        if f.getKeepWithNext():
            run.append(f)
            continue
        if run:
            for kept in run:
                kept.keepWithNext = 0  # the group does the keeping now
            f = _KeepWithStart([*run, f])
            run = []
        out.append(f)
    return out + run


class _KeepWithStart(KeepTogether):
    """A run of flowables kept on one page with the start of the flowable that follows them."""

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        *run, last = self._content
        if self._H > avail_h:  # not all of it fits: does the run and the start of the last?
            _, high = _listWrapOn(run, avail_w, self.canv)
            rest = avail_h - high - run[-1].getSpaceAfter() - last.getSpaceBefore() - 1.0
            if rest > 0 and _starts_within(last, self.canv, avail_w, rest):
                return list(self._content)
        return super().split(avail_w, avail_h)


def _starts_within(f: Flowable, canv, avail_w: float, avail_h: float) -> bool:
    """Whether some of ``f`` (not nothing) can be drawn in ``avail_h``: its split's first piece fits.
    (A list splits even when not one line of it fits: its first piece is then still too tall.)"""
    pieces = f.splitOn(canv, avail_w, avail_h)
    if not pieces:
        return False
    high = pieces[0].wrapOn(canv, avail_w, avail_h)[1]
    return 0 < high <= avail_h


def spacer(mm: float) -> Spacer:
    return Spacer(1, mm * MM)
