"""What validate claims and what each claim rests on: the per-game arguments (decreasing variants)
are real checks that fail when the rules break them, the words are the same in the text report,
--json and build's refusal, and --confidence sets the sampled claim's games."""

from __future__ import annotations

import json
import random

import pytest

from clirun import run
from deckgen.engine.claims import DEFINITION, bound
from deckgen.engine.game import random_policy
from deckgen.engine.loop import InvariantBroken, play
from deckgen.registry import get_game
from deckgen.spec import spec_for


def default(game_id, **options):
    game = get_game(game_id)
    if game_id == "monete":
        options.setdefault("mode", "jungla")  # a game is played in one mode
    return game, spec_for(game, cli={}, file_layer={"game": game_id, "options": options} if options else None).build()


@pytest.mark.parametrize("game_id", ["maestras", "monete"])
def test_the_variant_decreases_every_turn_of_checked_games(game_id):
    game, deck = default(game_id)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.engine.new_state(deck, 3, rng)
        seen = [state.length_variant()]
        record = play(state, [random_policy] * 3, rng, seed=seed, max_steps=game.engine.max_steps(deck, 3), check=True)
        assert record.ended
        assert state.length_variant() < seen[0]


@pytest.mark.parametrize("game_id, cls", [("maestras", "deckgen.games.maestras.state.MaestrasState"),
                                          ("monete", "deckgen.games.monete.state.MoneteState")])
def test_a_variant_that_does_not_decrease_is_caught(game_id, cls, monkeypatch):
    import importlib

    module, name = cls.rsplit(".", 1)
    klass = getattr(importlib.import_module(module), name)
    original = klass.length_variant
    monkeypatch.setattr(klass, "length_variant", lambda self: original(self)[:1] + (0,) * (len(original(self)) - 1) if game_id == "maestras"
                        else (len(self.draw),))  # maestras: passes not counted; monete: hands not counted
    game, deck = default(game_id)
    with pytest.raises(InvariantBroken, match="variant did not decrease"):
        for seed in range(20):
            rng = random.Random(seed)
            state = game.engine.new_state(deck, 2, rng)
            play(state, [random_policy] * 2, rng, seed=seed, max_steps=game.engine.max_steps(deck, 2), check=True)
    argument = game.engine.arguments(deck, 2)[0]
    assert not argument.ok and "the argument fails" in argument.detail


@pytest.mark.parametrize("game_id", ["maestras", "monete"])
def test_the_argument_fails_when_its_bound_exceeds_the_step_budget(game_id, monkeypatch):
    game, deck = default(game_id)
    engine_module = __import__(f"deckgen.games.{game_id}.engine", fromlist=["max_steps"])
    monkeypatch.setattr(engine_module, "max_steps", lambda deck, players: 50)
    argument = engine_module.length_argument(deck, 2)[0]
    assert not argument.ok and argument.proof == "proven"
    game, deck = default(game_id)


def test_proven_claims_are_labelled_in_text_and_json(capsys):
    code, out, _ = run(capsys, "validate", "maestras", "--games", "40", "--players", "3", "--quiet")
    assert code == 0
    assert "Playable for 3 players: proven for every deal." in out
    assert "ok   every game ends (3 players): proven for every deal by the game's argument" in out and "[proven]" in out
    code, out, _ = run(capsys, "validate", "maestras", "--games", "40", "--players", "3", "--quiet", "--json")
    data = json.loads(out)
    assert data["basis"] == "proven for every deal"
    ends = next(c for c in data["simulation"] if c["name"] == "every game ends (3 players)")
    assert ends["proof"] == "proven"


def test_sampled_claims_follow_the_confidence_asked_for(capsys):
    code, out, _ = run(capsys, "validate", "multiplicats", "--tables", "1-5", "--players", "4", "--games", "40",
                       "--confidence", "150", "--quiet", "--json")
    data = json.loads(out)
    ends = next(c for c in data["simulation"] if c["name"].startswith("every game ends"))
    assert ends["proof"] == "sampled" and bound(150) in ends["detail"]
    assert data["claim_games"] == {"4": 150} and data["basis"] == "no failure in 150 games"


def test_the_bound_is_the_rule_of_three_and_says_what_it_bounds():
    """Issue 40, point 5: a sample of games bounds the games these players play from random deals,
    not the share of deals that can get stuck (case 1: 98% of deals could, 0 of 10,000 games did)."""
    assert bound(100) == ("no failure in 100 games of random and built-in players: at 95% confidence, fewer than 3/100 (3%) "
                          "of games dealt and played this way fail to end; a sample bounds these players' games, not deals: "
                          "a deal that gets stuck only after rare moves can go unseen")
    assert "fewer than 3/1,200 (0.25%)" in bound(1200)
    assert "deals fail" not in bound(100) and "deals fail" not in DEFINITION


def test_a_bad_confidence_is_refused(capsys):
    code, _, err = run(capsys, "validate", "mgc", "--confidence", "0")
    assert code == 2 and "--confidence" in err


def test_the_definition_of_playable_is_in_validate_help(capsys):
    code, out, _ = run(capsys, "validate", "--help")
    text = " ".join(out.split())
    for words in ("no dead end", "an end is always reachable", "no trap", "proven", "sampled", "3/N"):
        assert words in text


def test_builds_refusal_says_what_each_failed_claim_rests_on(tmp_path, capsys):
    from pathlib import Path

    deck = Path(__file__).parent / "decks" / "mgc_islands.toml"
    code, out, err = run(capsys, "build", str(deck), "--out", str(tmp_path / "b"), "--quiet")
    assert code == 2
    assert "an end is always reachable (2 players) [proven]" in err


@pytest.mark.parametrize("game_id", ["maestras", "monete", "hectoedra"])
def test_the_variant_holds_on_hypothesis_generated_games(game_id):
    """Hypothesis picks the deal, the player count and every choice of the players: the variant never
    rises and drops every turn along the whole game (engine/loop.py asserts it with check=True)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    game, deck = default(game_id)
    counts = list(game.player_counts(deck))

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 10**6), players=st.sampled_from(counts), choices=st.randoms(use_true_random=False))
    def run_one(seed, players, choices):
        rng = random.Random(seed)
        state = game.engine.new_state(deck, players, rng)

        def chooser(s, r):  # noqa: ANN001 - hypothesis's own random choices, shrinkable
            actions = s.legal_actions()
            return actions[choices.randrange(len(actions))]

        record = play(state, [chooser] * players, rng, seed=seed, max_steps=game.engine.max_steps(deck, players), check=True)
        assert record.ended

    run_one()
