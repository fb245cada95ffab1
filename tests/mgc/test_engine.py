"""The MGC engine over many seeded games: invariants at every step, every round and match ends, the
fast path plays the very same games as the generic loop, and validation catches a bad deck."""

from __future__ import annotations

import random
from dataclasses import asdict

import pytest

from deckgen.engine.loop import play, play_seeded
from deckgen.engine.validate import validate
from deckgen.model import Card, Deck
from deckgen.options import resolve

from deckgen.games.mgc.engine import ENGINE, new_state
from deckgen.games.mgc.policies import random_policy
from deckgen.games.mgc.state import MgcState


def with_options(game, deck, **rules):
    return Deck(deck.game, resolve(game.options, {**deck.options, **rules}), deck.seed, deck.cards, deck.players)


# ---------------------------------------------------------------- properties over many games


@pytest.mark.parametrize(
    "players, variant",
    [
        (2, {}),
        (3, {"draw_freely": True}),
        (4, {"retorno_two_players": "skip", "last_card_draws": False}),
        (6, {"after_action": "free", "round_starter": "winner"}),
        (10, {"algebra_call": 0.5, "algebra_catch": 1.0}),
    ],
)
def test_thousands_of_rounds_keep_the_invariants(game, deck, players, variant):
    """Card conservation and only legal moves at every step, no loop, every round ends: each game
    here is one round (target 1 point), 400 per setting and policy, 4000 in all."""
    one_round = with_options(game, deck, target_score=1, **variant)
    for seed in range(400):
        for policy in ("random", "heuristic"):
            record = play_seeded(ENGINE, one_round, players, seed, policy=policy, check=True, detect_loops=True)
            assert record.ended, (seed, policy, record.problem)
            assert record.counts["rounds"] == 1 and len(record.winners) == 1


def test_players_who_always_forget_algebra_and_are_always_caught_never_go_out(game, deck):
    """From one card a caught player is back to three, and nobody can play two cards in a turn: the
    simulation reports the stall instead of running for ever."""
    never = with_options(game, deck, target_score=1, algebra_call=0.0, algebra_catch=1.0)
    record = play_seeded(ENGINE, never, 3, 1, policy="heuristic")
    assert not record.ended and "did not end" in record.problem


def test_whole_matches_end_at_the_target(game, deck):
    for players in (2, 3, 5):
        for seed in range(6):
            record = play_seeded(ENGINE, deck, players, seed, policy="heuristic", check=True, detect_loops=True)
            assert record.ended
            state_scores = record.returns
            assert sorted(state_scores) == [0.0] * (players - 1) + [1.0]


def test_a_match_reaches_500_and_stops_there(deck):
    for seed in range(20):
        rng = random.Random(seed)
        state = new_state(deck, 3, rng)
        state.playout(rng)
        assert state.is_terminal()
        winner = state.winners()[0]
        assert state.scores[winner] >= 500
        assert all(s < 500 for i, s in enumerate(state.scores) if i != winner)


# ---------------------------------------------------------------- the fast path is the same game


def generic_record(deck, players, seed):
    rng = random.Random(seed)
    state = new_state(deck, players, rng)
    return play(state, [random_policy] * players, rng, seed=seed, max_steps=ENGINE.max_steps(deck, players))


@pytest.mark.parametrize(
    "players, variant",
    [(2, {}), (3, {"draw_freely": True, "after_action": "free"}), (5, {"retorno_two_players": "skip", "round_starter": "winner"}), (10, {})],
)
def test_fast_playout_plays_the_same_games_as_the_generic_loop(game, deck, players, variant):
    d = with_options(game, deck, target_score=150, **variant)
    for seed in range(12):
        fast = play_seeded(ENGINE, d, players, seed, policy="random")
        slow = generic_record(d, players, seed)
        assert asdict(fast) == asdict(slow), seed
        assert fast.ended and fast.steps > fast.length


