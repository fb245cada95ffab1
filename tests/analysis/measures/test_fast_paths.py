"""The trace's shortcuts, each a claim a game makes about itself, proved against the long way round
for every game and rule variant that makes it, at 2 to 5 players:

- one sample per run of equal standings (trace.py): a trace with its steps kept holds every sample;
  both give equal facts;
- ``Design.moved``: where it has not changed since the last sampling moment, the standing is the
  same (the standing is then not built again);
- ``Design.one_way``: each seat's first standing entry only ever moves one way, so a turn's progress
  is read from the first and last samples (standing.one_way_progress) and equals the sum of every
  move (standing.progress);
- ``Design.rounds_dealt``: every round ends with a chance step before the next decision, so round
  ends are read at chance steps only; the traces are those of the loop that reads them at every turn.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from deckgen.analysis.measures import standing as S
from deckgen.analysis.measures.facts import facts_of
from deckgen.analysis.measures.run import traced
from deckgen.analysis.measures.trace import play_traced
from deckgen.engine.state import CHANCE
from deckgen.registry import games
from deckgen.spec import spec_for

GAMES = sorted(games())
SEEDS = range(1, 9)


def variants(game_id):
    game = games()[game_id]
    return game.engine, game.engine.variants(spec_for(game, cli={}).build())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_trace_of_standing_runs_gives_the_facts_of_every_sample(game_id):
    engine, decks = variants(game_id)
    design = engine.design
    fewer = 0
    for label, deck in decks:
        for players in range(2, 6):
            for seed in SEEDS:
                kept = traced(engine, design, deck, players, seed, keep_steps=True)
                fast = traced(engine, design, deck, players, seed)
                assert kept.sampled == fast.sampled == len(kept.samples), (label, players, seed)
                runs = [x for k, x in enumerate(kept.samples) if k == 0 or x.standing != kept.samples[k - 1].standing]
                assert fast.samples == runs, (label, players, seed)
                assert facts_of(seed, fast, design.one_way) == facts_of(seed, kept), (label, players, seed)
                fewer += len(runs) < len(kept.samples)
    if game_id in ("hectoedra", "multiplicats"):  # standings that stay put for rotations on end
        assert fewer > len(decks) * 4 * len(SEEDS) // 2


@pytest.mark.parametrize("game_id", [g for g in GAMES if games()[g].engine.design.moved is not None])
def test_where_the_moved_value_stays_the_standing_stays(game_id):
    """At every step of seeded games (random and heuristic players), the standing after a step
    differs from the one before only where the game's moved value differs too."""
    engine, decks = variants(game_id)
    design = engine.design
    steps = changes = 0
    for label, deck in decks:
        for players in range(2, 6):
            for seed in SEEDS:
                rng = random.Random(seed)
                state = engine.new_state(deck, players, rng)
                policy = engine.policies[("heuristic", "random")[seed % 2]]
                before = (design.moved(state), design.standing(state))
                while not state.is_terminal():
                    if state.current_player() == CHANCE:
                        state.chance(rng)
                    else:
                        state.apply_action(policy(state, rng))
                    now = (design.moved(state), design.standing(state))
                    assert now[0] != before[0] or now[1] == before[1], (label, players, seed, before, now)
                    changes += now[1] != before[1]
                    steps += 1
                    before = now
    assert changes > 100 and steps > 3 * changes


@pytest.mark.parametrize("game_id", [g for g in GAMES if games()[g].engine.design.one_way])
def test_first_entries_said_to_move_one_way_do(game_id):
    engine, decks = variants(game_id)
    design = engine.design
    for label, deck in decks:
        for players in range(2, 6):
            for seed in SEEDS:
                t = traced(engine, design, deck, players, seed, keep_steps=True)
                for seat in range(players):
                    entries = [x.standing[seat][0] for x in t.samples]
                    assert entries == sorted(entries) or entries == sorted(entries, reverse=True), (label, players, seed, seat)
                assert S.one_way_progress(t.samples, t.length) == S.progress(t.samples, t.length) > 0, (label, players, seed)


def test_one_way_progress_reads_only_the_first_and_last_samples():
    a = [S.Sample(0, [(0,), (0,)]), S.Sample(4, [(3,), (1,)]), S.Sample(8, [(5,), (1,)])]
    assert S.one_way_progress(a, 8) == 6 / 8 == S.progress(a, 8)
    wobbly = [S.Sample(0, [(0,), (0,)]), S.Sample(4, [(3,), (0,)]), S.Sample(8, [(1,), (0,)])]  # up then down: not one way
    assert S.one_way_progress(wobbly, 8) == 1 / 8 and S.progress(wobbly, 8) == 5 / 8
    assert S.one_way_progress(a[:1], 8) == 0.0 and S.one_way_progress(a, 0) == 0.0


@pytest.mark.parametrize("game_id", [g for g in GAMES if games()[g].engine.design.rounds_dealt])
def test_round_ends_read_at_the_deals_alone_give_the_traces_read_at_every_turn(game_id):
    engine, decks = variants(game_id)
    design = engine.design
    every_turn = replace(design, rounds_dealt=False)
    rounds = 0
    for label, deck in decks:
        for players in range(2, 6):
            for seed in SEEDS:
                pair = []
                for d in (design, every_turn):
                    rng = random.Random(seed)
                    state = engine.new_state(deck, players, rng)
                    pol = engine.policies["heuristic"]
                    pair.append(play_traced(state, [pol] * players, rng, d, max_steps=engine.max_steps(deck, players), keep_steps=True))
                assert pair[0] == pair[1], (label, players, seed)
                rounds += design.rounds(state)
    assert rounds > 2 * len(decks) * 4 * len(SEEDS)  # games of several rounds
