"""Fixtures for the rulebook tests (helpers live in rbtools.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def print_settings():
    from deckgen.render.settings import PrintSettings

    return PrintSettings.parse()


@pytest.fixture(scope="session")
def default_rulebook(tmp_path_factory):
    """``default_rulebook(game, lang)``: the default deck's rulebook in ``lang`` (as `deckgen build
    GAME --lang LANG` writes it), open in tests/pdfium_pages.py's ``Shapes`` (pdfplumber's
    characters, rectangles, lines, curves, text and search, read with pdfium; tests/test_pdfium_pages.py
    holds them equal to pdfplumber's on every game's rulebooks): built and read once per worker and
    session, whichever test file reads it (test_rulebook_print, test_captions_one_line:
    tests/conftest.py sends both to the same worker)."""
    import pdfium_pages

    from deckgen.registry import get_game
    from deckgen.render.settings import PrintSettings
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for

    folder = tmp_path_factory.mktemp("default-rulebooks")
    pdfs: dict = {}

    def get(game: str, lang: str):
        if (game, lang) not in pdfs:
            g = get_game(game)
            path = write_rulebook(folder / f"{game}-{lang}.pdf", g, spec_for(g, cli={}).build(), lang, PrintSettings.parse(lang=lang))
            pdfs[(game, lang)] = pdfium_pages.Shapes(path)
        return pdfs[(game, lang)]

    yield get
    for pdf in pdfs.values():
        pdf.close()
