"""--bleed: TrimBox and BleedBox on every page, backgrounds into the bleed, crop marks outside the cards."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM, close

POKER = (63.0, 88.0)
# (args, paper, card, cols, rows): 3 mm of bleed makes a poker cell 69×94 mm, so only 2×3 fit on A4;
# mini cards with 2 mm bleed would fit 4×4, but the 4th row leaves no room for the scale bar
BLEED = [
    (("--tables", "1-6", "--bleed", "3"), "a4", POKER, 2, 3),
    (("--tables", "1", "--no-specials", "--bleed", "3", "--paper", "letter"), "letter", POKER, 2, 2),
    (("--tables", "1", "--no-specials", "--bleed", "2", "--card-size", "mini"), "a4", (44.0, 63.0), 4, 3),
]
IDS = ["a4-poker-3", "letter-poker-3", "a4-mini-2"]


def _bleed(args) -> float:
    return float(args[args.index("--bleed") + 1])


@pytest.mark.parametrize("args,paper,card,cols,rows", BLEED, ids=IDS)
def test_trim_and_bleed_boxes_on_every_page(built, args, paper, card, cols, rows):
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed)
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
    """Pinned by hand: 2×3 cells of 69×94 mm centred on A4 -> BleedBox (36, 7.5)-(174, 289.5) mm."""
    b = built(*BLEED[0][0])
    box = pdfcheck.page_box(b.reader.pages[0], "bleedbox")
    assert [round(v / MM, 2) for v in (box.x0, box.y0, box.x1, box.y1)] == [36.0, 7.5, 174.0, 289.5]
    trim = pdfcheck.page_box(b.reader.pages[0], "trimbox")
    assert [round(v / MM, 2) for v in (trim.x0, trim.y0, trim.x1, trim.y1)] == [39.0, 10.5, 171.0, 286.5]


def test_no_bleed_no_boxes_and_no_crop_marks(built):
    b = built("--tables", "1", "--no-specials")
    page = b.reader.pages[0]
    assert "/TrimBox" not in page and "/BleedBox" not in page
    crop = [s for s in pdfcheck.segments(b.page(0)) if close(pdfcheck.length(s), 3 * MM, 0.05)]
    assert crop == []


@pytest.mark.parametrize("args,paper,card,cols,rows", BLEED, ids=IDS)
def test_backgrounds_fill_the_bleed(built, args, paper, card, cols, rows):
    b = built(*args)
    bleed = _bleed(args)
    slots = pdfcheck.trim_slots(paper, card, cols, rows, bleed)
    cells = sorted(s.grow(bleed * MM).key(1) for s in slots)
    for n in (0, 1):  # a front page and its back page
        bg = pdfcheck.filled_rects(b.page(n), (card[0] + 2 * bleed) * MM, (card[1] + 2 * bleed) * MM)
        assert sorted(r.key(1) for r in bg) == cells, n


@pytest.mark.parametrize("args,paper,card,cols,rows", BLEED, ids=IDS)
def test_crop_marks_outside_the_cards(built, args, paper, card, cols, rows):
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed)
    slots = pdfcheck.trim_slots(paper, card, cols, rows, bleed)
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


@pytest.mark.parametrize("args,paper,card,cols,rows", BLEED, ids=IDS)
def test_sheet_furniture_clear_of_cards_and_marks(built, args, paper, card, cols, rows):
    """The scale bar, its caption and the sheet label never touch a card, its bleed or a crop mark."""
    b = built(*args)
    bleed = _bleed(args)
    grid = pdfcheck.grid_box(paper, card, cols, rows, bleed)
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
