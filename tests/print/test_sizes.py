"""Card sizes and papers: slot sizes and cards per sheet, read from the PDF's cut lines."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM, close

from deckgen.errors import OptionError
from deckgen.render.geometry import card_size, layout

# (card-size option, paper, card mm, cols, rows, landscape). A landscape page is chosen when it holds
# more: 5×2 bridge cards (280 of 297 mm across) beat 3×3; 6×3 minis (264 × 189 mm) beat 4×4.
SIZES = [
    ("poker", "a4", (63, 88), 3, 3, False),
    ("bridge", "a4", (56, 88), 5, 2, True),
    ("mini", "a4", (44, 63), 6, 3, True),
    ("tarot", "a4", (70, 120), 2, 2, False),
    ("60x90", "a4", (60, 90), 3, 3, False),
    ("poker", "letter", (63, 88), 3, 3, False),
    ("bridge", "letter", (56, 88), 3, 3, False),
    ("mini", "letter", (44, 63), 6, 3, True),
    ("tarot", "letter", (70, 120), 2, 2, False),
]


@pytest.mark.parametrize("size,paper,card,cols,rows,landscape", SIZES, ids=[f"{s}-{p}" for s, p, *_ in SIZES])
def test_slots_and_cards_per_sheet(built, size, paper, card, cols, rows, landscape):
    b = built("--tables", "1", "--no-specials", "--backs", "none", "--card-size", size, "--paper", paper)
    per = cols * rows
    assert len(b.reader.pages) == -(-20 // per)
    media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
    assert [round(v, 1) for v in (media.w, media.h)] == [round(v, 1) for v in pdfcheck.page_pt(paper, landscape)]
    page = b.page(0)
    cut = pdfcheck.stroked_rects(page, card[0] * MM, card[1] * MM)
    assert pdfcheck.keys(cut) == pdfcheck.keys(pdfcheck.trim_slots(paper, card, cols, rows, landscape=landscape)[: min(per, 20)])
    # centred: equal margins left/right and top/bottom (for a full sheet)
    if per <= 20:
        media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
        x0, x1 = min(r.x0 for r in cut), max(r.x1 for r in cut)
        y0, y1 = min(r.y0 for r in cut), max(r.y1 for r in cut)
        assert abs(x0 - (media.x1 - x1)) < 0.05 and abs(y0 - (media.y1 - y1)) < 0.05
        # and there is no room for another column or row (with the 5 mm printer margin)
        assert x0 < (card[0] + 5) * MM or y0 < (card[1] + 5) * MM + 8 * MM


@pytest.mark.parametrize(
    "name,paper,bleed,expected",
    [
        ("poker", "a4", 0, (3, 3)),
        ("bridge", "a4", 0, (5, 2)),
        ("mini", "a4", 0, (6, 3)),
        ("tarot", "a4", 0, (2, 2)),
        ("poker", "letter", 0, (3, 3)),
        ("poker", "a4", 3, (4, 2)),
        ("poker", "letter", 3, (4, 2)),
        ("mini", "a4", 3, (4, 4)),
        ("tarot", "a4", 3, (2, 2)),
        ("100x140", "a4", 0, (2, 1)),
        ("190x270", "a4", 0, (1, 1)),
    ],
)
def test_layout_counts(name, paper, bleed, expected):
    lay = layout(card_size(name), paper, bleed)
    assert (lay.cols, lay.rows) == expected
    g = lay.grid
    assert abs(g.x - (lay.page_w - g.right)) < 1e-9 and abs(g.y - (lay.page_h - g.top)) < 1e-9


def test_custom_sizes_parse():
    assert (card_size("60x90").width, card_size("60x90").height) == (60.0, 90.0)
    assert (card_size("62.5×87.5mm").width, card_size("62.5×87.5mm").height) == (62.5, 87.5)
    assert card_size("Poker").name == "poker"


@pytest.mark.parametrize("text", ["huge", "60x", "x90", "10x90", "60x400", "-60x90", ""])
def test_bad_sizes(text):
    with pytest.raises(OptionError):
        card_size(text)


def test_a_card_too_big_for_the_paper_is_refused():
    with pytest.raises(OptionError, match="does not fit"):
        layout(card_size("250x250"), "a4", 0)
    with pytest.raises(OptionError, match="scale bar"):
        layout(card_size("200x287"), "a4", 0)


FOOTERS = [
    ("poker", "a4", (63, 88), 3, 3),  # bottom
    ("poker", "letter", (63, 88), 3, 3),  # left margin
    ("tarot", "letter", (70, 120), 2, 2),
    ("120x200", "a4", (120, 200), 2, 1),  # on a landscape page, the footer in the left margin
    ("100x140", "letter", (100, 140), 2, 1),
]


@pytest.mark.parametrize("size,paper,card,cols,rows", FOOTERS, ids=[f"{s}-{p}" for s, p, *_ in FOOTERS])
def test_footer_pieces_keep_apart(built, size, paper, card, cols, rows):
    """Scale bar, its caption, "50 mm" and the sheet label: on the page, off the cards, apart."""
    b = built("--tables", "1", "--no-specials", "--backs", "none", "--card-size", size, "--paper", paper)
    page = b.page(0)
    media = pdfcheck.page_box(b.reader.pages[0], "mediabox")
    grid = pdfcheck.grid_box(paper, card, cols, rows, landscape=media.w > media.h)
    chars = [c for c in page.chars if not grid.contains_point((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)]
    rs = pdfcheck.runs(chars)
    texts = [r.text for r in rs]
    assert "50 mm" in texts and any(t.startswith("Multipli Cat's · tablas 1 · sin especiales · hoja 1/") for t in texts)
    assert any(t.startswith("50 mm: ") for t in texts)
    bar = [s for s in pdfcheck.segments(page) if close(pdfcheck.length(s), 50 * MM, 0.02)]
    assert len(bar) == 1
    for r in rs:
        assert r.size >= 5.0, (r.text, r.size)
        assert r.box.inside(media.grow(-4 * MM)), r.text  # printable on a desktop printer
        assert not r.box.intersects(grid.grow(0.5 * MM)), r.text
        for ch in r.chars:
            q = pdfcheck.glyph_quad(ch)
            assert not pdfcheck.quads_overlap(q, _as_quad(bar[0].grow(0.3 * MM))), (r.text, ch["text"])
    quads = [(k, pdfcheck.glyph_quad(ch, -0.2 * MM)) for k, r in enumerate(rs) for ch in r.chars if ch["text"] != " "]
    for i, (ka, qa) in enumerate(quads):
        for kb, qb in quads[i + 1 :]:
            if ka != kb:
                assert not pdfcheck.quads_overlap(qa, qb), (texts[ka], texts[kb])


def _as_quad(r: pdfcheck.Rect) -> pdfcheck.Quad:
    return ((r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1))
