"""What a Hectoedra player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands, the draw pile (its order too), the cards set aside from this
round's game deck and the other players' face-down penalty cards. Seen: its own hand and penalty
cards, the central pile, every pile's size, the scores, and which opponents took a penalty with no
legal card on which top card (``sample_seen`` keeps that too).
"""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal

from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.state import HectoedraState

TRIES = 64  # worlds dealt to find one consistent with what the seat has seen


def copy_world(state: HectoedraState) -> HectoedraState:
    """An independent copy of the position: what ``engine.state.copy_position`` gives (every list and
    dict of the position copied, and the lists and dicts they hold; tests/hectoedra/test_hidden.py),
    without its generic walk over every field and card (a fifth of a Monte Carlo level's time)."""
    world = object.__new__(HectoedraState)
    world.__dict__.update(state.__dict__)
    world.box, world.draw, world.pile = list(state.box), list(state.draw), list(state.pile)
    world.hands = [list(h) for h in state.hands]
    world.penalty_piles = [list(p) for p in state.penalty_piles]
    world.round_penalties, world.totals, world.drawn = list(state.round_penalties), list(state.totals), list(state.drawn)
    world.started, world.voids, world.shortfalls = list(state.started), list(state.voids), list(state.shortfalls)
    world.history = [dict(h) for h in state.history]
    world._counts = dict(state._counts)
    return world


def sample_hidden(state: HectoedraState, seat: int, rng: random.Random) -> HectoedraState:
    world = copy_world(state)
    others = [s for s in range(world.players) if s != seat]
    places = [world.hands[s] for s in others] + [world.penalty_piles[s] for s in others] + [world.draw, world.box]
    redeal(places, rng)
    world.box.sort()
    return world


def _misfits(world: HectoedraState, voids) -> int:
    """How far ``world`` is from what the seat has seen: for each penalty an opponent took with no
    legal card on top card T, the cards of its hand that were held then (all but the ones drawn
    since) cannot follow T; each card short of that counts one."""
    bad = 0
    for s, top, drawn in voids:
        hand = world.hands[s]
        need = len(hand) - (world.drawn[s] - drawn)  # cards of the hand held since the penalty, at least
        unlinked = sum(1 for c in hand if not rules.is_legal(c, top))
        bad += max(0, need - unlinked)
    return bad


def sample_seen(state: HectoedraState, seat: int, rng: random.Random) -> HectoedraState:
    """A world consistent with everything ``seat`` has seen: the hidden cards dealt again
    (sample_hidden), kept only when every opponent who took a penalty with no legal card this
    round holds, of the cards it held then, none that follows that top card. Dealt up to TRIES
    times; failing that, the world that misses it by the fewest cards. Reads nothing hidden: the
    penalties, top cards and draws are public."""
    voids = [v for v in state.voids if v[0] != seat]
    best, fewest = None, None
    for _ in range(TRIES if voids else 1):
        world = sample_hidden(state, seat, rng)
        bad = _misfits(world, voids)
        if not bad:
            return world
        if fewest is None or bad < fewest:
            best, fewest = world, bad
    assert best is not None
    return best


def value(state: HectoedraState, seat: int) -> float:
    """A finished match's worth to ``seat``: its share of the win, plus a little for every penalty
    card it has fewer than the average player (a finer signal than win or loss)."""
    totals = state.totals
    margin = sum(totals) / len(totals) - totals[seat]
    return state.returns()[seat] + 0.1 * margin
