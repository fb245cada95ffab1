"""Cartas Maestras' point cards: no pip lies on a corner index's shape (the colour's shape with its
letter, under the number, top-left and turned bottom-right). Read back from cards.pdf.

The print review of 2026-11-29 found the 4 to 8 of every colour with their top-left pip drawn over
the top-left badge and their bottom-right pip over the turned one, on poker, bridge and mini cards:
the badge, the colour-blind player's cue, was half hidden."""

from __future__ import annotations

import pytest

from cardcheck import Rect, cells, extent
from pdfcheck import MM

CLEAR_MM = 0.5  # the least gap between a pip and a badge


def _fill(o: dict):
    return tuple(round(v, 2) for v in o.get("fill_rgb") or ()) if o.get("fill") else None


def _badges_and_pips(cell, fill) -> tuple[list[Rect], list[Rect]]:
    """The filled shapes of the colour ``fill`` on a point card: a badge has a letter inside it
    (the colour's initial), a pip has none."""
    badges, pips = [], []
    for o in cell.shapes:
        if _fill(o) != fill:
            continue
        box = extent(o)
        letters = [c for c in cell.chars if c["text"].isalpha() and box.contains_point((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)]
        (badges if letters else pips).append(box)
    return badges, pips


def _apart(a: Rect, b: Rect) -> float:
    """The gap between two boxes in mm (negative: they overlap)."""
    return max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1) / MM


@pytest.mark.parametrize("size,args", [("poker", ()), ("poker", ("--lang", "en")), ("bridge", ("--card-size", "bridge")),
                                       ("mini", ("--card-size", "mini"))], ids=["poker-es", "poker-en", "bridge", "mini"])
def test_no_pip_lies_on_a_corner_badge(built, size, args):
    b = built("maestras", *args)
    cards = b.deck["cards"]
    checked, bad = 0, []
    for cell in cells(b.shapes, cards, size=size, side="front"):
        card = cards[cell.card]
        if card["kind"] != "points":
            continue
        fills = {_fill(o) for o in cell.shapes if o.get("fill")}
        # the colour is the one both badges and every pip share: the fill drawn points + 2 times
        by_fill = {f: [o for o in cell.shapes if _fill(o) == f] for f in fills}
        fill = next(f for f, os in by_fill.items() if len(os) == card["points"] + 2)
        badges, pips = _badges_and_pips(cell, fill)
        assert len(badges) == 2 and len(pips) == card["points"], (card, len(badges), len(pips))
        checked += 1
        for badge in badges:
            for pip in pips:
                gap = _apart(badge, pip)
                if gap < CLEAR_MM:
                    bad.append((card["colour"], card["points"], round(gap, 2)))
    assert checked == sum(1 for c in cards if c["kind"] == "points") > 0
    assert not bad, bad[:8]
