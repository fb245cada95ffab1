"""The sheet geometry on its own, without drawing a PDF: where the slots, bleed, crop marks and
paint boxes go, and which grid `layout` picks when the footer band (8 mm for the scale bar, outside
the 5 mm a printer cannot reach) decides. Every expected figure follows from those two margins."""

from __future__ import annotations

import dataclasses

import pytest

from deckgen.render.geometry import (
    CROP_GAP,
    CROP_LENGTH,
    Box,
    SheetLayout,
    back_offset,
    card_size,
    crop_marks,
    layout,
)

POKER = card_size("poker")


def _union(boxes: list[Box]) -> Box:
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)


def _close(a: Box, b: Box) -> bool:
    return all(abs(u - v) < 1e-9 for u, v in zip(dataclasses.astuple(a), dataclasses.astuple(b)))


@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("shared", [False, True])
def test_slots_fill_the_centred_block_and_its_bleed(bleed, shared):
    lay = SheetLayout("a4", 210.0, 297.0, POKER, bleed, 3, 3, "bottom", 0.0 if shared else -1.0)
    slots = [lay.slot(i) for i in range(lay.per_sheet)]
    assert lay.gutter == (0.0 if shared else 2 * bleed)  # negative means the whole bleed each side
    assert _close(lay.trim_bounds, _union(slots))
    assert _close(lay.grid, _union(slots).grow(bleed))
    g = lay.grid
    assert abs(g.x - (210.0 - g.right)) < 1e-9 and abs(g.y - (297.0 - g.top)) < 1e-9  # centred
    assert abs(slots[1].x - slots[0].right - lay.gutter) < 1e-9 and abs(slots[0].y - slots[3].top - lay.gutter) < 1e-9
    assert slots[0].y > slots[3].y and slots[0].x < slots[1].x  # row-major from the top-left


def test_box_grow():
    assert Box(10.0, 20.0, 30.0, 40.0).grow(2.0) == Box(8.0, 18.0, 34.0, 44.0)
    assert Box(10.0, 20.0, 30.0, 40.0).grow(-1.0) == Box(11.0, 21.0, 28.0, 38.0)


def test_slots_outside_the_sheet_do_not_exist():
    lay = layout(POKER, "a4", 0.0)
    lay.slot(lay.per_sheet - 1)
    for index in (-1, lay.per_sheet):
        with pytest.raises(IndexError):
            lay.slot(index)


def test_sheets_for_a_deck():
    lay = layout(POKER, "a4")  # no bleed by default: 9 a page
    assert lay == layout(POKER, "a4", 0.0) and lay.per_sheet == 9
    assert [lay.sheets_for(n) for n in (0, 1, 9, 10, 18, 19)] == [1, 1, 1, 2, 2, 3]


def test_a_back_is_printed_behind_its_front():
    lay = layout(POKER, "a4", 0.0)  # portrait 3 × 3: long-edge duplex mirrors the columns
    assert lay.back_slot(0, "duplex-long") == lay.slot(2) and lay.back_slot(0, "duplex-short") == lay.slot(6)
    assert lay.back_slot(5, "separate") == lay.slot(3) == lay.back_slot(5, "manual-duplex")  # glued: turned like a book page
    assert lay.back_slot(5, "none") == lay.slot(5)


def test_layouts_are_values():
    a, b = layout(POKER, "a4", 3.0), layout(card_size("poker"), "a4", 3.0)
    assert len({a, b}) == 1 and len({POKER, card_size("poker")}) == 1
    assert hash(Box(1.0, 2.0, 3.0, 4.0)) == hash(Box(1.0, 2.0, 3.0, 4.0))
    for value, field in ((a, "cols"), (POKER, "width"), (Box(1.0, 2.0, 3.0, 4.0), "x")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 1)


def test_a_zero_back_offset_has_no_sign():
    x, y = back_offset("-0,-0.0")
    assert (str(x), str(y)) == ("0.0", "0.0")  # a label never says "-0 mm"


