"""Fixtures for the Cartas Maestras tests (helpers live in helpers.py)."""

from __future__ import annotations

import pytest

from deckgen.model import Deck
from maestras.helpers import Finder, build


@pytest.fixture

def deck() -> Deck:
    return build()


@pytest.fixture
def find(deck: Deck) -> Finder:
    return Finder(deck)
