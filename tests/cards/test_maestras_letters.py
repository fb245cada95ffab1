"""Issue 31, point 3: Maestras' colour letters are the initials of the colour names in the cards'
language (no English "Y" on a Spanish deck), and the rulebook explains them. Read back from the PDFs."""

from __future__ import annotations

import re

from cardcheck import cells

from deckgen.games.maestras import GAME
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for

from rulebook.rbtools import flat, pdf_pages

EXPECTED = {"es": {"blue": "A", "red": "R", "green": "V", "yellow": "M"},
            "en": {"blue": "B", "red": "R", "green": "G", "yellow": "Y"}}


def _letters_on_cards(b) -> dict[str, set[str]]:
    """The big letter in each master card's medallion, by colour."""
    found: dict[str, set[str]] = {}
    for cell in cells(b.shapes, b.deck["cards"], side="front"):  # back pages never read
        card = b.deck["cards"][cell.card] if cell.side == "front" else None
        if card and card["kind"] == "master":
            big = [c["text"] for c in cell.chars if c["size"] >= 20 and c["text"].isalpha() and len(c["text"]) == 1]
            found.setdefault(card["colour"], set()).update(big)
    return found


def test_letters_follow_the_cards_language(built):
    for lang in ("es", "en"):
        b = built("maestras", "--lang", lang)
        letters = _letters_on_cards(b)
        assert letters == {colour: {letter} for colour, letter in EXPECTED[lang].items()}, (lang, letters)
    assert len(set(EXPECTED["es"].values())) == 4 and len(set(EXPECTED["en"].values())) == 4


def test_the_rulebook_explains_the_letters(tmp_path):
    spec = spec_for("maestras", cli={})
    deck = spec.build()
    es = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "es.pdf", GAME, deck, "es", spec.print))))
    assert re.search(r"Color Figura Letra", es) and "La letra dentro de la figura es la inicial del color" in es
    assert "amarillo lleva la M" in es
    for name, letter in (("azul", "A"), ("rojo", "R"), ("verde", "V"), ("amarillo", "M")):
        assert re.search(rf"{name} \w+ {letter}\b", es), name
    en = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "en.pdf", GAME, deck, "en", spec.print))))
    # the cards are printed in Spanish: the English rulebook names each colour as printed, with its letter
    assert "The letter inside the shape is the initial of the colour's name as printed on the cards (in Spanish)" in en
    assert re.search(r"yellow amarillo \w+ M\b", en), en


def test_empty_cards_read_as_two_sentences(built):
    """"…enlaza con cualquier carta. La siguiente enlaza…": the second sentence starts with a capital."""
    for lang, second in (("es", "La siguiente enlaza con la anterior."), ("en", "The next card links to the one before.")):
        b = built("maestras", "--lang", lang)
        texts = [" ".join(c["text"] for c in cell.chars) for cell in cells(b.shapes, b.deck["cards"], side="front")
                 if cell.side == "front" and b.deck["cards"][cell.card]["kind"] == "empty"]
        assert texts
        for t in texts:
            flat_text = "".join(t.split())
            assert "".join(second.split()) in flat_text, flat_text[:200]
            assert ".la" not in flat_text and ".the" not in flat_text
