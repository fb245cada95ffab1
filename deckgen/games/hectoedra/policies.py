"""The heuristic player: play the legal card that is hardest to follow, and penalise the least useful card.

A card's *openness* is how many cards of the full deck it links with by the three rules (1 links with
everything; a big prime only with 1, the other primes and its multiples). Playing the least open legal
card leaves the next player the fewest answers and keeps the open cards for later; when no card is
legal, the least open card is the one least likely to be playable later, so it goes face down.
"""

from __future__ import annotations

import random
from functools import lru_cache

from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.state import PENALTY, HectoedraState


@lru_cache(maxsize=256)
def openness(card: int) -> int:
    return sum(1 for other in range(1, 101) if other != card and linked(card, other, "full"))


def heuristic_policy(state: HectoedraState, rng: random.Random) -> int:
    return heuristic_choice(state, state.legal_actions(), rng)


def heuristic_choice(state: HectoedraState, actions: list[int], rng: random.Random) -> int:
    """The heuristic's choice among ``actions``, the position's legal actions."""
    plays = [a for a in actions if a < PENALTY]
    pool = plays or actions
    return min(pool, key=lambda a: (openness(a % PENALTY), rng.random()))
