"""The skill ladder of every default deck (issue 27): where its top is, whether the
determinized-search rung (pimcN) climbs above the heuristic, and the verdict, with intervals.

    python3 bench/ladder_top.py [--games N] [--workers 2] [--only mgc,monete] [--modes jungla]

Default games per pair are each game's own (engine Skill.games); figures depend only on the seed,
times on the machine and its load. Prints one block per game (and mode), then one summary line per
game: "pimc over heuristic: +D ± H Elo (climbs | does not climb)".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.analysis.ratings import Z95  # noqa: E402
from deckgen.analysis.skill import lines, measure  # noqa: E402
from deckgen.registry import games  # noqa: E402
from deckgen.spec import spec_for  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=0, help="games per pair (0: each game's default)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated game ids")
    ap.add_argument("--modes", default="", help="comma-separated rule variants (Monete's modes) to play, default all")
    args = ap.parse_args()
    summary = []
    for gid, game in games().items():
        engine = game.engine
        if engine is None or engine.skill is None or engine.skill.profiles or (args.only and gid not in args.only.split(",")):
            continue
        deck = spec_for(game, cli={}).build()
        for label, variant in engine.variants(deck):
            if args.modes and label not in args.modes.split(","):
                continue
            start = time.perf_counter()
            r = measure(engine, variant, 2, title=game.title, variant=label, games_per_pair=args.games or engine.skill.games, seed=1, workers=args.workers)
            print("\n".join(lines(r)), flush=True)
            names = r.names
            search = next((i for i, n in enumerate(names) if n.startswith("pimc")), None)
            if search is not None:
                d, se = r.ratings.difference(search, names.index("heuristic"))
                word = "climbs" if d - Z95 * se > 0 else ("falls below" if d + Z95 * se < 0 else "does not climb significantly")
                summary.append(f"{gid}{' ' + label if label else ''}: {names[search]} over heuristic: {d:+.0f} ± {Z95 * se:.0f} Elo ({word}); "
                               f"top {r.strongest}; {time.perf_counter() - start:.0f} s")
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
