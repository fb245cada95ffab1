"""A searching player that deals each world once and copies it for every move it tries
(``Skill.copy_world``) gets the same results as one that deals the world again for each move: the
Monte Carlo levels and the search rung, for every game that can copy a world (differential test)."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from deckgen.analysis.montecarlo import MonteCarloPlayer
from deckgen.analysis.search import SearchPlayer
from deckgen.registry import games

sys.path.insert(0, str(Path(__file__).parent))  # the no-peeking test's positions
from test_no_peeking import _advance, _deck, _searchable  # noqa: E402

COPYING = sorted(gid for gid, g in games().items() if g.engine is not None and g.engine.skill is not None and g.engine.skill.copy_world)


def test_the_games_that_can_copy_a_world_say_so():
    assert COPYING == ["hectoedra", "maestras", "monete"]  # MGC's world is a paused match: it cannot be copied


@pytest.mark.parametrize("game_id", COPYING)
def test_copied_worlds_give_the_results_of_worlds_dealt_again(game_id):
    engine, deck = _deck(game_id)
    skill = engine.skill
    steps = engine.max_steps(deck, 2)
    heuristic = engine.policies["heuristic"]
    mc = MonteCarloPlayer(skill.sample_hidden, 12, heuristic, steps, skill.value, skill.copy_world)
    search = SearchPlayer(skill.sample_seen or skill.sample_hidden, 3, heuristic, steps, skill.value, skill.copy_world)
    compared = 0
    for seed in range(4):
        state = _advance(engine, deck, seed, 4 + 3 * seed, _searchable(game_id))
        if state is None:
            continue
        keep = heuristic(state, random.Random(seed))
        for player in (mc, search):
            copied = player.results(state, random.Random(seed), keep=keep)
            dealt = replace(player, copy=None).results(state, random.Random(seed), keep=keep)
            assert copied == dealt
            assert copied is not None and sum(map(len, copied.values())) > 1  # several moves tried in a world
            compared += 1
    assert compared >= 4
