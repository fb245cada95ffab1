"""Shared fixtures for the Monete tests: decks by mode, card lookup, positions set up by hand."""

from __future__ import annotations

import pytest

from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

from deckgen.games.monete.cards import COLOUR_CODES, card_table
from deckgen.games.monete.rules import Rules
from deckgen.games.monete.state import MoneteState


@pytest.fixture(scope="session")
def game():
    return get_game("monete")


@pytest.fixture(scope="session")
def make_deck(game):
    cache = {}

    def make(players=None, **options):
        key = (players, tuple(sorted(options.items())))
        if key not in cache:
            cache[key] = game.build(BuildRequest(resolve(game.options, options), 1, players))
        return cache[key]

    return make


class Cards:
    """Find card ids in a deck: ``c(7, "red")``, ``c.action("toma_2", 6)``, ``c.wilds``."""

    def __init__(self, deck):
        self.deck = deck
        self.table = card_table(deck)

    def __call__(self, value, colour):
        for i, card in enumerate(self.deck.cards):
            if card.kind == "number" and card["value"] == value and card["colour"] == colour:
                return i
        raise KeyError((value, colour))

    def action(self, name, value=None):
        for i, card in enumerate(self.deck.cards):
            if card.kind == "action" and card["action"] == name and (value is None or card["value"] == value):
                return i
        raise KeyError(name)

    @property
    def wilds(self):
        return [i for i, card in enumerate(self.deck.cards) if card.kind == "wild"]

    def setup(self, mode, hands, draw=None, **kw):
        """A position in ``mode``: hands and draw pile as card ids (the draw pile's top is its end).
        Rule options (combo, deck_out, wild_discard) go in ``rules``."""
        rules = Rules(mode=mode, top=self.deck.options["top"], **kw.pop("rules", {}))
        if draw is None:
            used = {c for h in hands for c in h} | set(kw.get("pile", ()))
            draw = [c for c in self.table.playing if c not in used][:10]
        return MoneteState.position(self.table, rules, hands, draw, **kw)


@pytest.fixture(scope="session")
def cards(make_deck):
    """Card finder for the full deck (all modes)."""
    return Cards(make_deck())


COLOUR = COLOUR_CODES
