"""Random tiny Hectoedra decks with random rule options, solved by the independent solver
(hectoedra_solver.py) and judged by deckgen's ``validate``: every claim validate labels [proven], and
every failure it reports, must agree with the solver. Used by tests/independent/test_hectoedra.py (a
few decks) and bench/independent_solvers.py (a sweep)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from independent.hectoedra_solver import Rules, solve

OPTIONS = ("per_player", "hand", "rounds", "start_tie", "next_starter", "each_starts", "must_play", "keep_penalties")


@dataclass
class Case:
    cards: tuple
    players: int
    options: dict = field(default_factory=dict)

    def rules(self) -> Rules:
        return Rules(self.cards, self.players, **self.options)

    def deck(self):
        from deckgen.registry import get_game
        from deckgen.spec import spec_for

        return spec_for(get_game("hectoedra"), cli={"options": {"cards": list(self.cards), **self.options}}).build()

    def __str__(self) -> str:
        return f"{self.players} players, cards {', '.join(map(str, self.cards))}, {self.options}"


def random_case(rng: random.Random, players: int = 2, small: bool = False) -> Case:
    """8 or 9 numbers of 1-40 (so a round deals every card or all but one), 4 cards a player, a hand
    of 1 to 5 (5: larger than the deal, issue 40's case 4), 1 to 3 rounds (0: as many as players),
    every other rule option at random: the rarely used values as often as the defaults. Penalties
    kept out of later deals (so that late rounds are dealt short or nothing: issue 40's case 2) only
    with a hand of at most 2 (the deals multiply with the cards set aside). ``small``: 8 cards, a
    hand of 3 to 5 and 1 or 2 rounds (the suite's share: a few seconds a deck)."""
    cards = tuple(sorted(rng.sample(range(1, 41), 4 * players if small else rng.randint(4 * players, 4 * players + 1))))
    hand = rng.choice((3, 4, 5) if small else (1, 2, 2, 3, 4, 5))
    options = {
        "per_player": 4,
        "hand": hand,
        "rounds": rng.choice((1, 2) if small else (0, 1, 2, 3)),
        "start_tie": rng.choice(("youngest", "random")),
        "next_starter": rng.choice(("last-played", "last-turn")),
        "each_starts": rng.random() < 0.5,
        "must_play": rng.random() < 0.5,
        "keep_penalties": hand <= 2 and rng.random() < 0.5,
    }
    return Case(cards, players, options)


STEPS = re.compile(r"at most ([\d,]+) steps")


def compare(case: Case, budget: int = 300_000, games: int = 12) -> dict:
    """The solver's verdict and validate's claims on one deck, and every way they disagree: a claim
    labelled [proven] that the solver refutes, or a failure validate reports that the solver cannot
    find. A sampled claim the solver refutes is listed apart (a sample may miss a rare deal)."""
    from deckgen.engine.claims import PROVEN
    from deckgen.engine.validate import validate
    from deckgen.registry import get_game

    mine = solve(case.rules(), budget=budget)
    out = {"case": str(case), "solver": mine, "problems": [], "sampled_refuted": [], "proven": 0}
    if not mine.complete:
        return out
    report = validate(get_game("hectoedra"), case.deck(), players=[case.players], games=games, sequential=False, workers=1)
    ends = not mine.dead_ends and not mine.cycle
    for c in report.checks:
        name, detail = str.__str__(c.name), str.__str__(c.detail)
        proven = c.proof == PROVEN
        out["proven"] += proven
        if name.startswith("every game's length is bounded"):
            most = STEPS.search(detail)
            if c.ok and not (ends and most and mine.longest <= int(most.group(1).replace(",", ""))):
                out["problems"].append(f"{name}: validate {detail!r}; solver: longest {mine.longest} steps, ends {ends}")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}), the solver finds every match bounded")
        elif name.startswith(("every game ends", "no dead end", "an end is always reachable", "no trap")):
            if c.ok and not ends and proven:
                out["problems"].append(f"{name} [proven]; solver: {mine.dead_ends} dead ends, a cycle {mine.cycle}")
            elif c.ok and not ends:
                out["sampled_refuted"].append(name)
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds every match ends")
        elif name.startswith("every round dealt as printed"):
            if c.ok and mine.short_deal:
                (out["problems"] if proven else out["sampled_refuted"]).append(name)
            if not c.ok and not mine.short_deal:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds no short deal")
    return out
