"""`deckgen skill GAME` (the default skill ladder, every rule variant) of every game: its wall and CPU time.

    python3 bench/ladder_time.py [--repeat 1] [--root DIR ...] [--save DIR] [GAME ...]

Each run is the real command (`python3 -m deckgen skill GAME --quiet --json`, default games per
pair, default workers, in a fresh process), so the wall time includes start-up; the CPU time is the
command's and its workers'. The load average is printed beside every run (the machine's other work
slows the wall time). With several --root checkouts (e.g. `--root /work/main --root .`), each game
is run by each checkout in turn, interleaved (old, new, old, new...), and the table says whether
their JSON reports are the same, byte for byte. The last line is the slowest wall time (of the last checkout): `worst: X s`
(the target is two minutes on two idle cores).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]


def run(root: Path, game: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the command and its workers) and the JSON report of one run."""
    cmd = [sys.executable, "-m", "deckgen", "skill", game, "--quiet", "--json"]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache, "PYTHONPATH": str(root)}  # that checkout's deckgen
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} (in {root}) failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--repeat", type=int, default=1, help="runs per game and checkout")
    ap.add_argument("--root", type=Path, action="append", help="a deckgen checkout to time (repeat to interleave; default: this one)")
    ap.add_argument("--save", type=Path, help="write each checkout's JSON report to DIR/<n>-GAME.json")
    args = ap.parse_args()
    roots = [r.resolve() for r in (args.root or [ROOT])]
    print(f"deckgen skill GAME --quiet --json, default games and workers; {os.cpu_count()} cores", flush=True)
    for i, r in enumerate(roots):
        print(f"  checkout {i}: {r}")
    worst, worst_game = 0.0, ""
    for game in args.games:
        outputs: dict[int, set[str]] = {}
        for rep in range(args.repeat):
            for i, root in enumerate(roots):
                start_load = load()
                wall, cpu, out = run(root, game)
                outputs.setdefault(i, set()).add(out)
                if args.save:
                    args.save.mkdir(parents=True, exist_ok=True)
                    (args.save / f"{i}-{game}.json").write_text(out)
                print(f"  {game:<13} checkout {i} run {rep + 1}: {wall:6.1f} s wall {cpu:6.1f} s CPU   load {start_load} -> {load()}", flush=True)
                if i == len(roots) - 1 and wall > worst:
                    worst, worst_game = wall, game
        reports = set().union(*outputs.values())
        print(f"  {game:<13} reports: {'all the same' if len(reports) == 1 else f'{len(reports)} different'}", flush=True)
    print(f"worst: {worst:.1f} s ({worst_game})")


if __name__ == "__main__":
    main()
