"""Monete benchmark: games per second per mode and policy, with the game's measures.

    PYTHONPATH=. python bench/monete.py [--games 2000] [--players 4] [--check]

Single process, seeded (seeds 1..N): the figures depend on the machine and its load. ``--check``
also verifies card conservation and legality at every step (as the tests and `validate` do).
"""

from __future__ import annotations

import argparse
import time

from deckgen.engine.loop import play_seeded
from deckgen.engine.simulate import summarize
from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

from deckgen.games.monete.deck import MODES


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    game = get_game("monete")
    engine = game.engine
    print(f"monete: {args.games} games per mode and policy, {args.players} players, check={args.check}")
    print(f"{'mode':<9} {'policy':<10} {'games/s':>8} {'turns':>6} {'rounds':>6} {'cards/turn':>10} {'must draw':>9} {'deck out':>8} {'seat 0':>7} {'ended':>7}")
    for mode in MODES:
        deck = game.build(BuildRequest(resolve(game.options, {"mode": mode}), 1))
        for policy in ("heuristic", "random"):
            start = time.perf_counter()
            records = [
                play_seeded(engine, deck, args.players, seed, policy=policy, check=args.check, detect_loops=args.check)
                for seed in range(1, args.games + 1)
            ]
            rate = args.games / (time.perf_counter() - start)
            s = summarize(engine, deck, args.players, policy, 1, records, variant=mode)
            m = s.measures
            print(
                f"{mode:<9} {policy:<10} {rate:8.0f} {s.length_mean:6.1f} {m['rounds per game']:6.2f} {m['cards per turn']:10.3f} "
                f"{100 * m['turns that must draw']:8.1f}% {100 * m['deck runs out']:7.1f}% {100 * m['seat 0 wins']:6.1f}% {s.ended:>4}/{s.games}"
            )


if __name__ == "__main__":
    main()
