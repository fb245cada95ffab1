"""tests/rulebook reads rulebooks with tests/pdfium_pages.py's ``Shapes`` (conftest's
``default_rulebook``, test_rulebook_print, test_captions_one_line, test_keep_together): on every
game's default rulebook, in both languages, it reads what pdfplumber reads. On one page of each
(pdfplumber takes a fifth of a second a page): in Spanish the page with the most drawing (figures,
card pictures, tables), in English the page with the most sizes of type (exponents, captions,
small labels): the same characters, rectangles, lines and curves in the same order, to
1/1000 pt (tests/test_pdfium_pages.py's ``same_objects``), the same text laid out, the same text
lines (rbtools.text_lines) and the same matches of every caption and paragraph the figure checks
look for, at the same places."""

from __future__ import annotations

import pdfplumber
import pytest

from rulebook.rbtools import text_lines
from rulebook.test_rulebook_print import _words_pattern, picture_pairs
from test_pdfium_pages import GAMES, close, same_objects


def page_to_compare(pdf, lang: str) -> int:
    if lang == "es":
        return max(range(len(pdf.pages)), key=lambda n: len(pdf.pages[n].rects) + len(pdf.pages[n].curves) + len(pdf.pages[n].lines))
    return max(range(len(pdf.pages)), key=lambda n: len({round(c["size"], 2) for c in pdf.pages[n].chars}))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_shapes_reader_reads_rulebooks_as_pdfplumber(default_rulebook, game, lang):
    fast = default_rulebook(game, lang)
    patterns = ["figura", "figure"]
    for _kind, text, _size in picture_pairs(game, lang, "default"):
        words = text.split()
        patterns += [_words_pattern(words), _words_pattern(words[:6]), _words_pattern(words[-6:])]
    found = 0
    with pdfplumber.open(fast.path) as slow:
        assert len(slow.pages) == len(fast.pages)
        for n in [page_to_compare(fast, lang)]:
            a, b = slow.pages[n], fast.pages[n]
            assert (b.width, b.height) == (float(a.width), float(a.height))  # the file's own numbers
            for kind in ("chars", "rects", "lines", "curves"):
                same_objects(getattr(a, kind), getattr(b, kind), (game, lang, n, kind))
            assert len(a.images) == len(b.images)
            assert b.extract_text() == a.extract_text() and len(a.chars) > 500
            mine, theirs = text_lines(b), text_lines(a)
            assert [line[2::2] for line in mine] == [line[2::2] for line in theirs]  # text, bold
            assert close([v for line in mine for v in line[:2] + line[3:4]], [v for line in theirs for v in line[:2] + line[3:4]], 1e-3)
            for pattern in patterns:
                mine, theirs = b.search(pattern, return_chars=False), a.search(pattern, return_chars=False)
                assert [m["text"] for m in mine] == [m["text"] for m in theirs], (game, lang, n, pattern)
                assert close([m[k] for m in mine for k in ("x0", "x1", "top", "bottom")],
                             [m[k] for m in theirs for k in ("x0", "x1", "top", "bottom")], 1e-3)
                found += len(theirs)
    assert found


def test_the_layout_checks_find_what_is_seeded_on_a_page(tmp_path):
    """A rulebook page drawn by hand, read by both readers: a line of 90 characters, a picture with
    its caption under it, an exponent, a word that changes font and colour mid-line, and a bold 14 pt
    heading last on the page. The same text lines, text and searches from both, and what
    test_rulebook_print's checks look for found by Shapes: the long line, the heading at the foot,
    the caption under its picture (rbtools.text_lines, search, _graphics)."""
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render.fonts import font_name
    from rulebook.test_rulebook_print import _graphics

    import pdfium_pages

    path = tmp_path / "seeded.pdf"
    canvas = Canvas(str(path), pagesize=(595.2756, 841.8898))
    canvas.setFont(font_name(), 10)
    canvas.drawString(60, 740, "x" * 90)
    text = canvas.beginText(60, 720)
    text.setFont(font_name(), 10)
    text.textOut("Se juega con ")
    text.setFont(font_name(bold=True), 10)
    text.setFillColorRGB(0.2, 0.4, 0.6)
    text.textOut("cartas")
    text.setFont(font_name(), 10)
    text.setFillColorRGB(0, 0, 0)
    text.textOut(" y 2")
    text.setRise(4)
    text.setFont(font_name(), 7)
    text.textOut("3")
    text.setRise(0)
    text.setFont(font_name(), 10)
    text.textOut(" puntos.")
    canvas.drawText(text)
    canvas.setLineWidth(0.6)  # set, as deckgen does (pdfminer takes 0 for an unset width, pdfium the PDF's 1)
    canvas.rect(200, 500, 150, 150, stroke=1, fill=0)
    canvas.setFont(font_name(), 8)
    canvas.drawCentredString(275, 488, "Pie de la figura")
    canvas.setFont(font_name(bold=True), 14)
    canvas.drawString(60, 120, "Un título al pie")
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(path) as slow, pdfium_pages.Shapes(path) as fast:
        a, b = slow.pages[0], fast.pages[0]
        for kind in ("chars", "rects", "lines", "curves"):
            same_objects(getattr(a, kind), getattr(b, kind), kind)
        assert b.extract_text() == a.extract_text()
        lines = text_lines(b)
        assert [line[2::2] for line in lines] == [line[2::2] for line in text_lines(a)]
        caption, theirs = b.search("Pie de la figura", return_chars=False), a.search("Pie de la figura", return_chars=False)
        assert len(caption) == len(theirs) == 1
        assert close([caption[0][k] for k in ("x0", "x1", "top", "bottom")], [theirs[0][k] for k in ("x0", "x1", "top", "bottom")], 1e-3)
        drawn = [o for o in _graphics(b) if o["bottom"] <= caption[0]["top"] + 0.5]
    body = [line for line in lines if 62 < line[0] and line[1] < b.height - 57]
    assert max(len(line[2]) for line in body) == 90  # the long line, over test_layout_reads_well's 80
    last = max(body, key=lambda line: line[1])
    assert last[2] == "Un título al pie" and last[4] and last[3] >= 11.5  # a heading at the foot
    assert drawn and caption[0]["top"] - max(o["bottom"] for o in drawn) < 12  # the picture right above its caption
    assert "Se juega con cartas y 23 puntos." in b.extract_text()
