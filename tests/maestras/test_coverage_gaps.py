"""Source sentences the other Cartas Maestras tests did not pin (listed in deckgen/games/maestras/RULES.md)."""

from __future__ import annotations

from maestras.helpers import build

from deckgen.games.maestras.rulebook import context


def test_the_rulebook_prints_the_playing_time():
    deck = build()
    assert context(deck, "es")["minutes"] == "10–20" == context(deck, "en")["minutes"]
