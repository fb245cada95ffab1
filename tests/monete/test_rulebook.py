"""Monete's rulebook: the facts its context computes from the deck, and both templates rendered with
every name defined, in the rulebook's HTML subset, with the four modes, the action gallery and the
decisions the deck was built with."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from PIL import Image

from deckgen.render.png_pen import PngPen
from deckgen.resources import data_dir

from deckgen.games.monete.deck import ACTIONS

ALLOWED = {"h1", "h2", "h3", "p", "ul", "ol", "li", "table", "tr", "th", "td", "note", "pagebreak", "b", "i", "sup", "sub", "br", "card", "cards", "figure"}
# The original rulebook, when the checkout sits next to the shared source material (not in CI).
SEED = next(
    (p / "shared" / "seeds" / "002_0a422f57fe0f3374.txt" for p in Path(__file__).resolve().parents if (p / "shared" / "seeds").is_dir()),
    Path("missing"),
)


def render(game, deck, lang):
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_dir("templates"))), autoescape=True, undefined=jinja2.StrictUndefined)
    return env.get_template(f"monete/{game.rulebook.template}.{lang}.html.j2").render(**game.rulebook.context(deck, lang))


def test_context_counts_and_gallery(game, make_deck):
    deck = make_deck()
    ctx = game.rulebook.context(deck, "es")
    assert ctx["counts"] == {"numbers": 80, "actions": 26, "wilds": 4, "markers": 4, "playing": 110, "total": 114}
    assert [a["name"] for a in ctx["actions"]] == [n["es"] for n in ACTIONS.values()]
    gallery = [int(i) for row in ctx["gallery_rows"] for i in row.split(",")]
    assert [deck.cards[i]["action"] for i in gallery] == list(ACTIONS)
    assert [deck.cards[i].kind for i in map(int, ctx["sample_row"].split(","))] == ["number"] * 4 + ["wild"]
    assert {deck.cards[i].kind for i in map(int, ctx["marker_row"].split(","))} == {"marker"}
    assert [c["label"] for c in ctx["colours"]] == ["azul (A)", "rojo (R)", "verde (V)", "naranja (N)"]
    assert ctx["players_max"] == 8 and ctx["all_modes"]
    small = game.rulebook.context(make_deck(mode="perezoso", top=10), "en")
    assert small["players_max"] == 6 and not small["has_actions"] and small["gallery_rows"] == []


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("options", [{}, {"mode": "jungla", "deck_out": "need", "wild_discard": True}, {"mode": "perezoso", "combo": 1, "wildcards": False, "top": 10}])
def test_templates_render_in_the_html_subset(game, make_deck, lang, options):
    deck = make_deck(**options)
    html = render(game, deck, lang)
    tags = set(re.findall(r"</?([a-z0-9]+)", html))
    assert tags <= ALLOWED, tags - ALLOWED
    for idx in re.findall(r'indexes="([0-9,]+)"', html):
        assert all(0 <= int(i) < len(deck.cards) for i in idx.split(","))
    for name in re.findall(r'<figure name="([a-z]+)"', html):
        assert name in game.rulebook.figures
    for mode in ("PEREZOSO", "SIESTA", "RECREO", "JUNGLA"):  # the four modes side by side
        assert f"<th>{mode}</th>" in html
    names = [n["es"] for n in ACTIONS.values()]
    if deck.options["mode"] == "perezoso":
        assert "<cards indexes" in html and not any(f"<b>{n}</b></td>" in html for n in names)
    else:
        assert all(f"<b>{n}</b>" in html for n in names)
        assert html.count("<cards indexes=") == 2 + 3  # samples, markers, 13 actions in rows of 5
    words = {"es": ("se roba la última carta del mazo", "alguien tiene que robar y el mazo está vacío"),
             "en": ("as soon as the last card of the draw pile is drawn", "when someone must draw and the pile is empty")}[lang]
    assert words[0 if deck.options["deck_out"] == "empty" else 1] in html
    assert words[1 if deck.options["deck_out"] == "empty" else 0] not in html
    assert f"1 to {deck.options['top']}" in html or f"1 al {deck.options['top']}" in html


def test_rulebook_does_not_copy_the_seed(game, make_deck):
    if not SEED.is_file():
        pytest.skip("seed rulebook not available")
    seed = re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8")).lower()
    html = re.sub(r"<[^>]+>", " ", render(game, make_deck(), "es"))
    sentences = [s.strip().lower() for s in re.split(r"[.:;!?]", re.sub(r"\s+", " ", html)) if len(s.split()) >= 7]
    copied = [s for s in sentences if s in seed]
    assert not copied, copied[:3]


@pytest.mark.parametrize("name, size", [("combo", (150, 40)), ("monete", (95, 40))])
def test_figures_draw_inside_their_box(game, name, size):
    w, h = size
    img = Image.new("RGB", (w * 4, h * 4), "white")
    game.rulebook.figures[name](PngPen(img, 0, 0, 4), w, h, "es")
    box = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    assert box is not None and box[2] <= w * 4 and box[3] <= h * 4
    assert box[2] - box[0] > w * 4 * 0.5  # it fills most of its width
