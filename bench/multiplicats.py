"""Multipli Cat's simulation speed: games per second, one process and with 2 workers.

    python bench/multiplicats.py [--games 2000] [--tables 1-6] [--players 4]
"""

from __future__ import annotations

import argparse
import time

from deckgen.engine.simulate import run_games
from deckgen.games.multiplicats import GAME
from deckgen.options import resolve
from deckgen.registry import BuildRequest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--tables", default="1-6")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    deck = GAME.build(BuildRequest(resolve(GAME.options, {"tables": args.tables}), 1))
    results = {}
    for workers in (1, 2):
        start = time.perf_counter()
        records = run_games(GAME.engine, deck, args.players, args.games, 1, workers=workers)
        elapsed = time.perf_counter() - start
        turns = sum(r.length for r in records)
        results[workers] = records
        print(
            f"multiplicats tables {args.tables}, {args.players} players, {workers} worker(s): "
            f"{args.games / elapsed:,.0f} games/s ({turns / elapsed:,.0f} turns/s, {elapsed:.2f} s)"
        )
    assert results[1] == results[2], "results must not depend on the number of workers"
    print("same results with 1 and 2 workers: yes")


if __name__ == "__main__":
    main()
