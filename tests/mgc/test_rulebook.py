"""The MGC rulebook, rendered to PDF and read back: the composition and the scoring numbers are the
deck's, in both languages; the examples come from the deck; the decisions are stated; nothing is
copied from the source rulebook."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from deckgen.rulebook.render import render_markup, write_rulebook
from deckgen.spec import spec_for

from deckgen.games.mgc import GAME
from deckgen.games.mgc.deck import ACTIONS
from deckgen.games.mgc.rulebook import context

from rulebook.rbtools import flat, fonts_of, pdf_pages
from sources import source_text

BUILDS = {
    ("es", "default"): {},
    ("en", "default"): {},
    ("en", "negative"): {"coefficients": "-3-3", "degrees": "0-4", "copies": 3, "toma_cuatro": 2, "hints": True},
    ("es", "variant"): {"coefficients": "2-5", "degrees": "1-4", "variables": "a,b", "draw_freely": True,
                        "after_action": "free", "retorno_two_players": "skip", "target_score": 250},
}
POINTS = {"toma_dos": 20, "retorno": 20, "intermision": 20, "eleccion_coeficiente": 50, "eleccion_grado": 50, "toma_cuatro": 50}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = tmp_path_factory.mktemp("mgc-rulebooks")
    found = {}
    for (lang, name), options in BUILDS.items():
        spec = spec_for("mgc", cli={"options": options})
        deck = spec.build()
        path = write_rulebook(out / f"{name}-{lang}.pdf", GAME, deck, lang, spec.print)
        found[(lang, name)] = (deck, flat(" ".join(pdf_pages(path, body=True))), path)
    return found


@pytest.mark.parametrize("key", list(BUILDS))
def test_composition_read_back_is_the_decks(books, key):
    lang, _ = key
    deck, text, _ = books[key]
    monos = deck.of_kind("monomial")
    actions = Counter(c["action"] for c in deck.of_kind("action"))
    total = {"es": "Esta baraja tiene {n} cartas", "en": "This deck has {n} cards"}[lang]
    assert total.format(n=len(deck.cards)) in text
    label = {"es": "Monomios", "en": "Monomials"}[lang]
    assert re.search(rf"{label} (\d+) Toma dos", text).group(1) == str(len(monos))
    for action, names in ACTIONS.items():
        shown = names["es"] if lang == "es" else f"{names['es']} ({names['en']})"
        assert re.search(rf"{re.escape(shown)} (\d+) ", text).group(1) == str(actions[action])
    assert re.search(r"Total (\d+)", text).group(1) == str(len(deck.cards))


@pytest.mark.parametrize("key", list(BUILDS))
def test_scoring_table_read_back(books, key):
    lang, _ = key
    deck, text, _ = books[key]
    head = {"es": "Carta que queda en la mano Puntos", "en": "Card left in a hand Points"}[lang]
    table = text[text.index(head):]
    basic = {"es": "Monomio su coeficiente (sin signo)", "en": "Monomial its coefficient (without sign)"}[lang]
    assert table.startswith(f"{head} {basic}")
    for action, points in POINTS.items():
        assert re.search(rf"{re.escape(ACTIONS[action]['es'])} (\d+)", table).group(1) == str(points)
    # the action table gives the same points
    for action, points in POINTS.items():
        if deck.count_by(lambda c: c.get("action")).get(action):
            assert re.search(rf"{re.escape(ACTIONS[action]['es'])}\b.*? {points}\b", text)


def test_worked_examples_come_from_the_deck(books):
    deck, text, _ = books[("en", "negative")]
    ctx = context(deck, "en")
    total = ctx["score_example"]["total"]
    picked = [deck.cards[int(i)] for i in ctx["score_example"]["indexes"].split(",")]
    expected = sum(abs(c["coefficient"]) if c.kind == "monomial" else POINTS[c["action"]] for c in picked)
    assert total == expected and f"= {total} points" in text
    assert any(c.kind == "monomial" and c["coefficient"] < 0 for c in picked)  # a negative scores its absolute value
    top = deck.cards[int(ctx["follow"]["indexes"].split(",")[0])]
    same_c, same_d, neither = (deck.cards[int(i)] for i in ctx["follow"]["indexes"].split(",")[1:])
    assert same_c["coefficient"] == top["coefficient"] and same_c["degree"] != top["degree"]
    assert same_d["degree"] == top["degree"] and same_d["coefficient"] != top["coefficient"]
    assert neither["coefficient"] != top["coefficient"] and neither["degree"] != top["degree"]
    assert "coefficients −3 to −1 and 1 to 3 and degrees 0 to 4" in text
    assert "every monomial shows its coefficient and its degree" in text  # the --hints note


def test_decisions_follow_the_options(books):
    _, default, _ = books[("es", "default")]
    assert "Solo se roba cuando no se tiene ninguna carta que se pueda jugar." in default
    assert "Gana la partida quien llega antes a 500 puntos." in default
    assert "el Retorno solo cambia el sentido" in default
    _, variant, _ = books[("es", "variant")]
    assert "Se puede robar aunque se tenga una carta que se pueda jugar." in variant
    assert "(salvo las de Elección) se puede jugar cualquier carta" in variant
    assert "el Retorno hace perder el turno al otro jugador" in variant
    assert "250 puntos" in variant and "500 puntos" not in variant
    # the players' copy says the variant in words; the command line is on the preparing sheet
    assert "deckgen build mgc" not in variant and "--draw-freely" not in variant


def test_every_action_cards_effect_and_starting_rule_is_printed(books):
    deck, _, _ = books[("en", "default")]  # table cells wrap in the PDF: read the rendered markup
    text = flat(html.unescape(re.sub(r"<[^>]+>", " ", render_markup(GAME, deck, "en", spec_for("mgc", cli={}).print))))
    for action in ACTIONS:
        assert text.count(context(deck, "en")["composition"]["actions"][list(ACTIONS).index(action)]["effect"]) == 1
    assert "The next player draws 2 cards and plays nothing that turn." in text
    assert "The dealer starts and play goes to the dealer's right." in text
    assert "The player left of the dealer names the coefficient and plays first." in text
    assert "you draw 2 penalty cards" in text
    assert "shuffle the rest and lay it face down as the new draw pile" in text


def test_fonts_are_embedded(books):
    _, _, path = books[("es", "default")]
    assert all(f["embedded"] for f in fonts_of(path))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_nothing_is_copied_from_the_source_rulebook(lang):
    seed = flat(source_text("mgc")).lower()
    deck = spec_for("mgc", cli={}).build()
    markup = flat(re.sub(r"<[^>]+>", " ", render_markup(GAME, deck, lang, spec_for("mgc", cli={}).print))).lower()
    words = markup.split()
    copied = [" ".join(words[i : i + 8]) for i in range(len(words) - 8) if " ".join(words[i : i + 8]) in seed]
    assert not copied, copied[:3]
