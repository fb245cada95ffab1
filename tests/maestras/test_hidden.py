"""The searched worlds' copy of a Cartas Maestras position (hidden.copy_world): what ``copy.deepcopy``
gives (with the deck's tables and the rules shared, and no picture of the main phase's board), field
for field, and independent of the original wherever a turn changes something."""

from __future__ import annotations

import copy
import random

from deckgen.registry import get_game

from deckgen.games.maestras.hidden import copy_world
from deckgen.games.maestras.table import Path, TIEBREAK
from maestras.helpers import build


def _deep(state):
    memo = {id(state.infos): state.infos, id(state.rules): state.rules, id(state.follow): state.follow,  # the links table: shared
            id(state.final): None, id(state.voids): list(state.voids)}
    return copy.deepcopy(state, memo)


def _plain(value):
    """A value with every Path written out as its fields (Path compares by side, cells, cards, winner only)."""
    if isinstance(value, Path):
        return ("Path", _plain(vars(value)))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def _containers(value, out):
    """Every list, dict and Path reachable from ``value`` (ids)."""
    if isinstance(value, Path):
        out.add(id(value))
        _containers(vars(value), out)
    elif isinstance(value, dict):
        out.add(id(value))
        for v in value.values():
            _containers(v, out)
    elif isinstance(value, list):
        out.add(id(value))
        for v in value:
            _containers(v, out)
    elif isinstance(value, tuple):
        for v in value:
            _containers(v, out)
    return out


def _positions():
    """Positions along seeded random games of a few rule variants, tie-break phases included."""
    engine = get_game("maestras").engine
    for options in ({}, {"won_paths": "stay", "tiebreak": "always"}, {"play_drawn": True, "main_end": "stuck"}):
        deck = build(**options)
        for seed in range(3):
            rng = random.Random(seed)
            state = engine.new_state(deck, 2 + seed, rng)
            while not state.is_terminal():
                yield state
                acts = state.legal_actions()
                state.apply_action(acts[int(rng.random() * len(acts))])
            yield state


def test_the_copy_is_the_deep_copy_field_for_field_and_shares_nothing_a_turn_changes():
    seen_tiebreak = seen_paths = 0
    for state in _positions():
        fast, deep = copy_world(state), _deep(state)
        assert set(vars(fast)) == set(vars(deep))
        assert _plain(vars(fast)) == _plain(vars(deep))
        shared = _containers(vars(fast), set()) & _containers({k: v for k, v in vars(state).items() if k not in ("infos", "rules", "final")}, set())
        assert not shared, [k for k, v in vars(fast).items() if _containers(v, set()) & shared]
        seen_tiebreak += state.phase == TIEBREAK
        seen_paths += bool(state.paths)
    assert seen_tiebreak and seen_paths  # the positions reach both phases, with paths on the board


def test_a_world_plays_on_without_touching_the_position():
    for i, state in enumerate(_positions()):
        if state.is_terminal() or i % 7:
            continue
        before = _plain(vars(_deep(state)))
        world = copy_world(state)
        rng = random.Random(i)
        while not world.is_terminal():
            acts = world.legal_actions()
            world.apply_action(acts[int(rng.random() * len(acts))])
        after = _deep(state)
        assert _plain(vars(after)) == before
