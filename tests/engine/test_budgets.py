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


def walk_game(stalls):
    """Games whose seed is in ``stalls`` never end; the others end after 3 steps."""
    from deckgen.engine.game import Engine, Measure, Threshold, random_policy
    from deckgen.model import Card
    from deckgen.registry import Game

    engine = Engine(
        new_state=lambda deck, players, rng: Walk(0 if rng.random() in stalls else 3),
        policies={"random": random_policy, "heuristic": random_policy},
        measures=(Measure("steps", "steps"),),
        thresholds=lambda deck, players: [Threshold("steps", lo=1, why="toy")],
        max_steps=lambda deck, players: 20,
        repeat_limit=0,
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
    assert ends.ok and "the 100 measured games and 25 more" in ends.detail


def test_the_stalled_report_is_the_same_for_any_number_of_workers(tmp_path, capsys):
    deck = tmp_path / "toma.toml"
    deck.write_text('game = "mgc"\n[options]\ntarget_score = 25\n[[cards]]\nkind = "action"\naction = "toma_cuatro"\ncopies = 100\n')
    outs = []
    for workers in ("1", "2"):
        code, out, err = run(capsys, "validate", deck, "--players", "5", "--games", "80", "--workers", workers, "-q")
        assert code == 1, err
        outs.append([line for line in out.splitlines() if "FAIL every game ends" in line])
    assert outs[0] == outs[1] and "1 of 1 games did not end" in outs[0][0]
