"""The Cartas Maestras rulebook rendered to PDF by the shared renderer, read back: its facts and its
decisions are the deck's, in both languages, with figures drawn for the deck's rule variant."""

from __future__ import annotations

import pytest
from maestras.helpers import build

from deckgen.main import main
from deckgen.games.maestras import GAME
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.render import write_rulebook
from deckgen.rulebook.template import PREPARING

from rulebook.rbtools import flat, pdf_pages

SETTINGS = PrintSettings.parse()


def text_of(tmp_path, deck, lang: str, stem: str | None = None) -> str:
    """The rulebook's text (``stem=PREPARING``: the sheet for whoever prepares the deck)."""
    out = write_rulebook(tmp_path / f"{stem or 'rulebook'}-{lang}.pdf", GAME, deck, lang, SETTINGS, stem=stem)
    return flat(" ".join(pdf_pages(out, body=True)))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_default_rulebook_prints_the_facts_and_every_decision(tmp_path, lang):
    text = text_of(tmp_path, build(), lang)
    word = {"es": ("2 43 3 2 21", "4 41 5 0 10", "8 41 5 0 5", "De 2 a 8 jugadores"),
            "en": ("2 43 3 2 21", "4 41 5 0 10", "8 41 5 0 5", "2 to 8 players")}[lang]
    for fact in word:
        assert fact in text, fact
    assert "--" not in text.replace("––", "")  # the players' copy names no option: the preparing sheet does
    text = text_of(tmp_path, build(), lang, PREPARING)
    for flag in ("--link either", "--no-same-points", "--after-master colour", "--empty-counts", "--path-length 4", "--hand 4",
                 "--in-line all", "--no-corners", "--no-play-drawn", "--refill", "--main-end masters", "--won-paths taken", "--tiebreak when-tied",
                 "--removal rulebook"):
        assert flag in text, flag


def test_a_variant_rulebook_says_its_rules_and_draws_its_figures(tmp_path):
    deck = build(4, in_line="off", link="both", path_length=5)
    assert {"--in-line off", "--link both", "--path-length 5"} <= {f for f in ("--in-line off", "--link both", "--path-length 5")
                                                                   if f in text_of(tmp_path, deck, "en", PREPARING)}
    text = text_of(tmp_path, deck, "en")
    assert "A new card need not lie in line" in text
    assert "C: allowed" in text  # without the in-line rule the placement figure's C is legal
    assert "4 (this deck)" in text and "This deck is made for 4 players: it has 41 cards." in text


def test_build_writes_both_rulebooks(tmp_path):
    main(["build", "maestras", "--players", "5", "--lang", "all", "--out", str(tmp_path), "-q", "--corners"])
    english = flat(" ".join(pdf_pages(tmp_path / "rulebook-en.pdf", body=True)))
    assert "5 players" in english and "--corners" in flat(" ".join(pdf_pages(tmp_path / "preparing-en.pdf", body=True)))
    text = flat(" ".join(pdf_pages(tmp_path / "rulebook-es.pdf", body=True)))
    assert "también se tocan: así" in text and "los caminos no pueden girar" in text and "lados opuestos" in text
    assert "--corners" in flat(" ".join(pdf_pages(tmp_path / "preparing-es.pdf", body=True)))
