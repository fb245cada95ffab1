"""Issue 42, point 11: every PDF deckgen writes gives each font subset its own tag (reportlab starts
every font at AAAAAA+), as the shop file already did: sheets, one-card pages, rulebooks, the
calibration sheet and Hectoedra's puzzle sheets."""

from __future__ import annotations

import re

import pikepdf
import pytest

import pdfcheck


def subset_names(path) -> list[str]:
    """The BaseFont of every font reachable from the pages and their forms, once per font object."""
    names, seen = [], set()
    with pikepdf.open(path) as pdf:
        def walk(resources):
            if not isinstance(resources, pikepdf.Dictionary):
                return
            for font in (resources.get("/Font") or {}).values():
                if font.objgen not in seen:
                    seen.add(font.objgen)
                    names.append(str(font.get("/BaseFont")))
            for x in (resources.get("/XObject") or {}).values():
                if x.get("/Subtype") == "/Form" and x.objgen not in seen:
                    seen.add(x.objgen)
                    walk(x.get("/Resources"))
        for page in pdf.pages:
            walk(page.obj.get("/Resources"))
    return names


def assert_unique(path):
    names = subset_names(path)
    tags = [n[1:7] for n in names if re.match(r"^/[A-Z]{6}\+", n)]
    assert tags and len(tags) == len(names), names
    assert len(set(tags)) == len(tags), names


def test_sheets_and_one_card_pages(tmp_path):
    out = pdfcheck.build(tmp_path / "o", "hectoedra", "--cards", "1-12", "--format", "sheets,pdf")
    assert_unique(out / "cards.pdf")
    assert_unique(out / "cards-one-per-page.pdf")


def test_rulebook(tmp_path):
    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for

    spec = spec_for("monete", cli={})
    assert_unique(write_rulebook(tmp_path / "r.pdf", get_game("monete"), spec.build(), "en", spec.print))


def test_calibration_sheet(tmp_path):
    from deckgen.render.calibrate import write_calibration

    assert_unique(write_calibration(tmp_path / "c.pdf"))


def test_the_checker_sees_reportlabs_shared_tag(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render import fonts

    fonts.register()
    c = Canvas(str(tmp_path / "raw.pdf"))
    c.setFont(fonts.font_name(False), 10)
    c.drawString(10, 10, "a")
    c.setFont(fonts.font_name(True), 10)
    c.drawString(10, 30, "b")
    c.save()
    with pytest.raises(AssertionError):
        assert_unique(tmp_path / "raw.pdf")


def _streams_decode(path) -> list[str]:
    """The streams of ``path`` that do not decode (pikepdf reads each through its filters)."""
    bad = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                try:
                    obj.read_bytes()
                except pikepdf.PdfError as e:
                    bad.append(f"{obj.objgen}: {e}")
    return bad


def test_a_tag_spelled_by_a_stream_is_left_alone(tmp_path):
    """The print review of 2026-11-29: reportlab writes streams as ASCII85 text, and in Hectoedra's
    cards on tarot size one spelled "/FOYWVV+d" by chance; the tagging rewrote it and the page's
    content stream no longer decoded (qpdf --check, Ghostscript and poppler all complained). Only
    the font dictionaries are retagged now: here a page shows "/ABCDEF+Name" as text, in a stream
    left uncompressed, and the text is still there after tagging."""
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render import fonts
    from deckgen.render.pdfx import tag_fonts

    fonts.register()
    path = tmp_path / "plain.pdf"
    c = Canvas(str(path), pageCompression=0, initialFontName=fonts.font_name(False), initialFontSize=10)
    c.drawString(10, 10, "/ABCDEF+Name")
    c.setFont(fonts.font_name(True), 10)
    c.drawString(10, 30, "b")
    c.save()
    assert b"(/ABCDEF+Name) Tj" in path.read_bytes()
    tag_fonts(path)
    assert_unique(path)
    with pikepdf.open(path) as pdf:
        content = b"".join(s.read_bytes() for s in pdf.pages[0].obj.Contents) if isinstance(pdf.pages[0].obj.Contents, pikepdf.Array) \
            else pdf.pages[0].obj.Contents.read_bytes()
    assert b"(/ABCDEF+Name) Tj" in content


def test_hectoedra_tarot_sheets_decode(tmp_path):
    """The file the review found broken (page 33's content stream): every stream decodes."""
    out = pdfcheck.build(tmp_path / "o", "hectoedra", "--card-size", "tarot", "--lang", "en")
    assert_unique(out / "cards.pdf")
    assert not _streams_decode(out / "cards.pdf")
