"""Denser sheets, backs for duplex printers and --back-offset, read back from the PDF: cards per
sheet, what each card may paint (its clip), partial last sheets, mirrored backs, shifted backs."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

import pdfcheck
from pdfcheck import MM
from deckgen.render.geometry import card_size, layout

# Cards per sheet, worked out by hand. Without bleed, cards sit side by side 5 mm from the edges;
# with 3 mm of bleed a card with its own bleed is a 69×94 mm cell (poker), but neighbours may share
# one cut, leaving bleed only round the block, 7.5 mm from the edges (crop marks). The page turns
# landscape when that holds more.
#   poker  a4      0: 3×3 = 9      3: 4×2 = 8 landscape, shared (258×182 of 297×210)
#   poker  letter  0: 3×3 = 9      3: 4×2 = 8 landscape, shared (258×182 of 279.4×215.9)
#   bridge a4      0: 5×2 = 10 landscape (280×176)     3: 3×3 = 9 shared (174×270)
#   bridge letter  0: 3×3 = 9      3: 4×2 = 8 landscape (4×62 = 248 wide, 2×94 = 188 high)
#   mini   a4      0: 6×3 = 18 landscape (264×189)     3: 4×4 = 16 shared (182×258)
#   mini   letter  0: 6×3 = 18 landscape               3: 4×4 = 16 shared
# When sharing cuts wins nothing, every card keeps its whole bleed (bridge on Letter: 4×2 landscape
# cells of 62×94 mm fit either way; tarot on A4: 2×2 either way).
PER_SHEET = [
    ("poker", "a4", 0, 9, False, False), ("poker", "a4", 3, 8, True, True),
    ("poker", "letter", 0, 9, False, False), ("poker", "letter", 3, 8, True, True),
    ("bridge", "a4", 0, 10, True, False), ("bridge", "a4", 3, 9, False, True),
    ("bridge", "letter", 0, 9, False, False), ("bridge", "letter", 3, 8, True, False),
    ("mini", "a4", 0, 18, True, False), ("mini", "a4", 3, 16, False, True),
    ("mini", "letter", 0, 18, True, False), ("mini", "letter", 3, 16, False, True),
    ("tarot", "a4", 3, 4, False, False),
    # 53×88 mm with 3 mm bleed: 59×94 mm cells fill the 195×282 mm inside the crop marks exactly, 3×3
    ("53x88", "a4", 3, 9, False, False),
]


@pytest.mark.parametrize("size,paper,bleed,per,landscape,shared", PER_SHEET, ids=[f"{s}-{p}-{b}" for s, p, b, *_ in PER_SHEET])
def test_cards_per_sheet(size, paper, bleed, per, landscape, shared):
    lay = layout(card_size(size), paper, bleed)
    assert lay.per_sheet == per and lay.landscape == landscape and lay.shared == shared
    g = lay.grid
    edge = 7.5 if bleed else 5.0
    assert g.x >= edge - 1e-9 and g.y >= edge - 1e-9  # inside the printable margin and crop marks
    assert max(g.x, g.y) >= edge + 8.0 - 1e-9  # with the 8 mm footer band on one side


SIZES_MM = {"poker": (63, 88), "bridge": (56, 88), "mini": (44, 63)}
# (size, paper, bleed): the PDF read back, with a partial last sheet and mirrored backs
READ_BACK = [("poker", "a4", 3), ("bridge", "a4", 0), ("mini", "letter", 3), ("bridge", "letter", 3)]


@pytest.mark.parametrize("size,paper,bleed", READ_BACK, ids=[f"{s}-{p}-{b}" for s, p, b in READ_BACK])
def test_sheets_read_back(built, size, paper, bleed):
    b = built("--tables", "1-2", "--no-specials", "--card-size", size, "--paper", paper, "--bleed", str(bleed))
    lay = layout(card_size(size), paper, bleed)
    n = len(b.cards)
    sheets = -(-n // lay.per_sheet)
    assert len(b.reader.pages) == 2 * sheets and n % lay.per_sheet != 0  # the last sheet is partial
    w, h = SIZES_MM[size]
    page_w, page_h = pdfcheck.page_pt(paper, lay.landscape)
    slots = pdfcheck.trim_slots(paper, (w, h), lay.cols, lay.rows, bleed, shared=lay.shared, landscape=lay.landscape)
    reach = max(bleed, 2.0)
    for sheet in (0, sheets - 1):  # (pages read with pdfium, b.fast: pdfplumber's rectangles, fill and stroke)
        on = min(lay.per_sheet, n - sheet * lay.per_sheet)
        fronts = [r.grow(-bleed * MM) for r in pdfcheck.filled_rects(b.fast[2 * sheet], (w + 2 * bleed) * MM, (h + 2 * bleed) * MM)]
        assert pdfcheck.keys(fronts) == pdfcheck.keys(slots[:on])
        backs = [r.grow(-reach * MM) for r in pdfcheck.filled_rects(b.fast[2 * sheet + 1], (w + 2 * reach) * MM, (h + 2 * reach) * MM)]
        assert pdfcheck.keys(backs) == pdfcheck.keys(pdfcheck.mirrored(f, page_w, page_h, "duplex-long") for f in fronts)


def _expected_clip(slot: pdfcheck.Rect, neighbours: dict[str, bool], reach: float) -> pdfcheck.Rect:
    r = reach * MM
    return pdfcheck.Rect(
        slot.x0 - (0 if neighbours["left"] else r), slot.y0 - (0 if neighbours["below"] else r),
        slot.x1 + (0 if neighbours["right"] else r), slot.y1 + (0 if neighbours["above"] else r),
    )


def _neighbours(i: int, filled: set[int], cols: int, rows: int) -> dict[str, bool]:
    r, c = divmod(i, cols)
    has = lambda rr, cc: 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in filled  # noqa: E731
    return {"left": has(r, c - 1), "right": has(r, c + 1), "above": has(r - 1, c), "below": has(r + 1, c)}


def test_shared_cuts_clip_each_card_at_its_neighbours(built):
    """A4 poker with 3 mm bleed, 4×2 with shared cuts: each front paints 3 mm past its trim on the
    block's outside and stops exactly at the trim where a neighbour touches it."""
    b = built("--tables", "1", "--no-specials", "--bleed", "3")
    slots = pdfcheck.trim_slots("a4", (63, 88), 4, 2, 3, shared=True, landscape=True)
    clips = pdfcheck.clip_rects(b.reader, 0)
    expected = [_expected_clip(s, _neighbours(i, set(range(8)), 4, 2), 3) for i, s in enumerate(slots)]
    assert pdfcheck.keys(clips, 2) == pdfcheck.keys(expected, 2)
    # corner card: 3 mm out on the left and top only
    top_left = expected[0]
    assert round((slots[0].x0 - top_left.x0) / MM, 3) == 3 and round((top_left.x1 - slots[0].x1) / MM, 3) == 0


