"""Cartas Maestras: simulation speed (games per second, 1 process and 2 workers) and a large
invariant run (every player count, both policies, cards conserved, legal moves only, every game ends).

    python bench/maestras.py [--games 4000] [--players 4] [--check-games 2000]
"""

from __future__ import annotations

import argparse
import time

from deckgen.engine.simulate import run_games
from deckgen.games.maestras import GAME
from deckgen.options import defaults
from deckgen.registry import BuildRequest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4000, help="games for the speed figures")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--check-games", type=int, default=2000, help="checked games per player count and policy")
    args = ap.parse_args()
    deck = GAME.build(BuildRequest(defaults(GAME.options), 1))
    results = {}
    for policy in ("heuristic", "random"):
        for workers in (1, 2):
            start = time.perf_counter()
            records = run_games(GAME.engine, deck, args.players, args.games, 1, workers=workers, policy=policy)
            elapsed = time.perf_counter() - start
            turns = sum(r.length for r in records)
            results[(policy, workers)] = records
            print(f"maestras {args.players} players, {policy}, {workers} worker(s): "
                  f"{args.games / elapsed:,.0f} games/s ({turns / elapsed:,.0f} turns/s, {elapsed:.2f} s)")
        assert results[(policy, 1)] == results[(policy, 2)], "results must not depend on the number of workers"
    print("same results with 1 and 2 workers: yes")
    if args.check_games <= 0:
        return
    start = time.perf_counter()
    total = 0
    for n in range(2, 9):
        for policy in ("random", "heuristic"):
            records = run_games(GAME.engine, deck, n, args.check_games, 1_000_000 * n, workers=2, policy=policy, check=True, detect_loops=True)
            stuck = [r.seed for r in records if not r.ended]
            assert not stuck, f"{n} players, {policy}: games did not end: seeds {stuck[:5]}"
            total += len(records)
    elapsed = time.perf_counter() - start
    print(f"invariants held in {total:,} checked games (2-8 players, both policies): {total / elapsed:,.0f} games/s with 2 workers")


if __name__ == "__main__":
    main()
