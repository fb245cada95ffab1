"""The Monte Carlo player on toy games whose best move is known."""

from __future__ import annotations

import copy
import random

from deckgen.analysis.montecarlo import MonteCarloPlayer, random_rollout
from deckgen.engine.state import TERMINAL


class Guess:
    """Seat 0 names a card 0..3; it wins when the card is the hidden one, which is card 2 three
    times in four in every deal (the seat cannot see it but knows the odds). Then seat 1 moves
    at random (two actions that change nothing), and the game ends."""

    def __init__(self, hidden: int) -> None:
        self.hidden = hidden
        self.guess = -1
        self.moves = 0

    def current_player(self):
        return TERMINAL if self.moves >= 2 else self.moves

    def legal_actions(self):
        return [0, 1, 2, 3] if self.moves == 0 else [0, 1]

    def apply_action(self, a):
        if self.moves == 0:
            self.guess = a
        self.moves += 1

    def is_terminal(self):
        return self.moves >= 2

    def returns(self):
        won = self.guess == self.hidden
        return [1.0 if won else 0.0, 0.0 if won else 1.0]


def sample(state, seat, rng):
    world = copy.copy(state)
    world.hidden = 2 if rng.random() < 0.75 else rng.choice([0, 1, 3])
    return world


def heuristic(state, rng):
    return state.legal_actions()[0]


def test_it_finds_the_best_move_without_seeing_the_card():
    for hidden in range(4):  # whatever the real card, the best guess is the likeliest one
        player = MonteCarloPlayer(sample, 64, heuristic)
        values = player.values(Guess(hidden), random.Random(hidden))
        assert max(values, key=values.get) == 2
        assert values[2] > 0.6 and all(values[a] < 0.25 for a in (0, 1, 3))
        assert player(Guess(hidden), random.Random(hidden)) == 2


def test_every_action_is_tried_on_the_same_deals():
    player = MonteCarloPlayer(sample, 40, heuristic)
    values = player.values(Guess(0), random.Random(5))
    # 10 deals, each guess tried on all of them: the four values share out exactly the 10 deals
    assert sum(values.values()) * 10 == 10
    assert all(abs(v * 10 - round(v * 10)) < 1e-9 for v in values.values())
    assert 0.4 < values[2] < 1.0  # ten deals, not one


def test_a_budget_below_the_actions_tries_that_many():
    values = MonteCarloPlayer(sample, 2, heuristic).values(Guess(0), random.Random(1))
    assert len(values) == 2


class Forced(Guess):
    def legal_actions(self):
        return [3] if self.moves == 0 else [0, 1]


def test_a_forced_move_is_not_searched_and_the_rollout_plays_to_the_end():
    calls = []
    player = MonteCarloPlayer(lambda s, seat, rng: calls.append(1), 8, heuristic)
    assert player(Forced(2), random.Random(1)) == 3 and calls == []
    state = Guess(2)
    state.apply_action(2)
    assert random_rollout(state, 0, random.Random(1), 10) == 1.0
    assert state.is_terminal()


class Even(Guess):
    """Every card equally likely: no move is better than the heuristic's."""


def test_without_a_significant_gain_it_keeps_the_heuristics_move():
    even = lambda state, seat, rng: (lambda w: (setattr(w, "hidden", rng.randrange(4)), w)[1])(copy.copy(state))  # noqa: E731
    assert MonteCarloPlayer(even, 64, heuristic)(Even(1), random.Random(3)) == 0
    assert MonteCarloPlayer(sample, 64, heuristic)(Guess(1), random.Random(3)) == 2  # a real gain: it switches
    assert MonteCarloPlayer(sample, 3, heuristic)(Guess(1), random.Random(3)) == 0  # one world: no evidence
