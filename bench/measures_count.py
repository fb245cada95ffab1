"""What tracing costs, in instructions (issue 39): part 2 of bench/measures.py counted by valgrind's
cachegrind instead of timed. CPU seconds of runs this short move by tens of percent from one run to
the next on a shared machine; an instruction count moves by well under 1% and does not depend on the
load, so two versions of the code compare by it directly.

    python3 bench/measures_count.py [--players N] [--games G] [GAME ...]

For each rule variant of each default deck, three processes run under
``valgrind --tool=cachegrind --cache-sim=no``, each after the same start (imports, the deck, a few
games of both kinds played so that every table and cache either builds lazily is built): the start
alone, the start and a plain simulation of G games (engine/simulate), the start and the same games
traced and reduced to the eight trace-and-standing measures with their intervals (as part 2 of
bench/measures.py). Printed: the instructions of the plain simulation and of the traced one (each
less the start's), and the overhead. Slow (valgrind runs Python some 20 times slower): minutes.
The phases of the traced run can be counted apart with ``--phase`` (see PHASES).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]
# what a child process does after the start: nothing, the plain simulation, the traced games
# (traces only), the traced games reduced to their facts (run.run), and the measures from them
PHASES = ("start", "plain", "traced", "run", "measured")


def child(game_id: str, variant: int, players: int, games: int, phase: str) -> None:
    """One counted process (``--child``): the start, then ``phase``."""
    sys.path.insert(0, str(ROOT))
    from deckgen.analysis.measures.compute import measure
    from deckgen.analysis.measures.run import Plan, run, traced
    from deckgen.engine.simulate import simulate
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    game = get_game(game_id)
    engine = game.engine
    design = engine.design
    label, deck = engine.variants(spec_for(game, cli={}).build())[variant]
    plan = Plan.of(design, 1, games=games or None, evaluated_games=0, skill_games=0, deal_games=0)
    warm = Plan.of(design, 1 << 30, games=4, evaluated_games=0, skill_games=0, deal_games=0)
    simulate(engine, deck, players, warm.games, warm.seed)
    measure(run(game_id, deck, players, warm), design, game=game_id, variant=label, pace=game.seconds_per_turn)
    if phase == "plain":
        simulate(engine, deck, players, plan.games, plan.seed)
    elif phase == "traced":
        for seed in range(plan.seed, plan.seed + plan.games):
            traced(engine, design, deck, players, seed)
    elif phase == "run":
        run(game_id, deck, players, plan)
    elif phase == "measured":
        measure(run(game_id, deck, players, plan), design, game=game_id, variant=label, pace=game.seconds_per_turn)


def instructions(game_id: str, variant: int, players: int, games: int, phase: str) -> int:
    """The instructions a child process of ``phase`` runs, counted by cachegrind."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, __file__, "--child", game_id, str(variant), str(players), str(games), phase]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or not found:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def counted(game_id: str, players: int, games: int | None, phases: tuple[str, ...] = ("plain", "measured")) -> list[tuple[str, dict[str, int]]]:
    """Per rule variant: its label and, per phase, the instructions beyond the start's."""
    sys.path.insert(0, str(ROOT))
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    game = get_game(game_id)
    out = []
    for i, (label, _deck) in enumerate(game.engine.variants(spec_for(game, cli={}).build())):
        start = instructions(game_id, i, players, games or 0, "start")
        out.append((label, {p: instructions(game_id, i, players, games or 0, p) - start for p in phases}))
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        game_id, variant, players, games, phase = sys.argv[2:7]
        child(game_id, int(variant), int(players), int(games), phase)
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--players", type=int, default=None, help="players (default: each game's usual count)")
    ap.add_argument("--games", dest="traced", type=int, default=None, help="games (default: the game's)")
    ap.add_argument("--phase", action="store_true", help="also count the traced run's phases apart (traces, facts, measures)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    sys.path.insert(0, str(ROOT))
    from deckgen.registry import get_game

    phases = ("plain", "traced", "run", "measured") if args.phase else ("plain", "measured")
    head = f"{'game':<24}{'players':>8}{'plain M':>10}" + "".join(f"{p + ' M':>12}" for p in phases[1:]) + f"{'overhead':>10}"
    print(head)
    worst = 0.0
    for g in args.games:
        n = args.players or get_game(g).default_players
        for label, got in counted(g, n, args.traced, phases):
            over = got["measured"] / got["plain"] - 1.0
            worst = max(worst, over)
            cells = "".join(f"{got[p] / 1e6:>12.0f}" for p in phases[1:])
            print(f"{(g + ' ' + label).strip():<24}{n:>8}{got['plain'] / 1e6:>10.0f}{cells}{100 * over:>9.1f}%", flush=True)
    print(f"worst tracing overhead in instructions: {100 * worst:.1f}%")


if __name__ == "__main__":
    main()
