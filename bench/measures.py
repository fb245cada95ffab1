"""The design measures' cost (issue 39): all twelve for each default deck at one player count, and
the trace-and-standing measures beside a plain simulation of the same games.

    python3 bench/measures.py [--players N] [--workers 2] [--repeat 5] [--games G] [GAME ...]

Part 1, the whole command: `python3 -m deckgen measure GAME --players N --workers W --quiet --json`
in a fresh process with an empty figures cache (its wall time includes start-up; CPU is the
command's and its workers'). Target: at most 60 s on two cores at the default settings.

Part 2, what tracing costs: in this process, the CPU seconds of a plain simulation of G games
(engine/simulate.simulate in one process: what `deckgen simulate` does, the games played and
summarised) beside the same G games traced and reduced to the eight trace-and-standing measures
with their intervals (no evaluator, no skill games), each the best of --repeat interleaved runs (the
machine is shared: the best run is the least disturbed). Target: at most 10% over the plain
simulation.

The load average before and after is printed, and beside each row of part 2: figures from a loaded
machine are not the machine's (there, compare versions with bench/measures_pair.py, interleaved).
Runs this short move by tens of percent even on an idle machine: bench/measures_count.py counts part
2 in instructions (valgrind), which move by well under 1% whatever the load.
The last lines: `worst command: X s` and `worst tracing overhead: Y%`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import deckgen.main  # noqa: E402,F401  (part 2 runs as the command does: numpy's BLAS on one thread)
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]


def command(game: str, players: int, workers: int) -> tuple[float, float, dict]:
    cmd = [sys.executable, "-m", "deckgen", "measure", game, "--players", str(players), "--workers", str(workers), "--quiet", "--json"]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache, "PYTHONPATH": str(ROOT)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def tracing(game_id: str, players: int, games: int | None, repeat: int) -> list[tuple[str, int, float, float]]:
    """Per rule variant: (label, games, plain CPU s, traced and measured CPU s)."""
    from deckgen.analysis.measures.compute import measure
    from deckgen.analysis.measures.run import Plan, run
    from deckgen.engine.simulate import simulate
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    game = get_game(game_id)
    engine = game.engine
    out = []
    for label, deck in engine.variants(spec_for(game, cli={}).build()):
        plan = Plan.of(engine.design, 1, games=games, evaluated_games=0, skill_games=0, deal_games=0)
        plain = traced = float("inf")
        # an untimed round first: the first traced run would count numpy's import and its first products
        measure(run(game_id, deck, players, replace(plan, games=min(plan.games, 10))), engine.design, game=game_id, variant=label, pace=game.seconds_per_turn)
        for _ in range(repeat):
            start = time.process_time()
            simulate(engine, deck, players, plan.games, plan.seed)
            plain = min(plain, time.process_time() - start)
            start = time.process_time()
            measure(run(game_id, deck, players, plan), engine.design, game=game_id, variant=label, pace=game.seconds_per_turn)
            traced = min(traced, time.process_time() - start)
        out.append((label, plan.games, plain, traced))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--players", type=int, default=None, help="players (default: each game's usual count)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5, help="runs of part 2 (the best is kept)")
    ap.add_argument("--games", dest="traced", type=int, default=None, help="games of part 2 (default: the game's)")
    ap.add_argument("--skip-command", action="store_true", help="part 2 only")
    args = ap.parse_args()
    from deckgen.registry import get_game

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    worst_wall = 0.0
    if not args.skip_command:
        print(f"{'game':<14}{'players':>8}{'wall s':>9}{'CPU s':>8}  not converged")
        for g in args.games:
            n = args.players or get_game(g).default_players
            wall, cpu, data = command(g, n, args.workers)
            loose = [f"{v['variant'] or '-'}:{k}" for v in data["variants"] for k, m in v["measures"].items() if m.get("converged") is False]
            print(f"{g:<14}{n:>8}{wall:>9.1f}{cpu:>8.1f}  {', '.join(loose) or '-'}", flush=True)
            worst_wall = max(worst_wall, wall)
    print(f"{'game':<24}{'players':>8}{'games':>7}{'simulate s':>11}{'traced s':>9}{'overhead':>10}{'load':>6}")
    worst = 0.0
    for g in args.games:
        n = args.players or get_game(g).default_players
        for label, count, plain, traced in tracing(g, n, args.traced, args.repeat):
            over = traced / plain - 1.0
            worst = max(worst, over)
            name = f"{g} {label}".strip()
            print(f"{name:<24}{n:>8}{count:>7}{plain:>11.2f}{traced:>9.2f}{100 * over:>9.1f}%{os.getloadavg()[0]:>6.1f}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.skip_command:
        print(f"worst command: {worst_wall:.1f} s")
    print(f"worst tracing overhead: {100 * worst:.1f}%")


if __name__ == "__main__":
    main()
