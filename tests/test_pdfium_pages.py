"""The fast reader (tests/pdfium_pages.py) reads what pdfplumber reads, on real card sheets: the same
characters in the same order, their boxes and origins within half a point, the same sizes,
fonts (but for pdfplumber's subset prefix) and runs of text, the same rectangles and lines (fill and
stroke too, the lines' ends and the rectangles' fill colours), and a page's label. The tests that read sheets with it (tests/print/test_marker_backs.py)
rest on this."""

from __future__ import annotations

import pdfplumber
import pytest

import pdfcheck
import pdfium_pages


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """Monete's sheets, backs laid for a long-edge duplex: cards upright and upside down, a form
    for each back, hairline cut rectangles, filled card faces and the sheet labels."""
    out = pdfcheck.build(tmp_path_factory.mktemp("monete"), "monete", "--top", "10", "--backs", "duplex-long", "--lang", "es")
    return out / "cards.pdf"


def key(r: dict) -> tuple:
    return (round(r["x0"], 1), round(r["y0"], 1), round(r["x1"], 1), round(r["y1"], 1), bool(r["fill"]), bool(r["stroke"]))


@pytest.mark.parametrize("page", [0, 1])  # a front and its back
def test_the_fast_reader_reads_what_pdfplumber_reads(sheet, page):
    fast = pdfium_pages.read(sheet, lines=True)[page]
    assert pdfium_pages.read(sheet)[page].rects == fast.rects and not pdfium_pages.read(sheet)[page].lines
    with pdfplumber.open(sheet) as pdf:
        slow = pdf.pages[page]
        assert (fast.width, fast.height) == pytest.approx((float(slow.width), float(slow.height)), abs=1e-3)
        chars = [c for c in slow.chars if c["text"].strip()]
        mine = [c for c in fast.chars if c["text"].strip()]
        assert [c["text"] for c in mine] == [c["text"] for c in chars] and len(chars) > 100
        assert "".join(c["text"] for c in fast.chars) == "".join(c["text"] for c in slow.chars)  # its spaces: the file's, none added
        for a, b in zip(chars, mine):
            assert [b[k] for k in ("x0", "x1", "y0", "y1", "top", "bottom")] == pytest.approx(
                [a[k] for k in ("x0", "x1", "y0", "y1", "top", "bottom")], abs=0.5)
            assert (b["matrix"][4], b["matrix"][5]) == pytest.approx((a["matrix"][4], a["matrix"][5]), abs=0.5)
            assert pdfcheck._direction(b)[2] == pytest.approx(pdfcheck._direction(a)[2], abs=1e-6)
            assert b["size"] == pytest.approx(a["size"], abs=1e-6)
            assert a["fontname"].endswith("+" + b["fontname"]) or a["fontname"] == b["fontname"]
            assert b["adv"] == pytest.approx(a["adv"], abs=0.05 * a["size"])  # from the box: runs split at half an em
        upside_down = [c for c in mine if abs(pdfcheck._direction(c)[2]) > 179]
        assert upside_down if page == 0 else True  # the cards' corner numbers, turned
        assert [r.text for r in pdfcheck.runs(mine)] == [r.text for r in pdfcheck.runs(chars)]
        assert sorted(map(key, fast.rects)) == sorted(map(key, slow.rects))
        filled = lambda rs: sorted((*key(r), *(r["fill_rgb"] if "fill_rgb" in r else r["non_stroking_color"])) for r in rs if r["fill"])  # noqa: E731
        assert len(filled(slow.rects)) > 5 and all(len(r["non_stroking_color"]) == 3 for r in slow.rects if r["fill"])  # an RGB file
        for mine, theirs in zip(filled(fast.rects), filled(slow.rects), strict=True):
            assert mine[:6] == theirs[:6] and mine[6:] == pytest.approx(theirs[6:], abs=1 / 510), (mine, theirs)
        assert sorted(map(key, fast.lines)) == sorted(map(key, slow.lines)) and len(slow.lines) > 5  # the scale bar and its ticks
        ends = lambda ls: sorted(tuple(round(v, 1) for pt in line["pts"] for v in pt) for line in ls)  # noqa: E731
        assert ends(fast.lines) == ends(slow.lines)
        assert any(r["fill"] for r in fast.rects)
        assert any(r["stroke"] and not r["fill"] for r in fast.rects) == (page == 0)  # the cut lines, on the fronts
        assert ("hoja 1/" in fast.extract_text()) and ("caras" if page == 0 else "dorsos") in fast.extract_text()


def test_a_path_that_is_not_an_axis_aligned_rectangle_is_no_rectangle():
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5)]) == (0, 0, 10, 5)
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5), (0, 0)]) == (0, 0, 10, 5)
    assert pdfium_pages._rectangle([(0, 0), (10, 1), (10, 5), (0, 5)]) is None  # a slanted side
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5)]) is None  # three corners
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5), (0, 2)]) is None  # not closed
    assert pdfium_pages._rectangle([(1, 1), (1, 1), (1, 1), (1, 1)]) is None  # a point
    assert pdfium_pages._multiply((2, 0, 0, 2, 0, 0), (1, 0, 0, 1, 5, 7)) == (2, 0, 0, 2, 5, 7)
    assert pdfium_pages._multiply((1, 0, 0, 1, 5, 7), (2, 0, 0, 2, 0, 0)) == (2, 0, 0, 2, 10, 14)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_rulebooks_text_is_pdfplumbers(tmp_path, lang):
    """tests/rulebook/rbtools.py's pdf_pages reads rulebooks with the fast reader: every page's text,
    whole and without its running header and footer, is what pdfplumber lays out."""
    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for
    from rulebook.rbtools import body_box, pdf_pages

    spec = spec_for("hectoedra", cli={})
    path = write_rulebook(tmp_path / "r.pdf", get_game("hectoedra"), spec.build(), lang, spec.print)
    with pdfplumber.open(path) as pdf:
        whole = [p.extract_text() or "" for p in pdf.pages]
        body = [p.crop(body_box(p)).extract_text() or "" for p in pdf.pages]
    assert len(whole) >= 4 and all(whole)
    assert pdf_pages(path) == whole
    assert pdf_pages(path, body=True) == body and body != whole
