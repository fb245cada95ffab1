"""Random tiny Monete decks with random rule options, solved by the independent solver
(monete_solver.py) and judged by deckgen's ``validate``: every claim validate labels [proven], every
failure it reports, and the exhaustive claims it proves by enumeration ("a round can be closed",
"every card can follow another") must agree with the solver. Used by tests/independent/test_monete.py
(a few decks) and bench/independent_solvers.py (a sweep)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from independent.monete_solver import ACT, COLOURS, HAND, NUM, PURPLE, WILD, Rules, solve

MODES = ("perezoso", "siesta", "recreo", "jungla")
ACTIONS = ("todos_mudos", "te_la_cambio", "numeros_mayores", "numeros_menores", "ladronzuelos", "cambio_sentido", "regalito",
           "toma_2", "toma_3", "repite_turno", "descarte", "maldicion", "espiar")
DEFAULTS = {"mode": "siesta", "wildcards": True, "top": 20, "combo": 3, "deck_out": "empty", "give_taken": False, "wild_discard": False}


@dataclass
class Case:
    types: list  # (kind, value, colour index / PURPLE / None, action / None)
    counts: list
    players: int
    options: dict = field(default_factory=dict)

    def modes(self) -> tuple:
        mode = self.options.get("mode", "siesta")
        return MODES if mode == "all" else (mode,)

    def rules(self, mode: str) -> Rules:
        o = {**DEFAULTS, **self.options}
        types, counts = list(self.types), list(self.counts)
        if mode == "perezoso":  # played without the purple cards
            keep = [i for i, t in enumerate(types) if t[0] != ACT]
            types, counts = [types[i] for i in keep], [counts[i] for i in keep]
        return Rules(tuple(types), tuple(counts), self.players, mode, o["top"], o["combo"], o["deck_out"], o["give_taken"],
                     o["wild_discard"])

    def deck(self):
        from deckgen.model import Card, Deck

        cards = []
        for (kind, v, c, a), k in zip(self.types, self.counts):
            if kind == NUM:
                cards += [Card("number", {"value": v, "colour": COLOURS[c]})] * k
            elif kind == ACT:
                cards += [Card("action", {"value": v, "action": a})] * k
            else:
                cards += [Card("wild", {})] * k
        cards += [Card("marker", {"marker": m, "side": s}) for m, s in (("number", "+"), ("number", "-"), ("colour", "same"), ("colour", "different"))]
        return Deck("monete", {**DEFAULTS, **self.options}, 1, tuple(cards), custom=True)

    def __str__(self) -> str:
        def name(t):
            kind, v, c, a = t
            return f"{v}{COLOURS[c][0]}" if kind == NUM else f"{a}({v})" if kind == ACT else "comodín"

        return f"{self.players} players, {', '.join(f'{k}×{name(t)}' for t, k in zip(self.types, self.counts))}, {self.options}"


def random_case(rng: random.Random, players: int = 2, size: int | None = None) -> Case:
    """A deck of 7 × players cards (five each and a draw pile of two a player, the fewest validate
    serves) plus 0 to 2: 3 or 4 number types (a 1 or a TOP among them most of the time) in one or two
    colours, 0 to 2 action types (numbered 2..TOP-1, or, one deck in four that has them, one numbered 1 or TOP, which closes a
    round as a number card does), at most one comodín; every rule option at
    random, the rarely used values as often as the defaults."""
    top = rng.choice((10, 20))
    size = size if size is not None else HAND * players + 2 * players + rng.choice((0, 0, 1))
    values = sorted({rng.choice((1, top))} | set(rng.sample([1, 2, 3, top - 1, top, top // 2], rng.choice((1, 2)))))
    colours = rng.sample(range(4), rng.choice((1, 2)))
    nums = sorted({(NUM, v, rng.choice(colours), None) for v in values})
    acts = [(ACT, rng.randrange(2, top), PURPLE, a) for a in rng.sample(ACTIONS, rng.choice((0, 1, 1)))]
    wild = [(WILD, None, None, None)] if rng.random() < 0.2 else []
    types = nums + acts + wild
    counts = [1] * len(types)
    for _ in range(size - len(types)):
        counts[rng.randrange(len(nums))] += 1
    options = {
        "mode": rng.choice(MODES + ("all",)) if acts else rng.choice(("perezoso", "siesta", "recreo", "jungla")),
        "wildcards": bool(wild),
        "top": top,
        "combo": rng.choice((1, 2, 3)),
        "deck_out": rng.choice(("empty", "need")),
        "give_taken": rng.random() < 0.5,
        "wild_discard": rng.random() < 0.5,
    }
    if options["mode"] == "all" or (options["mode"] == "perezoso" and acts):
        pass  # PEREZOSO leaves the purple cards out: the deck must still serve the players without them
    if acts and rng.random() < 0.25:  # a deck file may number an action card 1 or TOP: played, it closes a round
        i = len(nums) + rng.randrange(len(acts))
        types[i] = (ACT, rng.choice((1, top)), PURPLE, types[i][3])
    case = Case(types, counts, players, options)
    if options["mode"] in ("perezoso", "all") and sum(k for t, k in zip(types, counts) if t[0] != ACT) < 7 * players:
        case.options["mode"] = rng.choice(("siesta", "recreo", "jungla"))
    return case


TURNS = re.compile(r"at most ([\d,]+) turns")


def compare(case: Case, budget: int = 300_000, games: int = 12) -> dict:
    """The solver's verdicts (one per mode the deck is played in) and validate's claims on one deck,
    and every way they disagree."""
    from deckgen.engine.claims import PROVEN
    from deckgen.engine.validate import validate
    from deckgen.registry import get_game

    verdicts = {m: solve(case.rules(m), budget=budget) for m in case.modes()}
    out = {"case": str(case), "solver": verdicts, "problems": [], "sampled_refuted": [], "proven": 0,
           "complete": all(v.complete for v in verdicts.values())}
    if not out["complete"]:
        return out
    report = validate(get_game("monete"), case.deck(), players=[case.players], games=games, sequential=False, workers=1)
    out["report"] = report
    for c in report.checks:
        name, detail = str.__str__(c.name), str.__str__(c.detail)
        if name == "a round can be closed":  # the static check, over every mode the deck is played in
            if not c.ok and any(v.closes for v in verdicts.values()):
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver closes a round with ¡Monete!")
            continue
        mode = next((m for m in MODES if f"({m}" in name or f"({m.upper()})" in name), None)
        if mode is None or mode not in verdicts:
            continue
        v = verdicts[mode]
        ends = not v.dead_ends and not v.cycle
        proven = c.proof == PROVEN
        out["proven"] += proven
        if name.startswith("every game's length is bounded"):
            most = TURNS.search(detail)
            if c.ok and not (ends and most and v.longest <= int(most.group(1).replace(",", ""))):
                out["problems"].append(f"{name}: validate {detail!r}; solver: longest {v.longest} turns, dead ends {v.dead_ends}, cycle {v.cycle}")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds every game bounded ({v.longest} turns)")
        elif name.startswith(("every game ends", "no dead end", "an end is always reachable", "no trap")):
            if c.ok and not ends:
                (out["problems"] if proven else out["sampled_refuted"]).append(f"{name}; solver: {v.dead_ends} dead ends, a cycle {v.cycle}")
            if not c.ok and ends:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver finds every game ends")
        elif name.startswith("a round can be closed"):
            if c.ok != v.closes:
                out["problems"].append(f"{name}: validate {c.ok} ({detail!r}), solver: a ¡Monete! reachable {v.closes}")
        elif name.startswith("every card can follow another"):
            rules = case.rules(mode)
            never = [t for t in range(len(rules.types)) if t not in v.followed]
            if c.ok and never:
                out["problems"].append(f"{name}: validate ok, solver: never played on a card: {[rules.types[t] for t in never]}")
            if not c.ok and not never:
                out["problems"].append(f"{name} fails in validate ({detail!r}); the solver plays every card on another")
    return out
