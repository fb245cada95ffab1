"""The shared engine: play loop, invariant checks, stall detection, statistics, validation."""

from __future__ import annotations

import random

import pytest

from deckgen.checks import check
from deckgen.engine.game import Engine, Measure, Threshold, random_policy
from deckgen.engine.loop import InvariantBroken, play, play_seeded
from deckgen.engine.simulate import percentile, run_games, seat_advantage, summarize
from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.engine.validate import validate
from deckgen.games.multiplicats import GAME as MULTIPLICATS
from deckgen.model import Card, Deck
from deckgen.options import resolve
from deckgen.registry import BuildRequest, Game


class Race:
    """A toy game: players take turns adding 1 or 2 to a counter; a chance step may add 1; whoever
    reaches ``goal`` wins. ``loop=True`` makes the counter wrap around and never end; ``leak=True``
    loses a card."""

    def __init__(self, players, rng, goal=10, loop=False, leak=False):
        self.players, self.goal, self.loop, self.leak = players, goal, loop, leak
        self.total, self.turn, self.pending, self.winner, self.cards = 0, 0, False, None, 5
        self.moves = 0

    def current_player(self):
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.pending else self.turn

    def legal_actions(self):
        return [] if self.pending or self.winner is not None else [1, 2]

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(str(action))
        self.total += action
        self.moves += 1
        if self.leak and self.moves == 3:
            self.cards -= 1
        if self.total >= self.goal and not self.loop:
            self.winner = self.turn
        self.total %= self.goal if self.loop else 10**9
        self.pending = not self.loop
        self.turn = (self.turn + 1) % self.players

    def chance(self, rng):
        self.total += rng.random() < 0.5
        self.pending = False

    def is_terminal(self):
        return self.winner is not None

    def returns(self):
        return [1.0 if p == self.winner else 0.0 for p in range(self.players)]

    def winners(self):
        return [self.winner] if self.winner is not None else []

    def action_to_string(self, a):
        return f"+{a}"

    def card_count(self):
        return self.cards

    def key(self):
        return (self.total, self.turn, self.pending)

    def length(self):
        return self.moves

    def counts(self):
        return {"moves": self.moves, "twos": 0}


def race_engine(**kw):
    return Engine(
        new_state=lambda deck, players, rng: Race(players, rng, **kw),
        policies={"random": random_policy, "heuristic": lambda s, rng: 2},
        measures=(Measure("moves per game", "moves"),),
        thresholds=lambda deck, players: [Threshold("moves per game", hi=4, why="short games only")],
        max_steps=lambda deck, players: 500,
    )


TOY = Deck("race", {}, 1, tuple(Card("token") for _ in range(5)))


def toy_game(engine):
    return Game(
        id="race", title="Race", summary={"es": "", "en": ""}, players=(2, 3), default_players=2, options=(),
        build=lambda r: TOY, checks=lambda d: [check("tokens", len(d.cards) == 5)], faces=None, engine=engine,
    )


def test_play_runs_a_game_to_its_end_with_a_record():
    rec = play_seeded(race_engine(), TOY, 3, 7, check=True, keep_moves=True)
    assert rec.ended and rec.winners and rec.returns[rec.winners[0]] == 1.0
    assert rec.moves and rec.moves[0].startswith("0: +")
    assert rec == play_seeded(race_engine(), TOY, 3, 7, check=True, keep_moves=True)


def test_a_game_that_cannot_end_is_stopped_and_said_so():
    loop = race_engine(loop=True)
    rec = play_seeded(loop, TOY, 2, 1)
    assert not rec.ended and "500 steps" in rec.problem
    rec = play_seeded(loop, TOY, 2, 1, detect_loops=True)
    assert not rec.ended and "came back" in rec.problem and rec.steps < 500


def test_a_lost_card_and_an_illegal_move_break_the_invariants():
    with pytest.raises(InvariantBroken, match="cards in play"):
        play_seeded(race_engine(leak=True), TOY, 2, 1, check=True)
    state = Race(2, random.Random(0))
    with pytest.raises(InvariantBroken, match="illegal action 7"):
        play(state, [lambda s, r: 7] * 2, random.Random(0), check=True, deck_size=5)


def test_summary_statistics():
    assert percentile([5, 1, 3, 2, 4], 50) == 3 and percentile(list(range(1, 101)), 95) == 95
    records = run_games(race_engine(), TOY, 2, 40, 100)
    assert [r.seed for r in records] == list(range(100, 140))
    s = summarize(race_engine(), TOY, 2, "heuristic", 100, records)
    assert s.ended == 40 and abs(sum(s.wins_by_seat) - 1.0) < 1e-9
    assert s.measures["moves per game"] == pytest.approx(sum(r.counts["moves"] for r in records) / 40)
    assert s.length_median == sorted(r.length for r in records)[19] or s.length_median == (sorted(r.length for r in records)[19] + sorted(r.length for r in records)[20]) / 2
    assert seat_advantage(s) == pytest.approx(max(abs(w - 0.5) for w in s.wins_by_seat))


def test_measures_and_thresholds():
    m = Measure("rate", "a", per="b", percent=True)
    assert m.value({"a": 1, "b": 4}, 10) == 0.25 and m.show(0.25) == "25.0%"
    assert Measure("mean", "a").value({"a": 30}, 10) == 3.0
    t = Threshold("x", lo=1, hi=2)
    assert t.holds(1) and t.holds(2) and not t.holds(2.1) and t.text() == "between 1 and 2"


def test_validation_reports_stalls_with_their_seed_and_measures_out_of_range():
    report = validate(toy_game(race_engine(loop=True)), TOY, games=8, seed=50)
    assert not report.ok
    stall = next(c for c in report.simulated if c.name.startswith("every game ends") and not c.ok)
    assert stall.seed == 50 and "came back" in stall.detail
    report = validate(toy_game(race_engine()), TOY, games=20, seed=1)
    assert [c.ok for c in report.static] == [True, True]  # the game's check, then the counts it serves
    assert report.static[-1].name == "player counts this deck serves"
    moves = [c for c in report.simulated if c.name.startswith("moves per game")]
    assert len(moves) == 2 and not any(c.ok for c in moves)  # heuristic games take ~5 moves > 4
    assert "short games only" in moves[0].detail


def test_simulation_results_do_not_depend_on_the_number_of_workers():
    deck = MULTIPLICATS.build(BuildRequest(resolve(MULTIPLICATS.options, {"tables": "1-3"}), 1))
    one = run_games(MULTIPLICATS.engine, deck, 4, 24, 9, workers=1)
    two = run_games(MULTIPLICATS.engine, deck, 4, 24, 9, workers=2)
    assert one == two
