"""The rulebooks are written anew: no run of eight words is taken from the source rulebooks."""

from __future__ import annotations

import re
import pytest

from deckgen.registry import games
from deckgen.rulebook.render import render_markup
from deckgen.spec import spec_for

from sources import SOURCES, copied, source_text

def test_the_checker_catches_a_copied_sentence():
    source = "Si se acaba el mazo, gana quien tenga menos cartas en la mano."
    assert copied("Regla: si se acaba el mazo gana quien tenga menos cartas.", source)
    assert not copied("Cuando no quedan cartas, vence la mano más pequeña: 1 2 3 4 5 6 7 8 9.", source + " 1 2 3 4 5 6 7 8 9")


@pytest.mark.parametrize("game_id", sorted(SOURCES))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_rulebook_copies_its_source(game_id, lang):
    source = source_text(game_id)
    spec = spec_for(game_id, cli={})
    game = games()[game_id]
    html = re.sub(r"<[^>]+>", " ", render_markup(game, spec.build(), lang, spec.print))
    assert not copied(html, source)
