"""What a Monete player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile (its order too). Seen: its own hand, the
cards on the table and out of the game, every hand's size, the markers; during Espiar, the hand of
the player it looks at.
"""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal
from deckgen.engine.state import copy_position

from deckgen.games.monete.state import TAKE, MoneteState


def sample_hidden(state: MoneteState, seat: int, rng: random.Random) -> MoneteState:
    world = copy_position(state)
    seen = {seat, world.target} if world.phase == TAKE and world.player == seat else {seat}
    places = [world.hands[s] for s in range(world.n) if s not in seen] + [world.draw]
    redeal(places, rng)
    return world
