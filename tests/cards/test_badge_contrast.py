"""The letter on a colour's badge is a colour-blind pupil's cue: it reads at 4.5:1 at least (WCAG's
ratio for text of its size, 10.5 pt) on every colour of Monete and Cartas Maestras, in the colour
of the two (ink or white) that contrasts more."""

from __future__ import annotations

import pytest

from deckgen.games.maestras.faces import SWATCH, on_colour as maestras_on_colour
from deckgen.games.monete.faces import INKS
from deckgen.render.palette import INK, contrast, on_colour


@pytest.mark.parametrize("ink", INKS.values(), ids=list(INKS))
def test_monete_badge_letters_read(ink):
    letter = ink.letter_colour()
    assert contrast(letter, ink.fill) >= 4.5, (ink.name, letter, contrast(letter, ink.fill))
    assert contrast(letter, ink.fill) == max(contrast(INK, ink.fill), contrast("#ffffff", ink.fill))


@pytest.mark.parametrize("name", list(SWATCH))
def test_maestras_badge_letters_read(name):
    fill = SWATCH[name].fill
    letter = maestras_on_colour(fill)
    assert contrast(letter, fill) >= 4.5, (name, letter, contrast(letter, fill))


def test_on_colour_takes_the_stronger_of_ink_and_white():
    assert on_colour("#4fae5a") == INK  # Monete's green: white read 2.8:1, ink 6.2:1
    assert on_colour("#1c3f8a") == "#ffffff" and on_colour("#f7a531") == INK
    assert round(contrast("#000000", "#ffffff"), 6) == 21.0 and contrast("#777777", "#777777") == 1.0
