"""Issue 40's false claims, each with the class around it: the verdict and its reason."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deckgen.deckfile.load import read_deck_file
from deckgen.engine.game import random_policy
from deckgen.engine.loop import DEAD_END, play
from deckgen.engine.state import CHANCE
from deckgen.engine.validate import validate
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.spec import spec_for

DECKS = Path(__file__).parent / "decks"


def load(name):
    raw, game = read_deck_file(DECKS / name)
    return game, spec_for(game, cli={}, file_layer=raw).build()


def by_name(report):
    return {c.name: c for c in report.checks}


def test_case_1_a_search_stopped_at_its_budget_proves_nothing_and_the_headline_says_so(capsys):
    """Toma cards link the groups only for whoever plays them: the follow-graph check proves nothing,
    the search stops at its budget, and the headline says nothing is proven (it said PLAYABLE on a
    follow-graph "[proven]" and 100 sampled games)."""
    from clirun import run

    code, out, _ = run(capsys, "validate", DECKS / "issue40_turn_keeping_links.toml", "--model-budget", "20000",
                       "--games", "20", "--fixed", "--quiet")
    head = out.splitlines()[2]
    assert head.startswith("Not proven playable for 2 players: nothing is proven: the model checker stopped at its budget"), head
    graph = next(line for line in out.splitlines() if "follow-graph" in line)
    assert graph.lstrip().startswith("ok") and "not proven" in graph and "[proven]" not in graph
    assert "skips the other player, so the free choice goes back to whoever played it" in graph
    ends = next(line for line in out.splitlines() if "every game ends" in line)
    assert "bounds these players' games, not deals" in ends and "of deals fail" not in out


@pytest.mark.parametrize("kinds, players, linked", [
    ({"toma_dos": 2}, 2, False), ({"intermision": 2}, 2, False), ({"toma_cuatro": 1, "toma_dos": 1}, 2, False),
    ({"retorno": 2}, 2, True), ({"toma_dos": 2}, 3, True), ({"intermision": 1}, 4, True),
])
def test_a_free_choice_links_the_groups_only_when_the_engine_hands_it_to_another_player(kinds, players, linked):
    from deckgen.games.mgc import rules
    from deckgen.games.mgc.engine import handing_on

    ks = {rules.BASIC} | {rules.ACTION_KIND[k] for k in kinds}
    assert bool(handing_on(ks, players, rules.Variant(after_action="free"))) == linked
    skip = rules.Variant(after_action="free", retorno_two_players="skip")
    assert not handing_on({rules.BASIC, rules.RETORNO}, 2, skip)  # a Retorno that skips gives the turn back too


def test_case_2_a_deal_of_no_cards_is_a_round_of_no_turns_and_validate_says_why(capsys):
    """Penalties kept out of later deals until fewer cards than players are left: such a round is
    dealt nothing (the engine used to leave the player to act with no move, and --fixed crashed)."""
    from clirun import run

    game, deck = load("issue40_hectoedra_empty_deal.toml")
    empty = 0
    for seed in range(400):  # the 38 of 2,000 random games
        s = HectoedraState([2, 3, 4, 8, 9, 16, 27, 81], 2, Variant(per_player=4, hand=4, rounds=20, keep_penalties=True))
        record = play(s, [random_policy] * 2, random.Random(seed), check=True, deck_size=8, max_steps=1_000)
        assert record.ended and s.round_no == 20 and record.shortfall
        empty += any("dealt 0 cards" in str(x) for x in s.shortfalls)
    assert empty >= 2
    code, out, err = run(capsys, "validate", DECKS / "issue40_hectoedra_empty_deal.toml", "--fixed", "--games", "20", "--quiet")
    assert code == 1 and "Traceback" not in out + err
    lines = by_name(validate(game, deck, games=20, sequential=False))
    short = lines["every round dealt as printed (2 players)"]
    assert not short.ok and "not the 4 printed" in short.detail
    assert lines["every game ends (2 players)"].ok


@pytest.mark.parametrize("cards, rounds", [("2,3,4,8,9,16,27,81", 3), ("2,3,4,8,9,16,27,81", 8), ("1-10", 12)])
def test_the_class_of_case_2_never_crashes_and_ends_every_game(cards, rounds):
    from deckgen.registry import get_game

    game = get_game("hectoedra")
    deck = spec_for(game, cli={"options": {"cards": cards, "per_player": 4, "hand": 4, "rounds": rounds, "keep_penalties": True}}).build()
    for seed in range(30):
        s = game.engine.new_state(deck, 2, random.Random(seed))
        r = play(s, [random_policy] * 2, random.Random(seed), check=True, deck_size=len(deck.cards), max_steps=5_000)
        assert r.ended and DEAD_END not in r.problem


@pytest.mark.parametrize("hand, per", [(6, 4), (5, 4), (10, 9)])
def test_case_4_a_hand_larger_than_the_deal_fails_every_round_dealt_as_printed(hand, per):
    from deckgen.registry import get_game

    game = get_game("hectoedra")
    deck = spec_for(game, cli={"options": {"cards": "1-40", "per_player": per, "hand": hand}}).build()
    s = game.engine.new_state(deck, 2, random.Random(1))
    s.chance(random.Random(1))
    assert all(len(h) == per for h in s.hands)
    assert s.shortfalls and f"not the {hand} printed" in s.shortfalls[0]
    promise, hint = game.engine.deal_promise(deck, 2)
    assert f"({hand} in hand)" in promise and "--hand" in hint


def test_case_4_through_validate():
    game, deck = load("issue40_hectoedra_hand_larger.toml")
    lines = by_name(validate(game, deck, players=[2], games=20, sequential=False))
    short = lines["every round dealt as printed (2 players)"]
    assert not short.ok and "round 1 dealt 4 cards in hand, not the 6 printed" in short.detail


class _Stuck:
    """A toy game whose second position leaves the player to act with no legal move."""

    def __init__(self):
        self.step = 0

    def current_player(self):
        return 0

    def legal_actions(self):
        return [0] if self.step == 0 else []

    def apply_action(self, a):
        self.step += 1

    def is_terminal(self):
        return False

    def length(self):
        return self.step

    def counts(self):
        return {}

    def key(self):
        return self.step


@pytest.mark.parametrize("check", [False, True])
def test_a_dead_end_is_a_finding_of_the_game_never_a_crash(check):
    r = play(_Stuck(), [random_policy], random.Random(1), check=check, max_steps=100)
    assert not r.ended and r.problem.startswith(DEAD_END) and "seat 0" in r.problem
    assert CHANCE != 0


def test_every_games_argument_is_checked_at_every_step_of_the_games_validate_simulates():
    """A game that proves its claims by its own argument gives the simulated games something to check
    at every step: a watcher (Engine.argument_steps) or a decreasing variant (State.length_variant)."""
    from deckgen.registry import games

    argued = 0
    for game in games().values():
        e = game.engine
        if e is None or e.arguments is None:
            continue
        deck = e.variants(spec_for(game, cli={}).build())[0][1]  # (Monete: its first mode)
        n = game.player_counts(deck)[0]
        state = e.new_state(deck, n, random.Random(1))
        assert e.argument_steps is not None or hasattr(state, "length_variant"), game.id
        argued += 1
    assert argued == 4  # MGC, Hectoedra, Monete, Cartas Maestras


def _islands(t2, t4=1, retorno=0, budget=30_000):
    """Issue 40's case 1, smaller: x² and 3x linked only through action cards, any card after one."""
    import sys
    from pathlib import Path as P

    sys.path.insert(0, str(P(__file__).resolve().parent.parent))
    from independent.mgc_compare import Case
    from independent.mgc_solver import BASIC

    types = [(BASIC, 1, 2), (BASIC, 3, 1), ("toma_dos", None, None), ("toma_cuatro", None, None), ("retorno", None, None)]
    opts = {"after_action": "free", "draw_freely": False, "retorno_two_players": "reverse", "last_card_draws": True, "algebra_call": 1.0}
    return Case(types, [9, 8, t2, t4, retorno], 2, opts).deck()


