"""Multipli Cat's faces through a recording pen: every text stays on the card at every card size,
and every text colour stands out from its ground in greyscale."""

from __future__ import annotations

import math

import pytest

from deckgen.games.multiplicats import faces as F
from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game
from deckgen.render.faces import Frame
from deckgen.render.geometry import card_size
from deckgen.render.palette import INK, luminance
from deckgen.render.pen import cap_height, text_width

GAME = get_game("multiplicats")


class RecordingPen:
    """Keeps every text call; shapes are accepted and ignored."""

    def __init__(self) -> None:
        self.texts: list[dict] = []

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0):
        self.texts.append(dict(x=x, y=y, s=s, size=size, align=align, bold=bold, color=color, angle=angle))

    def rect(self, *a, **k):
        pass

    ellipse = polygon = polyline = rect


def corners(t: dict) -> list[tuple[float, float]]:
    """The four corners (card mm, y down) of a drawn text: its advance wide, cap height tall."""
    w = text_width(t["s"], t["size"], t["bold"])
    dx = -w / 2 if t["align"] == "center" else -w if t["align"] == "right" else 0.0
    a = math.radians(t["angle"])
    ux, uy = math.cos(a), -math.sin(a)  # along the baseline, on the card (y down)
    nx, ny = -math.sin(a), -math.cos(a)  # the text's "up"
    up, down = cap_height(t["size"]), 0.25 * t["size"] / 72 * 25.4
    pts = []
    for along in (dx, dx + w):
        for h in (-down, up):
            pts.append((t["x"] + ux * along + nx * h, t["y"] + uy * along + ny * h))
    return pts


def full_deck():
    options = resolve(GAME.options, {"tables": "1-10"})
    return GAME.build(BuildRequest(options, seed=1))


SIZES = ["poker", "bridge", "mini", "tarot", "88x63", "50x50"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_text_stays_on_the_card(size, lang):
    cs = card_size(size)
    frame = Frame(cs.width, cs.height, 0.0, lang, {})
    margin = 1.0
    seen = set()
    for card in full_deck().cards:  # every product, one of each other kind of card
        key = (card.kind, card.get("special"), len(card.get("multiplications", [])), card.get("value", 0) >= 100)
        if key in seen and card.kind != "product":
            continue
        seen.add(key)
        pen = RecordingPen()
        F.MultiplicatsFaces().front(pen, card, frame)
        assert pen.texts, card
        for t in pen.texts:
            for x, y in corners(t):
                assert margin <= x <= cs.width - margin and margin <= y <= cs.height - margin, (size, card, t["s"], x, y)
    pen = RecordingPen()
    F.MultiplicatsFaces().back(pen, frame)
    for t in pen.texts:
        for x, y in corners(t):
            assert 0 <= x <= cs.width and 0 <= y <= cs.height


def test_product_card_draws_each_multiplication_once_on_the_rising_diagonal():
    frame = Frame(63, 88)
    for card in full_deck().of_kind("product"):
        pen = RecordingPen()
        F.MultiplicatsFaces().front(pen, card, frame)
        diagonal = [t for t in pen.texts if t["angle"] not in (0, 180)]
        assert sorted(t["s"] for t in diagonal) == sorted(f"{a} × {b}" for a, b in card["multiplications"])
        expected = math.degrees(math.atan2(88, 63))
        assert all(abs(t["angle"] - expected) < 1e-6 for t in diagonal)
        assert min(t["size"] for t in diagonal) >= 9.0  # readable across the table
        # the first multiplications towards the top-right, the rest towards the bottom-left
        half = (len(diagonal) + 1) // 2
        assert all(t["x"] > frame.cx and t["y"] < frame.cy for t in diagonal[:half])
        assert all(t["x"] < frame.cx and t["y"] > frame.cy for t in diagonal[half:])


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(
    "ink,ground",
    [(INK, tint) for tint in F.TABLE_TINT.values()]
    + [(INK, "#ffffff"), (INK, F.PRODUCT_GROUND), (F.ACCENT, F.PRODUCT_GROUND), ("#ffffff", F.SPECIAL_BAND),
       ("#e8e0f0", F.SPECIAL_BAND), (INK, "#efe9f5"), (F.SPECIAL_BAND, "#fff8e6")],
)
def test_text_colours_stand_out_in_greyscale(ink, ground):
    """WCAG AA for normal text (4.5:1) computed on luminance: what a greyscale printer keeps."""
    assert contrast(ink, ground) >= 4.5


def test_text_colours_used_are_the_checked_ones():
    frame = Frame(63, 88, lang="en")
    used = set()
    for card in full_deck().cards:
        pen = RecordingPen()
        F.MultiplicatsFaces().front(pen, card, frame)
        used |= {t["color"] for t in pen.texts}
    assert used <= {INK, F.ACCENT, "#ffffff", "#e8e0f0", "#c8372d"}  # red: Emboscada's "!" icon
