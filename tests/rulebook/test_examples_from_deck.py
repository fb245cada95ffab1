"""Issue 31, point 2: every example a rulebook names is a card of the deck that was built, for many
option sets per game, read back from the rulebook PDF (text and the drawings' labels)."""

from __future__ import annotations

import json
import re

import pdfium_pages
import pytest

from deckgen.games.multiplicats import GAME as MULTIPLICATS
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for

from rulebook.rbtools import flat

def upright_text(path) -> str:
    """The text set upright: a card picture's turned-round corner index ("4×7" upside down) is left
    out, as a reader reads it the right way up on the card."""
    def upright(obj) -> bool:
        if obj.get("object_type") != "char":
            return True
        a, b, c, d, _, _ = obj["matrix"]
        return a > 0 and d > 0 and abs(b) < 1e-6 and abs(c) < 1e-6

    return flat(" ".join(p.filter(upright).extract_text() or "" for p in pdfium_pages.read(path)))


TIMES = re.compile(r"(\d+) ?× ?(\d+)(?! ?mm)")

MULTIPLICATS_DECKS = [
    ({"tables": "1-5"}, "es"),
    ({"tables": "1-5"}, "en"),
    ({"tables": "7"}, "es"),
    ({"tables": "2,5,10", "specials": False}, "en"),
    ({"tables": "6-9"}, "es"),
    ({"tables": "1-3"}, "en"),
    ({"tables": "9,10"}, "es"),
]


@pytest.mark.parametrize("options,lang", MULTIPLICATS_DECKS, ids=lambda v: str(v))
def test_multiplicats_names_only_its_own_cards(tmp_path, options, lang):
    spec = spec_for("multiplicats", cli={"options": options})
    deck = spec.build()
    have = {(c["a"], c["b"]) for c in deck.cards if c.kind == "multiplication"}
    products = {c["value"] for c in deck.cards if c.kind == "product"}
    path = write_rulebook(tmp_path / f"rulebook-{lang}.pdf", MULTIPLICATS, deck, lang, spec.print)
    text = upright_text(path)
    named = {(int(a), int(b)) for a, b in TIMES.findall(text)}
    assert named, "the rulebook shows at least one multiplication"
    assert named <= have, f"not in this deck: {sorted(named - have)}"
    # the table drawing's face-up cards: two multiplications that match, another, a product card
    labels = json.loads(json.dumps(MULTIPLICATS.rulebook.context(deck, lang)["table_figure"])).split(";")[1].split(",")
    for label in labels:
        if "×" in label:
            a, b = (int(x) for x in label.split("×"))
            assert (a, b) in have and f"{a}×{b}" in text.replace(" ", "")
        else:
            assert int(label) in products


HECTOEDRA_DECKS = [({"cards": "1-20"}, "es"), ({"cards": "1-40"}, "en"), ({}, "es"), ({"cards": "30-60"}, "en")]


@pytest.mark.parametrize("options,lang", HECTOEDRA_DECKS, ids=lambda v: str(v))
def test_hectoedra_tip_names_cards_of_the_deck(tmp_path, options, lang):
    from deckgen.games.hectoedra import GAME

    spec = spec_for("hectoedra", cli={"options": options})
    deck = spec.build()
    values = {c["value"] for c in deck.cards}
    text = upright_text(write_rulebook(tmp_path / "r.pdf", GAME, deck, lang, spec.print))
    tip = re.search(r"(?:Pista|Tip): (.*?)(?:Deshazte|Get rid)", text).group(1)
    named = [int(n) for n in re.findall(r"\d+", tip) if n != "1"]
    assert named, tip
    assert set(named) <= values, f"{sorted(set(named) - values)} not in this deck: {tip}"


MONETE_DECKS = [({"top": "10"}, "es"), ({"top": "12", "combo": "2"}, "en"), ({}, "es"), ({"top": "15"}, "en")]


@pytest.mark.parametrize("options,lang", MONETE_DECKS, ids=lambda v: str(v))
def test_monete_examples_use_numbers_of_the_deck(tmp_path, options, lang):
    from deckgen.games.monete import GAME

    spec = spec_for("monete", cli={"options": options})
    deck = spec.build()
    top = int(deck.options["top"])
    combo = int(deck.options["combo"])
    text = upright_text(write_rulebook(tmp_path / "r.pdf", GAME, deck, lang, spec.print))
    example = re.search(r"(?:Por ejemplo, sobre un|For example, on a \w+) (\d+) .*?(?:«mismo color», un|\"same colour\", a \w+) (\d+)", text)
    purple, higher = int(example.group(1)), int(example.group(2))
    assert purple in {c["value"] for c in deck.cards if c.kind == "action"} and purple < higher <= top
    runs = re.search(r"(?:por ejemplo|such as) ([\d, ]+?),? (?:o|or) ([\d, ]+)\)", text)
    up, down = ([int(x) for x in g.split(",")] for g in runs.groups())
    assert len(up) == combo and max(up + down) <= top and up == list(range(up[0], up[0] + combo))
    assert down == [down[0], down[0] - 1]
    # the combo drawing: the card on the table and the combo, each card of the deck
    figure = GAME.rulebook.context(deck, lang)["combo_figure"].split(";")
    start, length = int(figure[1]), int(figure[2])
    assert length == combo and 1 <= start and start + length <= top
    italic = re.search(r"(?:Sobre un|On a blue) (\d+) (?:azul )?", text)
    assert int(italic.group(1)) == start