def test_case_1_a_trap_in_the_part_searched_within_the_budget_is_proven():
    """The search stops at its budget, yet the part it searched holds a closed set of positions
    without an end (every move from them searched): "an end is always reachable" and "no trap" fail,
    proven, with a short replay into the set (the deep search's, shortened through the breadth-first
    keys). The independent solver, searching all 2,569,581 positions of this deck, finds 156 that
    cannot end (bench: python3 bench/independent_solvers.py's class; 212 s, so not in the suite).
    Case 1 itself, at the default budget of 1.5 M: 42 positions, a closed set of 32, a 20-step
    replay (it needed a 15 M budget before)."""
    from deckgen.engine.claims import PROVEN, model_checks
    from deckgen.engine.modelcheck import check_model
    from deckgen.games.mgc.engine import ENGINE

    deck = _islands(2)
    r = check_model(ENGINE.model(deck, 2), budget=30_000)
    assert not r.complete and r.no_end is not None and r.cannot_end >= r.no_end.trap > 1
    assert len(r.no_end.steps) < 30  # the replay is short, not the deep search's line of play
    lines = {c.name: c for c in model_checks(ENGINE, "2 players", r, 30_000)}
    assert not lines["an end is always reachable (2 players)"].ok and lines["an end is always reachable (2 players)"].proof == PROVEN
    assert not lines["no trap (2 players)"].ok and "found in the part of the positions searched" in lines["no trap (2 players)"].detail
    assert lines["every deal searched (2 players)"].ok and "not proven by search" in lines["every deal searched (2 players)"].detail


