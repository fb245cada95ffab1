"""Monete's faces and printed output: colours that survive greyscale, every card drawn inside its
trim, the PDF and deck.json of `deckgen build monete`."""

from __future__ import annotations

import itertools
import json

import pypdf
import pytest

from deckgen.main import main
from deckgen.render.faces import Frame
from deckgen.render.palette import grey
from deckgen.render.preview import render_card

from deckgen.games.monete.deck import ACTIONS, COLOURS
from deckgen.games.monete.faces import INKS, MoneteFaces, colour_label


class RecordingPen:
    """Keeps every primitive's points and texts, to check what a face draws and where."""

    def __init__(self):
        self.points, self.texts = [], []

    def rect(self, x, y, w, h, **kw):
        self.points += [(x, y), (x + w, y + h)]

    def ellipse(self, cx, cy, rx, ry, **kw):
        self.points += [(cx - rx, cy - ry), (cx + rx, cy + ry)]

    def polygon(self, points, **kw):
        self.points += list(points)

    def polyline(self, points, **kw):
        self.points += list(points)

    def text(self, x, y, s, size, **kw):
        self.texts.append(s)
        self.points.append((x, y))


def test_colours_stay_apart_in_greyscale_and_have_shape_and_letter():
    inks = [INKS[name] for name in COLOURS]
    levels = sorted(grey(i.fill) for i in inks)
    assert min(b - a for a, b in zip(levels, levels[1:])) >= 30
    assert len({i.shape for i in inks + [INKS["purple"]]}) == 5
    assert len({i.letter for i in inks + [INKS["purple"]]}) == 5
    assert colour_label("orange", "es") == "naranja (N)" and colour_label("orange", "en") == "orange (N, naranja)"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_card_is_drawn_inside_its_trim_with_its_texts(make_deck, lang):
    deck = make_deck()
    faces = MoneteFaces()
    frame = Frame(63.0, 88.0, 0.0, lang, deck.options)
    seen = set()
    for card in deck.cards:
        pen = RecordingPen()
        faces.front(pen, card, frame)
        assert pen.points, card
        if card.kind != "wild":  # the comodín's ground is drawn to the trim (into the bleed)
            inner = [p for p in pen.points[2:]]
            assert all(-0.01 <= x <= 63.01 and -0.01 <= y <= 88.01 for x, y in inner), card
        if card.kind in ("number", "action"):
            assert pen.texts.count(str(card["value"])) >= 2  # two corner indexes
            assert INKS[card.get("colour", "purple")].letter in pen.texts
        seen.add(card.kind)
        if card.kind == "action":
            assert ACTIONS[card["action"]][lang] in pen.texts
    assert seen == {"number", "action", "wild", "marker"}


def test_colour_cards_differ_in_greyscale_pixels(make_deck):
    """The four 7s printed in greyscale: their frames have clearly different grey levels."""
    deck = make_deck()
    faces = MoneteFaces()
    frame = Frame(63.0, 88.0, 0.0, "es", deck.options)
    sevens = [c for c in deck.cards if c.kind == "number" and c["value"] == 7]
    levels = [render_card(c, faces, frame, 2.0).convert("L").getpixel((2, 2)) for c in sevens]
    assert all(abs(a - b) >= 25 for a, b in itertools.combinations(levels, 2)), levels


def test_build_writes_the_cards_and_deck_json(tmp_path, capsys):
    out = tmp_path / "monete"
    main(["build", "monete", "--mode", "siesta", "--no-help-card", "--out", str(out), "-q"])
    data = json.loads((out / "deck.json").read_text(encoding="utf-8"))
    assert data["count"] == 112 and data["options"]["mode"] == "siesta"
    reader = pypdf.PdfReader(str(out / "cards.pdf"))
    assert len(reader.pages) == 2 * 13  # 112 cards, 9 a sheet, fronts and backs
    text = "".join(p.extract_text() for p in reader.pages[:26:2])
    for word in ("Números mayores", "Maldición", "Comodín", "Marcador de número", "MAYOR O IGUAL"):
        assert word in text
    assert "Marcador de color" not in text  # SIESTA has no colour marker


def test_build_perezoso_without_wildcards(tmp_path):
    out = tmp_path / "p"
    main(["build", "monete", "--mode", "perezoso", "--no-wildcards", "--no-help-card", "--out", str(out), "-q"])
    data = json.loads((out / "deck.json").read_text(encoding="utf-8"))
    assert data["count"] == 82
    assert {c["kind"] for c in data["cards"]} == {"number", "marker"}