@pytest.mark.parametrize("gutter", [-1.0, 0.0])
def test_paint_boxes_reach_the_bleed_outside_and_halfway_to_a_neighbour(gutter):
    lay = SheetLayout("a4", 297.0, 210.0, POKER, 3.0, 4, 2, "bottom", gutter)  # 8 cards, shared or not
    everything = frozenset(range(lay.per_sheet))
    half = lay.gutter / 2
    for i in range(lay.per_sheet):
        row, col = divmod(i, lay.cols)
        t, p = lay.slot(i), lay.paint_box(i, everything)
        left = 3.0 if col == 0 else half
        right = 3.0 if col == lay.cols - 1 else half
        top = 3.0 if row == 0 else half
        bottom = 3.0 if row == lay.rows - 1 else half
        assert _close(p, Box(t.x - left, t.y - bottom, t.w + left + right, t.h + top + bottom)), i
    alone = lay.paint_box(5, frozenset({5}))  # no neighbour printed: the whole bleed round it
    assert _close(alone, lay.slot(5).grow(3.0))


@pytest.mark.parametrize("gutter,lines", [(-1.0, (8, 4)), (0.0, (5, 3))])
def test_crop_marks_start_a_gap_outside_the_bleed_on_every_trim_line(gutter, lines):
    lay = SheetLayout("a4", 297.0, 210.0, POKER, 3.0, 4, 2, "bottom", gutter)
    g = lay.grid
    slots = [lay.slot(i) for i in range(lay.per_sheet)]
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.top)})
    assert (len(xs), len(ys)) == lines  # shared cuts: one line between neighbours
    near, far = CROP_GAP, CROP_GAP + CROP_LENGTH
    assert (near, far) == (1.0, 4.0)
    expected = set()
    for x in xs:
        expected |= {(x, g.top + near, x, g.top + far), (x, g.y - near, x, g.y - far)}
    for y in ys:
        expected |= {(g.x - near, y, g.x - far, y), (g.right + near, y, g.right + far, y)}
    marks = crop_marks(lay)
    assert len(marks) == 2 * (len(xs) + len(ys))
    assert {tuple(round(v, 6) for v in m) for m in marks} == {tuple(round(v, 6) for v in m) for m in expected}
    assert crop_marks(layout(POKER, "a4", 0.0)) == []  # no bleed, no marks


# A4 without bleed: 200 × 287 mm inside the 5 mm margins; the footer needs an 8 mm band below the
# block or left of it. (card, cols, rows, landscape, footer, why)
FOOTER_CASES = [
    ("20x20", 10, 13, False, "bottom", "14 rows leave 3.5 mm; 13 rows leave 13.5 mm; landscape 13 × 10 ties, portrait wins"),
    ("20x21", 10, 12, False, "bottom", "a 13th row would leave a 7 mm band"),
    ("20x23", 14, 8, True, "bottom", "8 rows of 23 mm leave exactly 8 mm below on a landscape page"),
    ("20x25", 13, 8, True, "left", "14 columns leave 3.5 mm; 13 leave 13.5 mm to the left"),
    ("21x20", 12, 10, True, "left", "a 13th column would leave a 7 mm band"),
    ("23x20", 8, 14, False, "left", "8 columns of 23 mm leave exactly 8 mm to the left"),
]


@pytest.mark.parametrize("size,cols,rows,landscape,footer,why", FOOTER_CASES, ids=[c[0] for c in FOOTER_CASES])
def test_the_footer_band_decides_the_grid(size, cols, rows, landscape, footer, why):
    lay = layout(card_size(size), "a4", 0.0)
    assert (lay.cols, lay.rows, lay.landscape, lay.footer) == (cols, rows, landscape, footer), why


def test_a_thin_bleed_shares_cuts_only_when_that_adds_cards():
    """Poker cards with 0.5 or 1 mm of bleed: on A4, each with its own bleed, 3 rows leave less than
    the 8 mm footer band (6 cards a page); sharing the cuts saves 2 or 4 mm and keeps 9. On Letter
    (landscape 4 × 2) both grids hold 8, and each card keeps its whole bleed."""
    for bleed in (0.5, 1.0):
        a4, letter = layout(POKER, "a4", bleed), layout(POKER, "letter", bleed)
        assert (a4.per_sheet, a4.gutter, a4.shared) == (9, 0.0, True)
        assert (letter.per_sheet, letter.gutter, letter.shared, letter.landscape) == (8, 2 * bleed, False, True)
