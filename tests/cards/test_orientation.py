"""The orientation rules as pure functions: what a text reads as turned 180°, which texts and cards
are confusable, and where the underline bar goes (read from a recording pen, in mm)."""

from __future__ import annotations

import pytest

from deckgen.render.orientation import confusable, confusable_cards, plain_number, turned, underline
from deckgen.render.pen import text_width


@pytest.mark.parametrize(
    "text,reads",
    [("6", "9"), ("9", "6"), ("18", "81"), ("16", "91"), ("60", "09"), ("69", "69"), ("88", "88"), ("101", "101"),
     ("1 × 6", "9 × 1"), ("6 + 8", "8 + 9"), ("−6", "9−"), ("10-1", "1-01")],
)
def test_turned(text, reads):
    assert turned(text) == reads


@pytest.mark.parametrize("text", ["", "7", "2", "x", "6a", "3 × 6", "6.5"])
def test_a_text_with_a_character_that_does_not_turn_reads_as_nothing(text):
    assert turned(text) is None


def test_confusable_needs_another_valid_text():
    numbers = lambda t: plain_number(t, 1, 100)  # noqa: E731
    assert confusable("6", numbers) and confusable("18", numbers) and confusable("91", numbers)
    assert not confusable("69", numbers)  # turns into itself
    assert not confusable("8", numbers)  # turns into itself
    assert not confusable("60", numbers)  # "09" is not a plain number
    assert not confusable("7", numbers)  # does not turn
    assert not confusable("6", lambda t: t == "6")  # "9" is not valid in this game


def test_plain_number():
    assert plain_number("0") and plain_number("100") and plain_number("7", 7, 7)
    assert not plain_number("09") and not plain_number("") and not plain_number("-1") and not plain_number("1 × 6")
    assert not plain_number("6", 7) and not plain_number("8", 1, 7) and plain_number("7", 1, 7) and plain_number("1", 1, 7)


def test_confusable_cards_are_the_indices_of_cards_with_any_confusable_text():
    cards = [("6",), ("7", "69"), ("11", "16"), ("8",), ("9", "6")]
    valid = lambda t: plain_number(t, 1, 99)  # noqa: E731
    assert confusable_cards(cards, lambda c: c, valid) == [0, 2, 4]
    assert confusable_cards([], lambda c: c, valid) == []


class Recorder:
    def __init__(self):
        self.rects = []

    def rect(self, x, y, w, h, *, fill=None, **kw):
        self.rects.append((round(x, 4), round(y, 4), round(w, 4), round(h, 4), fill))


@pytest.mark.parametrize("align", ["center", "right", "left"])
def test_the_bar_lies_under_the_text_as_wide_as_it(align):
    pen = Recorder()
    w = text_width("18", 24, True)
    underline(pen, 30.0, 40.0, "18", 24, align=align, color="#123456")
    left = {"center": 30.0 - w / 2, "right": 30.0 - w, "left": 30.0}[align]
    gap, t = 24 * 0.353 * 0.12, max(0.45, 24 * 0.035)
    assert pen.rects == [(round(left, 4), round(40.0 + gap, 4), round(w, 4), round(t, 4), "#123456")]


@pytest.mark.parametrize("angle", [180, -180, 540])
def test_a_turned_text_gets_its_bar_on_the_other_side_mirrored_about_the_anchor(angle):
    pen = Recorder()
    w = text_width("6", 10, False)
    underline(pen, 20.0, 50.0, "6", 10, align="left", bold=False, angle=angle, thickness=0.3)
    gap = 10 * 0.353 * 0.12
    assert pen.rects == [(round(20.0 - w, 4), round(50.0 - gap - 0.3, 4), round(w, 4), 0.3, "#000000")]


def test_a_small_text_keeps_a_visible_bar():
    pen = Recorder()
    underline(pen, 0.0, 0.0, "9", 8)
    assert pen.rects[0][3] == 0.45  # 8 × 0.035 = 0.28 mm would vanish in print
