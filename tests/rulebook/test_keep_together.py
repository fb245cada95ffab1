"""Headings and introductions kept with what follows them, read back from the PDF (the fake game's
renderer): never last on a page, and never pushed to the next page when what follows could start
on this one."""

from __future__ import annotations

import pdfium_pages
from deckgen.rulebook.render import write_rulebook

from rulebook.rbtools import _box, fake_deck, fake_game, write_template

FILLS = [*range(150, 222, 12), *range(222, 246)]  # mm of a 255 mm column taken by a drawing: finely near the edge


def _first_page(pdf, words: list[str]) -> dict[str, int]:
    """The page (1-based) on which each word first appears."""
    found: dict[str, int] = {}
    for n, page in enumerate(pdf.pages, 1):
        text = page.extract_text() or ""
        for w in words:
            if w not in found and w in text:
                found[w] = n
    return found


def test_a_heading_stays_with_the_start_of_what_follows(tmp_path, print_settings):
    """Each page: a drawing of a different height, then a heading and a long paragraph, or a heading
    and a long list. The heading always shares a page with the paragraph's (or list's) first words;
    and when there is room for the heading and a few lines, it stays on the drawing's page."""
    parts = ["<h1>t</h1>"]
    words = []
    for fill in FILLS:
        long = " ".join(["texto"] * 300)
        items = "".join(f"<li>punto {n} {' '.join(['texto'] * 20)}</li>" for n in range(8))
        parts.append(f'<pagebreak/><figure name="box" width="60" height="{fill}"/>')
        parts.append(f"<h2>Titulo{fill}</h2><p>Inicio{fill} {long} Fin{fill}</p>")
        parts.append(f'<pagebreak/><figure name="box" width="60" height="{fill}"/>')
        parts.append(f"<h3>Lista{fill}</h3><ul><li>Primero{fill} texto</li>{items}</ul>")
        words += [f"Titulo{fill}", f"Inicio{fill}", f"Lista{fill}", f"Primero{fill}"]
    write_template(tmp_path, "\n".join(parts))
    out = write_rulebook(tmp_path / "r.pdf", fake_game(figures={"box": _box}), fake_deck(), "es", print_settings, templates=tmp_path)
    with pdfium_pages.Shapes(out) as pdf:  # pdfplumber's text and search, read with pdfium (tests/test_pdfium_pages.py); each page read once
        pages = _first_page(pdf, words)
        assert len(pages) == len(words)
        together = [fill for fill in FILLS if pages[f"Titulo{fill}"] == pages[f"Inicio{fill}"] and pages[f"Lista{fill}"] == pages[f"Primero{fill}"]]
        assert together == list(FILLS)
        drawings = [n for n, page in enumerate(pdf.pages, 1) for _ in range(len(page.search("figura", return_chars=False)))]
    stayed = [fill for fill, page in zip(FILLS, drawings[::2]) if pages[f"Titulo{fill}"] == page]
    moved = [fill for fill, page in zip(FILLS, drawings[::2]) if pages[f"Titulo{fill}"] == page + 1]
    assert stayed and moved and set(stayed) | set(moved) == set(FILLS)
    assert max(stayed) > 225  # a heading and two lines fit under a drawing of 226 mm or more
