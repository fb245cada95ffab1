"""The rulebook's paragraphs break their lines once per width (flow.WrapOnce): what platypus lays
out and draws is exactly what plain Paragraphs give."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer

from deckgen.render import fonts
from deckgen.rulebook.flow import WrapOnce

TEXT = "Cada jugador roba <b>dos cartas</b> y juega una; si el producto coincide, se la queda. " * 6
PLAIN = TEXT.replace("<b>", "").replace("</b>", "")


@pytest.fixture
def style():
    regular, _ = fonts.register()
    return ParagraphStyle("t", fontName=regular, fontSize=10.5, leading=14)


def _lines(p) -> list:
    return [(getattr(line, "words", None) and [w.text for w in line.words] or line[1]) for line in p.blPara.lines]


def test_the_same_width_breaks_once_and_another_width_anew(style, monkeypatch):
    calls = []
    original = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: calls.append(widths) or original(self, widths))
    p = WrapOnce(TEXT, style)
    first = p.wrap(300, 800)
    assert p.wrap(300, 10) == first and len(calls) == 1  # the height offered changes nothing
    narrow = p.wrap(150, 800)
    assert len(calls) == 2 and narrow[1] > first[1]
    assert p.wrap(300, 800) == first and len(calls) == 3  # back to the first width: broken again...
    assert p.wrap(300, 800) == first and len(calls) == 3  # ...once
    fresh = Paragraph(TEXT, style)
    assert fresh.wrap(300, 800) == first and _lines(fresh) == _lines(p)


def test_too_narrow_is_never_kept(style):
    p = WrapOnce(TEXT, style)
    assert p.wrap(0, 800) == Paragraph(TEXT, style).wrap(0, 800)
    assert p.wrap(300, 800) == Paragraph(TEXT, style).wrap(300, 800)


def test_a_document_of_them_is_byte_for_byte_a_document_of_paragraphs(style, tmp_path):
    def story(kind):
        out = []
        for n in range(12):
            block = [kind(f"<b>{n}.</b> " + TEXT, style), Spacer(1, 6), kind(PLAIN[: 40 * (n + 1)], style)]
            out.append(KeepTogether(block) if n % 2 else block[0])
        return out

    files = []
    for kind in (Paragraph, WrapOnce):
        path = tmp_path / f"{kind.__name__}.pdf"
        SimpleDocTemplate(str(path), invariant=1, pagesize=(400, 300)).build(story(kind))
        files.append(path.read_bytes())
    assert files[0] == files[1] and files[0].count(b"/Type /Page\n") + files[0].count(b"/Type /Page ") >= 3
