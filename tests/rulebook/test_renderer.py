"""The shared renderer with a small fake game: escaping, pictures, fonts, paper, and error messages."""

from __future__ import annotations

import pdfplumber
import pytest

import pdfium_pages
from deckgen.errors import DeckgenError
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.render import render_markup, write_rulebook

from rulebook.rbtools import BASE14, _box, TRICKY, fake_deck, fake_game, flat, fonts_of, pdf_pages, write_template

TEMPLATE = """{# a comment #}
<h1>{{ game.title }}</h1>
<p>{{ cards[0].text }}</p>
<ul><li>{{ cards[1].text }}</li></ul>
<table><tr><th>Texto</th><th>n</th></tr><tr><td>{{ cards[0].text }}</td><td>{{ n_cards }}</td></tr></table>
<note>{{ note }}</note>
<cards indexes="0,1,back" captions="{{ cards[1].text }}|dos|dorso"/>
<figure name="box" width="30" height="12"/>
<p>Acentos: canción, niño, ¡hola!, ¿qué?, 3 × 4 = 12, x<sup>2</sup>; {{ [1, 2, 3]|andlist }}; {{ 0.35|number }}</p>
"""


def test_deck_text_prints_literally(tmp_path, print_settings):
    write_template(tmp_path, TEMPLATE)
    out = write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path)
    text = flat(" ".join(pdf_pages(out)))
    assert "Fake & <Game>" in text
    for literal in TRICKY:
        # paragraph, list item, table cell, and (for the second) the caption under the card picture
        assert text.count(literal) >= 3, literal
    assert "x < y & z" in text
    assert "Acentos: canción, niño, ¡hola!, ¿qué?, 3 × 4 = 12" in text
    assert "1, 2 y 3; 0,35" in text
    with pdfium_pages.Shapes(out) as pdf:  # pdfplumber's characters, read with pdfium (tests/rulebook/test_shapes_reads_rulebooks.py)
        chars = pdf.text_page(0).chars
    # "<b>negrita</b>" came from the deck: it must not have turned into bold text
    words = "".join(c["text"] for c in chars)
    start = words.index("negrita")
    assert not any("Bold" in c["fontname"] for c in chars[start : start + 7])


def test_markup_is_rendered_from_the_deck(tmp_path, print_settings):
    write_template(tmp_path, "<p>{{ n_cards }} {{ label }} {{ options }} {{ lang }}</p>", lang="en")
    assert render_markup(fake_game(), fake_deck(), "en", print_settings, templates=tmp_path).strip() == "<p>2  {} en</p>"


def test_fonts_are_embedded_and_no_base14(tmp_path, print_settings):
    write_template(tmp_path, TEMPLATE)
    out = write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path)
    fonts = fonts_of(out)
    assert fonts and all(f["embedded"] for f in fonts), fonts
    assert not {f["name"] for f in fonts} & BASE14
    assert not any(f["name"].split("+")[-1] in BASE14 for f in fonts)


