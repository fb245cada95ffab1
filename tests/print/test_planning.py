"""The print order of the cards (issue 42): two-sided cards sit where either edge works.

A cell lands behind itself whichever edge its sheet turns over only when it is the centre of a grid
with odd rows and odd columns; these tests compute that by turning cells as paper turns, not with the
planner's own arithmetic."""

from __future__ import annotations

import pytest

from deckgen.render.geometry import CardSize, SheetLayout, card_size, layout
from deckgen.render.planning import centre_cell, centre_sheets, either_edge, plan_pages, print_order


def grid(cols: int, rows: int) -> SheetLayout:
    return SheetLayout("a4", 210.0, 297.0, CardSize("custom", 40.0, 50.0), 0.0, cols, rows, "bottom")


def fixed_both_ways(lay: SheetLayout) -> list[int]:
    """Cells that land on themselves turned over either edge: (r, c) -> (r, C-1-c) and (R-1-r, c)."""
    out = []
    for cell in range(lay.per_sheet):
        r, c = divmod(cell, lay.cols)
        if c == lay.cols - 1 - c and r == lay.rows - 1 - r:
            out.append(cell)
    return out


@pytest.mark.parametrize("cols,rows", [(3, 3), (3, 2), (2, 3), (4, 4), (5, 3), (3, 5), (7, 5), (1, 1), (1, 2), (6, 3)])
def test_the_centre_cell_is_the_one_cell_either_turn_keeps(cols, rows):
    lay = grid(cols, rows)
    fixed = fixed_both_ways(lay)
    assert centre_cell(lay) == (fixed[0] if fixed else None)


def test_two_sided_cards_go_to_the_centres_of_the_last_sheets():
    lay = grid(3, 3)
    order = print_order(117, lay, {110, 111, 112, 113})
    assert sorted(order) == list(range(117))
    assert [order.index(c) for c in (110, 111, 112, 113)] == [85, 94, 103, 112]
    others = [c for c in order if c not in (110, 111, 112, 113)]
    assert others == [c for c in range(117) if c not in (110, 111, 112, 113)]


def test_without_two_sided_cards_the_deck_order_stays():
    assert print_order(20, grid(3, 3)) == list(range(20))
    assert print_order(20, grid(4, 4), {3}) == list(range(20))  # no centre: nothing moves
    assert either_edge(20, grid(3, 3)) and either_edge(20, grid(4, 4))


def test_a_part_filled_last_sheet_offers_its_centre_only_when_filled():
    lay = grid(3, 3)
    assert centre_sheets(14, lay) == [1, 0]  # the second sheet's centre holds the 14th card (index 13)
    assert centre_sheets(13, lay) == [0]
    assert centre_sheets(4, lay) == [] and centre_sheets(5, lay) == [0]
    assert either_edge(13, lay, {0}) and not either_edge(13, lay, {0, 1})
    assert either_edge(14, lay, {0, 1}) and not either_edge(14, lay, {0, 1, 2})
    assert centre_sheets(30, grid(4, 4)) == []


def test_too_many_two_sided_cards_keep_the_deck_order():
    lay = grid(3, 3)
    assert not either_edge(18, lay, {0, 1, 2})
    assert print_order(18, lay, {0, 1, 2}) == list(range(18))
    order = print_order(18, lay, {16, 17})
    assert order[4] == 16 and order[13] == 17 and sorted(order) == list(range(18))


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short", "manual-duplex", "separate", "none"])
def test_pages_follow_the_print_order(backs):
    lay = grid(3, 3)
    pages = plan_pages(20, lay, backs, {19})
    fronts = [p for p in pages if p.side == "front"]
    backs_ = [p for p in pages if p.side == "back"]
    assert [p.sheet for p in fronts] == [1, 2, 3]
    assert len(backs_) == (0 if backs == "none" else 3)
    assert [p.sheet for p in backs_] == ([] if backs == "none" else [1, 2, 3])  # each back page names its sheet
    placed = {card: (p.sheet, slot) for p in fronts for slot, card in p.slots}
    assert placed[19] == (2, 4) and sorted(placed) == list(range(20))
    assert [len(p.slots) for p in fronts] == [9, 9, 2]
    if backs.startswith("duplex"):
        assert [p.side for p in pages] == ["front", "back"] * 3 and all(b.slots == f.slots for f, b in zip(fronts, backs_))
    elif backs != "none":
        assert [p.side for p in pages] == ["front"] * 3 + ["back"] * 3 and [p.slots for p in backs_] == [p.slots for p in fronts]


def test_the_default_poker_sheet_has_a_centre_and_mini_on_letter_has_none():
    assert centre_cell(layout(card_size("poker"), "a4")) == 4
    assert centre_cell(layout(card_size("mini"), "letter")) is None


@pytest.mark.parametrize("size,paper", [("poker", "a4"), ("mini", "letter"), ("bridge", "a4"), ("tarot", "a4")])
def test_every_back_cell_is_where_the_turned_sheet_puts_it(size, paper):
    """back_index against the sheet turned as paper turns (a portrait page's long edge upright):
    the centre of each front cell, mirrored across the page, lands in the back cell's centre."""
    lay = layout(card_size(size), paper)
    w, h = lay.page_w, lay.page_h
    for mode, edge in (("duplex-long", "long"), ("duplex-short", "short"), ("manual-duplex", "long"), ("separate", "long")):
        for cell in range(lay.per_sheet):
            b = lay.slot(cell)
            cx, cy = b.x + b.w / 2, b.y + b.h / 2
            upright = (edge == "long") == (h >= w)
            tx, ty = (w - cx, cy) if upright else (cx, h - cy)
            back = lay.slot(lay.back_index(cell, mode))
            assert abs(back.x + back.w / 2 - tx) < 1e-6 and abs(back.y + back.h / 2 - ty) < 1e-6, (mode, cell)
    assert [lay.back_index(c, "none") for c in range(lay.per_sheet)] == list(range(lay.per_sheet))
