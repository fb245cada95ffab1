"""Before/after figures for a rule default: mean and standard error of every per-game count.

Plays ``--games`` seeded games of the default deck (with ``--set option=value`` overrides) and prints,
for each of the game's counts and for the game length, the mean per game and its standard error.
Run it once with the old value and once with the new one to measure what a default changes:

    python3 bench/rule_defaults.py maestras --players 4 --games 2000 --set main_end=stuck
    python3 bench/rule_defaults.py maestras --players 4 --games 2000
"""

from __future__ import annotations

import argparse
import math
import statistics

from deckgen.engine.simulate import run_games
from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game


def mean_se(values: list[float]) -> tuple[float, float]:
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, se


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--policy", default="heuristic")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE", help="an option override (repeatable)")
    args = ap.parse_args()
    game = get_game(args.game)
    raw = dict(item.split("=", 1) for item in args.set)
    options = resolve(game.options, raw)
    deck = game.build(BuildRequest(options, 1))
    records = run_games(game.engine, deck, args.players, args.games, args.seed, workers=args.workers, policy=args.policy)
    ended = sum(r.ended for r in records)
    print(f"{args.game}, {args.players} players, {args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{args.policy}, overrides {raw or 'none'}: {ended} ended by the rules")
    rows = {"length": [float(r.length) for r in records]}
    for key in records[0].counts:
        rows[key] = [float(r.counts.get(key, 0.0)) for r in records]
    for s in range(args.players):
        rows[f"wins seat {s}"] = [r.returns[s] if r.returns else 0.0 for r in records]
    for key, values in rows.items():
        m, se = mean_se(values)
        print(f"  {key:<28} {m:10.4f} ± {se:.4f}")


if __name__ == "__main__":
    main()
