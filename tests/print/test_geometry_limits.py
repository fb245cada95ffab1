"""The edges of the geometry's ranges: card sides from 20 to 300 mm inclusive, and a bleed below
1 mm still counts as bleed (crop marks and their room outside the grid)."""

from __future__ import annotations

import pytest

from deckgen.errors import OptionError
from deckgen.render.geometry import BLEED_PAGE_MARGIN, CROP_GAP, CROP_LENGTH, bleed_mm, card_size, crop_marks, layout


@pytest.mark.parametrize("text", ["20x20", "300x300", "20x300", "300.0x20.0"])
def test_card_sides_at_the_limits_are_accepted(text):
    size = card_size(text)
    assert (size.width, size.height) == tuple(float(v) for v in text.split("x"))


@pytest.mark.parametrize("text", ["19.9x88", "63x300.1", "301x301", "19x19"])
def test_card_sides_past_the_limits_are_refused(text):
    with pytest.raises(OptionError, match="each side must be 20 to 300 mm"):
        card_size(text)


@pytest.mark.parametrize("bleed", [0.1, 0.5, 1.0])
@pytest.mark.parametrize("size", ["poker", "65x88", "mini"])
def test_a_bleed_under_one_millimetre_keeps_room_for_crop_marks(size, bleed):
    assert bleed_mm(str(bleed)) == bleed
    lay = layout(card_size(size), "a4", bleed)
    room = BLEED_PAGE_MARGIN + CROP_GAP + CROP_LENGTH - 1e-6
    g = lay.grid
    assert g.x >= room and lay.page_w - g.right >= room, (g.x, lay.page_w - g.right)
    assert g.y >= room and lay.page_h - g.top >= room
    marks = crop_marks(lay)
    assert len(marks) == 4 * (lay.cols + lay.rows)  # two marks per trim line, two lines per column and row


@pytest.mark.parametrize("text, mm", [("0", 0.0), ("10", 10.0), ("3", 3.0), (" 0.5 ", 0.5)])
def test_bleed_from_zero_to_ten_millimetres(text, mm):
    assert bleed_mm(text) == mm


@pytest.mark.parametrize("text", ["10.01", "-0.1", "11"])
def test_bleed_past_the_range_is_refused(text):
    with pytest.raises(OptionError, match=r"out of range \(0 to 10\)"):
        bleed_mm(text)


def test_a_card_size_names_itself():
    assert card_size("poker").label == "poker 63×88 mm"
    assert card_size("60x90").label == "custom 60×90 mm"
