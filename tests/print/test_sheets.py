"""cards.pdf read back: page size, page order, fonts, the scale bar and the sheet label on every page."""

from __future__ import annotations

import re

import pytest

import pdfcheck
from pdfcheck import MM, PAPER_PT, close

A4_1_6 = ("--tables", "1-6")
LETTER_EN = ("--tables", "1-6", "--paper", "letter", "--lang", "en")
SMALL = ("--tables", "1", "--no-specials")  # 20 cards: 3 sheets of poker cards, 2 on the last


@pytest.mark.parametrize("args,paper", [(A4_1_6, "a4"), (LETTER_EN, "letter")])
def test_page_size_on_every_page(built, args, paper):
    b = built(*args)
    w, h = PAPER_PT[paper]
    for page in b.reader.pages:
        box = pdfcheck.page_box(page, "mediabox")
        assert close(box.x0, 0) and close(box.y0, 0) and close(box.w, w, 0.01) and close(box.h, h, 0.01)


def test_102_cards_make_12_sheets_24_pages(built):
    b = built(*A4_1_6)
    assert len(b.cards) == 102
    assert len(b.reader.pages) == 24  # ceil(102 / 9) = 12 sheets, each a front page and a back page


@pytest.mark.parametrize("args,words", [(A4_1_6, ("hoja", "caras", "dorsos", "tablas 1-6")), (LETTER_EN, ("sheet", "fronts", "backs", "tables 1-6"))])
def test_sheet_label_on_every_page(built, args, words):
    """Fronts and backs alternate (duplex); each page names the game, the options and sheet n/N."""
    b = built(*args)
    sheet, front, back, options = words
    n_pages = len(b.reader.pages)
    # every page of both decks, read with pdfium (b.fast: pdfplumber's characters), which reads a page
    # of backs (each back a form drawn with hundreds of curves) in a hundredth of the time pypdf or
    # pdfplumber take; the label is one run of text (pdfcheck.runs: along its baseline, upright at
    # the foot of an A4 page, turned in the left margin of a Letter page)
    pages = b.fast
    assert len(pages) == n_pages
    for i in range(n_pages):
        labels = [r.text for r in pdfcheck.runs(pages[i].chars) if r.text.startswith("Multipli Cat's")]
        side = front if i % 2 == 0 else back
        expected = f"Multipli Cat's · {options} · {sheet} {i // 2 + 1}/{n_pages // 2} · {side}"
        assert expected in labels, (i, labels[:3])  # (each back prints the title too)


def test_label_says_no_specials(built):
    b = built(*SMALL)
    text = b.reader.pages[0].extract_text()
    assert "Multipli Cat's · tablas 1 · sin especiales · hoja 1/3 · caras" in text


def scale_bars(page) -> list[pdfcheck.Rect]:
    return [s for s in pdfcheck.segments(page) if close(pdfcheck.length(s), 50 * MM, 0.02)]


@pytest.mark.parametrize(
    "args,pages",
    [
        (A4_1_6, [0, 1, 22, 23]),  # footer at the bottom
        (LETTER_EN, [0, 1, 23]),  # footer turned into the left margin
        (("--tables", "1-6", "--bleed", "3"), [0, 1, 25]),  # landscape, left margin, with crop marks
        (("--tables", "1", "--card-size", "mini"), [0, 1]),
    ],
)
def test_scale_bar_is_50_mm_on_every_sheet(built, args, pages):
    """(Read with pdfium, b.fast_lines: pdfplumber's lines and characters, at a hundredth of the time on a page of backs.)"""
    b = built(*args)
    for n in pages:
        page = b.fast_lines[n]
        bars = scale_bars(page)
        assert len(bars) == 1, (n, bars)
        bar = bars[0]
        assert close(pdfcheck.length(bar), 141.732, 0.01)
        assert close(bar.w, 0) or close(bar.h, 0)  # straight: horizontal or vertical
        # it has ticks every 10 mm: six short segments across it
        ticks = [s for s in pdfcheck.segments(page) if s is not bar and (close(s.h, 0) != close(bar.h, 0))]
        along = sorted(round(t.x0 if close(bar.h, 0) else t.y0, 1) for t in ticks if bar.grow(2).intersects(t.grow(0.01)))
        start = bar.x0 if close(bar.h, 0) else bar.y0
        assert along == [round(start + i * 10 * MM, 1) for i in range(6)]
        text = " ".join(pdfcheck.texts_in(page, bar.grow(12 * MM)))
        assert "50 mm" in text


def test_scale_bar_and_label_on_every_page_of_a_small_deck(built):
    b = built(*SMALL)
    assert len(b.reader.pages) == 6
    for n in range(6):
        page = b.fast_lines[n]  # pdfium: pdfplumber's lines and characters
        assert len(scale_bars(page)) == 1
        runs = [r.text for r in pdfcheck.runs(page.chars)]
        label = [t for t in runs if t.startswith("Multipli Cat's · tablas 1")]
        assert label == [f"Multipli Cat's · tablas 1 · sin especiales · hoja {n // 2 + 1}/3 · {'caras' if n % 2 == 0 else 'dorsos'}"]


def test_one_truetype_family_embedded_and_nothing_unembedded(built):
    b = built(*A4_1_6)
    fonts = pdfcheck.fonts_used(b.reader)
    assert fonts, "no fonts found"
    names = set()
    for font in fonts:
        assert font.get("/Subtype") in ("/TrueType", "/Type0"), font
        assert pdfcheck.font_file(font) == "FontFile2", font.get("/BaseFont")
        base = str(font.get("/BaseFont"))
        assert re.fullmatch(r"/[A-Z]{6}\+\S+", base), base  # a subset
        names.add(base.split("+", 1)[1])
    assert names <= {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}
    # and what is drawn uses only those (pdfplumber's characters read with pdfium, b.shapes: their
    # fonts' names without the subset prefix, which every font above has)
    drawn = {c["fontname"] for c in b.shapes.text_page(0).chars + b.shapes.text_page(1).chars}
    assert drawn and drawn <= names


def test_spanish_and_times_characters_are_drawn_as_text(built):
    """á, í, ó, ¡ and × come out of the embedded font as real characters, not look-alikes."""
    b = built(*A4_1_6)
    text = "".join(c["text"] for n in (0, 20, 22) for c in b.shapes.text_page(n).chars)  # pdfplumber's characters, read with pdfium
    for ch in "×íóá¡":
        assert ch in text, ch


def test_same_seed_same_bytes(built, tmp_path):
    """Built twice (once through the command line, rulebook and all), the cards are the same bytes."""
    from deckgen.main import main

    args = ("--tables", "1", "--seed", "9")
    first = built(*args)
    again = tmp_path / "again"
    main(["build", "multiplicats", *args, "--no-help-card", "--out", str(again), "-q"])
    assert (again / "cards.pdf").read_bytes() == first.pdf_path.read_bytes()
    assert (again / "deck.json").read_bytes() == (first.out / "deck.json").read_bytes()


def test_output_files_are_readable_by_everyone(tmp_path):
    """Written atomically through a private temporary file, but with the usual mode in the end."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        out = pdfcheck.build(tmp_path / "out", "multiplicats", "--tables", "1", "--backs", "none")
    finally:
        os.umask(old)
    for name in ("cards.pdf", "deck.json"):
        assert stat.S_IMODE((out / name).stat().st_mode) == 0o644, name
