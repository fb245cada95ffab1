"""MGC card faces, recorded primitive by primitive: monomials with drawn exponents, hidden 1s, a real
minus sign, the --hints corners, black action cards with their names and icons, a back that stays on
the card."""

from __future__ import annotations

import pytest
from PIL import ImageStat

from deckgen.model import Card
from deckgen.render.faces import Frame
from deckgen.render.palette import grey
from deckgen.render.preview import render_card

from deckgen.games.mgc.deck import ACTIONS
from deckgen.games.mgc.faces import BLACK, MgcFaces

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"


class Recorder:
    def __init__(self):
        self.texts, self.shapes = [], []

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0):
        self.texts.append({"x": x, "y": y, "s": s, "size": size, "color": color, "angle": angle})

    def rect(self, x, y, w, h, **kw):
        self.shapes.append(("rect", [(x, y), (x + w, y + h)], kw))

    def ellipse(self, cx, cy, rx, ry, **kw):
        self.shapes.append(("ellipse", [(cx - rx, cy - ry), (cx + rx, cy + ry)], kw))

    def polygon(self, points, **kw):
        self.shapes.append(("polygon", list(points), kw))

    def polyline(self, points, **kw):
        self.shapes.append(("polyline", list(points), kw))

    def image(self, *a, **k):  # pragma: no cover
        pass


def draw(card, lang="es", **options):
    pen = Recorder()
    frame = Frame(63, 88, 0.0, lang, {"variables": ["x", "y", "z"], **options})
    MgcFaces().front(pen, card, frame)
    return pen


def mono(text, c, d):
    return Card("monomial", {"monomial": text, "coefficient": c, "degree": d})


def centre_runs(pen):
    """The texts of the big central monomial (the largest size and its raised exponents)."""
    big = max(t["size"] for t in pen.texts)
    return [t for t in pen.texts if t["size"] >= big * 0.59 and abs(t["y"] - 44) < 15 and t["angle"] == 0]


def test_exponents_are_drawn_raised_and_smaller_never_as_characters():
    pen = draw(mono("x**2*y", 1, 3))
    runs = centre_runs(pen)
    assert [t["s"] for t in runs] == ["x", "2", "y"]  # coefficient 1 and exponent 1 unwritten
    base, exp, y = runs
    assert exp["size"] < base["size"] * 0.7 and exp["y"] < base["y"] - 2  # smaller and raised
    assert y["y"] == base["y"] and exp["x"] > base["x"]
    assert not any(ch in t["s"] for t in pen.texts for ch in SUPERSCRIPTS)


def test_negative_coefficients_use_a_real_minus_sign():
    pen = draw(mono("-3*x*z**4", -3, 5))
    assert [t["s"] for t in centre_runs(pen)] == ["\u22123", "x", "z", "4"]
    assert not any("-" in t["s"] for t in pen.texts)
    assert [t["s"] for t in centre_runs(draw(mono("-y", -1, 1)))] == ["\u2212", "y"]


def test_a_constant_prints_its_number():
    assert [t["s"] for t in centre_runs(draw(mono("5", 5, 0)))] == ["5"]


def test_the_index_repeats_upside_down_in_the_opposite_corner():
    pen = draw(mono("2*x**3", 2, 3))
    upside = [t for t in pen.texts if t["angle"] == 180]
    assert [t["s"] for t in upside] == ["2", "x", "3"] and all(t["y"] > 70 for t in upside)


def test_hints_print_coefficient_and_degree_only_when_asked():
    card = mono("-4*x*y**2", -4, 3)
    plain = [t["s"] for t in draw(card).texts]
    assert not any("coef" in s for s in plain)
    es = [t["s"] for t in draw(card, hints=True).texts]
    assert es.count("coef. \u22124") == 2 and es.count("grado 3") == 2
    en = [t["s"] for t in draw(card, lang="en", hints=True).texts]
    assert en.count("degree 3") == 2


@pytest.mark.parametrize("action", list(ACTIONS))
def test_action_cards_are_black_with_their_name_and_a_drawn_icon(action):
    pen = draw(Card("action", {"action": action}))
    kind, (p0, p1), kw = pen.shapes[0]
    assert kind == "rect" and kw.get("fill") == BLACK and p0 == (0, 0) and p1 == (63, 88)
    words = " ".join(t["s"] for t in pen.texts if t["size"] > 8)
    assert all(w in words for w in ACTIONS[action]["es"].split())
    written = [t for t in pen.texts if len(t["s"]) > 3]  # the name and the reminder, on the black ground
    assert written and all(grey(t["color"]) > 150 for t in written)
    assert len(pen.shapes) >= 4  # frame and icons drawn from primitives
    en = draw(Card("action", {"action": action}), lang="en")
    assert any(t["s"] == ACTIONS[action]["en"] for t in en.texts)


def test_the_back_stays_on_the_card():
    for bleed in (0.0, 3.0):
        pen = Recorder()
        MgcFaces().back(pen, Frame(63, 88, bleed, "es", {}))
        for t in pen.texts:
            assert -bleed <= t["x"] <= 63 + bleed and -bleed <= t["y"] <= 88 + bleed, t
        for _, pts, _ in pen.shapes:
            for x, y in pts:
                assert -bleed - 1e-6 <= x <= 63 + bleed + 1e-6 and -bleed - 1e-6 <= y <= 88 + bleed + 1e-6
        assert any(t["s"] == "MGC" for t in pen.texts)


def test_rendered_cards_look_as_designed(deck):
    frame = Frame(63, 88, 0.0, "es", deck.options)
    mono_img = render_card(deck.cards[0], MgcFaces(), frame, 4.0).convert("L")
    action_img = render_card(deck.of_kind("action")[0], MgcFaces(), frame, 4.0).convert("L")
    mean = lambda img: ImageStat.Stat(img).mean[0]  # noqa: E731
    assert mean(mono_img) > 170  # a pale card with dark ink
    assert mean(action_img) < 60  # a black card
