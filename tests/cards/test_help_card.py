"""Point 10: the deck's own quick-reference card in cards.pdf, kind "help" in deck.json, in the
build's language; --no-help-card leaves it out; validation never sees it."""

from __future__ import annotations

import json

import pytest

from cardcheck import GAMES, cells, glyph_problems
from clirun import run
from deckgen.registry import get_game
from deckgen.render.faces import Frame
from deckgen.render.help_card import HELP, help_cards, paginate
from deckgen.spec import spec_for

TITLES = {"es": "ayuda", "en": "quick help"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_help_card_follows_the_deck(built, game, lang):
    b = built(game, "--lang", lang)
    cards = b.deck["cards"]
    helps = [i for i, c in enumerate(cards) if c["kind"] == HELP]
    assert helps and helps == list(range(len(cards) - len(helps), len(cards)))  # last, together
    assert all(cards[i]["lang"] == lang for i in helps)
    deck = spec_for(get_game(game), cli={"lang": lang}).build()
    assert len(cards) - len(helps) == len(deck.cards)  # the game's own cards are all there, unchanged
    printed = {c.card: c for c in cells(b.shapes, cards, wanted=helps, side="front") if c.side == "front"}  # the help cards' front pages
    for i in helps:
        text = "".join(ch["text"] for ch in printed[i].chars)
        assert TITLES[lang] in text
        assert not glyph_problems(printed[i])  # 8 pt and more
    # the turn and the special/action cards are all explained
    help_text = get_game(game).help_card(deck, lang)
    words = "".join(ch["text"] for i in helps for ch in printed[i].chars).replace(" ", "")
    for _, lines in help_text.sections:
        for line in lines:
            assert line.replace(" ", "")[:25] in words, line


def test_no_help_card(capsys, tmp_path):
    code, out, err = run(capsys, "build", "hectoedra", "--no-help-card", "--quiet", "--out", tmp_path / "o")
    assert code == 0, err
    cards = json.loads((tmp_path / "o" / "deck.json").read_text())["cards"]
    assert len(cards) == 100 and all(c["kind"] != HELP for c in cards)


def test_help_text_is_split_over_cards_whole_items():
    game = get_game("monete")
    deck = spec_for(game, cli={}).build()
    text = game.help_card(deck, "es")
    pages = paginate(text, Frame(63, 88))
    assert len(pages) == len(help_cards(text, Frame(63, 88), "es")) >= 2
    assert all(page[0][0] != "more" for page in pages)  # no item continues on the next card
    assert all(page[-1][0] != "head" for page in pages)  # no heading left alone at a card's foot


def test_validation_ignores_the_help_card(capsys):
    from deckgen import pipeline

    spec = spec_for(get_game("hectoedra"), cli={})
    v = pipeline.validate(spec, games=20, compare_default=False)
    assert all(c.kind != HELP for c in v.deck.cards) and len(v.deck) == 100
