"""What a Monete player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile (its order too). Seen: its own hand, the
cards on the table and out of the game, every hand's size, the markers; during Espiar, the hand of
the player it looks at, and (``sample_seen``) the cards it saw in a hand with Espiar earlier.
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


def sample_seen(state: MoneteState, seat: int, rng: random.Random) -> MoneteState:
    """A world consistent with everything ``seat`` has seen: like sample_hidden, but a hand the seat
    saw with Espiar keeps the cards it saw there that are still hidden (not played since, not gone
    unseen to another hand); the other hidden cards are dealt again at random. Reads only the
    seat's own memory (``state.known``) and which cards are hidden, never where they are."""
    world = copy_position(state)
    seen = {seat, world.target} if world.phase == TAKE and world.player == seat else {seat}
    hidden_seats = [s for s in range(world.n) if s not in seen]
    places = [world.hands[s] for s in hidden_seats] + [world.draw]
    pool = sorted(c for place in places for c in place)
    hidden = set(pool)
    forced: dict[int, list[int]] = {}
    for (viewer, target), cards in sorted(state.known.items()):
        if viewer == seat and target in hidden_seats:
            keep = [c for c in cards if c in hidden][: len(world.hands[target])]
            forced[target] = keep
            hidden.difference_update(keep)
    rest = [c for c in pool if c in hidden]
    rng.shuffle(rest)
    i = 0
    for s, place in zip(hidden_seats + [-1], places):
        own = forced.get(s, [])
        n = len(place) - len(own)
        place[:] = own + rest[i : i + n]
        i += n
    return world
