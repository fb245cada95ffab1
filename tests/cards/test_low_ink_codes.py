"""Issue 42, point 10: with --ink low the colour that tells a kind of card apart (Multipli Cat's
table grounds, MGC's degree grounds) keeps a least distance, CIEDE2000, read back from the PDF: each
category's own fill colours are those its cards share and the others' lack."""

from __future__ import annotations

import itertools
import json

import pytest
from colorspacious import deltaE

import pdfium_pages
from cardcheck import cells
from deckgen.render.ink import LOW_CODE_DISTANCE, darkness, low_ink_code

CATEGORY = {"multiplicats": lambda c: c.get("a") if c["kind"] == "multiplication" else None,
            "mgc": lambda c: c.get("degree") if c["kind"] == "monomial" else None}


def code_colours(out, game) -> dict[object, str]:
    """category -> the fill colour its cards have and no other category's cards have."""
    cards = json.loads((out / "deck.json").read_text())["cards"]
    fills: dict[object, set] = {}
    with pdfium_pages.Shapes(out / "cards.pdf") as pdf:  # fill colours in 1/255 steps (tests/test_pdfium_pages.py)
        for cell in cells(pdf, cards, side="front"):
            key = CATEGORY[game](cards[cell.card])
            if key is None:
                continue
            colours = set()
            for s in cell.shapes:
                c = s.get("fill_rgb")
                if s.get("fill") and isinstance(c, (tuple, list)) and len(c) == 3:
                    colours.add(tuple(round(v * 255) for v in c))
            fills[key] = fills.get(key, colours) & colours
    own = {}
    for key, colours in fills.items():
        others = set().union(*(v for k, v in fills.items() if k != key))
        mine = colours - others
        assert len(mine) == 1, (key, mine)
        own[key] = "#%02x%02x%02x" % mine.pop()
    return own


def least_distance(colours: dict[object, str]) -> float:
    rgb = {k: [int(v[i:i + 2], 16) for i in (1, 3, 5)] for k, v in colours.items()}
    return min(deltaE(rgb[a], rgb[b], input_space="sRGB255") for a, b in itertools.combinations(rgb, 2))


@pytest.mark.parametrize("game", ["multiplicats", "mgc"])
def test_low_ink_keeps_the_colour_code_apart(built, game):
    low = code_colours(built(game, "--ink", "low").out, game)
    assert len(low) >= 6
    assert least_distance(low) >= LOW_CODE_DISTANCE, low
    assert all(darkness(c) <= 0.10 + 1e-9 for c in low.values()), low  # and still low ink


def test_paling_each_colour_alone_would_lose_the_code():
    """The measure can fail: Multipli Cat's ten grounds paled one by one come within 2 of each other."""
    from deckgen.games.multiplicats.faces import TINTS
    from deckgen.render.ink import pale

    assert least_distance({i: pale(t, 0.10) for i, t in enumerate(TINTS)}) < 3.0
    spread = low_ink_code(TINTS)
    assert set(spread) == set(TINTS) and least_distance(dict(enumerate(spread.values()))) >= LOW_CODE_DISTANCE
