"""Issue 31: a caption under a card picture is read on one line. Read back from each game's default
rulebook (es, en): every caption's whole text lies on one printed line of caption type (8 pt, regular), so the
same words elsewhere in the body cannot stand in for it."""

from __future__ import annotations

import pytest

from deckgen.rulebook.flow import CAPTION_SIZE
from rulebook.rbtools import text_lines
from rulebook.test_rulebook_print import picture_pairs

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")


def squeeze(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_no_caption_wraps(default_rulebook, game, lang):
    assert CAPTION_SIZE >= 8.0
    captions = [text for kind, text, _ in picture_pairs(game, lang, "default") if kind == "inline"]
    pdf = default_rulebook(game, lang)  # the default deck's rulebook, as test_rulebook_print reads it
    lines = [squeeze(t) for page in pdf.pages for _, _, t, size, bold in text_lines(page) if abs(size - CAPTION_SIZE) < 0.05 and not bold]
    for caption in captions:
        assert any(squeeze(caption) in line for line in lines), f"{caption!r} is not on one line"
