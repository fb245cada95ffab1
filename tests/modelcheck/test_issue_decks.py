"""Issue 26's three deck files get the verdict the definition of playable gives, whatever --games,
--fixed and --seed say; a loop of the computer player is reported against the player."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.deckfile.load import read_deck_file
from deckgen.engine.loop import play_seeded
from deckgen.engine.validate import validate
from deckgen.games.mgc import policies
from deckgen.games.mgc.engine import ENGINE
from deckgen.spec import spec_for

DECKS = Path(__file__).parent / "decks"


def load(name):
    raw, game = read_deck_file(DECKS / name)
    return game, spec_for(game, cli={}, file_layer=raw).build()


def failed(report):
    return {c.name: c for c in report.checks if not c.ok}


@pytest.mark.parametrize("games, sequential, seed", [(400, True, 1), (40, False, 7)])
def test_three_groups_of_monomials_are_not_playable_with_a_counterexample(games, sequential, seed):
    game, deck = load("mgc_islands.toml")
    report = validate(game, deck, games=games, sequential=sequential, seed=seed)
    bad = failed(report)
    assert not report.ok
    reach = bad["an end is always reachable (2 players)"]
    assert reach.proof == "proven"
    assert "3x^3" in reach.detail and "2x^2" in reach.detail and "deal: seat 0:" in reach.detail
    assert bad["no trap (2 players)"].proof == "proven"
    graph = bad["every card can reach play from every card (follow-graph of the monomials and the wild cards)"]
    assert "3 groups" in graph.detail and "{3x^3}" in graph.detail
    assert "bug in deckgen" not in bad["every game ends (2 players)"].hint
    m = report.models[2]
    assert m.complete and m.to_json()["no_end"]["steps"][0].startswith("deal:")


@pytest.mark.parametrize("name, proof", [("mgc_loop_actions.toml", "proven"), ("mgc_loop_toma_cuatro.toml", "sampled")])
def test_decks_the_old_computer_player_looped_on_are_playable(name, proof):
    """Case 1 (every card always legal, 2 players) is proven by the game's argument (going_out.py,
    tests/mgc/test_going_out.py); case 2, its search cut short here, rests on the sample."""
    game, deck = load(name)
    verdicts = set()
    for games, sequential, seed in ((400, True, 1), (40, False, 3)):
        report = validate(game, deck, games=games, sequential=sequential, seed=seed, model_budget=5_000)
        assert report.ok, [c.line() for c in report.checks if not c.ok]
        ends = next(c for c in report.simulated if c.name == "every game ends (2 players)")
        assert ends.proof == proof
        if proof == "sampled":
            assert "fewer than 3/" in ends.detail
            assert report.claim_games[2] >= 100  # --confidence's default, whatever --games says
        else:
            assert "game's argument" in ends.detail and 2 not in report.models
        verdicts.add(report.ok)
    assert verdicts == {True}


@pytest.mark.parametrize("name, seed", [("mgc_loop_actions.toml", 364), ("mgc_loop_toma_cuatro.toml", 69)])
def test_the_heuristic_no_longer_cycles_and_a_cycle_is_the_players_fault(name, seed, monkeypatch):
    game, deck = load(name)
    assert play_seeded(ENGINE, deck, 2, seed, policy="heuristic", detect_loops=True).ended
    monkeypatch.setattr(policies, "EXPLORE", 0.0)  # the old, deterministic heuristic
    old = play_seeded(ENGINE, deck, 2, seed, policy="heuristic", detect_loops=True)
    assert not old.ended and "loop" in old.problem
    report = validate(game, deck, games=400, sequential=True, seed=seed, model_budget=5_000)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
    assert any(f"seed {seed}" in f and "round in circles" in f for f in report.player_faults)
    ends = next(c for c in report.simulated if c.name == "every game ends (2 players)")
    assert "fault of the player" in ends.detail


def test_case_2_is_proven_for_every_deal_inside_validate():
    """The default --model-budget (1,500,000 positions) holds case 2's whole graph: the three claims
    are proven (the match's "every game ends" stays sampled: the model covers one round)."""
    game, deck = load("mgc_loop_toma_cuatro.toml")
    report = validate(game, deck, games=40, sequential=False, seed=3)
    assert report.ok
    proven = {c.name: c for c in report.exhaustive if c.proof == "proven"}
    for claim in ("no dead end", "an end is always reachable", "no trap"):
        assert "proven for every deal: 1,204,823 positions searched" in proven[f"{claim} (2 players)"].detail or claim == "no trap"
    m = report.models[2]
    assert m.complete and m.ok and m.dead_end is None and m.no_end is None and m.cannot_end == 0
    assert m.states == 1_204_823 and m.ends == 1  # every round ends with a seat going out: none blocks


def test_the_model_budget_is_set_on_the_command_line_and_the_report_says_when_it_stopped(capsys):
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent))
    from clirun import run

    f = DECKS / "mgc_loop_toma_cuatro.toml"  # case 2: no argument covers it, the model checker decides
    code, out, _ = run(capsys, "validate", f, "--model-budget", "3000", "--games", "40", "--fixed", "--quiet")
    assert code == 0 and "stopped at its budget of 3,000 positions" in out and "[sampled]" in out
    code, out, _ = run(capsys, "validate", f, "--model-budget", "0", "--games", "40", "--fixed", "--quiet")
    assert code == 0 and "--model-budget 0 turns the model checker off" in out
    code, _, err = run(capsys, "validate", f, "--model-budget", "-1", "--quiet")
    assert code == 2 and "--model-budget" in err


def test_a_round_proven_by_search_is_not_a_match_proven():
    """MGC's model covers one round (Engine.model_scope). A complete search proves that round's three
    claims, not the match's "every game ends": that claim stays sampled, over at least --confidence
    games like any sampled claim (it rested on the 50 measured and exploring games), and the
    headline does not say "proven for every deal" (it did)."""
    from deckgen.engine.claims import headline_basis

    game, deck = load("mgc_one_round_proven.toml")
    report = validate(game, deck, players=[2], games=40, sequential=False, seed=1)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
    m = report.models[2]
    assert m.complete and m.ok and m.states == 14_336
    proven = {c.name: c for c in report.exhaustive if c.proof == "proven"}
    for claim in ("no dead end", "an end is always reachable", "no trap"):
        assert proven[f"{claim} (2 players)"].ok and "(one round" in proven[f"{claim} (2 players)"].detail
    ends = next(c for c in report.simulated if c.name == "every game ends (2 players)")
    assert ends.proof == "sampled" and "one round: proven for every deal by search" in ends.detail
    assert report.claim_games[2] >= 100  # --confidence's default, whatever --games says
    assert headline_basis(report) == "no failure in 100 games"
