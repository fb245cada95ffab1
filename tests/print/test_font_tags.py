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
