"""Issue 31: a caption under a card picture is read on one line. Read back from each game's default
rulebook (es, en): every caption's whole text lies on one printed line of caption type (8 pt, regular), so the
same words elsewhere in the body cannot stand in for it."""

from __future__ import annotations

import pdfplumber
import pytest

from deckgen.registry import get_game
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.flow import CAPTION_SIZE
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for
from rulebook.rbtools import text_lines
from rulebook.test_rulebook_print import picture_pairs

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")


def squeeze(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_no_caption_wraps(tmp_path, game, lang):
    assert CAPTION_SIZE >= 8.0
    captions = [text for kind, text, _ in picture_pairs(game, lang, "default") if kind == "inline"]
    g = get_game(game)
    deck = spec_for(g, cli={}).build()
    path = write_rulebook(tmp_path / "r.pdf", g, deck, lang, PrintSettings.parse(lang=lang))
    with pdfplumber.open(str(path)) as pdf:
        lines = [squeeze(t) for page in pdf.pages for _, _, t, size, bold in text_lines(page) if abs(size - CAPTION_SIZE) < 0.05 and not bold]
    for caption in captions:
        assert any(squeeze(caption) in line for line in lines), f"{caption!r} is not on one line"
