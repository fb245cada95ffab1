"""A deck whose games never end is a finding after one step budget, not a hang: validation stops
playing a player count at the first game that hits its budget."""

from __future__ import annotations

import re

from clirun import run
from deckgen.games.mgc.engine import max_steps
from deckgen.model import Deck


def test_mgc_budget_follows_the_target_not_the_players():
    deck = Deck("mgc", {"target_score": 500}, 1, ())
    assert max_steps(deck, 2) == max_steps(deck, 10) == 100_000
    assert max_steps(Deck("mgc", {"target_score": 1}, 1, ()), 3) == 10_000


def test_a_deck_of_toma_cuatro_cards_is_a_finding_not_a_hang(tmp_path, capsys):
    deck = tmp_path / "toma.toml"
    deck.write_text('game = "mgc"\n[options]\ntarget_score = 25\n[[cards]]\nkind = "action"\naction = "toma_cuatro"\ncopies = 100\n')
    code, out, err = run(capsys, "validate", deck, "--players", "5", "--games", "40", "-q")
    assert code == 1, err
    found = re.search(r"FAIL every game ends \(5 players\): (\d+) of (\d+) games did not end", out)
    assert found, out
    assert int(found.group(2)) < 40  # it stopped at the first batch with a stalled game


class Walk:
    """A toy game of one seat: it ends after ``length`` steps, or never when ``length`` is 0."""

    def __init__(self, length):
        self.length_, self.steps = length, 0

    def current_player(self):
        return 0

    def legal_actions(self):
        return [0]

    def apply_action(self, action):
        self.steps += 1

    def is_terminal(self):
        return bool(self.length_) and self.steps >= self.length_

    def returns(self):
        return [1.0]

    def winners(self):
        return [0]

    def action_to_string(self, a):
        return "step"

    def card_count(self):
        return 1

    def key(self):
        return self.steps

    def length(self):
        return self.steps

    def counts(self):
        return {"steps": self.steps}


def walk_game(stalls, length=3, validate_steps=1_000_000):
    """Games whose seed is in ``stalls`` never end; the others end after ``length`` steps."""
    from deckgen.engine.game import Engine, Measure, Threshold, random_policy
    from deckgen.model import Card
    from deckgen.registry import Game

    engine = Engine(
        new_state=lambda deck, players, rng: Walk(0 if rng.random() in stalls else length),
        policies={"random": random_policy, "heuristic": random_policy},
        measures=(Measure("steps", "steps"),),
        thresholds=lambda deck, players: [Threshold("steps", lo=1, why="toy")],
        max_steps=lambda deck, players: 20,
        repeat_limit=0,
        validate_steps=validate_steps,
    )
    deck = Deck("walk", {}, 1, (Card("walk"),))
    game = Game(id="walk", title="Walk", summary={"es": "", "en": ""}, players=(1, 1), default_players=1, options=(),
                build=lambda r: deck, checks=lambda d: [], faces=None, engine=engine)
    return game, deck


def _first_draw(seed):
    import random

    return random.Random(seed).random()


def test_a_player_count_stops_at_its_first_game_that_does_not_end():
    from deckgen.engine.validate import validate

    game, deck = walk_game({_first_draw(1 + 23), _first_draw(1 + 31)})  # games 23 and 31 of seed 1
    report = validate(game, deck, games=400, seed=1)
    ends = next(c for c in report.checks if c.name.startswith("every game ends"))
    assert not ends.ok and ends.seed == 24
    assert "1 of 24 games did not end" in ends.detail  # games 0..23: the chunks after the stall are dropped
    assert report.summaries[1].games == 24


def test_a_good_deck_plays_every_game_and_the_random_explorers():
    from deckgen.engine.validate import validate

    game, deck = walk_game(set())
    report = validate(game, deck, games=100, seed=1, sequential=False)
    ends = next(c for c in report.checks if c.name.startswith("every game ends"))
    assert ends.ok and "no failure in 125 games" in ends.detail  # the 100 measured games and 25 random ones


def test_the_stalled_report_is_the_same_for_any_number_of_workers(tmp_path, capsys):
    deck = tmp_path / "toma.toml"
    deck.write_text('game = "mgc"\n[options]\ntarget_score = 25\n[[cards]]\nkind = "action"\naction = "toma_cuatro"\ncopies = 100\n')
    outs = []
    for workers in ("1", "2"):
        code, out, err = run(capsys, "validate", deck, "--players", "5", "--games", "80", "--workers", workers, "-q")
        assert code == 1, err
        outs.append([line for line in out.splitlines() if "FAIL every game ends" in line])
    assert outs[0] == outs[1] and "1 of 1 games did not end" in outs[0][0]


