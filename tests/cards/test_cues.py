"""Telling cards apart: colour-blind safety of every game's suit colours (or a large enough
shape-and-letter cue), Hectoedra's primes and hexagons, MGC's degree and coefficient cues."""

from __future__ import annotations

import pytest

from cardcheck import GAMES, MM, cells
from pdfcheck import runs
from colourcheck import DEFICIENCIES, delta_e2000, lab, rgb1, seen, worst_pair
from deckgen.registry import get_game


DELTA_E = 15.0


def test_ciede2000_matches_published_pairs():
    """Sharma, Wu and Dalal (2005), table 1, pairs 1, 2 and 7."""
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, -1.3802, -84.2814), (50, 0, -82.7485)) == pytest.approx(1.0000, abs=1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)


def test_simulation_merges_red_and_green():
    """The simulation does something: pure red and green are far apart normally, close for a deuteranope."""
    normal = delta_e2000(lab(rgb1("#d03a2f")), lab(rgb1("#4fae5a")))
    deutan = delta_e2000(lab(seen("#d03a2f", "deuteranomaly")), lab(seen("#4fae5a", "deuteranomaly")))
    assert normal > 50 and deutan < normal / 3


def _hex(colour) -> str | None:
    if not colour or len(colour) != 3:
        return None
    return "#" + "".join(f"{round(float(v) * 255):02x}" for v in colour)


@pytest.mark.parametrize("game", GAMES)
def test_suit_colours_survive_colour_blindness(built, game):
    """Every pair of suit colours keeps ΔE2000 >= 15 under deuteranopia and protanopia (Machado 2009,
    severity 1), or else every coloured card carries its colour's cue: a shape at least 8 mm across
    in that colour with the colour's letter inside at 10 pt or more."""
    suits = getattr(get_game(game).faces, "suits", {})
    if len(suits) < 2:
        return  # no colour carries meaning in this game
    fills = {name: fill for name, (fill, _) in suits.items()}
    if all(worst_pair(fills, d)[0] >= DELTA_E for d in DEFICIENCIES):
        return
    b = built(game)
    checked = 0
    for cell in cells(b.shapes, len(b.deck["cards"]), side="front"):  # back pages never read
        if cell.side != "front":
            continue
        colour = b.deck["cards"][cell.card].get("colour")
        if colour not in suits:
            continue
        fill, letter = suits[colour]
        letters = [c for c in cell.chars if c["text"] == letter and c["size"] >= 10 - 0.01]
        shapes = [o for o in cell.shapes if o.get("fill") and _hex(o.get("fill_rgb")) == fill
                  and 25 * MM >= max(o["x1"] - o["x0"], o["y1"] - o["y0"]) >= 8.0 * MM - 0.2]
        inside = [c for c in letters if any(o["x0"] <= (c["x0"] + c["x1"]) / 2 <= o["x1"] and o["y0"] <= (c["y0"] + c["y1"]) / 2 <= o["y1"] for o in shapes)]
        assert inside, (cell.card, b.deck["cards"][cell.card])
        checked += 1
    assert checked >= 10


def test_hectoedra_marks_primes_by_default(built):
    b = built("hectoedra")
    assert b.deck["options"]["aids"] == ["prime"]
    from deckgen.games.hectoedra.numbers import is_prime

    for cell in cells(b.shapes, len(b.deck["cards"]), side="front"):  # back pages never read
        if cell.side != "front" or b.deck["cards"][cell.card]["kind"] == "help":
            continue
        value = b.deck["cards"][cell.card]["value"]
        texts = [r.text for r in runs(cell.chars)]
        assert ("primo" in texts) == is_prime(value), (value, texts)
        stars = [o for o in cell.shapes if o["object_type"] == "curve" and len(o.get("pts") or []) == 11]  # a 5-point star, closed
        assert bool(stars) == is_prime(value), value


CLEAR_MM = 1.5  # the value keeps this far from the hexagon's outline


def test_hectoedra_numbers_stay_inside_the_hexagon(built):
    """Every value's glyphs and the bar under it lie inside the hexagon drawn around it, at least
    1.5 mm from its outline: 94..99 and 100 too."""
    b = built("hectoedra")
    for cell in cells(b.shapes, len(b.deck["cards"]), side="front"):  # back pages never read
        if cell.side != "front" or b.deck["cards"][cell.card]["kind"] == "help":
            continue
        big = [c for c in cell.chars if c["size"] >= 24]
        hexagons = [o for o in cell.shapes if o["object_type"] == "curve" and len(o.get("pts") or []) == 7 and o["x1"] - o["x0"] > 30 * MM]
        assert big and len(hexagons) == 1
        poly = cell.points(hexagons[0])[:6]
        corners = []
        for c in big:  # the glyph's box from its baseline to cap height
            base = c["matrix"][5]
            corners += [(c["x0"], base), (c["x1"], base), (c["x0"], base + 0.73 * c["size"]), (c["x1"], base + 0.73 * c["size"])]
        lo, hi = min(c["x0"] for c in big), max(c["x1"] for c in big)
        bars = [o for o in cell.shapes if o["object_type"] == "rect" and o.get("fill") and o["x0"] >= lo - 1 and o["x1"] <= hi + 1
                and o["y1"] <= min(c["matrix"][5] for c in big) + 1 and o["y0"] > hexagons[0]["y0"]]
        corners += [(x, y) for o in bars for x in (o["x0"], o["x1"]) for y in (o["y0"], o["y1"])]
        for x, y in corners:
            assert _clearance(poly, x, y) >= CLEAR_MM * MM, (b.deck["cards"][cell.card], round(_clearance(poly, x, y) / MM, 2))


def _clearance(poly, x, y) -> float:
    """Distance from (x, y) to the nearest edge of the convex polygon, negative outside it."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    turn = 1 if area > 0 else -1
    out = float("inf")
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        out = min(out, turn * ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / length)
    return out


def test_mgc_monomials_show_degree_and_coefficient(built):
    """A monomial card shows one small square per degree above its oval and one dot per unit of its
    coefficient below it, and its oval's tint names the degree: one tint per degree, each its own."""
    b = built("mgc")
    tints: dict[int, set] = {}
    checked = 0
    for cell in cells(b.shapes, len(b.deck["cards"]), side="front"):  # back pages never read
        card = b.deck["cards"][cell.card] if cell.card is not None else None
        if cell.side != "front" or card["kind"] != "monomial":
            continue
        size = lambda o: ((o["x1"] - o["x0"]) / MM, (o["y1"] - o["y0"]) / MM)
        squares = [o for o in cell.shapes if o["object_type"] == "rect" and all(abs(v - 2.2) < 0.1 for v in size(o))]
        dots = [o for o in cell.shapes if o["object_type"] == "curve" and all(abs(v - 2.5) < 0.1 for v in size(o))]
        assert len(squares) == card["degree"] and len(dots) == abs(card["coefficient"]), card
        mid = (cell.trim.y0 + cell.trim.y1) / 2
        assert all(o["y0"] > mid for o in squares) and all(o["y1"] < mid for o in dots)  # squares above, dots below
        ovals = [o for o in cell.shapes if o["object_type"] == "curve" and len(o.get("pts") or []) > 40 and o.get("fill")]
        assert len(ovals) == 1
        tints.setdefault(card["degree"], set()).add(tuple(ovals[0]["fill_rgb"]))
        checked += 1
    assert checked == 72
    assert all(len(t) == 1 for t in tints.values()) and len({next(iter(t)) for t in tints.values()}) == len(tints) == 6
