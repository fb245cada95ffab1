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
