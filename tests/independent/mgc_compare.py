"""Random tiny MGC decks with random options, solved by the independent solver (mgc_solver.py) and
by deckgen's own claims: the model checker's round, the going-out argument and the follow-graph
check. Used by tests/independent/test_mgc.py (a few decks) and bench/independent_solvers.py (a sweep)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from deckgen.model import Card, Deck
from deckgen.registry import get_game

from independent.mgc_solver import BASIC, HAND, rules_of, solve

ACTIONS = ("toma_dos", "retorno", "intermision", "eleccion_coeficiente", "eleccion_grado", "toma_cuatro")


@dataclass
class Case:
    types: list
    counts: list
    players: int
    options: dict

    def deck(self) -> Deck:
        game = get_game("mgc")
        options = {**{o.name: o.default for o in game.options}, **self.options}
        cards = []
        for (kind, c, d), k in zip(self.types, self.counts):
            if kind == BASIC:
                face = {"monomial": f"{c}*x**{d}" if d != 1 else f"{c}*x", "coefficient": c, "degree": d}
                cards += [Card("monomial", face)] * k
            else:
                cards += [Card("action", {"action": kind})] * k
        return Deck("mgc", options, 1, tuple(cards), custom=True)

    def __str__(self) -> str:
        parts = [f"{k}×{t[0] if t[0] != BASIC else f'{t[1]}x^{t[2]}'}" for t, k in zip(self.types, self.counts)]
        return f"{self.players} players, {', '.join(parts)}, {self.options}"


def random_case(rng: random.Random, players: int = 2, spare: int | None = None, kinds: int = 3) -> Case:
    """A deck of 7 × players + 1 to + 4 cards: 2 or 3 monomial types of coefficients and degrees
    1-3 (islands and links both come up) and 0 to 3 action cards; every rule option at random, the
    rarely used values as often as the defaults."""
    size = HAND * players + 1 + (rng.randrange(4) if spare is None else spare)
    monos = rng.sample([(BASIC, c, d) for c in (1, 2, 3) for d in (1, 2, 3)], rng.choice((2, kinds)) if kinds > 2 else 2)
    actions = [(a, None, None) for a in rng.sample(ACTIONS, rng.randrange(min(3, kinds)))]
    types = monos + actions
    counts = [1] * len(types)
    for _ in range(size - len(types)):
        counts[rng.randrange(len(monos)) if rng.random() < 0.8 or not actions else len(monos) + rng.randrange(len(actions))] += 1
    options = {
        "after_action": rng.choice(("monomial", "free")),
        "draw_freely": rng.random() < 0.5,
        "retorno_two_players": rng.choice(("reverse", "skip")),
        "last_card_draws": rng.random() < 0.5,
        "algebra_call": 1.0,
    }
    return Case(types, counts, players, options)


def compare(case: Case, budget: int = 400_000) -> dict:
    """Both sides' verdicts on the round's claims, and whether they agree. deckgen's: the model
    checker (complete or not), the going-out argument, the follow-graph check."""
    from deckgen.engine.modelcheck import check_model
    from deckgen.games.mgc import engine as mgc_engine
    from deckgen.games.mgc import going_out
    from deckgen.games.mgc.cards import tables

    deck = case.deck()
    mine = solve(rules_of(case.types, case.counts, case.players, case.options), budget=budget)
    root = mgc_engine.ENGINE.model(deck, case.players)
    theirs = check_model(root, budget=budget) if root is not None else None
    argued = going_out.arguments(deck, case.players, mgc_engine.new_state)
    graph = mgc_engine.follow_graph_check(deck, tables(deck), [case.players])
    out = {"case": str(case), "solver": mine, "model": theirs, "argued": bool(argued), "graph_ok": graph.ok, "problems": []}
    if not mine.complete:
        return out
    can_end = mine.cannot_end == 0 and mine.dead_ends == 0
    if theirs is not None and theirs.complete:
        if (theirs.no_end is None) != (mine.cannot_end == 0):
            out["problems"].append(f"an end always reachable: deckgen's search {theirs.no_end is None}, solver {mine.cannot_end == 0}")
        if (theirs.dead_end is None) != (mine.dead_ends == 0):
            out["problems"].append(f"no dead end: deckgen's search {theirs.dead_end is None}, solver {mine.dead_ends == 0}")
    if argued and all(c.ok for c in argued) and not can_end:
        out["problems"].append("the going-out argument proves a deck the solver finds stuck")
    if not graph.ok and can_end:
        out["problems"].append("the follow-graph check fails a deck the solver finds playable")
    return out