def test_home_backs_reach_2_mm_past_the_block_without_bleed(built):
    """No bleed: fronts are clipped to their trims, backs reach 2 mm past the block's edges (and
    past the edge of an empty neighbour on the partial last sheet), so a small duplex offset shows
    more back, not white paper."""
    b = built("--tables", "1", "--no-specials", "--no-help-card")  # 20 cards, 9 a sheet: 2 on the last
    slots = pdfcheck.trim_slots("a4", (63, 88), 3, 3)
    assert pdfcheck.keys(pdfcheck.clip_rects(b.reader, 0), 2) == pdfcheck.keys(slots, 2)
    backs = pdfcheck.keys(pdfcheck.clip_rects(b.reader, 1), 2)
    assert backs == pdfcheck.keys([_expected_clip(s, _neighbours(i, set(range(9)), 3, 3), 2) for i, s in enumerate(slots)], 2)
    # last sheet: fronts in slots 0 and 1, so (turned over the long edge) backs in slots 2 and 1
    last = pdfcheck.keys(pdfcheck.clip_rects(b.reader, 5), 2)
    assert last == pdfcheck.keys([_expected_clip(slots[i], _neighbours(i, {1, 2}, 3, 3), 2) for i in (1, 2)], 2)


@pytest.mark.parametrize("offset", [(1.5, -2.0), (-0.5, 0.75)])
def test_back_offset_moves_every_back_and_nothing_else(built, offset):
    base = built("--tables", "1", "--no-specials")
    moved = built("--tables", "1", "--no-specials", "--back-offset", f"{offset[0]},{offset[1]}")
    dx, dy = offset[0] * MM, offset[1] * MM
    for n in range(6):  # (pages read with pdfium, b.fast: pdfplumber's rectangles, fill and stroke)
        a = pdfcheck.filled_rects(base.fast[n], 67 * MM, 92 * MM) + pdfcheck.filled_rects(base.fast[n], 63 * MM, 88 * MM)
        z = pdfcheck.filled_rects(moved.fast[n], 67 * MM, 92 * MM) + pdfcheck.filled_rects(moved.fast[n], 63 * MM, 88 * MM)
        assert len(a) == len(z) > 0
        if n % 2 == 0:  # fronts stay put
            assert same_boxes(z, a)
        else:  # every back moves by exactly the offset
            shifted = [pdfcheck.Rect(r.x0 + dx, r.y0 + dy, r.x1 + dx, r.y1 + dy) for r in a]
            assert same_boxes(z, shifted)


def same_boxes(got, want, tol: float = 0.01) -> bool:
    """The same boxes, each side within ``tol`` points (a hundredth of a point: pdfium gives
    coordinates as 32-bit floats, which rounding to two decimals could split at a boundary)."""
    got, want = sorted(got, key=lambda r: r.key(1)), sorted(want, key=lambda r: r.key(1))
    return len(got) == len(want) and all(abs(u - v) <= tol for g, w in zip(got, want) for u, v in zip(g.key(6), w.key(6)))


def test_back_pages_keep_their_footer_clear_of_the_backs(built):
    b = built("--tables", "1", "--no-specials")
    page = b.fast_lines[1]  # pdfium: pdfplumber's characters and lines
    block = pdfcheck.grid_box("a4", (63, 88), 3, 3).grow(2 * MM)  # the backs' reach
    chars = [c for c in page.chars if not block.contains_point((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)]
    assert any(c["text"] == "5" for c in chars)  # "50 mm"
    for c in chars:
        assert not pdfcheck.box_of(c).intersects(block), c["text"]
    bar = [s for s in pdfcheck.segments(page) if pdfcheck.close(pdfcheck.length(s), 50 * MM, 0.02)]
    assert len(bar) == 1 and not bar[0].grow(1.0).intersects(block)


def test_back_offset_limits():
    from deckgen.errors import OptionError
    from deckgen.render.geometry import back_offset

    assert back_offset("5,-5") == (5.0, -5.0)
    assert back_offset("1.5, -0.25") == (1.5, -0.25)
    assert back_offset([0.5, 1]) == (0.5, 1.0)
    for bad in ("5.01,0", "0,-5.5", "1", "1,2,3", "a,b", "inf,0", [True, 1]):
        with pytest.raises(OptionError):
            back_offset(bad)
