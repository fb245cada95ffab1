"""Random tiny Multipli Cat's decks with random rule options, solved by the independent solver
(multiplicats_solver.py) and judged by deckgen's ``validate``: its verdict on every game ending (a
sample: no argument proves it for this game), the claims it proves by enumerating the deck ("every
number card can be matched", "a Balancín can start a duel") and the reason it gives for having no
proof must agree with what the solver finds. Used by tests/independent/test_multiplicats.py (a few
decks) and bench/independent_solvers.py (a sweep)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from unittest.mock import patch

from independent.multiplicats_solver import SPECIAL_CODES, Rules, solve

# products with the multiplications (a, b) of the tables 1-10 that give them
FACTORS = {4: ((1, 4), (2, 2), (4, 1)), 6: ((1, 6), (2, 3), (3, 2), (6, 1)), 12: ((2, 6), (3, 4), (4, 3), (6, 2)),
           5: ((1, 5), (5, 1)), 9: ((1, 9), (3, 3), (9, 1))}
MODELLED = ("persecucion", "sin_salida", "balancin", "emboscada", "regalo")  # Magia is not modelled by the solver
NAMES = {v: k for k, v in SPECIAL_CODES.items()}


@dataclass
class Case:
    cards: tuple  # a product (> 0) or a special code (< 0) per card
    players: int
    options: dict = field(default_factory=dict)

    def rules(self) -> Rules:
        o = self.options
        return Rules(tuple(self.cards), self.players, o.get("end", "two-left"), o.get("next_after_exchange", "loser"),
                     o.get("miss_rate", 0.10) > 0, o.get("false_slap_rate", 0.01) > 0)

    def deck(self):
        from deckgen.model import Card, Deck
        from deckgen.registry import get_game

        cards = [Card("special", {"special": NAMES[c]}) for c in self.cards if c < 0]
        for value in sorted({c for c in self.cards if c > 0}):
            k = self.cards.count(value)  # one product card, the others multiplications (distinct pairs first)
            pairs = [FACTORS[value][i % len(FACTORS[value])] for i in range(k - 1)]
            cards += [Card("multiplication", {"a": a, "b": b, "product": value}) for a, b in pairs]
            cards.append(Card("product", {"value": value, "multiplications": [list(p) for p in dict.fromkeys(pairs)]}))
        game = get_game("multiplicats")
        options = {**{o.name: o.default for o in game.options}, **self.options, "specials": any(c < 0 for c in self.cards)}
        return Deck("multiplicats", options, 1, tuple(cards), custom=True)

    def __str__(self) -> str:
        return f"{self.players} players, cards {', '.join(str(c) if c > 0 else NAMES[c] for c in self.cards)}, {self.options}"


def random_case(rng: random.Random, players: int = 3) -> Case:
    """Two or three cards a player: two or three products, each on two cards or more (a product
    card and the multiplications it lists; one deck in five a single product), and 0 to 2 special cards of the five the solver
    models; every rule option it models at random
    (the rarely used values as often as the defaults), and the simulated players' misses and false
    slaps on or off (the solver only needs to know whether they can happen)."""
    if players < 3:
        raise ValueError("the solver does not model two players on four piles")
    size = players * rng.choice((2, 2, 2, 3))
    specials = [SPECIAL_CODES[s] for s in rng.sample(MODELLED, rng.choice((0, 1, 1, 2)))]
    products = rng.sample(sorted(FACTORS), rng.choice((2, 3)))
    cards = specials + [rng.choice(products) for _ in range(size - len(specials))]
    for value in set(cards) - set(specials):  # a product on one card has no multiplication for its product card
        if cards.count(value) == 1:
            cards[cards.index(value)] = next(c for c in cards if c > 0 and c != value) if len(set(cards) - set(specials)) > 1 else value
    options = {
        "end": rng.choice(("two-left", "first")),
        "next_after_exchange": rng.choice(("loser", "next")),
        "miss_rate": rng.choice((0.0, 0.10)),
        "false_slap_rate": rng.choice((0.0, 0.01)),
    }
    if rng.random() < 0.2:  # one deck in five shows a single product (with or without specials): no duel, nothing else missing
        cards = [c if c < 0 else products[0] for c in cards]
    return Case(tuple(sorted(cards)), players, options)


def compare(case: Case, budget: int = 300_000, games: int = 12, confidence: int = 100) -> dict:
    from deckgen.engine.validate import validate
    from deckgen.registry import get_game

    v = solve(case.rules(), budget=budget)
    out = {"case": str(case), "solver": v, "problems": [], "sampled_refuted": [], "proven": 0, "complete": v.complete}
    if not v.complete:
        return out
    # validate serves no player count below five cards a pile (a design floor, not a rule): the floor
    # is lowered here so that decks small enough to solve are judged by the same checks
    with patch("deckgen.games.multiplicats.deck.MIN_CARDS_PER_PILE", 1), patch("deckgen.games.multiplicats.engine.MIN_CARDS_PER_PILE", 1):
        report = validate(get_game("multiplicats"), case.deck(), players=[case.players], games=games, sequential=False, workers=1,
                          confidence=confidence)
    out["report"] = report
    ends = not v.dead_ends and not v.cannot_end
    values = sorted({c for c in case.cards if c > 0})
    for c in report.checks:
        name, detail = str.__str__(c.name), str.__str__(c.detail)
        out["proven"] += c.proof == "proven"
        if name.startswith(("every game ends", "no dead end", "an end is always reachable", "no trap")):
            if c.ok and not ends:
                (out["problems"] if c.proof == "proven" else out["sampled_refuted"]).append(
                    f"{name}; solver: {v.dead_ends} dead ends, {v.cannot_end} positions that cannot end")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds an end always reachable")
        elif name.startswith("every number card can be matched"):
            never = [x for x in values if x not in v.matched]
            if c.ok and never:
                out["problems"].append(f"{name}: validate ok ({detail!r}), solver: never matched: {never}")
            if not c.ok and not never:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver matches every product")
        elif name.startswith("a Balancín can start a duel"):
            if not c.ok and v.duel:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds a duel")
            if not c.ok and SPECIAL_CODES["balancin"] not in case.cards:
                out["problems"].append(f"{name} fails in validate ({detail!r}), but the deck holds no Balancín")
    return out