def test_play_seeded_takes_the_fast_path_only_without_per_step_checks(deck, monkeypatch):
    calls = []
    original = MgcState.playout

    def spy(self, *args, **kw):
        calls.append(args)
        return original(self, *args, **kw)

    monkeypatch.setattr(MgcState, "playout", spy)
    play_seeded(ENGINE, deck, 2, 1, policy="random")
    assert len(calls) == 1
    play_seeded(ENGINE, deck, 2, 1, policy="random", check=True)
    play_seeded(ENGINE, deck, 2, 1, policy="heuristic")
    assert len(calls) == 1


def test_a_fast_run_can_stop_after_a_round_and_go_on_step_by_step(deck):
    rng = random.Random(4)
    state = new_state(deck, 2, rng)
    state.playout(rng, rounds=1)
    assert state.rounds == 1 and not state.is_terminal()
    assert state.current_player() == -1  # the next deal is a chance node
    state.chance(rng)
    assert state.current_player() in (0, 1) and state.card_count() == 108
    while not state.is_terminal():  # and the generic protocol plays on from there
        if state.current_player() == -1:
            state.chance(rng)
        else:
            state.apply_action(random_policy(state, rng))
        assert state.card_count() == 108


# ---------------------------------------------------------------- validation


def test_the_default_deck_validates(game, deck):
    report = validate(game, deck, players=[2, 4], games=8)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
    names = {m.name for m in ENGINE.measures}
    assert {"legal card at turn", "draws per round", "rounds per match", "round wins by the opener"} <= names
    for summary in report.summaries.values():
        assert 0.6 < summary.measures["legal card at turn"] < 1.0


def test_a_deck_where_a_monomial_cannot_be_followed_fails_validation(game):
    faces = [("2*x", 2, 1)] * 12 + [("3*x*y", 3, 2)] * 12 + [("-7*z**5", -7, 5)]
    cards = [Card("monomial", {"monomial": m, "coefficient": c, "degree": d}) for m, c, d in faces]
    cards += [Card("action", {"action": "toma_dos"})] * 6
    # a low target keeps the step budget small: a round that holds the lonely card never ends (it no
    # longer ends "blocked" after a few dry draws: issue 40), so the games run to their budget
    deck = Deck("mgc", {**{o.name: o.default for o in game.options}, "target_score": 25}, 1, tuple(cards), custom=True)
    report = validate(game, deck, players=[2], games=4, model_budget=150_000)  # the structural check is the subject, not the search
    assert not report.ok
    failed = {c.name for c in report.checks if not c.ok}
    assert "every monomial can be followed by another (same coefficient or degree)" in failed
    assert any("7z^5" in c.detail for c in report.exhaustive if not c.ok)


def test_measures_are_counted(deck):
    record = play_seeded(ENGINE, deck, 4, 3, policy="heuristic")
    c = record.counts
    assert c["rounds"] >= 1 and c["turns"] == record.length
    assert 0 < c["turns_with_legal"] <= c["turns"]
    assert c["draws"] >= 0 and c["penalty_cards"] > 0


def test_a_fast_runs_turn_budget_stops_it_at_a_round_start_or_a_draw(deck):
    rng = random.Random(2)
    state = new_state(deck, 2, rng)
    steps = state.playout(rng, max_steps=60)  # checked when a round is dealt and at each draw
    assert not state.is_terminal() and 60 <= steps < 200
    assert state.current_player() in (0, 1) and state.card_count() == 108
    more = state.playout(rng)
    assert state.is_terminal() and more > 0


def test_a_fast_run_stops_inside_a_round_that_never_ends(game):
    """Three groups that never follow one another: a round may never end (issue 40: it used to end
    "blocked" after a few dry draws, and the fast path checked its budget only between rounds)."""
    faces = [("x", 1, 1)] * 12 + [("2*x**2", 2, 2)] * 12 + [("3*x**3", 3, 3)] * 2
    cards = [Card("monomial", {"monomial": m, "coefficient": c, "degree": d}) for m, c, d in faces]
    deck = Deck("mgc", {o.name: o.default for o in game.options}, 1, tuple(cards), custom=True)
    stuck = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_state(deck, 2, rng)
        steps = state.playout(rng, max_steps=3_000)
        assert state.is_terminal() or 3_000 <= state.turns < 3_100 and steps > 0  # the budget counts turns
        stuck += not state.is_terminal()
    assert stuck
