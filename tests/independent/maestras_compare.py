"""Random tiny Cartas Maestras decks with random rule options, solved by the independent solver
(maestras_solver.py) and judged by deckgen's ``validate``: the claims it labels [proven] (the game's
length bound, every game ends) and the claims it proves by enumerating the deck ("a master can open
the first path", "every point card can enter a path", "a path can be won") must agree with what the
solver finds reachable. Used by tests/independent/test_maestras.py (a few decks) and
bench/independent_solvers.py (a sweep)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from independent.maestras_solver import EMPTY, MASTER, POINTS, Rules, solve

COLOURS = ("blue", "red", "green", "yellow")
RULE_OPTIONS = ("link", "same_points", "after_master", "empty_counts", "path_length", "hand", "in_line", "corners", "play_drawn",
                "refill", "won_paths", "main_end")


@dataclass
class Case:
    types: list  # (kind, colour index or None, points or 0)
    counts: list
    players: int
    options: dict = field(default_factory=dict)
    aside: int = 0  # more empty cards in the file, each marked to be taken out at this player count (the solver never sees them)

    def rules(self) -> Rules:
        return Rules(tuple(self.types), tuple(self.counts), self.players, **{k: v for k, v in self.options.items() if k in RULE_OPTIONS})

    def deck(self):
        from deckgen.model import Card, Deck
        from deckgen.registry import get_game

        cards = [Card("central", {})]
        for (kind, c, p), k in zip(self.types, self.counts):
            if kind == MASTER:
                cards += [Card("master", {"colour": COLOURS[c]})] * k
            elif kind == POINTS:
                cards += [Card("points", {"colour": COLOURS[c], "points": p})] * k
            else:
                cards += [Card("empty", {"remove_for": []})] * k
        cards += [Card("empty", {"remove_for": [self.players]})] * self.aside
        options = {**{o.name: o.default for o in get_game("maestras").options}, **self.options}
        return Deck("maestras", options, 1, tuple(cards), custom=True)

    def __str__(self) -> str:
        def name(t):
            kind, c, p = t
            return f"{COLOURS[c]} master" if kind == MASTER else f"{COLOURS[c]} {p}" if kind == POINTS else "empty"

        aside = f", {self.aside}×empty taken out at {self.players} players" if self.aside else ""
        return f"{self.players} players, {', '.join(f'{k}×{name(t)}' for t, k in zip(self.types, self.counts))}{aside}, {self.options}"


def random_case(rng: random.Random, players: int = 2) -> Case:
    """1 to 3 masters, 2 or 3 point types of points 1-4 in one or two colours, 0 or 1 empty card, a
    hand of 1 or 2 and 0 to 4 cards left to draw (or one card too few to deal the hands); paths of 2 or 3 linked cards; every rule option at
    random, the rarely used values as often as the defaults. Half the decks also list an empty card or two that this player
    count takes out (``remove_for``): played without them, judged with them in the file."""
    colours = rng.sample(range(4), rng.choice((1, 2)))
    hand = rng.choice((1, 2))
    masters = [(MASTER, c, 0) for c in colours]
    points = sorted({(POINTS, rng.choice(colours), rng.randint(1, 4)) for _ in range(rng.choice((2, 3)))})
    empties = [(EMPTY, None, 0)] if rng.random() < 0.4 else []
    types = masters + points + empties
    counts = [1] * len(types)
    size = max(len(types), hand * players + rng.choice((-1, 0, 1, 2, 3, 4)))  # -1: hands larger than the deck deals
    for _ in range(size - len(types)):
        counts[rng.randrange(len(types))] += 1
    options = {
        "link": rng.choice(("either", "both", "colour", "points")),
        "same_points": rng.random() < 0.5,
        "after_master": rng.choice(("colour", "any")),
        "empty_counts": rng.random() < 0.5,
        "path_length": rng.choice((2, 3)),
        "hand": hand,
        "in_line": rng.choice(("all", "links", "off")),
        "corners": rng.random() < 0.5,
        "play_drawn": rng.random() < 0.5,
        "refill": rng.random() < 0.5,
        "won_paths": rng.choice(("taken", "stay")),
        "main_end": rng.choice(("masters", "stuck")),
        "tiebreak": rng.choice(("when-tied", "always", "never")),
    }
    return Case(types, counts, players, options, aside=rng.choice((0, 0, 1, 2)))


ACTIONS = re.compile(r"= ([\d,]+) actions")


def compare(case: Case, budget: int = 300_000, games: int = 12) -> dict:
    from deckgen.engine.claims import PROVEN
    from deckgen.engine.validate import validate
    from deckgen.registry import get_game

    from deckgen.errors import DeckgenError

    v = solve(case.rules(), budget=budget)
    out = {"case": str(case), "solver": v, "problems": [], "sampled_refuted": [], "proven": 0, "complete": v.complete}
    if not v.complete:
        return out
    try:
        report = validate(get_game("maestras"), case.deck(), players=[case.players], games=games, sequential=False, workers=1)
    except DeckgenError as exc:  # one clear message: the deck cannot be dealt at this player count
        out["refused"] = str(exc)
        if v.positions:
            out["problems"].append(f"validate refuses the deck ({exc}); the solver deals it")
        return out
    if not v.positions:
        out["problems"].append("validate judges a deck the solver cannot deal (the hands need more cards than it has)")
    out["report"] = report
    ends = not v.dead_ends and not v.cycle
    n = 1 + sum(case.counts)
    points = [t for t in range(len(case.types)) if case.types[t][0] == POINTS]
    for c in report.checks:
        name, detail = str.__str__(c.name), str.__str__(c.detail)
        proven = c.proof == PROVEN
        out["proven"] += proven
        if name.startswith("every game's length is bounded"):
            most = ACTIONS.search(detail)
            # the main phase searched, then at most one tie-break placement a card
            if c.ok and not (ends and most and v.longest + n + 1 <= int(most.group(1).replace(",", ""))):
                out["problems"].append(f"{name}: validate {detail!r}; solver: longest main phase {v.longest} actions, ends {ends}")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds every game bounded")
        elif name.startswith(("every game ends", "no dead end", "an end is always reachable", "no trap")):
            if c.ok and not ends:
                (out["problems"] if proven else out["sampled_refuted"]).append(f"{name}; solver: {v.dead_ends} dead ends, a cycle {v.cycle}")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds every game ends")
        elif name.startswith("a master can open the first path"):
            if c.ok != v.master_placed:
                out["problems"].append(f"{name}: validate {c.ok} ({detail!r}), solver: a master placed {v.master_placed}")
        elif name.startswith("every point card can enter a path"):
            never = [case.types[t] for t in points if t not in v.placed]
            if c.ok and never:
                out["problems"].append(f"{name}: validate ok ({detail!r}), solver: never placed in a path: {never}")
            if not c.ok and not never:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver places every point card")
        elif name.startswith("a path can be won"):
            if c.ok != v.won:
                out["problems"].append(f"{name}: validate {c.ok} ({detail!r}), solver: a path won in some game {v.won}")
    return out
