"""The twelve design measures of every default deck at 2 and 4 players (kingmaking at 3), as one
Markdown table a row per measure (and the skill share's part, the deal share) and a column per game
(and Monete's four modes), each figure with its 95% interval: the table of issue 39's note and of the README.

    python3 bench/measures_table.py [--workers 2] [--seed 1] [GAME ...]

Each cell comes from `python3 -m deckgen measure GAME --players N --json` (the default settings);
"n/a" is a measure that does not apply (the JSON says why), "*" a figure whose reading at R
rollouts lies outside its interval at 4R (not converged). Each command's wall and CPU seconds (its
own and its workers') and the load average before it go to standard error: the cost of all twelve at
one player count (issue 39: at most 60 s on two cores).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["multiplicats", "mgc", "hectoedra", "monete", "maestras"]
KEYS = ["seat_edge", "length", "passive_turns", "waiting", "lead_changes", "comebacks", "lock_in", "close_finishes",
        "choices_matter", "obvious_move_wrong", "kingmaking", "skill_share"]
SHARES = {"seat_edge", "passive_turns", "comebacks", "lock_in", "close_finishes", "choices_matter", "obvious_move_wrong", "kingmaking"}


def measured(game: str, players: int, workers: int, seed: int) -> dict:
    cmd = [sys.executable, "-m", "deckgen", "measure", game, "--players", str(players), "--workers", str(workers), "--seed", str(seed),
           "--quiet", "--json"]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "XDG_CACHE_HOME": cache, "PYTHONPATH": str(ROOT)})
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"  {game} at {players} players: {wall:.1f} s wall, {cpu:.1f} s CPU (load average before: {load})", file=sys.stderr, flush=True)
    return json.loads(done.stdout)


def cell(key: str, m: dict) -> str:
    if "not_applicable" in m:
        return "n/a"
    star = "*" if m.get("converged") is False else ""
    if key in SHARES:
        sign = "+" if key == "seat_edge" else ""
        return f"{100 * m['value']:{sign}.0f}% ({100 * m['low']:{sign}.0f}–{100 * m['high']:{sign}.0f}){star}"
    digits = 0 if abs(m["value"]) >= 100 else 2
    return f"{m['value']:.{digits}f} ({m['low']:.{digits}f}–{m['high']:.{digits}f}){star}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)
    for players in (2, 4):
        columns: list[tuple[str, dict]] = []
        for g in args.games:
            counts = {players} | ({3} if players == 4 else set())
            found = {n: measured(g, n, args.workers, args.seed) for n in sorted(counts)}
            for i, variant in enumerate(found[players]["variants"]):
                merged = dict(variant["measures"])
                if 3 in found:  # kingmaking is read at 3 players
                    merged["kingmaking"] = found[3]["variants"][i]["measures"]["kingmaking"]
                columns.append((f"{g}{' ' + variant['variant'] if variant['variant'] else ''}", merged))
            print(f"  measured {g} at {sorted(counts)} players", file=sys.stderr, flush=True)
        print(f"\n{players} players{' (kingmaking: 3 players)' if players == 4 else ''}\n")
        print("| measure | " + " | ".join(name for name, _ in columns) + " |")
        print("|---|" + "---|" * len(columns))
        for key in KEYS:
            print(f"| {key} | " + " | ".join(cell(key, m[key]) for _, m in columns) + " |")
        # the skill share's optional twin: how much of the outcome the deal alone decides
        print("| deal_share | " + " | ".join(cell("deal_share", m["skill_share"].get("parts", {}).get("deal_share", {"not_applicable": ""}))
                                         for _, m in columns) + " |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)


if __name__ == "__main__":
    main()
