"""Backs: duplex backs sit exactly behind their fronts when the sheet is turned; none and separate."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM, PAPER_PT

POKER_CELL = (63 * MM, 88 * MM)
SPECIAL_BAND = (0x3B / 255, 0x2A / 255, 0x4D / 255)  # the back's ground colour


HOME_REACH = 2.0  # mm a back reaches past its trim even without --bleed


def backgrounds(page, bleed_mm: float = 0.0) -> list[pdfcheck.Rect]:
    """The trims of the fronts on a page: each front's background covers its trim and bleed."""
    rects = pdfcheck.filled_rects(page, (63 + 2 * bleed_mm) * MM, (88 + 2 * bleed_mm) * MM)
    return [r.grow(-bleed_mm * MM) for r in rects]


def back_cells(page, bleed_mm: float = 0.0) -> list[pdfcheck.Rect]:
    """The trims of the backs on a page: each back's ground (a rect in its colour) reaches the
    bleed, or 2 mm when there is less bleed, past the trim. (The pages are read with pdfium, b.fast:
    pdfplumber's rectangles, and their fill colours in RGB, tests/test_pdfium_pages.py.)"""
    reach = max(bleed_mm, HOME_REACH)
    w, h = (63 + 2 * reach) * MM, (88 + 2 * reach) * MM
    return [
        pdfcheck.box_of(r).grow(-reach * MM)
        for r in page.rects
        if r["fill"]
        and pdfcheck.close(r["width"], w, 0.05)
        and pdfcheck.close(r["height"], h, 0.05)
        and tuple(round(v, 3) for v in r["fill_rgb"]) == tuple(round(v, 3) for v in SPECIAL_BAND)
    ]


def words(page) -> str:
    """A page's runs of text (pdfcheck.runs), one after another."""
    return " ".join(r.text for r in pdfcheck.runs(page.chars))


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
        fronts = backgrounds(b.fast[2 * sheet])
        backs = back_cells(b.fast[2 * sheet + 1])
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
    assert pdfcheck.keys(back_cells(long.fast[5])) == pdfcheck.keys([slots[1], slots[2]])
    assert pdfcheck.keys(back_cells(short.fast[5])) == pdfcheck.keys([slots[6], slots[7]])


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_landscape_sheets_turn_about_the_right_edge(built, mode):
    """3 mm bleed: 4×2 poker cards on A4 landscape (20 cards: 8, 8 and 4 on the last sheet). A
    landscape sheet's long edge lies level, so turned over that edge its rows swap: the last
    sheet's four fronts fill the top row and their backs the bottom row. Over the short edge its
    columns swap instead, and the top row stays the top row."""
    b = built("--tables", "1", "--no-specials", "--bleed", "3", "--backs", mode)
    page_w, page_h = pdfcheck.page_pt("a4", landscape=True)
    slots = pdfcheck.trim_slots("a4", (63, 88), 4, 2, 3, shared=True, landscape=True)
    assert len(b.reader.pages) == 6
    for sheet, n in ((0, 8), (2, 4)):
        fronts = backgrounds(b.fast[2 * sheet], 3)
        backs = back_cells(b.fast[2 * sheet + 1], 3)
        assert pdfcheck.keys(fronts) == pdfcheck.keys(slots[:n])
        assert pdfcheck.keys(backs) == pdfcheck.keys(pdfcheck.mirrored(f, page_w, page_h, mode) for f in fronts)
    last_backs = pdfcheck.keys(back_cells(b.fast[5], 3))
    expected = slots[4:8] if mode == "duplex-long" else slots[0:4]
    assert last_backs == pdfcheck.keys(expected)


def test_backs_none(built):
    b = built("--tables", "1", "--no-specials", "--backs", "none")
    assert len(b.reader.pages) == 3
    for n in range(3):
        assert back_cells(b.fast[n]) == []
        assert "· caras" in words(b.fast[n])
    full = built("--tables", "1-6", "--backs", "none", "--paper", "letter")
    assert len(full.reader.pages) == 12


def test_backs_separate(built):
    """All fronts first, then all backs, each back page laid out like its front page (not mirrored)."""
    b = built("--tables", "1", "--no-specials", "--backs", "separate")
    assert len(b.reader.pages) == 6
    labels = [words(p) for p in b.fast]
    for n in range(3):
        assert f"hoja {n + 1}/3 · caras" in labels[n]
        assert f"hoja {n + 1}/3 · dorsos" in labels[n + 3]
        fronts = backgrounds(b.fast[n])
        backs = pdfcheck.keys(back_cells(b.fast[n + 3]))
        assert set(pdfcheck.keys(fronts)) <= set(backs)
        assert len(backs) == 9  # every cell, also behind the part-filled last sheet's empty ones
        assert back_cells(b.fast[n]) == []
