"""`deckgen validate` on every default deck: the fixed sample against sequential stopping.

    python3 bench/validate.py [--games 400] [--workers N] [--repeat 1] [GAME ...]

Each run is the real command (`python3 -m deckgen validate GAME --quiet`, in a fresh process, with
an empty figures cache), so the wall time includes start-up. For each game the table gives the
measured games played over all player counts, the wall time (the median of --repeat runs) and the
CPU time, and whether both runs reach the same verdict on every check. The last line is the slowest
sequential run: `worst: X s` (the target is 10 s on a 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]


def run(game: str, games: int, workers: int | None, fixed: bool) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds (the command and its workers) and the JSON report of one run."""
    cmd = [sys.executable, "-m", "deckgen", "validate", game, "--quiet", "--json", "--games", str(games)]
    if workers:
        cmd += ["--workers", str(workers)]
    if fixed:
        cmd.append("--fixed")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache, "PYTHONPATH": str(ROOT)}  # this checkout's deckgen
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def verdicts(report: dict) -> list[tuple[str, bool]]:
    return [(c["name"], c["ok"]) for part in ("static", "exhaustive", "simulation") for c in report[part]]


def played(report: dict) -> int:
    return sum(s["games"] for s in report["summaries"].values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--games", dest="most", type=int, default=400, help="the fixed sample (and the sequential maximum)")
    ap.add_argument("--workers", type=int, default=None, help="default: the command's default (the machine's cores)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each; the table shows median times")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (times are medians of {args.repeat} run(s))")
    head = f"{'game':<14}{'fixed games':>12}{'wall s':>8}{'cpu s':>8}   {'sequential games':>17}{'wall s':>8}{'cpu s':>8}   same verdicts"
    print(head)
    print("-" * len(head))
    worst = 0.0
    for game in args.games:
        rows = {}
        for fixed in (True, False):
            runs = [run(game, args.most, args.workers, fixed) for _ in range(args.repeat)]
            rows[fixed] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), runs[0][2])
        (fw, fc, fr), (sw, sc, sr) = rows[True], rows[False]
        same = verdicts(fr) == verdicts(sr)
        worst = max(worst, sw)
        print(f"{game:<14}{played(fr):>12}{fw:>8.1f}{fc:>8.1f}   {played(sr):>17}{sw:>8.1f}{sc:>8.1f}   {'yes' if same else 'NO'}", flush=True)
    print(f"worst: {worst:.1f} s")


if __name__ == "__main__":
    main()