@pytest.mark.parametrize("paper, size", [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_paper_follows_the_print_settings(tmp_path, paper, size):
    write_template(tmp_path, "<h1>t</h1><p>x</p>")
    out = write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", PrintSettings.parse(paper=paper), templates=tmp_path)
    with pdfplumber.open(str(out)) as pdf:
        assert (round(float(pdf.pages[0].width), 1), round(float(pdf.pages[0].height), 1)) == size


def test_page_numbers_and_running_header(tmp_path, print_settings):
    write_template(tmp_path, "<h1>t</h1><p>uno</p><pagebreak/><p>dos</p><pagebreak/><p>tres</p>")
    out = write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path)
    pages = pdf_pages(out)
    assert [("página %d de 3" % n) in p for n, p in enumerate(pages, 1)] == [True, True, True]
    assert "Reglas del juego" not in pages[0] and all("Fake & <Game>" in p and "Reglas del juego" in p for p in pages[1:])


def test_output_is_deterministic_and_atomic(tmp_path, print_settings):
    write_template(tmp_path, TEMPLATE)
    a = write_rulebook(tmp_path / "a.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path).read_bytes()
    b = write_rulebook(tmp_path / "b.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path).read_bytes()
    assert a == b
    write_template(tmp_path, "<p>{{ nope }}</p>")
    with pytest.raises(DeckgenError):
        write_rulebook(tmp_path / "a.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path)
    assert (tmp_path / "a.pdf").read_bytes() == a  # a failed render leaves the old file alone
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["a.pdf", "b.pdf"]


@pytest.mark.parametrize(
    "template, expected",
    [
        (None, "rulebook template templates/fakegame/rulebook.es.html.j2 is missing"),
        ("<h1>x</h1>\n<p>{{ nope }}</p>", "rulebook.es.html.j2, line 2: 'nope' is undefined"),
        ("<h1>x</h1>\n\n{% if %}", "rulebook.es.html.j2, line 3: template syntax error"),
        ("<h1>x</h1>\n<p>{{ 1 / 0 }}</p>", "rulebook.es.html.j2, line 2: ZeroDivisionError"),
        ("<h1>x</h1>\n{% for i in [1] %}\n<blink>{{ i }}</blink>{% endfor %}", "rulebook.es.html.j2, line 3: unknown tag <blink>"),
        ('<h1>x</h1><card index="{{ 7 }}"/>', "card index 7 is out of range: the deck has 2 cards (0 to 1) (line 1 of the rendered rulebook)"),
        ("   ", "the rulebook is empty"),
    ],
)
def test_template_problems_are_one_clear_sentence(tmp_path, print_settings, template, expected):
    if template is not None:
        write_template(tmp_path, template)
    root = tmp_path if template is not None else tmp_path / "empty"
    root.mkdir(exist_ok=True)
    with pytest.raises(DeckgenError) as info:
        write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", print_settings, templates=root)
    message = str(info.value)
    assert expected in message.replace(str(root) + "/", "templates/")
    assert "\n" not in message
    assert not (tmp_path / "r.pdf").exists()


def test_a_game_without_a_rulebook(tmp_path, print_settings):
    from dataclasses import replace

    with pytest.raises(DeckgenError, match="has no rulebook yet"):
        write_rulebook(tmp_path / "r.pdf", replace(fake_game(), rulebook=None), fake_deck(), "es", print_settings)


def test_a_bare_less_than_in_a_template_is_text(tmp_path, print_settings):
    write_template(tmp_path, "<h1>t</h1>\n<p>3 < 5 &amp; 5 > 3</p>\n")
    out = write_rulebook(tmp_path / "r.pdf", fake_game(), fake_deck(), "es", print_settings, templates=tmp_path)
    assert "3 < 5 & 5 > 3" in flat(pdf_pages(out)[0])


def _pages_of(path, word: str) -> list[int]:
    """The page number of each occurrence of ``word`` in reading order (pdfplumber's search, read
    with pdfium: tests/rulebook/test_shapes_reads_rulebooks.py)."""
    found = []
    with pdfium_pages.Shapes(path) as pdf:
        for n in range(len(pdf.pages)):
            found += [n + 1] * len(pdf.text_page(n).search(word, regex=False, return_chars=False))
    return found


def _filler(pen, w, h, lang) -> None:
    pen.rect(0, 0, w, h, stroke="#000000", width=0.4)


def test_pictures_keep_with_their_captions_across_page_breaks(tmp_path, print_settings):
    """A tall drawing fills each page to a different height, then comes a picture with the paragraph
    under it (its caption), or a ``keep`` paragraph with the picture under it: on some pages the
    picture would fit and its paragraph would not. The two always share a page. (The list after
    the filler stops the filler itself keeping with the paragraph.)"""
    parts = ["<h1>t</h1>"]
    for fill in range(190, 232, 3):  # mm of a 255 mm column
        parts.append(f'<pagebreak/><figure name="fill" width="60" height="{fill}"/>')
        parts.append(f'<figure name="box" width="60" height="40"/><p>Pie{fill} debajo.</p>')
        parts.append(f'<pagebreak/><figure name="fill" width="60" height="{fill + 10}"/><ul><li>lista</li></ul>')
        parts.append(f'<p keep>Intro{fill} encima.</p><cards indexes="0,1" width="28"/>')
    write_template(tmp_path, "\n".join(parts))
    game = fake_game(figures={"box": _box, "fill": _filler})
    out = write_rulebook(tmp_path / "r.pdf", game, fake_deck(), "es", print_settings, templates=tmp_path)
    figures, captions = _pages_of(out, "figura"), _pages_of(out, "Pie")
    assert len(figures) == len(captions) == 14
    assert figures == captions
    rows, intros = _pages_of(out, "negrita</b>"), _pages_of(out, "Intro")  # the first card's text
    assert len(rows) == len(intros) == 14
    assert rows == intros
