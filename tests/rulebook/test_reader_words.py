"""Issue 31, point 4: what players and teachers read has no command-line words and nothing that
needs another document. The options for whoever prepares the deck are on pages of their own at the
end; the body does not point to them. Read back from each game's rulebook PDF, in both languages."""

from __future__ import annotations

import re

import pytest

from deckgen.registry import get_game
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for

from rulebook.rbtools import flat, pdf_pages

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")
APPENDIX = {"es": "Para quien prepara el mazo", "en": "For whoever prepares the deck"}
COMMAND = re.compile(r"(?<![\w-])--[a-z]|\bdeckgen\b|\b(two-left|last-played)\b")
CONFUSING = {
    "es": ["reglamento original", "reglas originales", "simulador no", "jugador 1", "última sección", "quítense", "dado la vuelta"],
    "en": ["original rules", "original rulebook", "simulator cannot", "player 1 ", "last section"],
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_body_has_no_command_words_and_the_options_page_stands_apart(tmp_path, game, lang):
    spec = spec_for(game, cli={})
    deck = spec.build()
    pages = pdf_pages(write_rulebook(tmp_path / "r.pdf", get_game(game), deck, lang, spec.print), body=True)
    assert not any(APPENDIX[lang] in p for p in pages), "the options are in a file of their own (issue 42)"
    own = pdf_pages(write_rulebook(tmp_path / "p.pdf", get_game(game), deck, lang, spec.print, stem="preparing"))
    assert APPENDIX[lang].lower() in flat(own[0]).lower() and COMMAND.search(flat(" ".join(own)))
    body = flat(" ".join(pages))
    assert not COMMAND.search(body), COMMAND.search(body).group(0)
    for words in CONFUSING[lang]:
        assert words.lower() not in body.lower(), words
    assert len(body) > 3000


@pytest.mark.parametrize("lang,words", [("es", ["cuadraditos", "cuentan el grado", "puntos", "coeficiente", "color del óvalo cambia con el grado"]),
                                        ("en", ["squares", "count the degree", "dots", "coefficient", "colour of the oval changes with the degree"])])
def test_mgc_rulebook_explains_the_card(tmp_path, lang, words):
    spec = spec_for("mgc", cli={})
    deck = spec.build()
    text = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "r.pdf", get_game("mgc"), deck, lang, spec.print))))
    for w in words:
        assert w in text, w
