"""`deckgen calibrate`: crosses on the front, scales on the back where the crosses fall, moved by
--back-offset; read back from the PDF."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
import pdfplumber

import pdfcheck
from clirun import run
from pdfcheck import MM, close
from deckgen.render.calibrate import behind

# front crosses: the middle of the page and 40 mm in from each corner (mm, y up)
A4_TARGETS = [(105.0, 148.5), (40.0, 40.0), (170.0, 40.0), (40.0, 257.0), (170.0, 257.0)]
LETTER_TARGETS = [(107.95, 139.7), (40.0, 40.0), (175.9, 40.0), (40.0, 239.4), (175.9, 239.4)]


def _segments(page, length_mm: float, upright: bool) -> list[pdfcheck.Rect]:
    out = []
    for s in pdfcheck.segments(page):
        if close(pdfcheck.length(s), length_mm * MM, 0.05) and (close(s.w, 0) if upright else close(s.h, 0)):
            out.append(s)
    return out


def _sheet(tmp_path, capsys, *args):
    code, out, err = run(capsys, "calibrate", "--out", tmp_path, *args)
    assert code == 0, err
    return tmp_path / "calibration.pdf"


@pytest.mark.parametrize("paper,targets", [("a4", A4_TARGETS), ("letter", LETTER_TARGETS)])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.5)])
def test_scales_sit_behind_the_crosses_moved_by_the_offset(tmp_path, capsys, paper, targets, offset):
    pdf = _sheet(tmp_path, capsys, "--paper", paper, "--back-offset", f"{offset[0]},{offset[1]}")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    w, h = pdfcheck.PAPER_PT[paper]
    with pdfplumber.open(pdf) as doc:
        front, back = doc.pages
        # the front: a 28 mm upright and a 28 mm level line crossing at every target
        ups, levels = _segments(front, 28, True), _segments(front, 28, False)
        crossings = sorted((round(u.x0 / MM, 2), round(l.y0 / MM, 2)) for u in ups for l in levels if u.grow(0.1).intersects(l.grow(0.1)))
        assert crossings == sorted(targets)
        # the back: behind each target (turned over the long edge), the level scale's zero tick
        # (2.4 mm, upright) stands 7 mm above it and the upright scale's (2.4 mm, level) 7 mm right of it
        dx, dy = offset
        behind_targets = [behind(x, y, w / MM, h / MM, "duplex-long") for x, y in targets]
        zero_level = sorted((round(s.x0 / MM, 2), round(s.y0 / MM, 2)) for s in _segments(back, 2.4, True))
        zero_upright = sorted((round(s.x0 / MM, 2), round(s.y0 / MM, 2)) for s in _segments(back, 2.4, False))
        assert zero_level == sorted((round(x + dx, 2), round(y + 7 + dy, 2)) for x, y in behind_targets)
        assert zero_upright == sorted((round(x + 7 + dx, 2), round(y + dy, 2)) for x, y in behind_targets)
        # each scale: 10 mm long, a tick every 0.5 mm (21 ticks), numbered every 2 mm
        scales = _segments(back, 10, False)
        assert len(scales) == 5
        for scale in scales:
            ticks = sorted(round(s.x0 / MM, 2) for s in pdfcheck.segments(back)
                           if close(s.w, 0) and s.y0 >= scale.y0 - 0.01 and s.y0 <= scale.y0 + 0.01 and scale.x0 - 0.01 <= s.x0 <= scale.x1 + 0.01)
            assert len(ticks) == 21 and all(abs(b - a - 0.5) < 0.011 for a, b in zip(ticks, ticks[1:]))
        text = back.extract_text()
        assert "−4" in text and "4" in text and "--back-offset X,Y" in text


def test_the_middle_target_is_behind_itself_in_both_modes():
    for mode in ("duplex-long", "duplex-short"):
        assert behind(105, 148.5, 210, 297, mode) == (105, 148.5)
    assert behind(40, 40, 210, 297, "duplex-long") == (170, 40)  # portrait, long edge: left and right swap
    assert behind(40, 40, 210, 297, "duplex-short") == (40, 257)  # short edge: top and bottom swap
    assert behind(40, 40, 297, 210, "duplex-long") == (40, 170)  # landscape: the long edge lies level


@pytest.mark.parametrize("args,fragment", [(("--backs", "separate"), "duplex-long or duplex-short"), (("--paper", "a3"), "a3"), (("--back-offset", "8,0"), "-5 to 5")])
def test_bad_calibrate_options(tmp_path, capsys, args, fragment):
    code, _, err = run(capsys, "calibrate", "--out", tmp_path, *args)
    assert code == 2 and err.startswith("error: ") and fragment in err and len(err.splitlines()) == 1
