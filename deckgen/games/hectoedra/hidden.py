"""What a Hectoedra player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands, the draw pile (its order too), the cards set aside from this
round's game deck and the other players' face-down penalty cards. Seen: its own hand and penalty
cards, the central pile, every pile's size, the scores.
"""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal
from deckgen.engine.state import copy_position

from deckgen.games.hectoedra.state import HectoedraState


def sample_hidden(state: HectoedraState, seat: int, rng: random.Random) -> HectoedraState:
    world = copy_position(state)
    others = [s for s in range(world.players) if s != seat]
    places = [world.hands[s] for s in others] + [world.penalty_piles[s] for s in others] + [world.draw, world.box]
    redeal(places, rng)
    world.box.sort()
    return world


def value(state: HectoedraState, seat: int) -> float:
    """A finished match's worth to ``seat``: its share of the win, plus a little for every penalty
    card it has fewer than the average player (a finer signal than win or loss)."""
    totals = state.totals
    margin = sum(totals) / len(totals) - totals[seat]
    return state.returns()[seat] + 0.1 * margin
