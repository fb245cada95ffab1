"""The searched worlds' copy of a Hectoedra position (hidden.copy_world): what the shared
``copy_position`` gives, field for field, sharing with the original exactly what it shares (nothing
a turn changes)."""

from __future__ import annotations

import random

from deckgen.engine.state import CHANCE, copy_position

from deckgen.games.hectoedra import GAME
from deckgen.games.hectoedra.hidden import copy_world
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.spec import spec_for

CARDS = [c["value"] for c in spec_for(GAME, cli={}).build().cards]


def _positions():
    """Every position of seeded random matches (deals, penalties, round ends, the end), two variants."""
    for variant in (Variant(), Variant(must_play=False, keep_penalties=True, rounds=3)):
        for seed, players in ((1, 2), (2, 3), (3, 5)):
            rng = random.Random(seed)
            state = HectoedraState(CARDS, players, variant)
            while True:
                yield state
                if state.is_terminal():
                    break
                if state.current_player() == CHANCE:
                    state.chance(rng)
                else:
                    acts = state.legal_actions()
                    state.apply_action(acts[int(rng.random() * len(acts))])


def _shared(copy: object, original: object) -> dict[str, list]:
    """For each field: whether the copy's value is the original's object, and for a list or dict,
    whether each of its items is."""
    out = {}
    for name, value in vars(copy).items():
        mine = vars(original)[name]
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        theirs = mine.values() if isinstance(mine, dict) else mine if isinstance(mine, list) else ()
        out[name] = [value is mine] + [a is b for a, b in zip(items, theirs)]
    return out


def test_the_copy_is_copy_positions_field_for_field():
    penalties = rounds = 0
    for state in _positions():
        fast, slow = copy_world(state), copy_position(state)
        assert type(fast) is HectoedraState
        assert vars(fast) == vars(slow)
        assert _shared(fast, state) == _shared(slow, state)
        penalties += any(state.penalty_piles)
        rounds += bool(state.history)
    assert penalties and rounds


def test_a_world_plays_on_without_touching_the_position():
    for i, state in enumerate(_positions()):
        if i % 5:
            continue
        before = vars(copy_position(state))
        world, rng = copy_world(state), random.Random(i)
        while not world.is_terminal():
            if world.current_player() == CHANCE:
                world.chance(rng)
            else:
                acts = world.legal_actions()
                world.apply_action(acts[int(rng.random() * len(acts))])
        assert vars(state) == before
