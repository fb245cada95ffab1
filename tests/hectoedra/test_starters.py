"""Who starts each round (issue 13, item 4): whoever played the last card, unless they already
started a round; then the next player in turn order who has not. Everyone starts exactly once."""

import random

import pytest

from deckgen.engine.loop import play_seeded
from deckgen.engine.state import CHANCE
from deckgen.games.hectoedra import GAME, rules
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.spec import spec_for

ENGINE = GAME.engine
DECK = spec_for(GAME, cli={}).build()


def test_next_starter_table():
    assert rules.next_starter(2, [0], 4) == 2  # has not started: starts
    assert rules.next_starter(0, [0], 4) == 1  # started already: the next one who has not
    assert rules.next_starter(3, [0, 3], 4) == 1  # 3 started, 0 started: 1 is next clockwise
    assert rules.next_starter(1, [1, 2, 3], 4) == 0  # wraps round the table
    assert rules.next_starter(2, [0, 1, 2, 3], 4) == 2  # everyone started: a new cycle
    assert rules.next_starter(2, [0, 1, 2, 3, 2], 4) == 3  # 2 started this new cycle already
    assert rules.next_starter(0, [1, 0, 2, 0], 3) == 1  # the cycle is [0]: 0 is taken, 1 is free


def _play_out(state, rng):
    """Play a match to its end with random legal moves; the starters of its rounds, in order."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return [h["starter"] for h in state.history]


def _starters(deck, players, seed):
    state = ENGINE.new_state(deck, players, random.Random(seed))
    return _play_out(state, random.Random(seed)), state.history


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_player_starts_exactly_one_round(players):
    for seed in range(40):
        starters, history = _starters(DECK, players, seed)
        assert sorted(starters) == list(range(players)), (seed, starters)
        for before, (prev, now) in enumerate(zip(history, history[1:])):
            done = starters[: before + 1]
            candidate = prev["last_played"] if prev["last_played"] is not None else prev["starter"]
            if candidate not in done:
                assert now["starter"] == candidate  # the last player to play starts when they can
            else:
                assert now["starter"] == rules.next_starter(candidate, done, players)


def test_seed_5_with_four_players_no_longer_repeats_a_starter():
    rec = play_seeded(ENGINE, DECK, 4, 5, check=True)
    assert rec.counts["every_seat_started"] == 1.0
    old = spec_for(GAME, cli={"options": {"each_starts": False}}).build()
    assert play_seeded(ENGINE, old, 4, 5).counts["every_seat_started"] == 0.0  # 2, 1, 3, 2 in the issue


@pytest.mark.parametrize("players", [2, 3])
def test_with_more_rounds_than_players_each_cycle_has_every_starter_once(players):
    for seed in range(12):
        starters = _play_out(HectoedraState(range(1, 101), players, Variant(rounds=3 * players)), random.Random(seed))
        for k in range(3):
            assert sorted(starters[k * players : (k + 1) * players]) == list(range(players)), (seed, starters)


def test_the_rulebook_promises_what_the_engine_does(tmp_path):
    from deckgen.games.hectoedra.rulebook import variants

    es = " ".join(variants(DECK.options, "es"))
    en = " ".join(variants(DECK.options, "en"))
    assert "Nadie empieza dos rondas" in es and "Nobody starts a second round" in en
    off = spec_for(GAME, cli={"options": {"each_starts": False}}).build()
    assert "someone may never start" in " ".join(variants(off.options, "en"))
