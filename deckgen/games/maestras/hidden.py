"""What a Cartas Maestras player cannot see, dealt again for a searching player
(``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile (its order too). Seen: its own hand (with a
drawn card it must place), the board, the cards won and taken off, the empty cards set aside (all
alike), every hand's size.
"""

from __future__ import annotations

import copy
import random

from deckgen.analysis.hidden import redeal

from deckgen.games.maestras.state import MaestrasState


def sample_hidden(state: MaestrasState, seat: int, rng: random.Random) -> MaestrasState:
    world = copy.deepcopy(state, {id(state.infos): state.infos, id(state.rules): state.rules, id(state.final): None})
    places = [world.hands[s] for s in range(world.players) if s != seat] + [world.pile]
    redeal(places, rng)
    world._legal = None
    return world
