"""MGC's compact graph for the model checker (graph.py) against the reference model (model.py, which
test_model.py checks move by move against the engine): from every decision position, the graph's
successors are exactly the decision positions (and ends) the model reaches by one move and any chance
outcomes after it (the reductions: chance stages inlined, ends merged, packed keys). A mutant of a
reduction is caught; the model checker gives the same verdicts on both (issue 26's case 2, decided
exhaustively: tests/modelcheck/test_issue_decks.py)."""

from __future__ import annotations

import random
from collections import deque
from itertools import islice
from pathlib import Path

import pytest

from deckgen.engine import modelcheck as mc
from deckgen.engine.modelcheck import check_model
from deckgen.games.mgc import model as M
from deckgen.games.mgc import rules
from deckgen.games.mgc.graph import BLOCKED, ROOT, WIN, Graph

DECKS = Path(__file__).parent.parent / "modelcheck" / "decks"


def deck(**options):
    from deckgen.spec import spec_for

    opts = {"coefficients": "1-2", "degrees": "1-2", "variables": "x", "copies": 5, "toma_dos": 1, "retorno": 1, "intermision": 1,
            "eleccion_coeficiente": 1, "eleccion_grado": 1, "toma_cuatro": 1}
    opts.update(options)
    return spec_for(__import__("deckgen.registry", fromlist=["get_game"]).get_game("mgc"), cli={},
                    file_layer={"game": "mgc", "options": opts}).build()


def deck_file(name):
    from deckgen.deckfile.load import read_deck_file
    from deckgen.spec import spec_for

    raw, game = read_deck_file(DECKS / name)
    return spec_for(game, cli={}, file_layer=raw).build()


def composed(g, p):
    """The keys of the decision positions and ends the reference model reaches from ``p`` by one move
    (or outcome) and then chance outcomes only: the unreduced steps composed."""
    out, seen = set(), set()
    queue = deque(child for _, _, child in mc._successors(p))
    while queue:
        c = queue.popleft()
        k = g.key_of(c)
        if k is not None:
            out.add(k)
            continue
        if c.key() not in seen:
            seen.add(c.key())
            queue.extend(child for _, _, child in mc._successors(c))
    return out


def compare(root, positions, seed=0, graph=None):
    """Random rounds of the reference model (each move and outcome uniformly at random, from deals
    among its first thousands) until ``positions`` decision positions have been compared; return the
    number compared."""
    g = graph or Graph(root.m)
    rng = random.Random(seed)
    deals = [c for _, _, c in islice(mc._successors(root), 5000)]
    compared = 0
    while compared < positions:
        p = rng.choice(deals)
        for _ in range(400):
            k = g.key_of(p)
            if k is not None and k < 0 and k != ROOT:
                break  # the round is over
            if k is not None and k >= 0:
                assert set(g.successors(k)) == composed(g, p), p.position_to_string()
                compared += 1
            p = rng.choice([c for _, _, c in mc._successors(p)])
    return compared


VARIANTS = [{}, {"after_action": "free"}, {"draw_freely": True, "retorno_two_players": "skip"}, {"last_card_draws": False}]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_the_graphs_successors_are_the_models_steps_composed(options, players):
    assert compare(M.model(deck(**options), players), 400, seed=players) >= 400


@pytest.mark.parametrize("name", ["mgc_loop_actions.toml", "mgc_loop_toma_cuatro.toml"])
def test_the_graph_follows_the_model_on_issue_26s_decks(name):
    assert compare(M.model(deck_file(name), 2), 400) >= 400


def hand_made():
    """Seat 0 holds a Toma cuatro and an x, seat 1 an x, one x in the pile, an x on top."""
    root = M.model(deck(), 2)
    t = root.m.t
    t4 = t.kind.index(rules.TOMA_CUATRO)
    x = next(i for i in range(t.n) if t.kind[i] == rules.BASIC)
    p = root.clone()
    p.stage, p.seat, p.dir, p.cons, p.top = M.PLAY, 0, 1, (t.coef[x], t.degree[x]), x
    hands = [[0] * t.n, [0] * t.n]
    hands[0][t4], hands[0][x] = 1, 1
    hands[1][x] = 1
    pile = [0] * t.n
    pile[x] = 1
    p.hands, p.pile = tuple(map(tuple, hands)), tuple(pile)
    return root, p, hands, pile, x, t4


def test_a_hand_made_position_a_toma_cuatro_then_a_refill():
    """Seat 0 plays a Toma cuatro with one card in the pile: the next player takes it and three of
    the discard pile turned over (the x that was on top goes in; the Toma cuatro stays on top), then
    loses the turn, so seat 0 plays again."""
    root, p, hands, pile, x, t4 = hand_made()
    t = root.m.t
    g = Graph(root.m)
    got = g.successors(g.key_of(p))
    assert set(got) == composed(g, p)
    # under the Toma cuatro: every card not in a hand nor the pile (the x that was on top among them)
    discard = [a - b - c - d for a, b, c, d in zip(t.total, hands[0], hands[1], pile)]
    after = [k for k in got if k >= 0 and g.unpack(k)[2][2] == t4]  # the Toma cuatro on top
    assert after and len(after) == len(list(M.hands_of(tuple(discard), 3)))
    for k in after:
        hs, rest, misc = g.unpack(k)
        assert g.size(hs[0]) == 1 and g.size(hs[1]) == 1 + 4  # seat 0 (to act again): its x; seat 1: 5 cards
        assert misc[0] == 0 and g.size(rest) == sum(discard) - 3


