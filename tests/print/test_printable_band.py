"""Issue 31: US Letter's card sheet leaves 7.7 mm above and below its 3 × 3 poker grid. Decision: a
home printer cannot print the outer ~5 mm of a sheet (geometry.PRINTER_MARGIN), so 7.7 mm is enough,
and a 12 mm margin would cost a third of the cards a sheet (6 instead of 9). What matters is that
nothing printed falls in the band a home printer cannot print: read back from the PDF, every
character, line and box of a home sheet (no bleed: cut lines on the trims, scale bar, label, note)
lies at least PRINTER_MARGIN mm inside every page edge, on Letter and A4, every card size."""

from __future__ import annotations

import pdfplumber
import pytest

import pdfcheck
from deckgen.render.geometry import PRINTER_MARGIN, card_size, layout

MM = pdfcheck.MM


def test_letter_poker_keeps_nine_cards_and_its_margin():
    lay = layout(card_size("poker"), "letter")
    assert (lay.cols, lay.rows, lay.per_sheet) == (3, 3, 9)
    assert lay.grid.y == pytest.approx(7.7, abs=0.01) and lay.grid.y >= PRINTER_MARGIN + 2.5
    assert PRINTER_MARGIN >= 5.0


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_nothing_in_the_unprintable_band(tmp_path, paper, size):
    out = pdfcheck.build(tmp_path / f"{paper}-{size}", "monete", "--paper", paper, "--card-size", size, "--backs", "manual-duplex")
    band = PRINTER_MARGIN * MM - 0.01
    with pdfplumber.open(out / "cards.pdf") as pdf:
        for n, page in enumerate(pdf.pages):
            w, h = float(page.width), float(page.height)
            marks = page.chars + page.lines + page.rects + page.curves
            assert any(o in page.chars for o in marks)
            for o in marks:
                x0, x1, top, bottom = o["x0"], o["x1"], o["top"], o["bottom"]
                assert x0 >= band and top >= band and w - x1 >= band and h - bottom >= band, (
                    n + 1, o.get("text", o.get("object_type")), round(x0 / MM, 1), round(top / MM, 1), round((w - x1) / MM, 1), round((h - bottom) / MM, 1))
