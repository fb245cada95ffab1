"""Shared fixtures for the MGC tests (helpers live in mgc/mgctools.py)."""

from __future__ import annotations

import pytest

from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

from mgc.mgctools import Cards


@pytest.fixture(scope="session")
def game():
    return get_game("mgc")


@pytest.fixture(scope="session")
def make_deck(game):
    cache = {}

    def make(seed=1, players=None, **options):
        key = (seed, players, tuple(sorted((k, str(v)) for k, v in options.items())))
        if key not in cache:
            cache[key] = game.build(BuildRequest(resolve(game.options, options), seed, players))
        return cache[key]

    return make


@pytest.fixture(scope="session")
def deck(make_deck):
    return make_deck()


@pytest.fixture(scope="session")
def cards(deck):
    return Cards(deck)
