"""The MGC round model (model.py) against the match engine (state.py): every position the engine
reaches is one the model reaches by the same move and one of its chance outcomes, with the same
legal moves; and the model checker's verdicts on small decks."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from deckgen.engine.state import CHANCE
from deckgen.games.mgc import model as M
from deckgen.games.mgc.engine import new_state
from deckgen.games.mgc.policies import random_policy
from deckgen.games.mgc.state import CHANCE_NODE, J_DEAL, OVER
from deckgen.spec import spec_for

DECKS = Path(__file__).parent.parent / "modelcheck" / "decks"


def deck_file(name: str, **options):
    from deckgen.deckfile.load import read_deck_file

    raw, game = read_deck_file(DECKS / name)
    raw.setdefault("options", {}).update(options)
    return spec_for(game, cli={}, file_layer=raw).build()


def small_deck(**options):
    from deckgen.registry import get_game

    game = get_game("mgc")
    opts = {"coefficients": "1-2", "degrees": "1-2", "copies": 3, "toma_dos": 2, "retorno": 2, "intermision": 2,
            "eleccion_coeficiente": 1, "eleccion_grado": 1, "toma_cuatro": 2}
    opts.update(options)
    return spec_for(game, cli={"options": opts} if False else {}, file_layer={"game": "mgc", "options": opts}).build()


def _action_type(state, types, a):
    k = state.k
    if a == k.DRAW:
        return "draw"
    if a == k.PASS:
        return "keep"
    if a >= k.CHOOSE_BASE:
        i = a - k.CHOOSE_BASE
        t = k.tables
        return ("name", t.coefficients[i]) if i < len(t.coefficients) else ("name", t.degrees[i - len(t.coefficients)])
    return types.of_card[a]


def _closure(p):
    """Every position the model reaches from ``p`` through chance outcomes only (and ``p``)."""
    out, queue = {}, deque([p])
    while queue:
        q = queue.popleft()
        k = q.key()
        if k in out:
            continue
        out[k] = q
        if q.current_player() == CHANCE:
            for o in q.chance_outcomes():
                c = q.clone()
                c.apply_chance_outcome(o)
                queue.append(c)
    return out


@pytest.mark.parametrize("options", [{}, {"after_action": "free", "algebra_call": 0.5}, {"draw_freely": True, "retorno_two_players": "skip"}])
@pytest.mark.parametrize("players", [2, 3])
def test_the_model_follows_the_engine_move_by_move(options, players):
    deck = small_deck(**options)
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_state(deck, players, rng)
        types = M.Types.of_tables(state.k.tables)
        while not state.is_terminal() and state.rounds < 3:
            if state.current_player() == CHANCE:
                state.chance(rng)
                continue
            p = state.explorable()
            assert p is not None
            legal = {_action_type(state, types, a) for a in state.legal_actions()}
            assert legal == set(p.legal_actions()) or legal == {x for x in p.legal_actions()}, (legal, p.legal_actions())
            a = random_policy(state, rng)
            expected = p.clone()
            expected.apply_action(_action_type(state, types, a))
            reachable = _closure(expected)
            rounds, blocked = state.rounds, state.blocked
            state.apply_action(a)
            while state.current_player() == CHANCE and state.job != J_DEAL:
                state.chance(rng)
            if state.rounds > rounds or state.phase == OVER:  # the round ended
                ends = [q for q in reachable.values() if q.is_terminal()]
                assert ends, "the engine ended the round, the model cannot"
                winner = -1 if state.blocked > blocked else state.last_winner
                assert any(q.winner == winner for q in ends)
            else:
                q = state.explorable()
                assert q.key() in reachable, (q.position_to_string(), [r.position_to_string() for r in list(reachable.values())[:3]])
            compared += 1
    assert compared > 200


def test_a_deck_of_three_islands_is_not_playable_with_a_counterexample_naming_the_cards():
    from deckgen.engine.modelcheck import check_model

    r = check_model(M.model(deck_file("mgc_islands.toml"), 2), budget=200_000)
    assert r.complete and not r.ok
    assert r.dead_end is None and r.no_end is not None and r.cannot_end > 0
    text = "\n".join(r.no_end.lines())
    assert r.no_end.steps[0].startswith("deal: seat 0:")
    assert "3x^3" in text and "2x^2" in text  # the cards as printed
    assert r.no_end.trap > 1


def test_a_small_playable_deck_is_proven():
    from deckgen.engine.modelcheck import check_model

    deck = small_deck(coefficients="1", degrees="1-2", copies=6, toma_dos=0, retorno=2, intermision=1,
                      eleccion_coeficiente=0, eleccion_grado=0, toma_cuatro=0, algebra_call=1.0)
    r = check_model(M.model(deck, 2), budget=200_000)
    assert r.complete and r.ok, (r.dead_end, r.no_end)
    assert r.ends > 0 and r.states > 100


def _mirror(p, centre=None):
    """``p`` with every seat s moved to 2*centre - s (the centre: the seat to act) and the direction reversed."""
    n, s = p.m.players, p.seat if centre is None else centre
    q = p.clone()
    q.seat = (2 * s - p.seat) % n
    q.hands = tuple(p.hands[(2 * s - i) % n] for i in range(n))
    q.dir = -p.dir
    q.winner = (2 * s - p.winner) % n if p.winner >= 0 else -1
    return q


def _children(p):
    if p.current_player() == CHANCE:
        moves = [(True, o) for o in p.chance_outcomes()]
    else:
        moves = [(False, a) for a in p.legal_actions()]
    out = []
    for chance, x in moves:
        c = p.clone()
        c.apply_chance_outcome(x) if chance else c.apply_action(x)
        out.append((x, c))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_mirrored_position_has_the_same_future_and_the_same_canonical_key(players):
    """The reflection the canonical key makes (seats mirrored, direction reversed) is sound: on
    every position of random rounds (with Retornos), the mirrored position has the same key, the
    same legal moves and chance outcomes, and each of its successors is the mirror of the
    original's successor (so, step by step, the same future); the end's winner is mirrored too."""
    from deckgen.games.mgc.model import DEAL, START_DRAW

    deck = small_deck(retorno=4, copies=5)
    checked = reversed_dir = 0
    for seed in range(40):
        rng = random.Random(seed)
        p = M.Model(M.Types.of_deck(deck), players, M.rules.Variant.from_options(deck.options)).root()
        cards = [t for t, c in enumerate(p.m.t.total) for _ in range(c)]
        rng.shuffle(cards)
        hands = tuple(tuple(cards[7 * s: 7 * s + 7].count(t) for t in range(p.m.t.n)) for s in range(players))
        p.apply_chance_outcome((hands, cards[7 * players]))
        for _ in range(1000):
            if p.is_terminal():
                break
            kids = _children(p)
            if p.stage not in (DEAL, START_DRAW):
                q = _mirror(p)
                assert q.canonical_key() == p.canonical_key()
                if players > 2:
                    assert q.key() != p.key() or p.hands == q.hands
                qk = _children(q)
                assert [x for x, _ in kids] == [x for x, _ in qk]
                for (_, a), (_, b) in zip(kids, qk):
                    assert _mirror(a, p.seat).key() == b.key()
                    assert a.canonical_key() == b.canonical_key()
                checked += 1
                reversed_dir += p.dir == -1
            p = kids[rng.randrange(len(kids))][1]
    assert checked > 800 and reversed_dir > 100
