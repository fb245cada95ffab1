"""Issue 31: US Letter's card sheet leaves 7.7 mm above and below its 3 × 3 poker grid. Decision: a
home printer cannot print the outer ~5 mm of a sheet (geometry.PRINTER_MARGIN), so 7.7 mm is enough,
and a 12 mm margin would cost a third of the cards a sheet (6 instead of 9). What matters is that
nothing printed falls in the band a home printer cannot print: read back from the PDF, every
character, line and box of a home sheet (no bleed: cut lines on the trims, scale bar, label, note)
lies at least PRINTER_MARGIN mm inside every page edge, on Letter and A4, every card size.
The ink is found by Ghostscript's bbox device (pdfminer's parse of 8 × 26 pages took a minute of the
suite's CPU; Ghostscript reads them in a second)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest

import pdfcheck
from deckgen.render.geometry import PRINTER_MARGIN, card_size, layout

MM = pdfcheck.MM
GS = shutil.which("gs")


def test_letter_poker_keeps_nine_cards_and_its_margin():
    lay = layout(card_size("poker"), "letter")
    assert (lay.cols, lay.rows, lay.per_sheet) == (3, 3, 9)
    assert lay.grid.y == pytest.approx(7.7, abs=0.01) and lay.grid.y >= PRINTER_MARGIN + 2.5
    assert PRINTER_MARGIN >= 5.0


def ink_boxes(pdf: Path) -> list[tuple[float, float, float, float]]:
    """Each page's box around everything it marks (x0, y0, x1, y1 in points from the lower left), as
    Ghostscript's bbox device finds it: every glyph, line, box, curve and image that leaves ink,
    clipping applied (the band is about ink: what a home printer cannot lay down)."""
    run = subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=bbox", str(pdf)],
                         capture_output=True, text=True, timeout=120, check=True)
    found = re.findall(r"%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", run.stderr + run.stdout)
    return [tuple(float(v) for v in box) for box in found]


@pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed")
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_nothing_in_the_unprintable_band(tmp_path, paper, size):
    out = pdfcheck.build(tmp_path / f"{paper}-{size}", "monete", "--paper", paper, "--card-size", size, "--backs", "manual-duplex")
    band = PRINTER_MARGIN * MM - 0.01
    with pdfplumber.open(out / "cards.pdf") as pdf:  # the page sizes (the grid turns the page for some sizes)
        sizes = [(float(p.width), float(p.height)) for p in pdf.pages]
    boxes = ink_boxes(out / "cards.pdf")
    assert len(boxes) == len(sizes) >= 2
    for n, ((w, h), (x0, y0, x1, y1)) in enumerate(zip(sizes, boxes)):
        assert x1 > x0 and y1 > y0  # the page is not blank
        assert x0 >= band and y0 >= band and w - x1 >= band and h - y1 >= band, (
            n + 1, round(x0 / MM, 1), round((h - y1) / MM, 1), round((w - x1) / MM, 1), round(y0 / MM, 1))


@pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed")
def test_the_band_check_sees_a_mark_in_the_band(tmp_path):
    """The check can fail: a dot 2 mm from the page's left edge is found."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "edge.pdf"
    c = canvas.Canvas(str(path), pagesize=(595.0, 842.0))
    c.drawString(300, 400, "inside")
    c.circle(2 * MM, 400, 0.5 * MM, stroke=0, fill=1)
    c.showPage()
    c.save()
    (x0, _y0, _x1, _y1), = ink_boxes(path)
    assert x0 < PRINTER_MARGIN * MM and x0 == pytest.approx(1.5 * MM, abs=0.5)