def test_a_player_count_stops_at_its_work_bound_and_too_few_games_is_a_finding():
    from deckgen.engine.validate import validate

    game, deck = walk_game(set(), length=10, validate_steps=455)
    report = validate(game, deck, games=400, seed=1)
    work = next(c for c in report.checks if c.name.startswith("games are short enough to check"))
    # batch 1: 4 measured chunks of 10 games (100 steps each) and 1 exploring chunk; each chunk may
    # spend the 455 steps left, the batch is cut at the chunk that spends them: 40 + 10 games
    assert not work.ok and "stopped after 50 games: they took 500 steps" in work.detail and "455" in work.detail
    assert report.summaries[1].games == 40
    ends = next(c for c in report.checks if c.name.startswith("every game ends"))
    assert ends.ok


def test_the_work_bound_grows_with_more_games_and_stops_quietly_after_enough_games():
    from deckgen.engine.validate import validate

    game, deck = walk_game(set(), length=10, validate_steps=455)
    report = validate(game, deck, games=4000, seed=1, sequential=False)  # ten times the bound: 4,550
    # one batch of 400 measured chunks, then 100 exploring ones: cut at the 46th chunk (4,600 steps);
    # 460 measured games are enough to trust: no check is added, the stream simply stops
    assert report.summaries[1].games == 460 and report.ok
    assert not any(c.name.startswith("games are short") for c in report.checks)
    small = validate(game, deck, games=30, seed=1, sequential=False)  # 370 steps: fewer games never lower the bound
    assert small.summaries[1].games == 30 and small.ok


def test_no_deck_file_within_the_limits_defeats_a_step_budget():
    """The README allows 5,000 cards and any option in its range: every budget stays bounded."""
    from deckgen.games.maestras.engine import max_steps as maestras
    from deckgen.games.monete.engine import ENGINE as MONETE
    from deckgen.games.multiplicats.engine import max_steps as multiplicats
    from deckgen.model import Card

    big = tuple(Card("x") for _ in range(5000))
    assert max_steps(Deck("mgc", {"target_score": 100_000}, 1, big), 2) == 100_000
    assert max_steps(Deck("mgc", {"target_score": 500}, 1, big), 2) == 100_000  # the default target's
    assert max_steps(Deck("mgc", {"target_score": 499}, 1, big), 2) == 95_000
    assert multiplicats(Deck("multiplicats", {}, 1, big), 8) == 100_000
    assert multiplicats(Deck("multiplicats", {}, 1, big[:160]), 8) == 74_000  # the default deck's
    assert MONETE.max_steps(Deck("monete", {}, 1, big), 8) == 60_100
    assert maestras(Deck("maestras", {}, 1, big), 8) == 2 * 5000 * 9 + 5000 + 9


def test_a_deck_of_action_cards_with_eleccion_but_no_monomial_is_refused_before_play(tmp_path, capsys):
    deck = tmp_path / "actions.toml"
    deck.write_text('game = "mgc"\n[[cards]]\nkind = "action"\naction = "eleccion_grado"\ncopies = 30\n'
                    '[[cards]]\nkind = "action"\naction = "toma_dos"\ncopies = 30\n')
    code, out, err = run(capsys, "validate", deck, "--players", "3", "--games", "10", "-q")
    assert code == 1 and "Traceback" not in err, err
    assert "FAIL monomial cards: none, but 30 Elección cards" in out and "simulation: skipped" in out


def test_a_games_work_counts_its_steps_and_its_deal():
    from dataclasses import replace

    from deckgen.engine.simulate import DEAL_WORK, Chunk, play_chunk
    from deckgen.model import Card

    game, deck = walk_game(set(), length=10)
    big = replace(deck, cards=tuple(Card("walk") for _ in range(3 * DEAL_WORK + 1)))
    tally = play_chunk(Chunk("walk", big, 1, 1, 3), game.engine)
    assert tally.games == 3 and tally.steps == 3 * (10 + 3)
    # a chunk with an allowance stops after the game that spends it
    assert play_chunk(Chunk("walk", big, 1, 1, 10, step_allowance=27), game.engine).games == 3
    assert play_chunk(Chunk("walk", big, 1, 1, 10, step_allowance=26), game.engine).games == 2


class Spin(Walk):
    """A game that never ends and never changes: the same position at every step."""

    def key(self):
        return ("the same",)


def test_loop_detection_looks_every_step_up_to_500_cards_and_every_few_above():
    import random

    from deckgen.engine.loop import KEY_CARDS, key_stride, play

    assert KEY_CARDS == 500
    assert [key_stride(n) for n in (0, 160, 500, 501, 999, 1000, 5000)] == [1, 1, 1, 2, 2, 3, 11]
    for every, steps in ((1, 49), (11, 539)):
        # the 50th sighting of the position ends the game: at step 49 looking every step, 49 × 11 every 11
        r = play(Spin(0), [lambda s, rng: 0], random.Random(1), max_steps=10_000, repeat_limit=50, key_every=every)
        assert not r.ended and r.steps == steps and "came back 50 times" in r.problem
