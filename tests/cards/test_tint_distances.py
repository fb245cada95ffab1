"""Issue 31, point 3: colours that carry meaning are far enough apart. Multipli Cat's table grounds
and MGC's degree grounds: every pair measured with CIEDE2000, as sRGB, as printed through deckgen's
CMYK conversion, and as a deuteranope and a protanope see them (Machado 2009, severity 1)."""

from __future__ import annotations

import itertools

import pytest

from colourcheck import DEFICIENCIES, delta_e2000, lab, rgb1, seen
from deckgen.games.mgc.faces import DEGREE_TINTS, degree_tint
from deckgen.games.multiplicats.faces import TABLE_TINT
from deckgen.render.palette import cmyk

NORMAL_MIN = 14.0
CVD_MIN = 8.5
# Through deckgen's CMYK conversion and back (a naive device model, no ICC profile) the light grounds
# come closer: measured 12.3 normal, 4.9 deuteranope, 6.8 protanope (was 5.6 / 0.2 / 1.0 for the tables)
PRINT_MIN = {"normal": 12.0, "cvd": 4.5}


def printed(hex_colour: str) -> str:
    """The colour deckgen's CMYK file asks for, back in sRGB (naive device conversion)."""
    c, m, y, k = cmyk(hex_colour)
    return "#" + "".join(f"{round((1 - v) * (1 - k) * 255):02x}" for v in (c, m, y))


def distances(colours: dict, view) -> list[tuple[float, object, object]]:
    return sorted((delta_e2000(view(colours[a]), view(colours[b])), a, b) for a, b in itertools.combinations(colours, 2))


SETS = {"multiplicats tables": TABLE_TINT, "mgc degrees": {d: degree_tint(d) for d in range(10)}}


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("medium", ["srgb", "cmyk"])
def test_every_pair_is_far_apart(name, medium):
    colours = {k: (printed(v) if medium == "cmyk" else v) for k, v in SETS[name].items()}
    assert len(set(colours.values())) == len(colours), "two values share a colour"
    normal, cvd = (NORMAL_MIN, CVD_MIN) if medium == "srgb" else (PRINT_MIN["normal"], PRINT_MIN["cvd"])
    worst = distances(colours, lambda h: lab(rgb1(h)))[0]
    assert worst[0] >= normal, worst
    for deficiency in DEFICIENCIES:
        worst = distances(colours, lambda h: lab(seen(h, deficiency)))[0]
        assert worst[0] >= cvd, (deficiency, worst)


def test_the_old_tints_fail_the_thresholds():
    """The tints issue 31 found too close: table 1 against 9, degrees 1, 4 and 6 (ΔE 7.6 and 2.0)."""
    old_tables = {1: "#fde2e4", 9: "#f1dcf1"}
    old_degrees = {1: "#dbe9f6", 4: "#f3d9ee", 6: "#e3dcf5"}
    assert distances(old_tables, lambda h: lab(rgb1(h)))[0][0] < NORMAL_MIN
    assert distances(old_degrees, lambda h: lab(seen(h, "deuteranomaly")))[0][0] < CVD_MIN


def test_every_degree_has_its_own_ground():
    assert len(DEGREE_TINTS) >= 10 and len({degree_tint(d) for d in range(10)}) == 10