def test_a_mutant_of_a_reduction_is_caught():
    """A Toma cuatro that brings 3 cards, a refill that keeps the top card: each makes the graph
    differ from the model's composed steps."""
    class ThreeCards(Graph):
        def _draws_for(self, hands, pile, top, k):
            return super()._draws_for(hands, pile, top, 3 if k == 4 else k)

    class KeepsTop(Graph):
        def _draws_for(self, hands, pile, top, k):
            if self.size(pile) >= k:
                return super()._draws_for(hands, pile, top, k)
            refill = self.total - sum(hands) - pile
            return [(pile + x, refill - x) for x in self._multisets(refill, min(k - self.size(pile), self.size(refill)))]

    root, p = hand_made()[:2]
    g = Graph(root.m)
    assert set(g.successors(g.key_of(p))) == composed(g, p)
    for mutant in (ThreeCards, KeepsTop):
        g = mutant(root.m)
        assert set(g.successors(g.key_of(p))) != composed(g, p)
    with pytest.raises(AssertionError):  # the random rounds catch it too
        compare(root, 4000, graph=ThreeCards(root.m))


def test_the_model_checker_gives_the_same_verdicts_with_and_without_the_graph():
    for d, players in ((deck_file("mgc_islands.toml"), 2), (deck(coefficients="1", copies=6, toma_cuatro=0, toma_dos=0, eleccion_coeficiente=0, eleccion_grado=0, retorno=2, intermision=2), 2)):
        root = M.model(d, players)
        slow = check_model(root, budget=400_000, use_graph=False)
        fast = check_model(root, budget=400_000)
        assert slow.complete and fast.complete
        assert (slow.ok, slow.dead_end is None, slow.no_end is None) == (fast.ok, fast.dead_end is None, fast.no_end is None)
        assert fast.states < slow.states
        if fast.no_end is not None:  # the replay goes through the model's own positions, from the deal
            assert fast.no_end.steps[0].startswith("deal: seat 0:") and "3x^3" in "\n".join(fast.no_end.lines())


def test_keys_and_ends():
    g = Graph(M.model(deck(), 2).m)
    assert g.start() == ROOT and g.is_end(WIN) and g.is_end(BLOCKED) and not g.is_end(ROOT)
    assert g.successors(WIN) == [] and g.successors(BLOCKED) == []


def test_a_dead_end_is_found_through_the_graph_too():
    """MGC's rules always leave a draw, a pass or an end, so the only dead end is a deck that cannot
    be dealt (14 cards, 2 players need 15): the root has no successor, on both paths."""
    root = M.model(deck(coefficients="1", degrees="1", copies=8, toma_dos=0, retorno=0, intermision=0,
                        eleccion_coeficiente=0, eleccion_grado=0, toma_cuatro=6), 2)
    assert sum(root.m.t.total) == 14
    for use_graph in (False, True):
        r = check_model(root, budget=1_000, use_graph=use_graph)
        assert r.complete and not r.ok and r.dead_end is not None and r.dead_end.kind == "dead end"
        assert "before the deal" in r.dead_end.position


def test_a_deck_whose_deals_alone_are_too_many_is_not_searched_and_validate_stays_quick():
    """One monomial and 36 action cards of six kinds: 1,173 different hands, so about 9.6 M deals
    for 2 players, listed at once as the root's successors before any budget could stop the search
    (6.4 GB and two minutes). The model refuses such a deck; validate samples it and says why."""
    from deckgen.engine.validate import validate
    from deckgen.games.mgc import GAME
    from deckgen.games.mgc import model as M
    from deckgen.spec import spec_for

    deck = spec_for(GAME, cli={"players": 2, "options": {"coefficients": "1", "degrees": "1", "copies": 1}}).build()
    types = M.Types.of_deck(deck)
    assert M.distinct_hands(types.total) == 1173 and M.distinct_hands(types.total) ** 2 * types.n > M.MAX_DEALS
    assert M.searchable_model(deck, 2) is None and GAME.engine.model(deck, 2) is None
    assert M.searchable_model(deck, 3) is None
    # with 2 players every card of this deck can always be played: the game's argument proves it
    # (going_out.py); with 3 the argument does not apply and the deck is sampled
    from deckgen.games.mgc.engine import new_state
    from deckgen.games.mgc.going_out import arguments

    assert [c.proof for c in arguments(deck, 2, new_state)] == ["proven"] * 3 and arguments(deck, 3, new_state) == []
    deck = spec_for(GAME, cli={"players": 3, "options": {"coefficients": "1", "degrees": "1", "copies": 1}}).build()
    report = validate(GAME, deck, players=[3], games=10, seed=1)
    searched = next(c for c in report.checks if c.name.startswith("every deal searched (3 players)"))
    assert "too many different deals" in searched.detail
