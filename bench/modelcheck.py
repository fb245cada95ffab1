"""The model checker (deckgen/engine/modelcheck.py): the largest deck it proves exhaustively in 60 s.

    python3 bench/modelcheck.py [--seconds 60] [--players 2 3]

For each game with a model (Engine.model), decks of growing size are searched, each for at most
--seconds; the table gives, per player count, every deck tried with its cards, card types, positions
searched, positions per second and the verdict, and the last line per game and player count names
the largest deck proven. Games without a model say what carries their proof instead (a decreasing
variant checked in code, or sampling). One process: the search is single-threaded.
"""

from __future__ import annotations

import argparse
import time

from deckgen.engine.modelcheck import check_model
from deckgen.registry import games, get_game
from deckgen.spec import spec_for

NONE = {"toma_dos": 0, "retorno": 0, "intermision": 0, "eleccion_coeficiente": 0, "eleccion_grado": 0, "toma_cuatro": 0}

# MGC decks in increasing size and variety (the smallest a deck may be: 7 cards a player, one turned
# up and 10 in reserve: 25 cards for 2 players, 32 for 3)
MGC = [
    # below the smallest legal deck (no reserve to draw from): what the checker can still decide
    ("16 cards: 6 × x, 6 × x², 2 Retorno, 2 Intermisión (below the legal minimum)",
     {"coefficients": "1", "degrees": "1-2", "copies": 6, **NONE, "retorno": 2, "intermision": 2}),
    ("18 cards: 7 × x, 7 × x², 2 Retorno, 2 Intermisión (below the legal minimum)",
     {"coefficients": "1", "degrees": "1-2", "copies": 7, **NONE, "retorno": 2, "intermision": 2}),
    ("20 cards: 8 × x, 8 × x², 2 Retorno, 2 Intermisión (below the legal minimum)",
     {"coefficients": "1", "degrees": "1-2", "copies": 8, **NONE, "retorno": 2, "intermision": 2}),
    ("22 cards: 8 × x, 8 × x², 3 Retorno, 3 Intermisión (below the legal minimum)",
     {"coefficients": "1", "degrees": "1-2", "copies": 8, **NONE, "retorno": 3, "intermision": 3}),
    # the smallest legal decks (7 cards a player, one turned up, 10 in reserve) and the issue's cases
    ("25 cards: x, x², Retorno, Intermisión", {"coefficients": "1", "degrees": "1-2", "copies": 8, **NONE, "retorno": 5, "intermision": 4}),
    ("27 cards: + 2 Toma dos", {"coefficients": "1", "degrees": "1-2", "copies": 8, **NONE, "retorno": 5, "intermision": 4, "toma_dos": 2}),
    ("32 cards: x, x², 8 Retorno, 8 Intermisión", {"coefficients": "1", "degrees": "1-2", "copies": 8, **NONE, "retorno": 8, "intermision": 8}),
    ("36 cards: x, x², x³ and 12 action cards", {"coefficients": "1", "degrees": "1-3", "copies": 8, **NONE, "retorno": 6, "intermision": 6}),
]
CANDIDATES = {"mgc": MGC}
# issue 26's deck files (tests/modelcheck/decks/), tried whatever the ladder above reached; validate
# serves them at 2 players only
ISSUE = {"mgc": [
    ("28 cards: issue 26 case 2 (8 monomials, 20 Toma cuatro, after_action free)",
     {"coefficients": "1,2", "degrees": "1,2", "copies": 2, **NONE, "toma_cuatro": 20, "after_action": "free"}),
    ("30 cards: issue 26 case 1 (2 × x, 28 action cards)",
     {"coefficients": "1", "degrees": "1", "copies": 2, **NONE, "toma_dos": 8, "retorno": 8, "intermision": 8, "toma_cuatro": 4}),
    ("37 cards: x and 36 action cards of six kinds (too many deals to enumerate)", {"coefficients": "1", "degrees": "1", "copies": 1}),
]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3])
    ap.add_argument("--budget", type=int, default=6_000_000, help="positions at most (memory: about 1.3 GB)")
    args = ap.parse_args()
    for game in games().values():
        engine = game.engine
        if engine is None:
            continue
        if engine.model is None:
            carried = "a decreasing variant checked in code (Engine.arguments)" if engine.arguments else "sampling (no model, no argument)"
            print(f"{game.id}: no model for the model checker; its claims rest on {carried}")
            continue
        for players in args.players:
            best, skip = None, False
            ladder = CANDIDATES.get(game.id, [])
            for label, options in ladder + (ISSUE.get(game.id, []) if players == 2 else []):
                issue = (label, options) not in ladder
                if skip and not issue:
                    continue
                deck = spec_for(get_game(game.id), cli={}, file_layer={"game": game.id, "options": options}).build()
                if len(deck.cards) < 7 * players + 1:
                    continue  # cannot be dealt
                if engine.arguments is not None:  # the game's own argument, where it applies (MGC: going_out.py)
                    started = time.process_time()
                    argued = list(engine.arguments(deck, players))
                    if argued and all(c.ok and c.proof == "proven" for c in argued):
                        print(f"{game.id} {players} pl.  {label}: {len(deck.cards)} cards: proven by the game's argument, checked in "
                              f"{time.process_time() - started:.2f} s CPU (validate needs no search)", flush=True)
                root = engine.model(deck, players)
                if root is None:
                    print(f"{game.id} {players} pl.  {label}: too many deals to enumerate")
                    continue
                started = time.perf_counter()
                r = check_model(root, budget=args.budget, seconds=args.seconds)
                wall = time.perf_counter() - started
                verdict = (("proven" if r.ok else "NOT playable (counterexample)") if r.complete
                           else f"stopped at the --budget of {args.budget:,} positions after {wall:.0f} s (memory)" if r.states > args.budget
                           else f"stopped after {wall:.0f} s")
                print(f"{game.id} {players} pl.  {label}: {len(deck.cards)} cards, {root.m.t.n if hasattr(root, 'm') else '?'} types, "
                      f"{r.states:,} positions, {r.rate:,.0f} positions/s, {wall:.1f} s: {verdict}", flush=True)
                if issue:
                    continue
                if r.complete:
                    best = (label, r)
                else:
                    skip = True  # larger decks take longer still (the issue's decks are still tried)
            if best:
                label, r = best
                print(f"{game.id} {players} pl.  largest of the ladder proven in {args.seconds:g} s: {label}: {r.states:,} positions, {r.rate:,.0f}/s")
            else:
                print(f"{game.id} {players} pl.  no deck proven in {args.seconds:g} s")


if __name__ == "__main__":
    main()
