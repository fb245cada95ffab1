"""Invariants over many seeded games, for every player count and both policies: no card created or
lost, only legal placements (checked here against an independent reading of the geometry), every
game ends by the rules; and the same over random rule variants (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maestras.helpers import build

from deckgen.engine.loop import play_seeded
from deckgen.games.maestras.cards import CENTRAL_K, EMPTY_K, MASTER_K
from deckgen.games.maestras.engine import ENGINE
from deckgen.games.maestras.rules import links
from deckgen.games.maestras.state import DRAW, MAIN, decode

PLAYERS = range(2, 9)
RANDOM_GAMES, HEURISTIC_GAMES, WATCHED_GAMES = 800, 250, 40


@pytest.mark.parametrize("players", PLAYERS)
def test_seeded_games_keep_their_invariants_and_end(players):
    deck = build()
    for policy, games in (("random", RANDOM_GAMES), ("heuristic", HEURISTIC_GAMES)):
        for seed in range(games):
            record = play_seeded(ENGINE, deck, players, 10_000 * players + seed, policy=policy, check=True, detect_loops=True)
            assert record.ended, (policy, seed, record.problem)
            assert record.winners
            assert record.counts["masters_placed"] <= 8 and record.counts["masters_won"] <= record.counts["masters_placed"]


def _orth(cell):
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def _check_placement(state, seat, action):
    """Recheck a main-phase placement from first principles, before it is applied."""
    card, cell = decode(action)
    info = state.infos[card]
    board = state.board
    assert card in state.hands[seat], "the card is in the player's hand"
    assert cell not in board, "a free cell"
    touching = [n for n in _orth(cell) if n in board]
    assert len(touching) == 1, f"touches exactly one card, not {touching}"
    (target,) = touching
    if info.kind == MASTER_K:
        assert target == (0, 0), "a master opens a path on a side of the central card"
        check_line = state.rules.in_line == "all"
    else:
        tips = {p.tip: p for p in state.paths if p.winner is None}
        assert target in tips, "a card links to the last card of an open path"
        path = tips[target]
        ref = next((state.infos[c] for c in reversed(path.cards) if state.infos[c].kind != EMPTY_K), None)
        assert ref is not None and links(ref, info, state.rules), "it links to the card before any empty cards"
        check_line = state.rules.in_line != "off"
    if check_line:
        last = state.last
        assert cell[0] == last[0] or cell[1] == last[1], "in line with the last card placed"


@pytest.mark.parametrize("players", (2, 3, 5, 8))
def test_every_placement_is_legal_by_an_independent_check(players):
    deck = build()
    for seed in range(WATCHED_GAMES):
        rng = random.Random(seed)
        state = ENGINE.new_state(deck, players, rng)
        policy = ENGINE.policies["random" if seed % 2 else "heuristic"]
        steps = 0
        while not state.is_terminal():
            seat = state.current_player()
            action = policy(state, rng)
            if state.phase == MAIN and action != DRAW:
                _check_placement(state, seat, action)
            elif state.phase == MAIN:
                # drawing only with nothing to place
                assert state.legal_actions() == [DRAW]
            state.apply_action(action)
            steps += 1
            assert steps < ENGINE.max_steps(deck, players)
        # at the end every master is won, still in a hand or the pile, or removed with its unwon path
        masters = [i for i, c in enumerate(state.infos) if c.kind == MASTER_K]
        where = sum(1 for s in state.won for c in s if c in masters) + sum(1 for h in state.hands for c in h if c in masters) \
            + sum(1 for c in state.pile if c in masters) + sum(1 for c in state.removed if c in masters) \
            + sum(1 for s in state.tiebreak_won for c in s if c in masters)
        assert where == len(masters) == 8
        assert sum(state.masters) == sum(1 for s in state.won for c in s if c in masters)
        assert state.infos[state.central].kind == CENTRAL_K


VARIANTS = st.fixed_dictionaries({
    "link": st.sampled_from(["either", "both", "colour", "points"]),
    "same_points": st.booleans(),
    "after_master": st.sampled_from(["colour", "any"]),
    "empty_counts": st.booleans(),
    "path_length": st.integers(2, 6),
    "hand": st.integers(1, 5),
    "in_line": st.sampled_from(["all", "links", "off"]),
    "corners": st.booleans(),
    "play_drawn": st.booleans(),
    "refill": st.booleans(),
    "won_paths": st.sampled_from(["taken", "stay"]),
    "tiebreak": st.sampled_from(["when-tied", "always", "never"]),
})


@settings(max_examples=60, deadline=None)
@given(options=VARIANTS, players=st.integers(2, 8), seed=st.integers(0, 2**32), policy=st.sampled_from(["random", "heuristic"]))
def test_rule_variants_keep_the_invariants_and_end(options, players, seed, policy):
    deck = build(**options)
    record = play_seeded(ENGINE, deck, players, seed, policy=policy, check=True, detect_loops=True)
    assert record.ended, record.problem
    assert record.steps <= ENGINE.max_steps(deck, players)


def test_the_same_seed_plays_the_same_game():
    deck = build()
    a = play_seeded(ENGINE, deck, 4, 77, keep_moves=True)
    b = play_seeded(ENGINE, deck, 4, 77, keep_moves=True)
    assert a.moves == b.moves and a.winners == b.winners
