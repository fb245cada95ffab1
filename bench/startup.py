"""Start-up time of `deckgen list` and `deckgen --help` (issue 16: at most 0.25 s each).

    python3 bench/startup.py [--runs N]

Runs each command N times (default 21) as `python3 -m deckgen ...` from this checkout, after one
warm-up run, and prints per command the median wall time with its interquartile range and the CPU
time (user+sys) per run. A bare `python3 -c pass` is timed beside them: it is the floor no command
can go below. The load average is printed too, since a loaded machine inflates wall times.

The commands run as an installed deckgen does: with Python's bytecode cache (the warm-up run writes
`__pycache__` even when PYTHONDONTWRITEBYTECODE is set in the calling shell), so the figure is not
the cost of compiling every source file again.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "python3 -c pass": [sys.executable, "-c", "pass"],
    "deckgen --help": [sys.executable, "-m", "deckgen", "--help"],
    "deckgen list": [sys.executable, "-m", "deckgen", "list"],
}


def measure(argv: list[str], runs: int) -> tuple[list[float], float]:
    """Wall times of ``runs`` runs and the mean CPU seconds (user+sys) of one run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)  # file and bytecode caches
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return walls, cpu / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores, {args.runs} runs each")
    print(f"{'command':<18} {'median wall':>12} {'IQR':>15} {'CPU/run':>9}")
    worst = 0.0
    for name, argv in COMMANDS.items():
        walls, cpu = measure(argv, args.runs)
        q = statistics.quantiles(walls, n=4)
        median = statistics.median(walls)
        print(f"{name:<18} {median:>11.3f}s {q[0]:>7.3f}-{q[2]:.3f}s {cpu:>8.3f}s")
        if name.startswith("deckgen"):
            worst = max(worst, median)
    print(f"worst: {worst:.3f} s (target 0.25 s)")


if __name__ == "__main__":
    main()
