"""--bleed: TrimBox and BleedBox on every page, backgrounds into the bleed, crop marks outside the cards."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM, close

POKER = (63.0, 88.0)
# (args, paper, card, cols, rows, shared, landscape). With 3 mm of bleed each poker card with its own
# bleed is a 69×94 mm cell: 2×3 on A4. Neighbours sharing one cut (bleed only round the block) on a
# landscape page fit 4×2: 4×63 + 6 = 258 mm across 297, 2×88 + 6 = 182 mm down 210. On Letter the
# same 4×2 (279.4 × 215.9). Mini cards with 2 mm of shared bleed: 4×4 upright (180 × 256 mm on A4).
BLEED = [
    (("--tables", "1-6", "--bleed", "3"), "a4", POKER, 4, 2, True, True),
    (("--tables", "1", "--no-specials", "--bleed", "3", "--paper", "letter"), "letter", POKER, 4, 2, True, True),
    (("--tables", "1", "--no-specials", "--bleed", "2", "--card-size", "mini"), "a4", (44.0, 63.0), 4, 4, True, False),
]
IDS = ["a4-poker-3", "letter-poker-3", "a4-mini-2"]
PARAMS = "args,paper,card,cols,rows,shared,landscape"


def _bleed(args) -> float:
    return float(args[args.index("--bleed") + 1])


@pytest.mark.parametrize(PARAMS, BLEED, ids=IDS)
def test_trim_and_bleed_boxes_on_every_page(built, args, paper, card, cols, rows, shared, landscape):
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed, shared=shared, landscape=landscape)
    trim = grid.grow(-bleed * MM)
    sheets = -(-len(b.cards) // (cols * rows))
    assert len(b.reader.pages) == 2 * sheets
    for page in b.reader.pages:
        got_trim = pdfcheck.page_box(page, "trimbox")
        got_bleed = pdfcheck.page_box(page, "bleedbox")
        assert got_trim.key(2) == trim.key(2)
        assert got_bleed.key(2) == grid.key(2)
        assert got_trim.inside(got_bleed) and got_bleed.inside(pdfcheck.page_box(page, "mediabox"))


def test_a4_poker_bleed_box_in_millimetres(built):
    """Pinned by hand: 8 poker cards with 3 mm bleed on A4 landscape, a 258×182 mm block centred on
    297×210 -> BleedBox (19.5, 14)-(277.5, 196) mm, TrimBox 3 mm inside it; 102 cards on 13 sheets."""
    b = built(*BLEED[0][0])
    media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
    assert [round(v / MM, 1) for v in (media.w, media.h)] == [297.0, 210.0]
    box = pdfcheck.page_box(b.reader.pages[0], "bleedbox")
    assert [round(v / MM, 2) for v in (box.x0, box.y0, box.x1, box.y1)] == [19.5, 14.0, 277.5, 196.0]
    trim = pdfcheck.page_box(b.reader.pages[0], "trimbox")
    assert [round(v / MM, 2) for v in (trim.x0, trim.y0, trim.x1, trim.y1)] == [22.5, 17.0, 274.5, 193.0]
    assert len(b.reader.pages) == 2 * 13


def test_no_bleed_no_boxes_and_no_crop_marks(built):
    b = built("--tables", "1", "--no-specials")
    page = b.reader.pages[0]
    assert "/TrimBox" not in page and "/BleedBox" not in page
    crop = [s for s in pdfcheck.segments(b.page(0)) if close(pdfcheck.length(s), 3 * MM, 0.05)]
    assert crop == []


@pytest.mark.parametrize(PARAMS, BLEED, ids=IDS)
def test_backgrounds_fill_the_bleed(built, args, paper, card, cols, rows, shared, landscape):
    b = built(*args)
    bleed = _bleed(args)
    slots = pdfcheck.trim_slots(paper, card, cols, rows, bleed, shared=shared, landscape=landscape)
    cells = sorted(s.grow(bleed * MM).key(1) for s in slots)
    for n in (0, 1):  # a front page and its back page
        bg = pdfcheck.filled_rects(b.page(n), (card[0] + 2 * bleed) * MM, (card[1] + 2 * bleed) * MM)
        assert sorted(r.key(1) for r in bg) == cells, n


@pytest.mark.parametrize(PARAMS, BLEED, ids=IDS)
def test_crop_marks_outside_the_cards(built, args, paper, card, cols, rows, shared, landscape):
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed, shared=shared, landscape=landscape)
    slots = pdfcheck.trim_slots(paper, card, cols, rows, bleed, shared=shared, landscape=landscape)
    xs = sorted({round(v, 1) for s in slots for v in (s.x0, s.x1)})
    ys = sorted({round(v, 1) for s in slots for v in (s.y0, s.y1)})
    media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
    for n in (0, 1, len(b.reader.pages) - 2):
        page = b.page(n)
        marks = [s for s in pdfcheck.segments(page) if close(pdfcheck.length(s), 3 * MM, 0.05)]
        # one mark above and one below every vertical trim line, one left and one right of every horizontal one
        assert len(marks) == 2 * len(xs) + 2 * len(ys)
        vertical = sorted((round(m.x0, 1), m.y0 > grid.y1) for m in marks if close(m.w, 0))
        horizontal = sorted((round(m.y0, 1), m.x0 > grid.x1) for m in marks if close(m.h, 0))
        assert vertical == sorted((x, above) for x in xs for above in (False, True))
        assert horizontal == sorted((y, right) for y in ys for right in (False, True))
        for m in marks:
            assert not m.grow(0.5 * MM).intersects(grid), m  # at least 0.5 mm clear of every card's bleed
            assert m.inside(media.grow(-3 * MM)), m  # and on the printable page


@pytest.mark.parametrize(PARAMS, BLEED, ids=IDS)
def test_sheet_furniture_clear_of_cards_and_marks(built, args, paper, card, cols, rows, shared, landscape):
    """The scale bar, its caption and the sheet label never touch a card, its bleed or a crop mark."""
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed, shared=shared, landscape=landscape)
    media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
    for n in (0, 1):
        page = b.page(n)
        marks = [s for s in pdfcheck.segments(page) if close(pdfcheck.length(s), 3 * MM, 0.05)]
        furniture = [c for c in page.chars if not grid.contains_point((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)]
        assert furniture
        for ch in furniture:
            box = pdfcheck.box_of(ch)
            assert not box.intersects(grid.grow(0.5 * MM)), ch["text"]
            assert box.inside(media.grow(-3 * MM)), ch["text"]
            for m in marks:
                assert not box.intersects(m.grow(0.5 * MM)), (ch["text"], m)
        bar = [s for s in pdfcheck.segments(page) if close(pdfcheck.length(s), 50 * MM, 0.02)]
        assert len(bar) == 1 and not bar[0].grow(2 * MM).intersects(grid)