def test_a_playable_deck_whose_search_stops_gets_no_trap():
    """The same islands linked by Retorno (with two players it hands the free choice on): the search
    stops at its budget, and the part searched holds no closed set; nothing is proven either way."""
    from deckgen.engine.modelcheck import check_model
    from deckgen.games.mgc.engine import ENGINE

    r = check_model(ENGINE.model(_islands(0, 0, retorno=3), 2), budget=30_000)
    assert not r.complete and r.no_end is None and r.dead_end is None and r.cannot_end == 0



@pytest.mark.parametrize("game_id, players, why", [
    ("mgc", 2, "the going-out argument does not apply: it needs every card always legal"),
    ("mgc", 3, "the going-out argument does not apply: with more than 2 players it covers only decks without Toma cards"),
    ("multiplicats", 3, "no argument proves that every game ends: the cards of an exchange go back under a pile"),
])
def test_the_default_decks_unproven_claims_say_why_no_proof_covers_them(game_id, players, why):
    """Issue 40, 'the default decks, proven': where a claim cannot be proven the report says which
    (the claims below are sampled) and why (the game's proof_gap)."""
    from deckgen.engine.claims import SAMPLED
    from deckgen.registry import get_game

    game = get_game(game_id)
    engine, deck = game.engine, spec_for(game, cli={}).build()
    gap = engine.proof_gap(deck, players)
    assert str.__str__(gap).startswith(why)
    report = validate(game, deck, players=[players], games=2, sequential=False, confidence=4, model_budget=0 if game_id == "mgc" else 1)
    line = by_name(report)[f"no proof ({players} players)"]
    assert line.ok and str.__str__(line.detail).startswith(why) and "the claims below are sampled" in line.detail
    assert by_name(report)[f"every game ends ({players} players)"].proof == SAMPLED


def test_no_proof_gap_where_the_going_out_argument_applies():
    """One kind of monomial and Toma cards, two players: every card is always legal, the argument
    applies (and proves), and there is no gap to tell; case 1's islands have one."""
    from deckgen.games.mgc import going_out as G

    assert G.gap(_islands(0, 0, retorno=0), 2) != ""
    import sys
    from pathlib import Path as P

    sys.path.insert(0, str(P(__file__).resolve().parent.parent))
    from independent.mgc_compare import Case
    from independent.mgc_solver import BASIC

    one = Case([(BASIC, 2, 3), ("toma_dos", None, None)], [12, 6], 2, {"after_action": "free"}).deck()
    assert G.gap(one, 2) == "" and G.gap(one, 3) != ""
