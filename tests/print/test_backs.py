"""Backs: duplex backs sit exactly behind their fronts when the sheet is turned; none and separate."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM, PAPER_PT

POKER_CELL = (63 * MM, 88 * MM)
SPECIAL_BAND = (0x3B / 255, 0x2A / 255, 0x4D / 255)  # the back's ground colour


def backgrounds(page, bleed_mm: float = 0.0) -> list[pdfcheck.Rect]:
    return pdfcheck.filled_rects(page, (63 + 2 * bleed_mm) * MM, (88 + 2 * bleed_mm) * MM)


def back_cells(page, bleed_mm: float = 0.0) -> list[pdfcheck.Rect]:
    """The cells where a back is drawn: full-size rects in the back's ground colour."""
    w, h = (63 + 2 * bleed_mm) * MM, (88 + 2 * bleed_mm) * MM
    return [
        pdfcheck.box_of(r)
        for r in page.rects
        if r["fill"]
        and pdfcheck.close(r["width"], w, 0.05)
        and pdfcheck.close(r["height"], h, 0.05)
        and tuple(round(v, 3) for v in r["non_stroking_color"]) == tuple(round(v, 3) for v in SPECIAL_BAND)
    ]


# (tables, cards, cards on the last sheet)
PARTIAL = [(("--tables", "1", "--no-specials"), 20, 2), (("--tables", "1,3", "--no-specials"), 37, 1)]


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("deck,n_cards,on_last", PARTIAL, ids=["last-2", "last-1"])
def test_backs_meet_their_fronts(built, mode, deck, n_cards, on_last):
    b = built(*deck, "--backs", mode)
    assert len(b.cards) == n_cards
    sheets = -(-n_cards // 9)
    assert len(b.reader.pages) == 2 * sheets
    assert n_cards - 9 * (sheets - 1) == on_last
    page_w, page_h = PAPER_PT["a4"]
    slots = pdfcheck.trim_slots("a4", (63, 88), 3, 3)
    for sheet in (0, sheets - 1):  # a full sheet and the partial last one
        fronts = backgrounds(b.page(2 * sheet))
        backs = back_cells(b.page(2 * sheet + 1))
        expected_fronts = slots[: min(9, n_cards - 9 * sheet)]
        assert pdfcheck.keys(fronts) == pdfcheck.keys(expected_fronts)
        assert pdfcheck.keys(backs) == pdfcheck.keys(pdfcheck.mirrored(f, page_w, page_h, mode) for f in fronts)
        assert len(backs) == len(fronts)


def test_partial_sheet_backs_by_hand(built):
    """20 cards: the last sheet's 2 fronts are top-left and top-middle; turned over the long edge their
    backs are top-right and top-middle; over the short edge, bottom-left and bottom-middle."""
    slots = pdfcheck.trim_slots("a4", (63, 88), 3, 3)
    long = built(*PARTIAL[0][0], "--backs", "duplex-long")
    short = built(*PARTIAL[0][0], "--backs", "duplex-short")
    assert pdfcheck.keys(back_cells(long.page(5))) == pdfcheck.keys([slots[1], slots[2]])
    assert pdfcheck.keys(back_cells(short.page(5))) == pdfcheck.keys([slots[6], slots[7]])


def test_duplex_long_with_bleed_mirrors_the_bleed_cells(built):
    b = built("--tables", "1", "--no-specials", "--bleed", "3")  # 2×3 per sheet: 20 cards, 2 on the last
    page_w, page_h = PAPER_PT["a4"]
    for sheet in (0, 3):
        fronts = backgrounds(b.page(2 * sheet), 3)
        backs = back_cells(b.page(2 * sheet + 1), 3)
        assert len(fronts) == (6 if sheet == 0 else 2)
        assert pdfcheck.keys(backs) == pdfcheck.keys(pdfcheck.mirrored(f, page_w, page_h, "duplex-long") for f in fronts)


def test_backs_none(built):
    b = built("--tables", "1", "--no-specials", "--backs", "none")
    assert len(b.reader.pages) == 3
    for n in range(3):
        assert back_cells(b.page(n)) == []
        assert "· caras" in b.reader.pages[n].extract_text()
    full = built("--tables", "1-6", "--backs", "none", "--paper", "letter")
    assert len(full.reader.pages) == 12


def test_backs_separate(built):
    """All fronts first, then all backs, each back page laid out like its front page (not mirrored)."""
    b = built("--tables", "1", "--no-specials", "--backs", "separate")
    assert len(b.reader.pages) == 6
    labels = [p.extract_text() for p in b.reader.pages]
    for n in range(3):
        assert f"hoja {n + 1}/3 · caras" in labels[n]
        assert f"hoja {n + 1}/3 · dorsos" in labels[n + 3]
        fronts = backgrounds(b.page(n))
        assert pdfcheck.keys(back_cells(b.page(n + 3))) == pdfcheck.keys(fronts)
        assert back_cells(b.page(n)) == []
