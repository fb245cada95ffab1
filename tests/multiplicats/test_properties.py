"""Invariants of the Multipli Cat's engine over many seeded games."""

from __future__ import annotations

import random
from dataclasses import asdict, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.engine.loop import play, play_seeded
from deckgen.games.multiplicats import GAME
from deckgen.options import resolve
from deckgen.registry import BuildRequest

ENGINE = GAME.engine


def deck(**options):
    return GAME.build(BuildRequest(resolve(GAME.options, options), 1))


SMALL = deck(tables="1-3")  # 30 + 16 + 10 cards: short games


def test_every_player_count_keeps_every_card_and_ends():
    for players in range(2, 9):
        for seed in range(25):
            record = play_seeded(ENGINE, SMALL, players, seed, check=True, detect_loops=True)
            assert record.ended, (players, seed, record.problem)
            assert record.winners and all(record.returns[w] == 1.0 for w in record.winners)


class Watch:
    """Wraps a state to check, after every step, that the multiset of cards is the deck's."""

    def __init__(self, state):
        self.state, self.n = state, len(state.code)

    def __getattr__(self, name):
        return getattr(self.state, name)

    def apply_action(self, action):
        assert action in self.state.legal_actions()
        self.state.apply_action(action)
        assert self.state.all_cards() == list(range(self.n))

    def chance(self, rng):
        self.state.chance(rng)
        assert self.state.all_cards() == list(range(self.n))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    end=st.sampled_from(["two-left", "first"]),
    after=st.sampled_from(["loser", "next"]),
    raton=st.booleans(),
    infinite=st.booleans(),
    miss=st.sampled_from([0.0, 0.1, 0.5]),
    false=st.sampled_from([0.01, 0.1]),  # a table that never slaps wrongly can stall: see below
)
def test_no_card_is_created_or_lost_and_every_variant_ends(seed, players, end, after, raton, infinite, miss, false):
    d = deck(tables="2-4", end=end, next_after_exchange=after, raton_call=raton, infinite=infinite, miss_rate=miss, false_slap_rate=false)
    rng = random.Random(seed)
    state = Watch(ENGINE.new_state(d, players, rng))
    record = play(state, [ENGINE.policies["random"]] * players, rng, seed=seed, max_steps=ENGINE.max_steps(d, players), repeat_limit=ENGINE.repeat_limit)
    assert record.ended, record.problem
    if infinite:
        assert max(state.points) == 3
    elif end == "first" or players <= 3:
        assert len(state.out) >= 1  # several can go out on one turn (a gula takes their last cards)
        assert all(state.out_turn[p] == state.out_turn[state.out[0]] for p in state.out)
    else:
        assert len(state.out) >= players - 2
    assert record.winners and all(record.returns[w] == 1.0 for w in record.winners)


def test_a_game_is_reproduced_by_its_seed_alone():
    a = play_seeded(ENGINE, SMALL, 4, 1234, keep_moves=True)
    b = play_seeded(ENGINE, SMALL, 4, 1234, keep_moves=True)
    c = play_seeded(ENGINE, SMALL, 4, 1235, keep_moves=True)
    assert a == b
    assert (a.length, a.counts) != (c.length, c.counts)


def test_every_game_on_the_full_deck_ends():
    full = deck()
    for players in (3, 8):
        for seed in range(5):
            record = play_seeded(ENGINE, full, players, seed, check=True)
            assert record.ended and record.length > 50



def test_the_fast_playout_plays_the_same_games_as_the_generic_loop():
    """play_seeded takes the state's own fast path (``playout``) when no check is asked for: the
    same records as the generic loop with the registered policy, over the rule options that change
    who reacts and who turns up next, and a step budget that stops games midway."""
    options = [{}, {"raton_call": True, "end": "first"}, {"infinite": True, "magia_pairs": "each", "false_slap_rate": 0.2},
               {"next_after_exchange": "next", "raton_call": True, "raton_own_pile": True}]
    for extra, players in zip(options, (2, 3, 5, 4)):
        d = deck(tables="1-3", **extra)
        for seed in range(2):
            fast = play_seeded(ENGINE, d, players, seed)
            rng = random.Random(seed)
            state = ENGINE.new_state(d, players, rng)
            slow = play(state, [ENGINE.policies["heuristic"]] * players, rng, seed=seed, max_steps=ENGINE.max_steps(d, players))
            assert asdict(fast) == asdict(slow), (extra, players, seed)
    short = replace(ENGINE, max_steps=lambda d, players: 40)
    fast = play_seeded(short, SMALL, 3, 1)
    rng = random.Random(1)
    slow = play(ENGINE.new_state(SMALL, 3, rng), [ENGINE.policies["random"]] * 3, rng, seed=1, max_steps=40)
    assert not fast.ended and asdict(fast) == asdict(slow)
