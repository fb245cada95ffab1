"""Dealing again what a player cannot see: the shared step of every game's ``sample_hidden`` (the
determinization a Monte Carlo player searches, :mod:`deckgen.analysis.montecarlo`). Which places are
hidden from a seat is the game's to say."""

from __future__ import annotations

import random
from typing import Any, Sequence


def redeal(places: Sequence[list[Any]], rng: random.Random) -> None:
    """Shuffle the cards of ``places`` together and deal them back, each place keeping its size.

    The pool is sorted before the shuffle, so the deal depends only on which cards are hidden and on
    ``rng``, never on where the cards were."""
    pool = sorted(c for place in places for c in place)
    rng.shuffle(pool)
    i = 0
    for place in places:
        n = len(place)
        place[:] = pool[i : i + n]
        i += n
