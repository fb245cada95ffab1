"""Multipli Cat's own traced loop (traced.py, ``Design.playout``) gives the shared loop's trace."""

from __future__ import annotations

import random
from dataclasses import replace

from deckgen.analysis.measures.facts import facts_of
from deckgen.analysis.measures.run import traced
from deckgen.analysis.measures.trace import play_traced
from deckgen.games.multiplicats import GAME
from deckgen.options import resolve
from deckgen.registry import BuildRequest

ENGINE = GAME.engine
DESIGN = ENGINE.design


def deck(**options):
    return GAME.build(BuildRequest(resolve(GAME.options, options), 1))


def shared(d, players, seed, policy="heuristic", max_steps=None):
    """The game of ``seed`` traced by the shared loop, and the random numbers it left."""
    rng = random.Random(seed)
    state = ENGINE.new_state(d, players, rng)
    steps = ENGINE.max_steps(d, players) if max_steps is None else max_steps
    t = play_traced(state, [ENGINE.policies[policy]] * players, rng, DESIGN, max_steps=steps, counted=DESIGN.counted.get(policy))
    return t, rng.random()


def own(d, players, seed, policy="heuristic", max_steps=None):
    rng = random.Random(seed)
    state = ENGINE.new_state(d, players, rng)
    t = DESIGN.playout(state, rng, policy, ENGINE.max_steps(d, players) if max_steps is None else max_steps)
    return t, rng.random()


def test_the_own_traced_loop_gives_the_shared_loops_trace():
    """Over the rule options that change who turns up next, who goes out and when the game ends
    (rounds of points, Magia, ¡Ratón!), every player count from 2 (two piles each) to 6, both
    policies, and step budgets that stop games midway: equal traces (every sum, wait, sample and
    the margin), the same random numbers spent."""
    options = [{}, {"raton_call": True, "end": "first"}, {"infinite": True, "magia_pairs": "each", "false_slap_rate": 0.2},
               {"next_after_exchange": "next", "raton_call": True, "raton_own_pile": True}, {"tables": "1-10"}]
    games = 0
    for k, extra in enumerate(options):
        d = deck(**{"tables": "1-3", **extra})
        for players in (2, 3, 4, 6):
            for seed in range(3):
                policy = ("heuristic", "random")[seed % 2]
                mine, fast = own(d, players, seed + 10 * k, policy)
                theirs, slow = shared(d, players, seed + 10 * k, policy)
                assert mine == theirs and fast == slow, (extra, players, seed)
                assert mine.samples and mine.quiet_max is not None
                games += mine.ended
    assert games >= 50
    for steps in (0, 1, 2, 41):
        assert own(deck(tables="1-3"), 3, 1, max_steps=steps) == shared(deck(tables="1-3"), 3, 1, max_steps=steps), steps


def test_measures_trace_by_the_own_loop_only_when_nothing_more_is_asked():
    d = deck(tables="1-3")
    state = ENGINE.new_state(d, 3, random.Random(4))
    before = state.key()
    assert DESIGN.playout(state, random.Random(4), "slowest", 500) is None and state.key() == before
    kept = traced(ENGINE, DESIGN, d, 3, 4, keep_steps=True)
    fast = traced(ENGINE, DESIGN, d, 3, 4)
    # the kept trace holds every sample, the own loop's the first of each run of equal standings
    runs = [x for k, x in enumerate(kept.samples) if k == 0 or x.standing != kept.samples[k - 1].standing]
    assert fast.samples == runs and len(runs) < len(kept.samples) and fast.sampled == kept.sampled == len(kept.samples)
    assert len(kept.steps) == kept.steps_taken and replace(kept, steps=None, samples=runs) == fast
    assert facts_of(4, kept) == facts_of(4, fast)


def test_the_standing_is_the_cards_each_player_still_has_to_shed_then_when_they_went_out():
    from deckgen.games.multiplicats.design import NEVER, cards_left, standing

    seen = set()
    for players in (2, 4, 5):  # two piles each, a pile each
        rng = random.Random(players)
        state = ENGINE.new_state(deck(tables="1-3"), players, rng)
        while not state.is_terminal():
            if state.current_player() >= 0:
                out = state.out_turn
                assert standing(state) == [(-cards_left(state, p), -out[p] if p in out else NEVER) for p in range(players)]
                seen.add((players, bool(out)))
                state.apply_action(0)
            else:
                state.chance(rng)
    assert {(4, True), (4, False), (5, True)} <= seen
