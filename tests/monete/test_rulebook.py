"""Monete's rulebook: the facts its context computes from the deck, the templates rendered by the
shared renderer in both languages (read back from the PDF), the four modes side by side, the action
gallery, the decisions the deck was built with, and the drawn figures."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from deckgen.render.png_pen import PngPen
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.markup import parse
from deckgen.rulebook.render import render_markup, write_rulebook

from deckgen.games.monete.deck import ACTIONS

from rulebook.rbtools import flat, fonts_of, pdf_pages
from sources import source_text

SETTINGS = PrintSettings.parse()


def test_context_counts_and_gallery(game, make_deck):
    deck = make_deck()
    ctx = game.rulebook.context(deck, "es")
    assert ctx["counts"] == {"numbers": 80, "actions": 26, "wilds": 4, "markers": 4, "playing": 110, "total": 114}
    assert [a["name"] for a in ctx["actions"]] == [n["es"] for n in ACTIONS.values()]
    gallery = [int(i) for i in ctx["gallery"].split(",")]
    assert [deck.cards[i]["action"] for i in gallery] == list(ACTIONS)
    assert ctx["gallery_captions"].split("|") == [n["es"] for n in ACTIONS.values()]
    assert [deck.cards[i].kind for i in map(int, ctx["sample_row"].split(","))] == ["number"] * 4 + ["wild"]
    assert {deck.cards[i].kind for i in map(int, ctx["marker_row"].split(","))} == {"marker"}
    assert [c["label"] for c in ctx["colours"]] == ["azul (A)", "rojo (R)", "verde (V)", "naranja (N)"]
    assert game.player_range(deck) == (2, 8) and ctx["all_modes"]
    small = game.rulebook.context(make_deck(mode="perezoso", top=10), "en")
    assert game.player_range(make_deck(mode="perezoso", top=10)) == (2, 6)
    assert not small["has_actions"] and small["gallery"] == ""


VARIANTS = [{}, {"mode": "jungla", "deck_out": "need", "wild_discard": True}, {"mode": "perezoso", "combo": 1, "wildcards": False, "top": 10}]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("options", VARIANTS)
def test_markup_parses_with_the_cards_and_figures_of_the_deck(game, make_deck, lang, options):
    deck = make_deck(**options)
    markup = render_markup(game, deck, lang, SETTINGS)
    parse(markup, n_cards=len(deck), figures=game.rulebook.figures)  # raises on any fault (figures drawn for this deck: "combo;START;LENGTH")
    for idx in re.findall(r'indexes="([0-9,]+)"', markup):
        assert all(0 <= int(i) < len(deck.cards) for i in idx.split(","))
    for mode in ("PEREZOSO", "SIESTA", "RECREO", "JUNGLA"):  # the four modes side by side
        assert f"<th>{mode}</th>" in markup
    names = [n["es"] for n in ACTIONS.values()]
    if deck.options["mode"] == "perezoso":
        assert not any(f"<b>{n}</b></td>" in markup for n in names) and markup.count("<cards ") == 2
    else:
        assert all(f"<b>{n}</b>" in markup for n in names) and markup.count("<cards ") == 3
    words = {"es": ("se roba la última carta del mazo", "alguien tiene que robar y el mazo está vacío"),
             "en": ("as soon as the last card of the draw pile is drawn", "when someone must draw and the pile is empty")}[lang]
    empty = deck.options["deck_out"] == "empty"
    assert words[0 if empty else 1] in markup and words[1 if empty else 0] not in markup
    # the combo rule is told in words; the command line that switches it is on the preparing sheet
    assert "combo" in markup and "--combo" not in markup and "deckgen build" not in markup


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    from deckgen.registry import get_game
    from deckgen.options import resolve
    from deckgen.registry import BuildRequest

    game = get_game("monete")
    out = tmp_path_factory.mktemp("monete-rulebooks")
    made = {}
    for lang in ("es", "en"):
        deck = game.build(BuildRequest(resolve(game.options, {}), 1))
        made[lang] = write_rulebook(out / f"rulebook-{lang}.pdf", game, deck, lang, SETTINGS)
    return made


@pytest.mark.parametrize("lang", ["es", "en"])
def test_rulebook_pdf_reads_back(books, lang):
    pages = pdf_pages(books[lang], body=True)
    text = flat(" ".join(pages))
    assert 3 <= len(pages) <= 8
    head = {"es": ("Qué hay en la baraja", "Los cuatro modos", "Decisiones y variantes", "114 cartas para imprimir"),
            "en": ("What is in the deck", "The four modes", "Decisions and variants", "114 cards to print")}[lang]
    for words in head:
        assert words in text
    for name in ACTIONS.values():
        assert name["es"] in text
    assert "deckgen build monete" not in text  # the command line is for whoever prepares the deck: its own sheet
    assert all(f["embedded"] for f in fonts_of(books[lang]))


def test_rulebook_does_not_copy_the_seed(game, make_deck):
    seed = re.sub(r"\s+", " ", source_text("monete")).lower()
    html = re.sub(r"<[^>]+>", " ", render_markup(game, make_deck(), "es", SETTINGS))
    sentences = [s.strip().lower() for s in re.split(r"[.:;!?]", re.sub(r"\s+", " ", html)) if len(s.split()) >= 7]
    copied = [s for s in sentences if s in seed]
    assert sentences and not copied, copied[:3]


@pytest.mark.parametrize("name, size", [("combo", (150, 40)), ("monete", (95, 40))])
def test_figures_draw_inside_their_box(game, name, size):
    w, h = size
    img = Image.new("RGB", (w * 4, h * 4), "white")
    game.rulebook.figures[name](PngPen(img, 0, 0, 4), w, h, "es")
    box = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    assert box is not None and box[2] <= w * 4 and box[3] <= h * 4
    assert box[2] - box[0] > w * 4 * 0.5  # it fills most of its width


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("combo", [1, 2, 3])
def test_the_combos_decision_states_the_decks_own_longest_combo(game, make_deck, lang, combo):
    """The Combos bullet of "Decisions and variants" gives the longest combo the engine allows with
    this deck (Rules.combo), the same number the Combo section gives: with --combo 2 it used to say
    "At most 3 cards" while the rules stopped at two."""
    from deckgen.games.monete.rules import Rules

    deck = make_deck(mode="jungla", combo=combo)
    assert Rules.from_options(deck.options).combo == combo
    html = render_markup(game, deck, lang, SETTINGS)
    bullet = re.search(r"<li><b>Combos</b>:(.*?)</li>", html, re.S).group(1)
    most = {"es": r"Como mucho (\d) cartas", "en": r"At most (\d) cards"}[lang]
    said = [int(n) for n in re.findall(most, bullet)]
    if combo == 1:
        assert ("sin combos" if lang == "es" else "no combos") in bullet
    else:
        assert said == [combo], bullet
        assert ("up to" if lang == "en" else "hasta") in html and f"<b>{'up to' if lang == 'en' else 'hasta'} {combo} " in html
