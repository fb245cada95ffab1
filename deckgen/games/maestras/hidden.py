"""What a Cartas Maestras player cannot see, dealt again for a searching player
(``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile (its order too). Seen: its own hand (with a
drawn card it must place), the board, the cards won and taken off, the empty cards set aside (all
alike), every hand's size; and (``sample_seen``) every draw or pass an opponent took with nothing
to place, on the board as it was then.
"""

from __future__ import annotations

import random

from deckgen.analysis.hidden import deal_avoiding, redeal

from deckgen.games.maestras.state import MaestrasState
from deckgen.games.maestras.table import Path


def copy_world(state: MaestrasState) -> MaestrasState:
    """An independent copy of the position for a searched world: every list and dict the turns
    change is copied (the paths and the index of the hands too), the deck's tables, the rules and
    tuples are shared, and the board as the main phase left it (``final``, for the picture) is left
    out. What ``copy.deepcopy`` gave, field for field (tests/maestras/test_hidden.py), in a fraction
    of its time (most of a Monte Carlo rollout's cost before)."""
    world = object.__new__(MaestrasState)
    world.__dict__.update(state.__dict__)
    world.hands = [list(h) for h in state.hands]
    world.pile = list(state.pile)
    world.aside = list(state.aside)
    world.board = dict(state.board)
    world.paths = [_copy_path(p) for p in state.paths]
    world.won = [list(w) for w in state.won]
    world.masters = list(state.masters)
    world.tiebreak_won = [list(w) for w in state.tiebreak_won]
    world.removed = list(state.removed)
    world.chain = list(state.chain)
    world.chain_cells = list(state.chain_cells)
    world.order = dict(state.order)
    world.history = [(s, list(c)) for s, c in state.history]
    world.final = None
    world._legal = None if state._legal is None else list(state._legal)
    world.voids = list(state.voids)  # the voids are tuples: shared, the list is not
    world.received = list(state.received)
    world.held = [{k: list(v) for k, v in h.items()} for h in state.held]
    world.arrival = dict(state.arrival)
    return world


def _copy_path(path: Path) -> Path:
    out = object.__new__(Path)
    out.__dict__.update(path.__dict__)  # its side, winner and the cached reference (state._folded)
    out.cells, out.cards = list(path.cells), list(path.cards)
    return out


def sample_hidden(state: MaestrasState, seat: int, rng: random.Random) -> MaestrasState:
    world = copy_world(state)
    places = [world.hands[s] for s in range(world.players) if s != seat] + [world.pile]
    redeal(places, rng)
    world.reindex()
    return world


def constraints(state: MaestrasState, seat: int, pool) -> dict[int, list[tuple[int, frozenset]]]:
    """For each opponent (by its rank among the others) that drew or passed with nothing to place:
    of its hand now, the cards held then (all but as many as it has received since) number at least
    ``need``, and none of them could be placed then (``forbidden``: the cards of ``pool`` that
    could). Public facts only: the draws, the board then, hand sizes, cards received."""
    others = [s for s in range(state.players) if s != seat]
    out: dict[int, list[tuple[int, frozenset]]] = {}
    for s, got, ends in state.voids:
        if s == seat:
            continue
        need = len(state.hands[s]) - (state.received[s] - got)
        if need > 0:
            bad = frozenset(c for c in pool if state.placeable(c, ends))
            out.setdefault(others.index(s), []).append((need, bad))
    return out


def sample_seen(state: MaestrasState, seat: int, rng: random.Random) -> MaestrasState:
    """A world consistent with everything ``seat`` has seen: the hidden cards dealt again (the cards
    on the board, won or taken off stay where they are), each opponent that drew or passed with
    nothing to place holding, of the cards it held then, none that could have been placed then
    (analysis.hidden.deal_avoiding)."""
    world = copy_world(state)
    places = [world.hands[s] for s in range(world.players) if s != seat] + [world.pile]
    pool = [c for place in places for c in place]
    dealt = deal_avoiding(pool, [len(p) for p in places], constraints(state, seat, pool), rng)
    for place, cards in zip(places, dealt):
        place[:] = cards
    world.reindex()
    return world
