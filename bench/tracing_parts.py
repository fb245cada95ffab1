"""Where tracing's time goes, part by part, beside a plain simulation of the same games: for each
game's default deck (its first rule variant) at 4 players, the CPU seconds of

- plain: engine/simulate.simulate of the games (what `deckgen simulate` does, as bench/measures.py);
- traced: the same games traced (run.traced), no facts;
- free standing: traced with a standing that costs nothing (always the same), so the difference to
  `traced` is what building and comparing the standing at the sampling moments costs;
- facts: traced, each game reduced to its facts (facts.facts_of);
- run: run.run (the same, with its chunks of work);
- measured: run.run and compute.measure, the eight trace-and-standing measures with their intervals
  (what bench/measures.py part 2 times).

    python3 bench/tracing_parts.py [--repeat 5] [--games G] [GAME ...]

Each the best of --repeat interleaved runs, in one process (numpy's BLAS on one thread, as the
command runs). Each cell: seconds, and in brackets the share over plain. Runs of 0.2 s move by a few
points from one run to the next: compare parts within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import deckgen.main  # noqa: E402,F401  (as the command runs: numpy's BLAS on one thread)

GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]
PLAYERS = 4


def parts(game_id: str, games: int | None, repeat: int) -> tuple[str, int, dict[str, float]]:
    import importlib

    from deckgen.analysis.measures.compute import measure
    from deckgen.analysis.measures.facts import facts_of
    from deckgen.engine.simulate import simulate
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    R = importlib.import_module("deckgen.analysis.measures.run")  # the package exports a function named run
    game = get_game(game_id)
    engine = game.engine
    design = engine.design
    label, deck = engine.variants(spec_for(game, cli={}).build())[0]
    plan = R.Plan.of(design, 1, games=games, evaluated_games=0, skill_games=0, deal_games=0)
    seeds = range(plan.seed, plan.seed + plan.games)
    same = [(0,)] * PLAYERS
    free = replace(design, standing=lambda state: same, moved=None)
    if design.playout is not None:  # a game's own traced loop (Multipli Cat's), given the free standing too
        from deckgen.games.multiplicats.traced import traced_playout  # the only game with one

        free = replace(free, playout=lambda state, rng, policy, steps: traced_playout(state, rng, policy, steps, free))

    def traced_with(d):
        def go() -> None:
            for seed in seeds:  # each trace let go at once, as run.run lets it go once its facts are read
                R.traced(engine, d, deck, PLAYERS, seed)
        return go

    def with_facts() -> None:
        for seed in seeds:
            facts_of(seed, R.traced(engine, design, deck, PLAYERS, seed), design.one_way)

    steps = {
        "plain": lambda: simulate(engine, deck, PLAYERS, plan.games, plan.seed),
        "traced": traced_with(design),
        "free standing": traced_with(free),
        "facts": with_facts,
        "run": lambda: R.run(game_id, deck, PLAYERS, plan),
        "measured": lambda: measure(R.run(game_id, deck, PLAYERS, plan), design, game=game_id, variant=label, pace=game.seconds_per_turn),
    }
    best = {k: float("inf") for k in steps}
    # an untimed round first: the first measured run would count numpy's import and its first products
    measure(R.run(game_id, deck, PLAYERS, replace(plan, games=min(plan.games, 10))), design, game=game_id, variant=label, pace=game.seconds_per_turn)
    for _ in range(repeat):
        for k, f in steps.items():
            start = time.process_time()
            f()
            best[k] = min(best[k], time.process_time() - start)
    return f"{game_id} {label}".strip(), plan.games, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--games", dest="count", type=int, default=None, help="games (default: the game's)")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    for g in args.games:
        name, count, best = parts(g, args.count, args.repeat)
        plain = best["plain"]
        cells = "  ".join(f"{k} {v:.3f} s" + ("" if k == "plain" else f" ({100 * (v / plain - 1):+.1f}%)") for k, v in best.items())
        print(f"{name} ({count} games, {PLAYERS} players): {cells}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
